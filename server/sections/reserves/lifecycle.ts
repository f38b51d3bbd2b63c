// A reserve's way through its statuses, each step moving the offer's stock through offers/stock.ts in the
// same transaction. Today the list's bulk delete uses it; create, complete and cancel will.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../http/rows';
import { release } from '../offers/stock';

/** Before reserves are marked deleted: the active ones among them give their amounts back to their offers,
 * offer by offer in id order so two concurrent deletes lock offers in the same order. */
export async function releaseBeforeDelete(tx: Database, reserveIds: number[]): Promise<void> {
  const held = rowsOf<{ offer_id: number; amount: string }>(await tx.execute(sql`
    SELECT offer_id, sum(amount)::text AS amount FROM reserves
    WHERE id IN (${sql.join(reserveIds.map((id) => sql`${id}`), sql`, `)}) AND status = 'active'
    GROUP BY offer_id ORDER BY offer_id`));
  for (const { offer_id, amount } of held) await release(tx, offer_id, amount);
}
