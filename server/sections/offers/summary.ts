// The three tiles of the offers page: placed reserves, realized reserves and the value of realized offers,
// over the offers the caller may see and the reserves it may read (its scopes of both sections); a figure made of
// a field hidden from the caller is left out (domain/offers/summary.ts), so a supplier's user (no reserves) gets
// no figure and role 8 no selling totals. A reserve counts by its own status alone, as in the reserves list: a
// completed reserve is a deal that happened and stays in the figures when its offer is later deleted (the
// tiles are what people report on), and an active one cannot outlive its offer, since an offer holding
// reserved stock is never deleted (offers/stock.ts `unreserved`).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { isRefVisible, scopeOf } from '../../../domain/permissions';
import { SUMMARY_READS, type OffersSummary, type ReserveTile } from '../../../domain/offers/summary';
import type { SectionSpec } from '../../contract/section';
import { firstRow } from '../../db/rows';
import { scopeCondition } from '../../records/access';
import { offersSpec } from './list';

/** `reservesSpec`: the reserves section's spec, for its read scope (app.sectionSpecs: a section imports no other). */
export async function offersSummary(db: Database, auth: AuthenticatedUser, reservesSpec: SectionSpec): Promise<OffersSummary> {
  const visibleOffers = scopeCondition(offersSpec, auth, 'read');
  const sees = (figure: keyof typeof SUMMARY_READS) => isRefVisible(auth.permissions, SUMMARY_READS[figure]);
  if (scopeOf(auth.permissions, 'reserves', 'read') === 'none' || !sees('count')) return {};
  const visibleReserves = scopeCondition(reservesSpec, auth, 'read');
  const row = firstRow<Record<string, string & number>>(await db.execute(sql`
    SELECT count(*) FILTER (WHERE r.status = 'active')::int AS placed_count,
           round(coalesce(sum(r.total_selling_sum) FILTER (WHERE r.status = 'active'), 0), 2)::text AS placed_sum,
           count(*) FILTER (WHERE r.status = 'completed')::int AS realized_count,
           round(coalesce(sum(r.total_selling_sum) FILTER (WHERE r.status = 'completed'), 0), 2)::text AS realized_sum,
           round(coalesce(sum(r.total_sum) FILTER (WHERE r.status = 'completed'), 0), 2)::text AS realized_value
    FROM reserves r JOIN offers o ON o.id = r.offer_id
    WHERE ${visibleOffers} AND ${visibleReserves}`))!;
  const tile = (count: number, sum: string): ReserveTile => ({ count, ...(sees('sum') ? { sum } : {}) });
  return {
    placed_reserves: tile(row.placed_count, row.placed_sum),
    realized_reserves: tile(row.realized_count, row.realized_sum),
    ...(sees('realized_value') ? { realized_value: row.realized_value } : {}),
  };
}
