// One record of any section as its card reads and writes it: GET /api/{section}/{id} (?withDeleted), POST and
// PATCH. A saved record refreshes its list and the reference list the selects show it in (a new city is
// offered by the supplier card at once, a deactivated product no longer by the offer card).
import { recordTag, sectionApi, TAGS } from './sectionApi';
import { SECTION, type Section } from '../../domain/sections';
import type { QueryReturnValue } from '@reduxjs/toolkit/query';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseQuery } from './baseApi';
import type { ApiError } from './errors';
import { referencesApi, type ReferenceList } from './references';

/** A record as a card reads it: the section's list row (figures included), ids of its references, and
 * whether the caller may change it. */
export interface CardRecord {
  id: number;
  status: string;
  can_update: boolean;
  [field: string]: unknown;
}

export type CardPayload = Record<string, unknown>;

/** The select list that shows a section's records. */
const REFERENCE_OF: Partial<Record<Section, ReferenceList>> = { cities: 'cities', employees: 'employees', suppliers: 'suppliers', products: 'products' };

export const cardsApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    record: build.query<CardRecord, { section: Section; id: number; withDeleted: boolean }>({
      queryFn: ({ section, id, withDeleted }, api) =>
        baseQuery(`api/${section}/${id}${withDeleted ? '?withDeleted' : ''}`, api, { entity: SECTION[section].genitive }) as
          Promise<QueryReturnValue<CardRecord, ApiError, object | undefined>>,
      providesTags: (result, error, { section, id }) => [recordTag(section, id)],
    }),
    createRecord: build.mutation<CardRecord, { section: Section; body: CardPayload }>({
      query: ({ section, body }) => ({ url: `api/${section}`, method: 'POST', body }),
      invalidatesTags: (result, error, { section }) => (error ? [] : [TAGS[section].list]),
      onQueryStarted: ({ section }, { dispatch, queryFulfilled }) => refreshReference(section, dispatch, queryFulfilled),
    }),
    updateRecord: build.mutation<CardRecord, { section: Section; id: number; body: CardPayload }>({
      query: ({ section, id, body }) => ({ url: `api/${section}/${id}`, method: 'PATCH', body }),
      invalidatesTags: (result, error, { section, id }) => (error ? [] : [recordTag(section, id), TAGS[section].list]),
      onQueryStarted: ({ section }, { dispatch, queryFulfilled }) => refreshReference(section, dispatch, queryFulfilled),
    }),
  }),
});

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** Once a write went through, the select list of that section is read again. */
export async function refreshReference(section: Section, dispatch: Dispatch, done: Promise<unknown>): Promise<void> {
  const list = REFERENCE_OF[section];
  try {
    await done;
  } catch {
    return;
  }
  if (list) dispatch(referencesApi.endpoints.referenceList.initiate(list, { subscribe: false, forceRefetch: true }));
}

export const { useRecordQuery, useCreateRecordMutation, useUpdateRecordMutation } = cardsApi;
