// The price list's calls: the list for a request, the caller's buyer links, making and revoking one.
// The files are fetched with the token by the page itself (the API answers them as attachments).
import { baseApi } from '../../api/baseApi';
import { checked, checkedAs } from '../../api/shapes';
import { PRICE_LIST, PRICE_LIST_LINKS } from '../../../domain/answers';
import { encodePriceListQuery, type PriceListQuery } from '../../../domain/priceList/query';
import type { PriceList, PriceListLine } from '../../../domain/priceList/lines';
import type { PriceListLink, PriceListLinkMade } from '../../../domain/answers';

export type { PriceListLine };
/** GET /api/price-list. */
export type PriceListAnswer = PriceList;

export type { PriceListLink };

const LINKS_TAG = { type: 'PriceListLinks' as const, id: 'LIST' };

const api = baseApi.enhanceEndpoints({ addTagTypes: ['PriceListLinks'] });

export const priceListApi = api.injectEndpoints({
  endpoints: (build) => ({
    priceList: build.query<PriceListAnswer, PriceListQuery>({
      query: (q) => `api/price-list?${encodePriceListQuery(q)}`,
      extraOptions: { entity: 'прайс-листа' },
      ...checkedAs<PriceListAnswer>(PRICE_LIST, 'прайс-листа'),
    }),
    priceListLinks: build.query<PriceListLink[], void>({
      query: () => 'api/price-list/links',
      providesTags: [LINKS_TAG],
      extraOptions: { entity: 'ссылок' },
      ...checked(PRICE_LIST_LINKS, 'ссылок'),
    }),
    createPriceListLink: build.mutation<PriceListLinkMade, PriceListQuery>({
      query: (q) => ({ url: 'api/price-list/links', method: 'POST', body: q }),
      invalidatesTags: [LINKS_TAG],
    }),
    /** 'Обновить цены': a new link of the same request and validity with today's prices. */
    renewPriceListLink: build.mutation<PriceListLinkMade, number>({
      query: (id) => ({ url: `api/price-list/links/${id}/renew`, method: 'POST' }),
      invalidatesTags: [LINKS_TAG],
    }),
    revokePriceListLink: build.mutation<{ status: string }, number>({
      query: (id) => ({ url: `api/price-list/links/${id}`, method: 'DELETE' }),
      invalidatesTags: [LINKS_TAG],
    }),
  }),
});

export const {
  usePriceListQuery,
  usePriceListLinksQuery,
  useCreatePriceListLinkMutation,
  useRenewPriceListLinkMutation,
  useRevokePriceListLinkMutation,
} = priceListApi;
