// Work on many records at once and the trash: PATCH /api/{section} {ids, set, adjust?}, POST
// /api/{section}/restore {ids} and POST /api/{section}/{id}/restore. A write refreshes the list, each record it
// touched, and for reserves the offers (a restored reserve takes its stock again).
import { recordTag, sectionApi, staleAfter, TAGS } from './sectionApi';
import { SECTION, type Section } from '../../domain/sections';
import type { BulkEditBody, BulkEditResponse, BulkRestoreResponse } from '../../domain/bulk';
import { BULK_EDIT_RESULT, BULK_RESTORE_RESULT, CARD_RECORD } from '../../domain/answers';
import { checked, checkedAs } from './shapes';
import { refreshReference, type CardRecord } from './cards';

const genitive = ({ section }: { section: Section }) => SECTION[section].genitive;

/** What a bulk write makes stale: the list, each record, and the offers when reserves moved their stock. */
const touched = (section: Section, ids: number[]) => [
  TAGS[section].list,
  ...ids.map((id) => recordTag(section, id)),
  ...staleAfter(section),
];

export const bulkApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    bulkEdit: build.mutation<BulkEditResponse, { section: Section } & BulkEditBody>({
      query: ({ section, ...body }) => ({ url: `api/${section}`, method: 'PATCH', body }),
      ...checked(BULK_EDIT_RESULT, genitive),
      invalidatesTags: (result, error, { section, ids }) => (error ? [] : touched(section, ids)),
      onQueryStarted: ({ section }, { dispatch, queryFulfilled }) =>
        refreshReference(section, dispatch, queryFulfilled),
    }),
    restoreRecords: build.mutation<BulkRestoreResponse, { section: Section; ids: number[] }>({
      query: ({ section, ids }) => ({ url: `api/${section}/restore`, method: 'POST', body: { ids } }),
      ...checked(BULK_RESTORE_RESULT, genitive),
      invalidatesTags: (result, error, { section, ids }) => (error ? [] : touched(section, ids)),
      onQueryStarted: ({ section }, { dispatch, queryFulfilled }) =>
        refreshReference(section, dispatch, queryFulfilled),
    }),
    restoreRecord: build.mutation<CardRecord, { section: Section; id: number }>({
      query: ({ section, id }) => ({ url: `api/${section}/${id}/restore`, method: 'POST' }),
      ...checkedAs<CardRecord, { section: Section }>(CARD_RECORD, genitive),
      invalidatesTags: (result, error, { section, id }) => (error ? [] : touched(section, [id])),
      onQueryStarted: ({ section }, { dispatch, queryFulfilled }) =>
        refreshReference(section, dispatch, queryFulfilled),
    }),
  }),
});

export const { useBulkEditMutation, useRestoreRecordsMutation, useRestoreRecordMutation } = bulkApi;
