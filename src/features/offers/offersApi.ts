import { baseApi } from '../../api/baseApi';

/** GET /api/offers/summary: the three tiles of the offers page, from the caller's visible offers. */
export interface OffersSummary {
  placed_reserves: { count: number; sum: string };
  realized_reserves: { count: number; sum: string };
  realized_value: string;
}

export const offersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    offersSummary: build.query<OffersSummary, void>({
      query: () => 'api/offers/summary',
      providesTags: ['Offer-LIST'],
      extraOptions: { entity: 'сводки' },
    }),
  }),
});

export const { useOffersSummaryQuery } = offersApi;
