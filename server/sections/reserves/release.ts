// A bulk delete of reserves gives the active ones' amounts back to their offers (the list's onDelete hook): apart
// from the lifecycle, which reads the list's spec, so the list and the lifecycle do not import each other.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectRows, select } from '../../db/rows';
import { reserves } from '../../db/schema';
import type { Author } from '../../records/history';
import { lockOffers, moveReserved } from '../offers';
import type { AuthenticatedUser } from '../../accounts/users';
import type { RefusedRow } from '../../../domain/bulk';
import { hasFinance } from '../../../domain/permissions';
import { FINANCE_MSG, FINANCE_NOTICE } from '../../../domain/buyers/finance';
import { tellResponsibles } from '../buyers';

/** Before reserves are marked deleted: the active ones among them give their amounts back to their offers, the
 * offers locked in id order in one statement (two concurrent deletes lock them in the same order) and written in one
 * UPDATE per chunk (not one per offer), each offer's history naming the reserves that gave back. */
export async function releaseBeforeDelete(tx: Database, reserveIds: number[], by: Author): Promise<void> {
  const held = await selectRows(
    tx,
    select({
      offer_id: reserves.offer_id,
      amount: sql<string>`sum(${reserves.amount})::text`,
      ids: sql<number[]>`array_agg(${reserves.id} ORDER BY ${reserves.id})`,
    }),
    sql`FROM ${reserves} WHERE ${reserves.id} = ANY(${`{${reserveIds.join(',')}}`}::int[]) AND ${reserves.status} = 'active'
    GROUP BY ${reserves.offer_id} ORDER BY ${reserves.offer_id}`,
  );
  if (!held.length) return;
  const locked = await lockOffers(
    tx,
    held.map((h) => Number(h.offer_id)),
  );
  await moveReserved(
    tx,
    locked,
    held.map(({ offer_id, amount, ids }) => ({
      offerId: Number(offer_id),
      delta: `-${amount}`,
      via: { section: 'reserves', step: 'delete', ids: ids.map(Number) },
    })),
    by,
  );
}

/** A completed reserve is a sale the buyer owes; only the finance right deletes it (it stays in the buyer's
 * ledger as the sale it was), and the buyer's responsible is told. Others are refused in Russian. */
export async function refuseSaleDelete(
  tx: Database,
  auth: AuthenticatedUser,
  reserveIds: number[],
): Promise<RefusedRow[]> {
  const sales = await selectRows(
    tx,
    select({ id: reserves.id, buyer_id: reserves.buyer_id }),
    sql`FROM ${reserves} WHERE ${reserves.id} = ANY(${`{${reserveIds.join(',')}}`}::int[]) AND ${reserves.status} = 'completed' ORDER BY ${reserves.id}`,
  );
  if (!hasFinance(auth.permissions)) return sales.map((s) => ({ id: Number(s.id), reason: FINANCE_MSG.deleteSale }));
  await tellResponsibles(
    tx,
    auth,
    sales
      .filter((s) => s.buyer_id !== null)
      .map((s) => ({ buyerId: Number(s.buyer_id), what: FINANCE_NOTICE.saleDeleted(Number(s.id)) })),
  );
  return [];
}
