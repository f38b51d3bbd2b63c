// The invoices' list and card calls: a page of the list by its filter, one invoice with its lines and payments, its
// history, cancelling one. Making one is the papers' shared call (src/api/papers.ts).
import {
  paperListTag,
  papersApi,
  paperTags,
  PAPER_TAGS,
  type InvoiceRow,
  type PaperHistoryAnswer,
} from '../../api/papers';

export interface InvoicePaymentRow {
  id: number;
  reserve_id: number;
  date: string;
  amount: string;
  comment: string | null;
}

/** The card: the row with its lines, its total in words and the payments tied to it. */
export type InvoiceCard = InvoiceRow & { words: string; payments: InvoicePaymentRow[] };

export type { InvoiceRow };

export const invoicesApi = papersApi.injectEndpoints({
  endpoints: (build) => ({
    /** The list by its filter: buyer_id, payment, date_from, date_to (the query string as the page's link has it). */
    invoices: build.query<{ data: InvoiceRow[] }, string>({
      query: (query) => `api/invoices${query ? `?${query}` : ''}`,
      providesTags: [paperListTag('invoices')],
      extraOptions: { entity: 'счетов' },
    }),
    invoice: build.query<InvoiceCard, number>({
      query: (id) => `api/invoices/${id}`,
      providesTags: (_result, _error, id) => [{ type: PAPER_TAGS.invoices, id }],
      extraOptions: { entity: 'счёта' },
    }),
    invoiceHistory: build.query<PaperHistoryAnswer, { id: number; version: number }>({
      query: ({ id }) => `api/invoices/${id}/history`,
      providesTags: (_result, _error, { id }) => [{ type: PAPER_TAGS.invoices, id }],
      extraOptions: { entity: 'истории' },
    }),
    cancelInvoice: build.mutation<InvoiceCard, { id: number; version: number }>({
      query: ({ id, version }) => ({ url: `api/invoices/${id}/cancel`, method: 'POST', body: { version } }),
      invalidatesTags: (_result, _error, { id }) => paperTags('invoices', id),
    }),
  }),
});

export const { useInvoicesQuery, useInvoiceQuery, useInvoiceHistoryQuery, useCancelInvoiceMutation } = invoicesApi;
