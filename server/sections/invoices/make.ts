// Making and cancelling an invoice. Made in one transaction: the reserves locked, the rules of
// domain/invoices/build.ts, the next number of the business year (under a transaction lock, so two makers never share
// one), the invoice and its lines written once, and the payments its reserves already have tied to it. Cancelling keeps
// the number and the lines (marked cancelled, so the reserves are free for a new invoice); nothing is changed in place.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { nextYearNumber } from '../../db/yearNumbers';
import { readTimeZone } from '../../db/businessDay';
import { badRequest, notFound, stale } from '../../errors';
import { businessToday } from '../../../domain/businessDay';
import { invoiceContent, InvoiceRefused } from '../../../domain/invoices/build';
import { INVOICE_MSG } from '../../../domain/invoices/texts';
import { invoiceBuyerFacts, invoiceReserveFacts, invoiceSellerFacts } from './facts';
import { CANCELLED, idList, recordPaperHistory, refuseTaken } from '../papers';

const NUMBER_LOCK = 54_0002;

const TABLES = { papers: 'invoices', lines: 'invoice_lines', paperKey: 'invoice_id' };

/** The new invoice's id; InvoiceRefused's reason as a 400, a reserve already on a live invoice as a 400 naming it. */
export async function makeInvoice(
  db: Database,
  userId: number,
  reserveIds: number[],
  now: Date = new Date(),
): Promise<number> {
  const ids = [...new Set(reserveIds)];
  const [seller, zone] = await Promise.all([invoiceSellerFacts(db), readTimeZone(db)]);
  try {
    return await db.transaction(async (tx) => {
      const reserves = await invoiceReserveFacts(tx, ids);
      if (reserves.length !== ids.length) throw notFound();
      await refuseTaken(tx, TABLES, ids, INVOICE_MSG.taken);
      const buyerId = reserves[0].buyer_id;
      const buyer = buyerId === null ? null : await invoiceBuyerFacts(tx, buyerId);
      const day = businessToday(zone, now);
      const content = invoiceContent(reserves, buyer, seller, day);
      const year = Number(day.slice(0, 4));
      const next = await nextYearNumber(tx, 'invoices', NUMBER_LOCK, year);
      const [{ id }] = rowsOf<{ id: number }>(
        await tx.execute(sql`
        INSERT INTO invoices (year, number, date, due_date, buyer_id, seller, buyer, total, vat_sum, created_by)
        VALUES (${year}, ${next}, ${day}, ${content.due_date}, ${content.buyer_id}, ${JSON.stringify(content.seller)}::jsonb,
          ${JSON.stringify(content.buyer)}::jsonb, ${content.totals.total}, ${content.totals.vat_sum}, ${userId})
        RETURNING id`),
      );
      for (const l of content.lines) {
        await tx.execute(sql`
          INSERT INTO invoice_lines (invoice_id, n, reserve_id, name, unit_name, amount, price, vat_rate, vat_sum, total)
          VALUES (${id}, ${l.n}, ${l.reserve_id}, ${l.name}, ${l.unit_name}, ${l.amount}, ${l.price}, ${l.vat_rate},
            ${l.vat_sum}, ${l.total})`);
      }
      // payments its reserves already have (a prepayment) pay this invoice from now on
      await tx.execute(
        sql`UPDATE payments SET invoice_id = ${id} WHERE reserve_id IN (${idList(ids)}) AND invoice_id IS NULL AND NOT deleted`,
      );
      await recordPaperHistory(tx, userId, 'invoices', id, 'create');
      return id;
    });
  } catch (error) {
    if (error instanceof InvoiceRefused) throw badRequest(error.message);
    throw error;
  }
}

/** Cancels a live invoice at its version; its number and lines stay, its reserves and payments are free again. */
export async function cancelInvoice(db: Database, userId: number, id: number, version: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = rowsOf<{ status: string; version: number }>(
      await tx.execute(sql`SELECT status, version FROM invoices WHERE id = ${id} FOR UPDATE`),
    );
    if (!row) throw notFound(INVOICE_MSG.notFound);
    if (row.status === 'cancelled') throw badRequest(INVOICE_MSG.cancelled);
    if (row.version !== version) throw stale({ version: row.version, by: null, at: null, changes: [], fields: [] });
    await tx.execute(
      sql`UPDATE invoices SET status = 'cancelled', version = version + 1, cancelled_by = ${userId}, cancelled_at = now() WHERE id = ${id}`,
    );
    await tx.execute(sql`UPDATE invoice_lines SET cancelled = true WHERE invoice_id = ${id}`);
    await tx.execute(sql`UPDATE payments SET invoice_id = NULL WHERE invoice_id = ${id}`);
    await recordPaperHistory(tx, userId, 'invoices', id, 'update', CANCELLED);
  });
}
