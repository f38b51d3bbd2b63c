// Reserve statistics as the employees and suppliers lists show them, counted one way for both: created
// (every reserve not deleted), purchased (completed: count and selling sum) and cancelled. A section gives
// which reserves are its record's and the alias of the lateral join; it spreads the pieces into its spec.
import { sql, type SQL } from 'drizzle-orm';
import { money2, numberRange, ref } from '../../lists/engine';
import { stripHidden } from '../../contract/visible';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { scopeOf } from '../../../domain/permissions';
import { alias } from 'drizzle-orm/pg-core';
import { roundedOf, select, selectRows } from '../../db/rows';
import { products, reserves as reservesTable } from '../../db/schema';
import { scopeCondition } from '../../records/access';
import { reservesSpec } from './list';

/** `reserves` is a FROM over reserves aliased `rs` limited to the record's reserves; `extra` adds select items. */
export function reserveStats(alias: string, reserves: SQL, extra: SQL = sql``) {
  const a = sql.raw(alias);
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return {
    join: sql`LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE rs.status <> 'deleted') AS total_created,
           count(*) FILTER (WHERE rs.status = 'completed') AS purchased_count,
           coalesce(sum(rs.total_selling_sum) FILTER (WHERE rs.status = 'completed'), 0) AS purchased_sum,
           count(*) FILTER (WHERE rs.status = 'cancelled') AS cancelled_count ${extra}
    ${reserves}) ${a} ON true`,
    columns: {
      reserve_total_created: sql`${column('total_created')}::text`,
      reserve_purchased_count: sql`${column('purchased_count')}::text`,
      reserve_purchased_sum: money2(column('purchased_sum')),
      reserve_cancelled_count: sql`${column('cancelled_count')}::text`,
    },
    sortable: {
      reserve_total_created: column('total_created'),
      reserve_purchased_count: column('purchased_count'),
      reserve_purchased_sum: column('purchased_sum'),
      reserve_cancelled_count: column('cancelled_count'),
    },
    filters: {
      total_reserves_created: numberRange(column('total_created')),
      purchased_reserves: numberRange(column('purchased_count')),
      purchased_reserves_currency: numberRange(column('purchased_sum')),
      cancelled_reserves: numberRange(column('cancelled_count')),
    },
  };
}

/** The reserves and their products under the aliases of the reserves list's FROM (reservesSpec.from). */
const R = alias(reservesTable, 'r');
const P = alias(products, 'p');
const SHORT_LIST = select({
  id: R.id,
  product: sql<{ id: number; name: string } | null>`${ref(sql`${P.id}`, sql`${P.name}`)}`,
  amount: roundedOf(R.amount),
  total_selling_sum: roundedOf(R.total_selling_sum),
  status: R.status,
  created_at: R.created_at,
});

/** The latest reserves matching `of` (a condition over reserves `r`) as a card lists them: id, product,
 * amount, selling sum, status and date; within the caller's reserve scope and hidden fields, none without
 * the right to read reserves. The employee card shows the reserves the employee is responsible for. */
export async function reservesShortList(
  db: Database,
  auth: AuthenticatedUser,
  of: SQL,
  limit = 10,
): Promise<Record<string, unknown>[]> {
  if (scopeOf(auth.permissions, 'reserves', 'read') === 'none') return [];
  const rows = await selectRows(
    db,
    SHORT_LIST,
    sql`${reservesSpec.from}
    WHERE (${of}) AND ${R.status} <> 'deleted' AND ${scopeCondition(reservesSpec, auth, 'read')}
    ORDER BY ${R.created_at} DESC, ${R.id} DESC LIMIT ${limit}`,
  );
  return stripHidden(rows, auth.permissions, reservesSpec);
}
