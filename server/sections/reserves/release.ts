// A bulk delete of reserves gives the active ones' amounts back to their offers (the list's onDelete hook): apart
// from the lifecycle, which reads the list's spec, so the list and the lifecycle do not import each other.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Author } from '../../records/history';
import { lockOffers, moveReserved } from '../offers/stock';

/** Before reserves are marked deleted: the active ones among them give their amounts back to their offers, the
 * offers locked in id order in one statement (two concurrent deletes lock them in the same order) and written in one
 * UPDATE per chunk (issue 36: not one per offer), each offer's history naming the reserves that gave back. */
export async function releaseBeforeDelete(tx: Database, reserveIds: number[], by: Author): Promise<void> {
  const held = rowsOf<{ offer_id: number; amount: string; ids: number[] }>(await tx.execute(sql`
    SELECT offer_id, sum(amount)::text AS amount, array_agg(id ORDER BY id) AS ids FROM reserves
    WHERE id = ANY(${`{${reserveIds.join(',')}}`}::int[]) AND status = 'active'
    GROUP BY offer_id ORDER BY offer_id`));
  if (!held.length) return;
  const locked = await lockOffers(tx, held.map((h) => Number(h.offer_id)));
  await moveReserved(tx, locked, held.map(({ offer_id, amount, ids }) => ({
    offerId: Number(offer_id), delta: `-${amount}`, via: { section: 'reserves', step: 'delete', ids: ids.map(Number) },
  })), by);
}
