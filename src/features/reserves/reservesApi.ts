// The reserve card's own calls: the business settings, the delivery lookup and the reserve's steps. The reserve
// and its offer are read, created and changed through the cards' endpoints (src/api/cards.ts), as every record is.
// Completing or cancelling a reserve moves its offer's stock, so each invalidates the offers list (and with it
// the summary tiles, which the list's tag provides), the offer's own card, the reserve and the reserves list.
import { recordTag, sectionApi, staleAfter, TAGS } from '../../api/sectionApi';
import type { RecordBase } from '../../api/cards';
import type { BusinessSettingName } from '../../../domain/settings';
import type { TERM_FIELDS } from '../../../domain/reserves/terms';
import { BUSINESS_SETTINGS, REPRICE_TERMS, RESERVE_ROUTE } from '../../../domain/answers';
import { checked } from '../../api/shapes';
import type { DocumentsState } from '../../../domain/offers/documents';
import type { ReserveBuyerKey } from '../../../domain/reserves/buyerFields';
import type { ReserveRoute as Delivery } from '../../../domain/answers';

type Ref = { id: number; name: string } | null;

/** The offer a reserve is placed against, as GET /api/offers/{id} answers it (and a reserve carries it). */
export interface ReserveOffer {
  id: number;
  status: string;
  version?: number;
  product?: Ref;
  unit_measure?: string | null;
  unit_weight: string | null;
  units_per_pack: string | null;
  unit_price?: string;
  kg_price: string | null;
  available_amount: string;
  /** The loading city: absent for a role that may not see an offer's city. */
  city_id?: number | null;
  /** The lot's papers: the card warns when required ones are missing or lapsed. */
  documents_state?: DocumentsState;
  /** On stock, or on its way and expected that day. */
  logistics_state?: string;
  expected_arrival?: string | null;
}

/** GET /api/reserves/{id}: the list row, ids, the bounds stored with it, its offer, its version and whether it
 * may change. */
export interface ReserveRecord extends RecordBase, Partial<Record<ReserveBuyerKey, string | null>> {
  offer_id: number;
  status: 'active' | 'completed' | 'cancelled' | 'expired' | 'deleted';
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
  /** 'Резерв до'. */
  reserved_until?: string | null;
  /** The buyer's card, and its {id, name} as the list shows it; the buyer's name, phone and address
   * (domain/reserves/buyerFields.ts) are the interface's by the group. */
  buyer_id?: number | null;
  buyer?: Ref | null;
  city_id?: number | null;
  delivery_cost?: string | null;
  /** The route's cost kept beside a delivery cost typed below it (hidden with the cost). */
  route_delivery_cost?: string | null;
  delivery_days?: number | null;
  responsible_id?: number | null;
  created_at: string;
  /** The terms it is judged by (domain/reserves/terms.ts); costs and markups absent for a role that may not see
   * the figure each reveals. */
  offer_price_kg?: string | null;
  unit_weight?: string | null;
  costs_per_kg?: string | null;
  min_markup?: string | null;
  max_markup?: string | null;
  offer: ReserveOffer;
}

export type { Delivery };

export type ReserveStep = 'complete' | 'cancel' | 'renew';

/** GET /api/reserves/{id}/payments: a completed reserve's payments and what is left to pay. */
export interface ReservePayments {
  payments: { id: number; date: string; amount: string; comment: string | null; created_at: string }[];
  left: string;
}

/** A payment's add or delete changes the reserve (its version), the buyer's debt (the buyers list and ledgers,
 * which read the reserves list's tag) and its payments (read under the reserve's own tag). */
const paidTags = (id: number) => [recordTag('reserves', id), TAGS.reserves.list, TAGS.buyers.list];

export const reservesApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    /** The spec's POST /api/settings with the names wanted. */
    businessSettings: build.query<Partial<Record<BusinessSettingName, string>>, readonly BusinessSettingName[]>({
      query: (names) => ({ url: 'api/settings', method: 'POST', body: names }),
      keepUnusedDataFor: 300,
      // the settings page invalidates it when an administrator changes them
      providesTags: [{ type: 'Settings', id: 'business' }],
      extraOptions: { entity: 'настроек' },
      ...checked(BUSINESS_SETTINGS, 'настроек'),
    }),
    /** The reserve's route: the delivery cost and days from the offer's loading city to the buyer's city,
     * worked out on the server for every role that makes reserves, naming no city. */
    delivery: build.query<Delivery, { offer: number; to: number }>({
      query: ({ offer, to }) => `api/reserves/route?offer=${offer}&to=${to}`,
      extraOptions: { entity: 'доставки' },
      ...checked(RESERVE_ROUTE, 'доставки'),
    }),
    /** POST /api/reserves/{id}/complete|cancel with the version the card holds (complete with the actual date);
     * refused or stale, the reserve is read again too (what the card shows is no longer what the server holds). */
    reserveStep: build.mutation<
      ReserveRecord,
      { id: number; offerId: number; version: number; step: ReserveStep; actualDate?: string; estimatedDate?: string }
    >({
      // complete carries the day the buyer took the goods; renew a new implementation date where the reserve's passed
      query: ({ id, step, version, actualDate, estimatedDate }) => ({
        url: `api/reserves/${id}/${step}`,
        method: 'POST',
        body: {
          version,
          ...(actualDate === undefined ? {} : { actual_date_implementation: actualDate }),
          ...(estimatedDate === undefined ? {} : { estimated_date_implementation: estimatedDate }),
        },
      }),
      invalidatesTags: (result, error, { id, offerId }) => [
        recordTag('reserves', id),
        TAGS.reserves.list,
        ...staleAfter('reserves', [offerId]),
      ],
    }),
    /** GET /api/reserves/{id}/reprice: the terms a re-pricing takes now, read fresh each time the preview opens. */
    repriceTerms: build.query<Record<(typeof TERM_FIELDS)[number], string | null>, number>({
      query: (id) => `api/reserves/${id}/reprice`,
      keepUnusedDataFor: 0,
      extraOptions: { entity: 'пересчета' },
      ...checked(REPRICE_TERMS, 'пересчета'),
    }),
    reservePayments: build.query<ReservePayments, number>({
      query: (id) => `api/reserves/${id}/payments`,
      providesTags: (result, error, id) => [recordTag('reserves', id)],
      extraOptions: { entity: 'оплат' },
    }),
    /** POST /api/reserves/{id}/payments {date, amount, comment, version}: the reserve comes back with its new version. */
    addPayment: build.mutation<
      ReserveRecord,
      { id: number; version: number; date: string; amount: string; comment: string }
    >({
      query: ({ id, ...body }) => ({ url: `api/reserves/${id}/payments`, method: 'POST', body }),
      invalidatesTags: (result, error, { id }) => paidTags(id),
    }),
    /** DELETE /api/reserves/{id}/payments/{paymentId} {version}: administrators. */
    deletePayment: build.mutation<ReserveRecord, { id: number; paymentId: number; version: number }>({
      query: ({ id, paymentId, version }) => ({
        url: `api/reserves/${id}/payments/${paymentId}`,
        method: 'DELETE',
        body: { version },
      }),
      invalidatesTags: (result, error, { id }) => paidTags(id),
    }),
  }),
});

export const {
  useBusinessSettingsQuery,
  useLazyDeliveryQuery,
  useReserveStepMutation,
  useRepriceTermsQuery,
  useReservePaymentsQuery,
  useAddPaymentMutation,
  useDeletePaymentMutation,
} = reservesApi;
