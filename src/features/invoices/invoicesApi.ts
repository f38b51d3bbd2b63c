// The invoices' list and card calls: a page of the list by its filter, one invoice with its lines and payments, its
// history, cancelling one. Making one is the papers' shared call (src/api/papers.ts).
import { baseApi } from '../../api/baseApi';
import type { InvoiceRow } from '../../api/papers';

export interface InvoicePaymentRow {
  id: number;
  reserve_id: number;
  date: string;
  amount: string;
  comment: string | null;
}

/** The card: the row with its lines, its total in words and the payments tied to it. */
export type InvoiceCard = InvoiceRow & { words: string; payments: InvoicePaymentRow[] };

export interface InvoiceHistoryEntry {
  at: string;
  user: string | null;
  action: 'create' | 'update';
  changes: { field: string; old: unknown; new: unknown }[];
}

export type { InvoiceRow };

export const invoicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The list by its filter: buyer_id, payment, date_from, date_to (the query string as the page's link has it). */
    invoices: build.query<{ data: InvoiceRow[] }, string>({
      query: (query) => `api/invoices${query ? `?${query}` : ''}`,
      extraOptions: { entity: 'счетов' },
    }),
    invoice: build.query<InvoiceCard, number>({
      query: (id) => `api/invoices/${id}`,
      extraOptions: { entity: 'счёта' },
    }),
    invoiceHistory: build.query<{ data: InvoiceHistoryEntry[] }, { id: number; version: number }>({
      query: ({ id }) => `api/invoices/${id}/history`,
      extraOptions: { entity: 'истории' },
    }),
    cancelInvoice: build.mutation<InvoiceCard, { id: number; version: number }>({
      query: ({ id, version }) => ({ url: `api/invoices/${id}/cancel`, method: 'POST', body: { version } }),
    }),
  }),
});

export const { useInvoicesQuery, useInvoiceQuery, useInvoiceHistoryQuery, useCancelInvoiceMutation } = invoicesApi;
