// Reserve statistics as the employees and suppliers lists show them, counted one way for both: created
// (every reserve not deleted), purchased (completed: count and selling sum) and cancelled. A section gives
// which reserves are its record's and the alias of the lateral join; it spreads the pieces into its spec.
import { sql, type SQL } from 'drizzle-orm';
import { money2, numberRange, ref } from '../../lists/engine';
import { stripHidden } from '../../contract/visible';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { scopeOf } from '../../../domain/permissions';
import { rowsOf } from '../../db/rows';
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

/** The latest reserves matching `of` (a condition over reserves `r`) as a card lists them: id, product,
 * amount, selling sum, status and date; within the caller's reserve scope and hidden fields, none without
 * the right to read reserves. The employee card shows the reserves the employee is responsible for. */
export async function reservesShortList(db: Database, auth: AuthenticatedUser, of: SQL, limit = 10): Promise<Record<string, unknown>[]> {
  if (scopeOf(auth.permissions, 'reserves', 'read') === 'none') return [];
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`
    SELECT r.id, ${ref(sql`p.id`, sql`p.name`)} AS product, ${money2(sql`r.amount`)} AS amount,
           ${money2(sql`r.total_selling_sum`)} AS total_selling_sum, r.status, r.created_at
    ${reservesSpec.from}
    WHERE (${of}) AND r.status <> 'deleted' AND ${scopeCondition(reservesSpec, auth, 'read')}
    ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`));
  return stripHidden(rows, auth.permissions, reservesSpec);
}
