// What an invoice is made of, read from the database: the chosen reserves with their lots (locked in the making's
// transaction), the buyer's card with its payment terms, and the company's requisites with its accountant.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { settingsByName } from '../../settings';
import { isVatRate } from '../../../domain/papers/lines';
import type { InvoiceBuyerFacts, InvoiceReserveFacts, InvoiceSellerFacts } from '../../../domain/invoices/build';
import { sellerFacts } from '../upd';

export async function invoiceSellerFacts(db: Database): Promise<InvoiceSellerFacts> {
  const [seller, stored] = await Promise.all([sellerFacts(db), settingsByName(db, ['company_accountant'])]);
  return { ...seller, accountant: stored.company_accountant?.trim() || null };
}

/** The chosen reserves, locked (a reserve is put on one live invoice at a time), in the order of their ids. */
export async function invoiceReserveFacts(tx: Database, ids: number[]): Promise<InvoiceReserveFacts[]> {
  const rows = rowsOf<InvoiceReserveFacts & { vat_rate: string }>(
    await tx.execute(sql`
    SELECT r.id, r.status, r.deleted_at IS NOT NULL AS deleted, r.buyer_id, coalesce(b.name, r.buyer_name) AS buyer_name,
           r.amount::text AS amount, round(r.unit_selling_price, 2)::text AS unit_selling_price, o.unit_measure,
           concat_ws(', ', p.name, v.name, pk.name) AS lot, p.vat_rate
    FROM reserves r JOIN offers o ON o.id = r.offer_id JOIN products p ON p.id = o.product_id
    LEFT JOIN varieties v ON v.id = o.variety_id LEFT JOIN packing pk ON pk.id = o.packing_id
    LEFT JOIN buyers b ON b.id = r.buyer_id
    WHERE r.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    ORDER BY r.id FOR UPDATE OF r`),
  );
  return rows.map((r) => ({ ...r, vat_rate: isVatRate(r.vat_rate) ? r.vat_rate : '22' }));
}

export async function invoiceBuyerFacts(tx: Database, buyerId: number): Promise<InvoiceBuyerFacts | null> {
  const [row] = rowsOf<InvoiceBuyerFacts>(
    await tx.execute(
      sql`SELECT name, inn, kpp, legal_address, payment_terms, deferral_days FROM buyers WHERE id = ${buyerId}`,
    ),
  );
  return row ?? null;
}
