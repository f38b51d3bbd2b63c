// The offers section's own endpoints: one offer's read and writes, and the summary tiles above the list.
import { recordTag, sectionApi, TAGS } from '../../api/sectionApi';
import type { OffersSummary } from '../../../domain/offers/summary';

/** GET /api/offers/summary: the three tiles of the offers page, each figure only if the caller may see it. */
export type { OffersSummary } from '../../../domain/offers/summary';

type Ref = { id: number; name: string } | null;
/** GET /api/offers/{id}: the list row plus ids, documents and whether the caller may change it. */
export interface OfferRecord {
  id: number;
  status: 'active' | 'completed' | 'deleted';
  product?: Ref;
  variety?: Ref;
  packaging?: Ref;
  city?: Ref;
  supplier?: Ref;
  product_id?: number;
  variety_id?: number | null;
  packing_id?: number | null;
  city_id?: number | null;
  supplier_id?: number | null;
  harvest_year: string | null;
  origin_country: string | null;
  unit_measure: string | null;
  unit_weight: string | null;
  units_per_pack: string | null;
  unit_amount: string;
  unit_price: string;
  total_sum: string | null;
  kg_price: string | null;
  warehouse_cost?: string | null;
  loading_address?: string | null;
  reserved_amount: string;
  reserved_sum: string;
  purchased_amount: string;
  available_amount: string;
  available_sum: string;
  images: { id: number; url: string; alt?: string }[];
  documents: { id: number; url: string; name: string }[];
  created_at: string;
  can_update: boolean;
}

export type OfferPayload = Record<string, unknown>;

export const offersApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    offer: build.query<OfferRecord, { id: number; withDeleted: boolean }>({
      query: ({ id, withDeleted }) => `api/offers/${id}${withDeleted ? '?withDeleted' : ''}`,
      providesTags: (result, error, { id }) => [recordTag('offers', id)],
      extraOptions: { entity: 'предложения' },
    }),
    createOffer: build.mutation<OfferRecord, OfferPayload>({
      query: (body) => ({ url: 'api/offers', method: 'POST', body }),
      invalidatesTags: [TAGS.offers.list],
    }),
    updateOffer: build.mutation<OfferRecord, { id: number; body: OfferPayload }>({
      query: ({ id, body }) => ({ url: `api/offers/${id}`, method: 'PATCH', body }),
      invalidatesTags: (result, error, { id }) => [recordTag('offers', id), TAGS.offers.list],
    }),
    offersSummary: build.query<OffersSummary, void>({
      query: () => 'api/offers/summary',
      providesTags: [TAGS.offers.list],
      extraOptions: { entity: 'сводки' },
    }),
  }),
});

export const { useOfferQuery, useCreateOfferMutation, useUpdateOfferMutation, useOffersSummaryQuery } = offersApi;
