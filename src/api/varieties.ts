// A product's varieties (GET /api/products/{id}/varieties and its writes): the product card manages them and
// the offer card's 'Сорт' select offers them, so a variety added on one shows on the other at once.
import { recordTag, sectionApi } from './sectionApi';
import { VARIETIES } from '../../domain/responseShapes';
import { checked } from './shapes';

export interface Variety {
  id: number;
  name: string;
  product_id: number;
  /** How many offers name it: such a variety cannot be removed. */
  offers?: number;
}

const tags = (id: number) => [recordTag('products', id)];

export const varietiesApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    productVarieties: build.query<Variety[], { productId: number; withDeleted?: boolean }>({
      query: ({ productId, withDeleted }) => `api/products/${productId}/varieties${withDeleted ? '?withDeleted' : ''}`,
      providesTags: (result, error, { productId }) => tags(productId),
      extraOptions: { entity: 'сортов' },
      ...checked<Variety[]>(VARIETIES, 'сортов'),
    }),
    addVariety: build.mutation<Variety[], { productId: number; name: string }>({
      query: ({ productId, name }) => ({ url: `api/products/${productId}/varieties`, method: 'POST', body: { name } }),
      invalidatesTags: (result, error, { productId }) => (error ? [] : tags(productId)),
    }),
    renameVariety: build.mutation<Variety[], { productId: number; id: number; name: string }>({
      query: ({ productId, id, name }) => ({ url: `api/products/${productId}/varieties/${id}`, method: 'PATCH', body: { name } }),
      invalidatesTags: (result, error, { productId }) => (error ? [] : tags(productId)),
    }),
    removeVariety: build.mutation<Variety[], { productId: number; id: number }>({
      query: ({ productId, id }) => ({ url: `api/products/${productId}/varieties/${id}`, method: 'DELETE', body: {} }),
      invalidatesTags: (result, error, { productId }) => (error ? [] : tags(productId)),
    }),
  }),
});

export const { useProductVarietiesQuery, useAddVarietyMutation, useRenameVarietyMutation, useRemoveVarietyMutation } = varietiesApi;
