// The reference lists behind selects (spec point 7: /api/lists/{name}/items), not refetched on focus.
import { baseApi } from './baseApi';

export interface NamedRef {
  id: number;
  name: string;
  product_id?: number | null;
}

export type ReferenceList = 'cities' | 'employees' | 'positions' | 'suppliers' | 'varieties' | 'packing' | 'products';

export const referencesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    referenceList: build.query<NamedRef[], ReferenceList>({
      query: (name) => `api/lists/${name}/items`,
      keepUnusedDataFor: 300,
      extraOptions: { entity: 'справочников' },
    }),
  }),
});

export const { useReferenceListQuery } = referencesApi;
