// A buyer's 'Взаиморасчёты': GET /api/buyers/{id}/ledger. Read again whenever the buyer or any reserve changes
// (a completed reserve or a payment moves the figures).
import { recordTag, sectionApi, TAGS } from '../../api/sectionApi';
import type { Ledger } from '../../../domain/buyers/ledger';

export const buyersApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    buyerLedger: build.query<Ledger & { buyer: string }, number>({
      query: (id) => `api/buyers/${id}/ledger`,
      providesTags: (result, error, id) => [recordTag('buyers', id), TAGS.reserves.list],
      extraOptions: { entity: 'взаиморасчётов' },
    }),
  }),
});

export const { useBuyerLedgerQuery } = buyersApi;
