// The УПД list and card's calls: a page of the list by its filter, one document with its lines, its history,
// cancelling one. Making one is the papers' shared call (src/api/papers.ts).
import { paperListTag, papersApi, paperTags, PAPER_TAGS, type PaperHistoryAnswer, type UpdRow } from '../../api/papers';

export type { UpdRow };

export const updApi = papersApi.injectEndpoints({
  endpoints: (build) => ({
    /** The list by its filter: buyer_id, status, date_from, date_to (the query string as the page's link has it). */
    upds: build.query<{ data: UpdRow[] }, string>({
      query: (query) => `api/upd${query ? `?${query}` : ''}`,
      providesTags: [paperListTag('upd')],
      extraOptions: { entity: 'УПД' },
    }),
    upd: build.query<UpdRow, number>({
      query: (id) => `api/upd/${id}`,
      providesTags: (_result, _error, id) => [{ type: PAPER_TAGS.upd, id }],
      extraOptions: { entity: 'УПД' },
    }),
    updHistory: build.query<PaperHistoryAnswer, { id: number; version: number }>({
      query: ({ id }) => `api/upd/${id}/history`,
      providesTags: (_result, _error, { id }) => [{ type: PAPER_TAGS.upd, id }],
      extraOptions: { entity: 'истории' },
    }),
    cancelUpd: build.mutation<UpdRow, { id: number; version: number }>({
      query: ({ id, version }) => ({ url: `api/upd/${id}/cancel`, method: 'POST', body: { version } }),
      invalidatesTags: (_result, _error, { id }) => paperTags('upd', id),
    }),
  }),
});

export const { useUpdsQuery, useUpdQuery, useUpdHistoryQuery, useCancelUpdMutation } = updApi;
