// The offers section's own endpoint, the summary tiles above the list; one offer is read and written through
// the cards' endpoints (src/api/cards.ts), as every section's record is.
import { sectionApi, SUMMARY_TAG, TAGS } from '../../api/sectionApi';
import type { RecordBase } from '../../api/cards';
import type { OffersSummary } from '../../../domain/offers/summary';
import { OFFERS_SUMMARY } from '../../../domain/responseShapes';
import { checked } from '../../api/shapes';
import type { DocumentsState, OfferDocument } from '../../../domain/offers/documents';

/** GET /api/offers/summary: the three tiles of the offers page, each figure only if the caller may see it. */
export type { OffersSummary } from '../../../domain/offers/summary';

type Ref = { id: number; name: string } | null;
/** GET /api/offers/{id}: the list row plus ids, documents, its version and whether the caller may change it. */
export interface OfferRecord extends RecordBase {
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
  /** Typed and dated (issue 39); file_id is the file's own id. */
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
      ...checked<OffersSummary>(OFFERS_SUMMARY, 'сводки'),
    }),
  }),
});

export const { useOffersSummaryQuery } = offersApi;
