// The offers section's own endpoint, the summary tiles above the list; one offer is read and written through
// the cards' endpoints (src/api/cards.ts), as every section's record is.
import { recordTag, sectionApi, SUMMARY_TAG, TAGS } from '../../api/sectionApi';
import type { ReserveCut } from '../../../domain/offers/logistics';
import type { RecordBase } from '../../api/cards';
import type { OffersSummary } from '../../../domain/answers';
import { OFFERS_SUMMARY } from '../../../domain/answers';
import { checked } from '../../api/shapes';
import type { DocumentsState, OfferDocument } from '../../../domain/offers/documents';
import type { OfferFields } from '../../../domain/offers/resource';
import type { WireFields } from '../../../domain/resource';

/** GET /api/offers/summary: the three tiles of the offers page, each figure only if the caller may see it. */
export type { OffersSummary } from '../../../domain/answers';

type Ref = { id: number; name: string } | null;
/** GET /api/offers/{id}: the list row plus ids, documents, its version and whether the caller may change it. Its
 * fields as the resource declares them (domain/offers/resource.ts; absent: hidden from the caller's role, as the
 * selling band, the loading address or the supplier), those every answer has said here. */
export interface OfferRecord extends RecordBase, WireFields<OfferFields> {
  status: 'active' | 'completed' | 'deleted';
  product?: Ref;
  variety?: Ref;
  packaging?: Ref;
  city?: Ref;
  supplier?: Ref;
  product_id?: number;
  harvest_year: string | null;
  unit_measure: string | null;
  unit_weight: string | null;
  units_per_pack: string | null;
  unit_amount: string;
  unit_price: string;
  total_sum: string | null;
  kg_price: string | null;
  /** on stock ('stock') or on its way, and when it is expected (YYYY-MM-DD) */
  logistics_state?: string;
  reserved_amount: string;
  reserved_sum: string;
  purchased_amount: string;
  available_amount: string;
  available_sum: string;
  images: { id: number; url: string; alt?: string }[];
  /** Typed and dated; file_id is the file's own id. */
  documents: OfferDocument[];
  documents_state?: DocumentsState;
  created_at: string;
}

export const offersApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    offersSummary: build.query<OffersSummary, void>({
      query: () => 'api/offers/summary',
      providesTags: [TAGS.offers.list, SUMMARY_TAG],
      extraOptions: { entity: 'сводки' },
      ...checked(OFFERS_SUMMARY, 'сводки'),
    }),
    /** POST /api/offers/{id}/arrival ('Принять поступление') on the version the card holds: the offer on
     * stock with what came, and the reserves a short arrival cut. The offer, its lists and every reserve are read
     * again (cut ones changed); refused or stale, the offer too. */
    acceptArrival: build.mutation<
      { offer: OfferRecord; cut: ReserveCut[] },
      { id: number; version: number; amount: string; date: string }
    >({
      query: ({ id, ...body }) => ({ url: `api/offers/${id}/arrival`, method: 'POST', body }),
      invalidatesTags: (result, error, { id }) => [
        recordTag('offers', id),
        TAGS.offers.list,
        SUMMARY_TAG,
        TAGS.reserves.list,
        TAGS.reserves.one,
      ],
    }),
  }),
});

export const { useAcceptArrivalMutation } = offersApi;

export const { useOffersSummaryQuery } = offersApi;
