// A product's varieties (GET /api/products/{id}/varieties and its writes): the product card manages them and
// the offer card's 'Сорт' select offers them, so a variety added on one shows on the other at once.
import { recordTag, sectionApi } from './sectionApi';
import { VARIETIES } from '../../domain/answers';
import { checked } from './shapes';
import type { Variety } from '../../domain/answers';

export type { Variety };

const tags = (id: number) => [recordTag('products', id)];

/** A write of the product's varieties is a change of the product, made on the version the card read (none where it
 * read none); answered or refused as stale, the product and its varieties are read again. */
const onVersion = (version: number | undefined) => (version === undefined ? '' : `?version=${version}`);
const written = (error: unknown, productId: number) =>
  error && !(error as { stale?: unknown }).stale ? [] : tags(productId);

export const varietiesApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    productVarieties: build.query<Variety[], { productId: number; withDeleted?: boolean }>({
      query: ({ productId, withDeleted }) => `api/products/${productId}/varieties${withDeleted ? '?withDeleted' : ''}`,
      providesTags: (result, error, { productId }) => tags(productId),
      extraOptions: { entity: 'сортов' },
      ...checked(VARIETIES, 'сортов'),
    }),
    addVariety: build.mutation<Variety[], { productId: number; version?: number; name: string }>({
      query: ({ productId, version, name }) => ({
        url: `api/products/${productId}/varieties${onVersion(version)}`,
        method: 'POST',
        body: { name },
      }),
      invalidatesTags: (result, error, { productId }) => written(error, productId),
    }),
    renameVariety: build.mutation<Variety[], { productId: number; version?: number; id: number; name: string }>({
      query: ({ productId, version, id, name }) => ({
        url: `api/products/${productId}/varieties/${id}${onVersion(version)}`,
        method: 'PATCH',
        body: { name },
      }),
      invalidatesTags: (result, error, { productId }) => written(error, productId),
    }),
    removeVariety: build.mutation<Variety[], { productId: number; version?: number; id: number }>({
      query: ({ productId, version, id }) => ({
        url: `api/products/${productId}/varieties/${id}${onVersion(version)}`,
        method: 'DELETE',
        body: {},
      }),
      invalidatesTags: (result, error, { productId }) => written(error, productId),
    }),
  }),
});

export const { useProductVarietiesQuery, useAddVarietyMutation, useRenameVarietyMutation, useRemoveVarietyMutation } =
  varietiesApi;
