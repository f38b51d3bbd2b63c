// A stored invoice read back: the card's fields with its payment status (from its stored paid sum and due date, never
// its payments per row), its lines, and the filtered list.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paperReadable } from '../papers';
import { rowsOf } from '../../db/rows';
import type { InvoiceParty, InvoiceSeller } from '../../../domain/invoices/build';
import type { InvoicePayment } from '../../../domain/invoices/status';
import type { VatRate } from '../../../domain/papers/lines';

export interface InvoiceRow {
  id: number;
  number: number;
  year: number;
  date: string;
  due_date: string;
  buyer_id: number;
  buyer_name: string;
  seller: InvoiceSeller;
  buyer: InvoiceParty;
  total: string;
  vat_sum: string;
  paid_sum: string;
  payment: InvoicePayment;
  status: 'active' | 'cancelled';
  version: number;
  created_at: string;
  cancelled_at: string | null;
  created_by_name: string | null;
  cancelled_by_name: string | null;
}

export interface InvoiceLineRow {
  n: number;
  reserve_id: number;
  name: string;
  unit_name: string;
  amount: string;
  price: string;
  vat_rate: VatRate;
  vat_sum: string;
  total: string;
}

/** The payment status in SQL, the twin of domain/invoices/status.ts's invoicePayment over the stored columns. */
const payment = (today: string) => sql`CASE
  WHEN i.status = 'cancelled' THEN 'cancelled'
  WHEN i.paid_sum >= i.total THEN 'paid'
  WHEN i.due_date < ${today}::date THEN 'overdue'
  WHEN i.paid_sum > 0 THEN 'partly_paid'
  ELSE 'unpaid' END`;

const row = (today: string) => sql`
  SELECT i.id, i.number, i.year, i.date::text AS date, i.due_date::text AS due_date, i.buyer_id, b.name AS buyer_name,
         i.seller, i.buyer, i.total::text AS total, i.vat_sum::text AS vat_sum, i.paid_sum::text AS paid_sum,
         ${payment(today)} AS payment, i.status, i.version, i.created_at, i.cancelled_at,
         cu.name AS created_by_name, xu.name AS cancelled_by_name
  FROM invoices i JOIN buyers b ON b.id = i.buyer_id
  LEFT JOIN users cu ON cu.id = i.created_by LEFT JOIN users xu ON xu.id = i.cancelled_by`;

/** Over `r`: a reserve the caller may read (the reserves' read scope; 'own' is the caller's reserves). */
export type ReserveScope = SQL;

/** Papers every line of which is a reserve the caller may read. */
const readable = (scope: ReserveScope) => paperReadable('invoices', scope);

export async function invoiceRow(db: Database, id: number, scope: ReserveScope, today: string) {
  const [found] = rowsOf<InvoiceRow>(await db.execute(sql`${row(today)} WHERE i.id = ${id} AND ${readable(scope)}`));
  return found ?? null;
}

export async function invoiceLines(db: Database, id: number): Promise<InvoiceLineRow[]> {
  return rowsOf<InvoiceLineRow>(
    await db.execute(sql`
    SELECT n, reserve_id, name, unit_name, amount::text AS amount, price::text AS price, vat_rate, vat_sum::text AS vat_sum,
           total::text AS total
    FROM invoice_lines WHERE invoice_id = ${id} ORDER BY n`),
  );
}

/** A payment tied to the invoice, as its card lists it. */
export interface InvoicePaymentRow {
  id: number;
  reserve_id: number;
  date: string;
  amount: string;
  comment: string | null;
}

/** The payments that stand (not taken back) tied to the invoice, oldest first. */
export async function invoicePayments(db: Database, id: number): Promise<InvoicePaymentRow[]> {
  return rowsOf<InvoicePaymentRow>(
    await db.execute(sql`
    SELECT id, reserve_id, date::text AS date, amount::text AS amount, comment
    FROM payments WHERE invoice_id = ${id} AND NOT deleted ORDER BY date, id`),
  );
}

export interface InvoiceListFilter {
  buyer_id?: number;
  reserve_id?: number;
  payment?: InvoicePayment;
  date_from?: string;
  date_to?: string;
}

export async function invoiceList(
  db: Database,
  filter: InvoiceListFilter,
  scope: ReserveScope,
  today: string,
  limit = 500,
): Promise<InvoiceRow[]> {
  const where: SQL[] = [readable(scope)];
  if (filter.buyer_id) where.push(sql`i.buyer_id = ${filter.buyer_id}`);
  if (filter.reserve_id)
    where.push(
      sql`EXISTS (SELECT 1 FROM invoice_lines fl WHERE fl.invoice_id = i.id AND fl.reserve_id = ${filter.reserve_id})`,
    );
  if (filter.payment) where.push(sql`${payment(today)} = ${filter.payment}`);
  if (filter.date_from) where.push(sql`i.date >= ${filter.date_from}`);
  if (filter.date_to) where.push(sql`i.date <= ${filter.date_to}`);
  return rowsOf<InvoiceRow>(
    await db.execute(
      sql`${row(today)} WHERE ${sql.join(where, sql` AND `)} ORDER BY i.year DESC, i.number DESC LIMIT ${limit}`,
    ),
  );
}
