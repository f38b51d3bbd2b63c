// The reserve card's calls. Creating, changing, completing or cancelling a reserve moves an offer's stock, so
// each invalidates the offers list (and with it the summary tiles, which the list's tag provides), the offer's
// own card and the reserves list.
import { recordTag, sectionApi, TAGS } from '../../api/sectionApi';
import type { BusinessSettingName } from '../../../domain/settings';

type Ref = { id: number; name: string } | null;

/** The offer a reserve is placed against, as GET /api/offers/{id} answers it (and a reserve carries it). */
export interface ReserveOffer {
  id: number;
  status: string;
  product?: Ref;
  unit_measure?: string | null;
  unit_weight: string | null;
  units_per_pack: string | null;
  unit_price?: string;
  kg_price: string | null;
  available_amount: string;
  /** The loading city: absent for a role that may not see an offer's city. */
  city_id?: number | null;
}

/** GET /api/reserves/{id}: the list row, ids, the bounds stored with it, its offer and whether it may change. */
export interface ReserveRecord {
  id: number;
  offer_id: number;
  status: 'active' | 'completed' | 'cancelled' | 'deleted';
  product?: Ref;
  amount: string;
  packs_amount: string | null;
  unit_price?: string | null;
  total_sum?: string | null;
  unit_selling_price?: string | null;
  total_selling_sum?: string | null;
  min_selling_price?: string | null;
  max_selling_price?: string | null;
  marginality?: string | null;
  estimated_date_implementation?: string | null;
  actual_date_implementation?: string | null;
  buyer_name?: string | null;
  buyer_phone?: string | null;
  city_id?: number | null;
  delivery_address?: string | null;
  delivery_cost?: string | null;
  delivery_days?: number | null;
  responsible_id?: number | null;
  created_at: string;
  can_update: boolean;
  offer: ReserveOffer;
}

export interface Delivery {
  to_id: number;
  cost: string | null;
  days: number | null;
}

export type ReservePayload = Record<string, unknown>;

/** What a change to a reserve makes stale: the reserve, both lists, the offer's card (and the tiles). */
const stockTags = (reserveId: number | undefined, offerId: number) => [
  ...(reserveId ? [recordTag('reserves', reserveId)] : []),
  TAGS.reserves.list, TAGS.offers.list, recordTag('offers', offerId),
];

export const reservesApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    reserve: build.query<ReserveRecord, { id: number; withDeleted: boolean }>({
      query: ({ id, withDeleted }) => `api/reserves/${id}${withDeleted ? '?withDeleted' : ''}`,
      providesTags: (result, error, { id }) => [recordTag('reserves', id)],
      extraOptions: { entity: 'резерва' },
    }),
    reserveOffer: build.query<ReserveOffer, number>({
      query: (id) => `api/offers/${id}`,
      providesTags: (result, error, id) => [recordTag('offers', id)],
      extraOptions: { entity: 'предложения' },
    }),
    /** The spec's POST /api/settings with the names wanted. */
    businessSettings: build.query<Partial<Record<BusinessSettingName, string>>, readonly BusinessSettingName[]>({
      query: (names) => ({ url: 'api/settings', method: 'POST', body: names }),
      keepUnusedDataFor: 300,
      // the settings page invalidates it when an administrator changes them
      providesTags: [{ type: 'Settings', id: 'business' }],
      extraOptions: { entity: 'настроек' },
    }),
    delivery: build.query<Delivery, { from?: number | null; offer: number; to: number }>({
      // a role that may not see the offer's loading city names the offer instead
      query: ({ from, offer, to }) => `api/delivery?${from ? `from=${from}` : `offer=${offer}`}&to=${to}`,
      extraOptions: { entity: 'доставки' },
    }),
    createReserve: build.mutation<ReserveRecord, ReservePayload & { offer_id: number }>({
      query: (body) => ({ url: 'api/reserves', method: 'POST', body }),
      invalidatesTags: (result, error, { offer_id }) => stockTags(undefined, offer_id),
    }),
    updateReserve: build.mutation<ReserveRecord, { id: number; offerId: number; body: ReservePayload }>({
      query: ({ id, body }) => ({ url: `api/reserves/${id}`, method: 'PATCH', body }),
      invalidatesTags: (result, error, { id, offerId }) => stockTags(id, offerId),
    }),
    reserveStep: build.mutation<ReserveRecord, { id: number; offerId: number; step: 'complete' | 'cancel' }>({
      query: ({ id, step }) => ({ url: `api/reserves/${id}/${step}`, method: 'POST', body: {} }),
      invalidatesTags: (result, error, { id, offerId }) => stockTags(id, offerId),
    }),
  }),
});

export const {
  useReserveQuery, useReserveOfferQuery, useBusinessSettingsQuery, useLazyDeliveryQuery, useCreateReserveMutation,
  useUpdateReserveMutation, useReserveStepMutation,
} = reservesApi;
