// Making and cancelling a УПД. Made in one transaction: the reserves locked, the rules of domain/upd/build.ts, the
// next number of the business year (under a transaction lock, so two makers never share one), the document and its
// lines written once. Cancelling keeps the number and the lines (marked cancelled, so the reserves are free for a
// new document); nothing is ever changed in place. Both are entries of its history by the person, heard live.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { nextYearNumber } from '../../db/yearNumbers';
import { readTimeZone } from '../../db/businessDay';
import { badRequest, notFound, stale } from '../../errors';
import { businessToday } from '../../../domain/businessDay';
import { updContent, UpdRefused } from '../../../domain/upd/build';
import { UPD_MSG } from '../../../domain/upd/texts';
import { updFileId } from '../../../domain/upd/xml';
import { buyerFacts, countryMappings, reserveFacts, sellerFacts } from './facts';
import { CANCELLED, recordPaperHistory, refuseTaken } from '../papers';

const NUMBER_LOCK = 54_0001;
const TABLES = { papers: 'upd_documents', lines: 'upd_lines', paperKey: 'upd_id' };

/** The new document's id; UpdRefused's reason as a 400, a reserve already on a live УПД as a 400 naming it. */
export async function makeUpd(
  db: Database,
  userId: number,
  reserveIds: number[],
  now: Date = new Date(),
): Promise<number> {
  const ids = [...new Set(reserveIds)];
  const [seller, mapped, zone] = await Promise.all([sellerFacts(db), countryMappings(db), readTimeZone(db)]);
  try {
    return await db.transaction(async (tx) => {
      const reserves = await reserveFacts(tx, ids);
      if (reserves.length !== ids.length) throw notFound();
      await refuseTaken(tx, TABLES, ids, UPD_MSG.taken);
      const buyer = reserves[0].buyer_id === null ? null : await buyerFacts(tx, reserves[0].buyer_id);
      const content = updContent(reserves, buyer, seller, mapped);
      const day = businessToday(zone, now);
      const year = Number(day.slice(0, 4));
      const next = await nextYearNumber(tx, 'upd_documents', NUMBER_LOCK, year);
      const guid = randomUUID();
      const fileId = updFileId(content.buyer, content.seller, day.split('-').reverse().join('.'), guid);
      const [{ id }] = rowsOf<{ id: number }>(
        await tx.execute(sql`
        INSERT INTO upd_documents (year, number, date, shipment_date, buyer_id, guid, file_id, formed_at, seller, buyer, signer,
          sum_without_vat, vat_sum, sum_with_vat, created_by)
        VALUES (${year}, ${next}, ${day}, ${content.shipment_date}, ${content.buyer_id}, ${guid}, ${fileId}, ${now.toISOString()},
          ${JSON.stringify(content.seller)}::jsonb, ${JSON.stringify(content.buyer)}::jsonb, ${JSON.stringify(content.signer)}::jsonb,
          ${content.totals.sumWithoutVat}, ${content.totals.vatSum}, ${content.totals.sumWithVat}, ${userId})
        RETURNING id`),
      );
      for (const l of content.lines) {
        await tx.execute(sql`
          INSERT INTO upd_lines (upd_id, n, reserve_id, name, okei, unit_name, quantity, price, sum_without_vat, vat_rate, vat_sum, sum_with_vat,
            origin_code, origin_short, declaration)
          VALUES (${id}, ${l.n}, ${l.reserve_id}, ${l.name}, ${l.okei}, ${l.unitName}, ${l.quantity}, ${l.price}, ${l.sumWithoutVat}, ${l.vatRate},
            ${l.vatSum}, ${l.sumWithVat}, ${l.origin?.code ?? null}, ${l.origin?.short ?? null}, ${l.origin?.declaration ?? null})`);
      }
      await recordPaperHistory(tx, userId, 'upd', id, 'create');
      return id;
    });
  } catch (error) {
    if (error instanceof UpdRefused) throw badRequest(error.message);
    throw error;
  }
}

/** Cancels a live document at its version; its number and lines stay, its reserves are free again. */
export async function cancelUpd(db: Database, userId: number, id: number, version: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = rowsOf<{ status: string; version: number }>(
      await tx.execute(sql`SELECT status, version FROM upd_documents WHERE id = ${id} FOR UPDATE`),
    );
    if (!row) throw notFound(UPD_MSG.notFound);
    if (row.status === 'cancelled') throw badRequest(UPD_MSG.cancelled);
    if (row.version !== version) throw stale({ version: row.version, by: null, at: null, changes: [], fields: [] });
    await tx.execute(
      sql`UPDATE upd_documents SET status = 'cancelled', version = version + 1, cancelled_by = ${userId}, cancelled_at = now() WHERE id = ${id}`,
    );
    await tx.execute(sql`UPDATE upd_lines SET cancelled = true WHERE upd_id = ${id}`);
    await recordPaperHistory(tx, userId, 'upd', id, 'update', CANCELLED);
  });
}
