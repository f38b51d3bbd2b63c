// The papers made from reserves, as more than one screen asks for them: making a УПД (the reserve card, the
// reserves list's bulk bar, the УПД card's 'Сформировать заново') and a buyer's papers (the buyer card).
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

export const papersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A buyer's УПД, newest first. */
    buyerUpds: build.query<{ data: UpdRow[] }, number>({
      query: (buyerId) => `api/upd?buyer_id=${buyerId}`,
      extraOptions: { entity: 'УПД' },
    }),
    makeUpd: build.mutation<UpdRow, number[]>({
      query: (ids) => ({ url: 'api/upd', method: 'POST', body: { reserve_ids: ids } }),
    }),
  }),
});

export const { useBuyerUpdsQuery, useMakeUpdMutation } = papersApi;
