// The price list's calls (issue 23): the list for a request, the caller's buyer links, making and revoking one.
// The files are fetched with the token by the page itself (the API answers them as attachments).
import { baseApi } from '../../api/baseApi';
import { checked } from '../../api/shapes';
import { PRICE_LIST, PRICE_LIST_LINKS } from '../../../domain/responseShapes';
import { encodePriceListQuery, type PriceListQuery } from '../../../domain/priceList/query';

export interface PriceListLine {
  offer_id: number;
  product: string;
  variety: string | null;
  harvest_year: string | null;
  origin_country: string | null;
  packing: string | null;
  unit_measure: string | null;
  available_amount: string;
  available_packs: string | null;
  unit_price: string;
  kg_price: string;
  delivery_cost: string;
  delivery_days: number | null;
  default_delivery: boolean;
}

export interface PriceListAnswer {
  city: { id: number; name: string };
  company: string;
  date: string;
  valid_until: string | null;
  lines: PriceListLine[];
}

export interface PriceListLink {
  id: number;
  url: string;
  city: { id: number; name: string };
  query: string;
  valid_until: string;
  expires_at: string;
  created_at: string;
  revoked_at: string | null;
  status: 'active' | 'expired' | 'revoked';
}

const LINKS_TAG = { type: 'PriceListLinks' as const, id: 'LIST' };

const api = baseApi.enhanceEndpoints({ addTagTypes: ['PriceListLinks'] });

export const priceListApi = api.injectEndpoints({
  endpoints: (build) => ({
    priceList: build.query<PriceListAnswer, PriceListQuery>({
      query: (q) => `api/price-list?${encodePriceListQuery(q)}`,
      extraOptions: { entity: 'прайс-листа' },
      ...checked<PriceListAnswer>(PRICE_LIST, 'прайс-листа'),
    }),
    priceListLinks: build.query<PriceListLink[], void>({
      query: () => 'api/price-list/links',
      providesTags: [LINKS_TAG],
      extraOptions: { entity: 'ссылок' },
      ...checked<PriceListLink[]>(PRICE_LIST_LINKS, 'ссылок'),
    }),
    createPriceListLink: build.mutation<{ id: number; url: string; expires_at: string }, PriceListQuery>({
      query: (q) => ({ url: 'api/price-list/links', method: 'POST', body: q }),
      invalidatesTags: [LINKS_TAG],
    }),
    revokePriceListLink: build.mutation<{ status: string }, number>({
      query: (id) => ({ url: `api/price-list/links/${id}`, method: 'DELETE' }),
      invalidatesTags: [LINKS_TAG],
    }),
  }),
});

export const { usePriceListQuery, usePriceListLinksQuery, useCreatePriceListLinkMutation, useRevokePriceListLinkMutation } = priceListApi;
