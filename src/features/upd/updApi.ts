// The УПД list and card's calls: a page of the list by its filter, one document with its lines, cancelling one.
// Making one is the papers' shared call (src/api/papers.ts).
import { baseApi } from '../../api/baseApi';
import type { UpdRow } from '../../api/papers';

export type { UpdRow };

export const updApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The list by its filter: buyer_id, status, date_from, date_to (the query string as the page's link has it). */
    upds: build.query<{ data: UpdRow[] }, string>({
      query: (query) => `api/upd${query ? `?${query}` : ''}`,
      extraOptions: { entity: 'УПД' },
    }),
    upd: build.query<UpdRow, number>({
      query: (id) => `api/upd/${id}`,
      extraOptions: { entity: 'УПД' },
    }),
    cancelUpd: build.mutation<UpdRow, { id: number; version: number }>({
      query: ({ id, version }) => ({ url: `api/upd/${id}/cancel`, method: 'POST', body: { version } }),
    }),
  }),
});

export const { useUpdsQuery, useUpdQuery, useCancelUpdMutation } = updApi;
