// The papers made from reserves, as more than one screen asks for them: making an invoice or a УПД (the reserve card,
// the reserves list's bulk bar, the УПД card's 'Сформировать заново') and a buyer's papers (the buyer card).
import { baseApi } from './baseApi';

export interface UpdLineRow {
  n: number;
  reserve_id: number;
  name: string;
  okei: string;
  unit_name: string;
  quantity: string;
  price: string;
  sum_without_vat: string;
  vat_rate: '22' | '10' | '0' | 'none';
  vat_sum: string;
  sum_with_vat: string;
  origin_code: string | null;
  origin_short: string | null;
  declaration: string | null;
}

/** A УПД as GET /api/upd lists it and GET /api/upd/{id} answers it (with its lines). */
export interface UpdRow {
  id: number;
  number: number;
  year: number;
  date: string;
  shipment_date: string;
  buyer_id: number;
  buyer_name: string;
  file_id: string;
  sum_without_vat: string;
  vat_sum: string;
  sum_with_vat: string;
  status: 'active' | 'cancelled';
  version: number;
  created_at: string;
  cancelled_at: string | null;
  created_by_name: string | null;
  cancelled_by_name: string | null;
  lines?: UpdLineRow[];
}

export interface InvoiceLineRow {
  n: number;
  reserve_id: number;
  name: string;
  unit_name: string;
  amount: string;
  price: string;
  vat_rate: '22' | '10' | '0' | 'none';
  vat_sum: string;
  total: string;
}

/** An invoice's payment status as the server works it out (domain/invoices/status.ts). */
export type InvoicePaymentStatus = 'unpaid' | 'partly_paid' | 'paid' | 'overdue' | 'cancelled';

/** An invoice as GET /api/invoices lists it and GET /api/invoices/{id} answers it (with its lines and payments). */
export interface InvoiceRow {
  id: number;
  number: number;
  year: number;
  date: string;
  due_date: string;
  buyer_id: number;
  buyer_name: string;
  total: string;
  vat_sum: string;
  paid_sum: string;
  payment: InvoicePaymentStatus;
  status: 'active' | 'cancelled';
  version: number;
  created_at: string;
  cancelled_at: string | null;
  created_by_name: string | null;
  cancelled_by_name: string | null;
  words?: string;
  lines?: InvoiceLineRow[];
}

/** One entry of a paper's history (GET /api/{invoices|upd}/{id}/history), as the server declares it. */
export type { PaperHistoryAnswer, PaperHistoryEntry } from '../../domain/answers';

/** The papers' tags, by the live section their events name: a paper is { type, id }, the lists of its kind (the
 * section's list, a buyer's papers) { type, id: 'LIST' }. A paper made or cancelled here or by anyone else (the live
 * stream's event, src/api/live.ts) reads its open card, history and the lists again. */
export const PAPER_TAGS = { invoices: 'Invoice', upd: 'Upd' } as const;
export type PaperKind = keyof typeof PAPER_TAGS;
export const isPaperKind = (section: string): section is PaperKind => section in PAPER_TAGS;
export const paperListTag = (kind: PaperKind) => ({ type: PAPER_TAGS[kind], id: 'LIST' }) as const;
/** What a change of the paper makes stale: itself and the lists of its kind. */
export const paperTags = (kind: PaperKind, id: number) => [{ type: PAPER_TAGS[kind], id }, paperListTag(kind)];

export const papersApi = baseApi.enhanceEndpoints({ addTagTypes: Object.values(PAPER_TAGS) }).injectEndpoints({
  endpoints: (build) => ({
    /** A buyer's УПД, newest first. */
    buyerUpds: build.query<{ data: UpdRow[] }, number>({
      query: (buyerId) => `api/upd?buyer_id=${buyerId}`,
      providesTags: [paperListTag('upd')],
      extraOptions: { entity: 'УПД' },
    }),
    /** A buyer's invoices, newest first. */
    buyerInvoices: build.query<{ data: InvoiceRow[] }, number>({
      query: (buyerId) => `api/invoices?buyer_id=${buyerId}`,
      providesTags: [paperListTag('invoices')],
      extraOptions: { entity: 'счетов' },
    }),
    makeInvoice: build.mutation<InvoiceRow, number[]>({
      query: (ids) => ({ url: 'api/invoices', method: 'POST', body: { reserve_ids: ids } }),
      invalidatesTags: [paperListTag('invoices')],
    }),
    makeUpd: build.mutation<UpdRow, number[]>({
      query: (ids) => ({ url: 'api/upd', method: 'POST', body: { reserve_ids: ids } }),
      invalidatesTags: [paperListTag('upd')],
    }),
  }),
});

export const { useBuyerInvoicesQuery, useBuyerUpdsQuery, useMakeInvoiceMutation, useMakeUpdMutation } = papersApi;
