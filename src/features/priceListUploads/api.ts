// A supplier's own price list: upload, the mapping screen's profile, the preview and apply, the card's
// list of uploads. Apply makes the offers' lists and the supplier's uploads stale.
import { sectionApi, TAGS } from '../../api/sectionApi';
import { referencesApi } from '../../api/references';
import { checked } from '../../api/shapes';
import { PRICE_LIST_UPLOADS } from '../../../domain/answers';
import type { NameAnswer, PriceListDefaults, PriceListTarget } from '../../../domain/suppliers/priceList';
import type {
  PreviewGroup,
  PreviewedRows,
  PriceListApplied,
  PriceListPreview,
  PriceListUpload,
  PriceListUploadItem,
} from '../../../domain/suppliers/priceListPreview';

export type { PriceListUpload };
export type ApplyResult = PriceListApplied;

export interface PriceListProfileBody {
  upload_id: number;
  sheet: string;
  header_row: number;
  columns: Record<string, PriceListTarget | null>;
  defaults: PriceListDefaults;
  names?: Record<string, NameAnswer | null>;
}

export type UploadListItem = PriceListUploadItem;

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
      query: ({ uploadId, sheet, headerRow }) => ({
        url: `api/price-list-uploads/${uploadId}`,
        params: { ...(sheet && { sheet }), ...(headerRow && { header_row: headerRow }) },
      }),
    }),
    savePriceListProfile: build.mutation<PriceListUpload, { supplierId: number; body: PriceListProfileBody }>({
      query: ({ supplierId, body }) => ({ url: `api/suppliers/${supplierId}/price-list-profile`, method: 'PUT', body }),
    }),
    priceListPreview: build.query<PriceListPreview, number>({
      query: (uploadId) => `api/price-list-uploads/${uploadId}/preview`,
      keepUnusedDataFor: 0,
    }),
    // one of the preview's new packings added to our list: the preview read again, the packing list's selects refreshed
    addPriceListPacking: build.mutation<PriceListPreview, { uploadId: number; name: string }>({
      query: ({ uploadId, name }) => ({
        url: `api/price-list-uploads/${uploadId}/packings`,
        method: 'POST',
        body: { name },
      }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.then(
          () =>
            dispatch(
              referencesApi.endpoints.referenceList.initiate('packing', { subscribe: false, forceRefetch: true }),
            ),
          () => undefined,
        );
      },
    }),
    // what the preview showed goes back with the groups: apply refuses, naming the rows, when the file reads otherwise now
    applyPriceList: build.mutation<
      ApplyResult,
      { uploadId: number; groups: PreviewGroup[]; full: boolean; expected: PreviewedRows }
    >({
      query: ({ uploadId, ...body }) => ({ url: `api/price-list-uploads/${uploadId}/apply`, method: 'POST', body }),
      invalidatesTags: [UPLOADS, TAGS.offers.list, TAGS.offers.one],
    }),
    priceListUploads: build.query<UploadListItem[], number>({
      query: (supplierId) => `api/suppliers/${supplierId}/price-lists`,
      providesTags: [UPLOADS],
      extraOptions: { entity: 'загрузок прайса' },
      ...checked(PRICE_LIST_UPLOADS, 'загрузок прайса'),
    }),
  }),
});

export const {
  useUploadPriceListMutation,
  useAddPriceListPackingMutation,
  useLazyDescribePriceListQuery,
  useLazyPriceListPreviewQuery,
  useSavePriceListProfileMutation,
  useApplyPriceListMutation,
  usePriceListUploadsQuery,
} = api;
