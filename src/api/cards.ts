// One record of any section as every card reads and writes it: GET /api/{section}/{id} (?withDeleted), POST and
// PATCH. Every card (offers and reserves too) goes through these three, so one record has one cache entry and one
// tag, whatever section reads it: the reserve card's offer is the offer card's. A change is sent with the version
// the form was loaded from (the server answers 409 'stale' when another user wrote the record since).
// A saved record refreshes its list and the reference list the selects show it in (a new city is offered by the
// supplier card at once, a deactivated product no longer by the offer card).
import { recordTag, sectionApi, staleAfter, TAGS } from './sectionApi';
import { SECTION, type Section } from '../../domain/sections';
import type { QueryReturnValue } from '@reduxjs/toolkit/query';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseQuery } from './baseApi';
import type { ApiError } from './errors';
import { referencesApi, type ReferenceList } from './references';
import { checkedAs } from './shapes';
import { CARD_RECORD } from '../../domain/answers';

const genitive = ({ section }: { section: Section }) => SECTION[section].genitive;

/** What every section's record carries to its card. */
export interface RecordBase {
  id: number;
  status: string;
  /** Bumped by every write; a change sends the one it was made on. */
  version: number;
  /** May the caller change it. */
  can_update: boolean;
}

/** A record as a card reads it: the section's list row (figures included), ids of its references. A section's
 * card may read it as its own type (useSectionRecordQuery). */
export interface CardRecord extends RecordBase {
  [field: string]: unknown;
}

export type CardPayload = Record<string, unknown>;

export interface RecordArgs {
  section: Section;
  id: number;
  withDeleted: boolean;
}

/** The select list that shows a section's records. */
const REFERENCE_OF: Partial<Record<Section, ReferenceList>> = {
  cities: 'cities',
  employees: 'employees',
  suppliers: 'suppliers',
  products: 'products',
  buyers: 'buyers',
};

/** What a write of a record makes stale besides the record and its list: what its section moves (a reserve's offer
 * card and the offers list, with the tiles). */
const movedWith = (section: Section, saved: CardPayload | undefined) =>
  staleAfter(section, saved?.offer_id ? [Number(saved.offer_id)] : []);

/** A stale write: the record is read again, so the card can show and load the current version. */
const isStale = (error: unknown) => Boolean((error as ApiError | undefined)?.stale);

export const cardsApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    record: build.query<CardRecord, RecordArgs>({
      queryFn: ({ section, id, withDeleted }, api) =>
        baseQuery(`api/${section}/${id}${withDeleted ? '?withDeleted' : ''}`, api, {
          entity: SECTION[section].genitive,
        }) as Promise<QueryReturnValue<CardRecord, ApiError, object | undefined>>,
      providesTags: (result, error, { section, id }) => [recordTag(section, id)],
      ...checkedAs<CardRecord, RecordArgs>(CARD_RECORD, genitive),
    }),
    createRecord: build.mutation<CardRecord, { section: Section; body: CardPayload }>({
      query: ({ section, body }) => ({ url: `api/${section}`, method: 'POST', body }),
      ...checkedAs<CardRecord, { section: Section }>(CARD_RECORD, genitive),
      invalidatesTags: (result, error, { section, body }) =>
        error ? [] : [TAGS[section].list, ...movedWith(section, result ?? body)],
      onQueryStarted: ({ section }, { dispatch, queryFulfilled }) =>
        refreshReference(section, dispatch, queryFulfilled),
    }),
    /** PATCH with the fields changed and the version they were made on. */
    updateRecord: build.mutation<CardRecord, { section: Section; id: number; version: number; body: CardPayload }>({
      query: ({ section, id, version, body }) => ({
        url: `api/${section}/${id}`,
        method: 'PATCH',
        body: { ...body, version },
      }),
      ...checkedAs<CardRecord, { section: Section }>(CARD_RECORD, genitive),
      invalidatesTags: (result, error, { section, id }) =>
        error && !isStale(error) ? [] : [recordTag(section, id), TAGS[section].list, ...movedWith(section, result)],
      onQueryStarted: ({ section }, { dispatch, queryFulfilled }) =>
        refreshReference(section, dispatch, queryFulfilled),
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

/** The one record query, its answer typed as a section's card reads it (OfferRecord, ReserveRecord): the cache
 * holds one entry per record whichever card reads it. */
export function useSectionRecordQuery<R extends { id: number } = CardRecord>(
  args: RecordArgs,
  options?: { skip?: boolean },
) {
  const result = useRecordQuery(args, options);
  return result as Omit<typeof result, 'data' | 'currentData'> & { data?: R; currentData?: R };
}
