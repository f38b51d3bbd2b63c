// A bulk delete of reserves gives the active ones' amounts back to their offers (the list's onDelete hook): apart
// from the lifecycle, which reads the list's spec, so the list and the lifecycle do not import each other.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../http/rows';
import type { Author } from '../../records/history';
import { release } from '../offers/stock';

/** Before reserves are marked deleted: the active ones among them give their amounts back to their offers,
 * offer by offer in id order so two concurrent deletes lock offers in the same order. */
export async function releaseBeforeDelete(tx: Database, reserveIds: number[], by: Author): Promise<void> {
  const held = rowsOf<{ offer_id: number; amount: string; ids: number[] }>(await tx.execute(sql`
    SELECT offer_id, sum(amount)::text AS amount, array_agg(id ORDER BY id) AS ids FROM reserves
    WHERE id IN (${sql.join(reserveIds.map((id) => sql`${id}`), sql`, `)}) AND status = 'active'
    GROUP BY offer_id ORDER BY offer_id`));
  for (const { offer_id, amount, ids } of held) await release(tx, offer_id, amount, { by, via: { section: 'reserves', step: 'delete', ids: ids.map(Number) } });
}
