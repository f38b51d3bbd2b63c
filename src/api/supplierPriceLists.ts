// A supplier's own price list (issue 41): upload, the mapping screen's profile, the preview and apply, the card's
// list of uploads. Apply makes the offers' lists and the supplier's uploads stale.
import { sectionApi, TAGS } from './sectionApi';
import type { NameAnswer, PreviewGroup, PriceListDefaults, PriceListPreview, PriceListTarget } from '../../domain/suppliers/priceList';

export interface PriceListColumn {
  index: number;
  title: string;
  samples: string[];
}

export interface PriceListCandidate {
  product_id: number;
  product: string;
  variety_id: number | null;
  variety: string | null;
  origin_country: string | null;
  similarity: number;
}

export interface PriceListUpload {
  upload_id: number;
  file_name: string;
  sheets: string[];
  sheet: string;
  header_row: number;
  columns: PriceListColumn[];
  rows: string[][];
  mapping: {
    sheet: string;
    header_row: number;
    columns: Record<string, PriceListTarget>;
    defaults: PriceListDefaults;
    names: Record<string, NameAnswer>;
  };
  layout_changed: boolean;
  unmatched: { name: string; candidates: PriceListCandidate[] }[];
  mapping_problem: string | null;
  preview?: PriceListPreview;
}

export interface PriceListProfileBody {
  upload_id: number;
  sheet: string;
  header_row: number;
  columns: Record<string, PriceListTarget | null>;
  defaults: PriceListDefaults;
  names?: Record<string, NameAnswer | null>;
}

export interface PriceListCounts {
  new: number;
  changed: number;
  gone: number;
  kept: number;
}

export interface ApplyResult {
  created: number[];
  changed: number[];
  deleted: number[];
  kept: number[];
  counts: PriceListCounts;
}

export interface UploadListItem {
  id: number;
  file_name: string;
  uploaded_at: string;
  uploaded_by: string | null;
  applied_at: string | null;
  counts: PriceListCounts | null;
}

const UPLOADS = 'PriceListUploads' as const;

const api = sectionApi.enhanceEndpoints({ addTagTypes: [UPLOADS] }).injectEndpoints({
  endpoints: (build) => ({
    uploadPriceList: build.mutation<PriceListUpload, { supplierId: number; file: File }>({
      query: ({ supplierId, file }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `api/suppliers/${supplierId}/price-lists`, method: 'POST', body };
      },
      invalidatesTags: [UPLOADS],
    }),
    describePriceList: build.query<PriceListUpload, { uploadId: number; sheet?: string; headerRow?: number }>({
      keepUnusedDataFor: 0,
      query: ({ uploadId, sheet, headerRow }) => ({ url: `api/price-list-uploads/${uploadId}`, params: { ...(sheet && { sheet }), ...(headerRow && { header_row: headerRow }) } }),
    }),
    savePriceListProfile: build.mutation<PriceListUpload, { supplierId: number; body: PriceListProfileBody }>({
      query: ({ supplierId, body }) => ({ url: `api/suppliers/${supplierId}/price-list-profile`, method: 'PUT', body }),
    }),
    priceListPreview: build.query<PriceListPreview, number>({
      query: (uploadId) => `api/price-list-uploads/${uploadId}/preview`,
      keepUnusedDataFor: 0,
    }),
    applyPriceList: build.mutation<ApplyResult, { uploadId: number; groups: PreviewGroup[] }>({
      query: ({ uploadId, groups }) => ({ url: `api/price-list-uploads/${uploadId}/apply`, method: 'POST', body: { groups } }),
      invalidatesTags: [UPLOADS, TAGS.offers.list, TAGS.offers.one],
    }),
    priceListUploads: build.query<UploadListItem[], number>({
      query: (supplierId) => `api/suppliers/${supplierId}/price-lists`,
      providesTags: [UPLOADS],
      extraOptions: { entity: 'загрузок прайса' },
    }),
  }),
});

export const {
  useUploadPriceListMutation, useLazyDescribePriceListQuery, useLazyPriceListPreviewQuery, useSavePriceListProfileMutation, useApplyPriceListMutation, usePriceListUploadsQuery,
} = api;
