// The quote's calls: the ranked lines for a buyer's question, saving a quote, revoking its link and
// reserving from it.
import { baseApi } from '../../api/baseApi';
import { checkedAs } from '../../api/shapes';
import { LIST_PAGE, QUOTE_SEARCH } from '../../../domain/answers';
import type { ListResponse } from '../../../domain/lists';
import type { QuoteSearch, QuoteSearchAnswer } from '../../../domain/quotes/search';
import type { HeldLine, QuoteStatus } from '../../../domain/quotes/record';
import type { FieldChange } from '../../../domain/history';
import type { QuoteBuyerName } from '../../../domain/quotes/buyer';
import type { ReserveBuyer } from '../../../domain/reserves/buyerFields';

/** What the list's row and the card both say of a quote. */
interface QuoteHeader extends QuoteBuyerName {
  id: number;
  number: number;
  status: QuoteStatus;
  city: { id: number; name: string };
  buyer_id: number | null;
  valid_until: string;
  total_sum: string;
  version: number;
}

/** A saved quote's card (POST/GET /api/quotes/{id}). */
export interface QuoteCard extends QuoteHeader {
  url: string;
  token: string;
  /** The number the buyer knows it by (its text, page and PDF). */
  public_number: string;
  link_revoked: boolean;
  text: string;
  reserve_ids: number[];
  /** The caller may change, revoke, reserve or delete it: its author, or a role that changes every reserve. */
  can_change: boolean;
  /** 'Цены в рублях по курсу ЦБ на 05.12.2026' of its held lines, or null (none priced at the Bank's rate). */
  rate_note: string | null;
  /** Marked by the margins' check after a new rate: the held price no longer keeps the minimum margin. */
  margin_at_risk?: boolean;
  lines: Omit<HeldLine, 'offers'>[];
}

/** A row of 'Котировки' (GET /api/quotes): the first lot's product. */
export interface QuoteListRow extends QuoteHeader {
  product: string;
  created_at: string;
}

export interface QuoteCreate extends Partial<QuoteBuyerName> {
  buyer_id?: number;
  city_id: number;
  lines: { offers: { offer_id: number; amount: number; unit_price: number }[] }[];
}

/** The reserve's buyer as the saved quote's form has it (name, phone, address). */
export interface QuoteReserve extends ReserveBuyer {
  id: number;
  version: number;
  /** A user with the right goes past the buyer's credit limit with a reason. */
  credit_override?: { reason: string };
}

export const quoteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    quoteSearch: build.query<QuoteSearchAnswer, QuoteSearch>({
      query: (body) => ({ url: 'api/quotes/search', method: 'POST', body }),
      extraOptions: { entity: 'подбора' },
      ...checkedAs<QuoteSearchAnswer>(QUOTE_SEARCH, 'подбора'),
    }),
    /** 'Котировки': a page of the list as its link asks (the lists' own query string). */
    quotes: build.query<ListResponse<QuoteListRow>, string>({
      query: (query) => `api/quotes${query ? `?${query}` : ''}`,
      extraOptions: { entity: 'котировок' },
      ...checkedAs<ListResponse<QuoteListRow>>(LIST_PAGE, 'котировок'),
    }),
    /** A saved quote's card. */
    quote: build.query<QuoteCard, number>({
      query: (id) => `api/quotes/${id}`,
      extraOptions: { entity: 'котировки' },
    }),
    createQuote: build.mutation<QuoteCard, QuoteCreate>({
      query: (body) => ({ url: 'api/quotes', method: 'POST', body }),
    }),
    /** PATCH /api/quotes/{id}: its buyer from 'Покупатели' (while it is valid) on the version seen. */
    changeQuote: build.mutation<QuoteCard, { id: number; version: number; buyer_id: number | null }>({
      query: ({ id, ...body }) => ({ url: `api/quotes/${id}`, method: 'PATCH', body }),
    }),
    revokeQuoteLink: build.mutation<QuoteCard, { id: number; version: number }>({
      query: ({ id, version }) => ({ url: `api/quotes/${id}/revoke`, method: 'POST', body: { version } }),
    }),
    /** The quote's history; asked again whenever the card's version or link moves. */
    quoteHistory: build.query<
      { at: string; user: string | null; action: 'create' | 'update' | 'delete'; changes: FieldChange[] }[],
      { id: number; version: number; revoked: boolean }
    >({
      query: ({ id }) => `api/quotes/${id}/history`,
    }),
    reserveQuote: build.mutation<{ reserve_ids: number[]; quote: QuoteCard }, QuoteReserve>({
      query: ({ id, ...body }) => ({ url: `api/quotes/${id}/reserve`, method: 'POST', body }),
    }),
  }),
});

export const {
  useQuotesQuery,
  useQuoteQuery,
  useQuoteHistoryQuery,
  useQuoteSearchQuery,
  useCreateQuoteMutation,
  useChangeQuoteMutation,
  useRevokeQuoteLinkMutation,
  useReserveQuoteMutation,
} = quoteApi;
