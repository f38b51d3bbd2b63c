// The quote's calls (issue 38): the ranked lines for a buyer's question, saving a quote, revoking its link and
// reserving from it.
import { baseApi } from '../../api/baseApi';
import { checked } from '../../api/shapes';
import { QUOTE_SEARCH } from '../../../domain/responseShapes';
import type { QuoteSearch, QuoteSearchAnswer } from '../../../domain/quotes/search';
import type { HeldLine, QuoteStatus } from '../../../domain/quotes/record';
import type { FieldChange } from '../../../domain/history';

/** A saved quote's card (POST/GET /api/quotes/{id}). */
export interface QuoteCard {
  id: number;
  number: number;
  status: QuoteStatus;
  city: { id: number; name: string };
  buyer_id: number | null;
  buyer_name: string | null;
  valid_until: string;
  total_sum: string;
  version: number;
  url: string;
  token: string;
  link_revoked: boolean;
  text: string;
  reserve_ids: number[];
  lines: Omit<HeldLine, 'offers'>[];
}

export interface QuoteCreate {
  buyer_id?: number;
  city_id: number;
  buyer_name?: string | null;
  lines: { offers: { offer_id: number; amount: number; unit_price: number }[] }[];
}

export interface QuoteReserve {
  id: number;
  version: number;
  buyer_name: string;
  buyer_phone: string;
  delivery_address: string;
  /** Issue 37: a user with the right goes past the buyer's credit limit with a reason. */
  credit_override?: { reason: string };
}

export const quoteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    quoteSearch: build.query<QuoteSearchAnswer, QuoteSearch>({
      query: (body) => ({ url: 'api/quotes/search', method: 'POST', body }),
      extraOptions: { entity: 'подбора' },
      ...checked<QuoteSearchAnswer>(QUOTE_SEARCH, 'подбора'),
    }),
    createQuote: build.mutation<QuoteCard, QuoteCreate>({
      query: (body) => ({ url: 'api/quotes', method: 'POST', body }),
    }),
    revokeQuoteLink: build.mutation<QuoteCard, { id: number; version: number }>({
      query: ({ id, version }) => ({ url: `api/quotes/${id}/revoke`, method: 'POST', body: { version } }),
    }),
    /** The quote's history; asked again whenever the card's version or link moves. */
    quoteHistory: build.query<{ at: string; user: string | null; action: 'create' | 'update' | 'delete'; changes: FieldChange[] }[], { id: number; version: number; revoked: boolean }>({
      query: ({ id }) => `api/quotes/${id}/history`,
    }),
    reserveQuote: build.mutation<{ reserve_ids: number[]; quote: QuoteCard }, QuoteReserve>({
      query: ({ id, ...body }) => ({ url: `api/quotes/${id}/reserve`, method: 'POST', body }),
    }),
  }),
});

export const { useQuoteHistoryQuery, useQuoteSearchQuery, useCreateQuoteMutation, useRevokeQuoteLinkMutation, useReserveQuoteMutation } = quoteApi;
