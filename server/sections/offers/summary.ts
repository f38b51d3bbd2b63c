// The three tiles of the offers page: placed reserves, realized reserves and the value of realized offers,
// over the offers the caller may see and the reserves it may read (its scopes of both sections); a figure made of
// a field hidden from the caller is left out (domain/offers/summary.ts), so a supplier's user (no reserves) gets
// no figure and role 8 no selling totals. A reserve counts by its own status alone, as in the reserves list: a
// completed reserve is a deal that happened and stays in the figures when its offer is later deleted (the
// tiles are what people report on), and an active one cannot outlive its offer, since an offer holding
// reserved stock is never deleted (offers/stock.ts `unreserved`).
import { sql, type Column } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { isRefVisible, scopeOf } from '../../../domain/permissions';
import { SUMMARY_READS } from '../../../domain/offers/summary';
import type { OffersSummary, ReserveTile } from '../../../domain/answers';
import type { SectionSpec } from '../../contract/section';
import { select, selectFirst } from '../../db/rows';
import { offers, reserves } from '../../db/schema';
import { scopeCondition } from '../../records/access';
import { offersSpec } from './list';

const R = alias(reserves, 'r');
const O = alias(offers, 'o');

/** `reservesSpec`: the reserves section's spec, for its read scope (app.sectionSpecs: a section imports no other). */
export async function offersSummary(
  db: Database,
  auth: AuthenticatedUser,
  reservesSpec: SectionSpec,
): Promise<OffersSummary> {
  const visibleOffers = scopeCondition(offersSpec, auth, 'read');
  const sees = (figure: keyof typeof SUMMARY_READS) => isRefVisible(auth.permissions, SUMMARY_READS[figure]);
  if (scopeOf(auth.permissions, 'reserves', 'read') === 'none' || !sees('count')) return {};
  const visibleReserves = scopeCondition(reservesSpec, auth, 'read');
  const counted = (status: string) => sql<number>`count(*) FILTER (WHERE ${R.status} = ${sql.raw(`'${status}'`)})::int`;
  const summed = (column: Column, status: string) =>
    sql<string>`round(coalesce(sum(${column}) FILTER (WHERE ${R.status} = ${sql.raw(`'${status}'`)}), 0), 2)::text`;
  const row = (await selectFirst(
    db,
    select({
      placed_count: counted('active'),
      placed_sum: summed(R.total_selling_sum, 'active'),
      realized_count: counted('completed'),
      realized_sum: summed(R.total_selling_sum, 'completed'),
      realized_value: summed(R.total_sum, 'completed'),
    }),
    sql`FROM ${reserves} ${R} JOIN ${offers} ${O} ON ${O.id} = ${R.offer_id}
    WHERE ${visibleOffers} AND ${visibleReserves}`,
  ))!;
  const tile = (count: number, sum: string): ReserveTile => ({ count, ...(sees('sum') ? { sum } : {}) });
  return {
    placed_reserves: tile(row.placed_count, row.placed_sum),
    realized_reserves: tile(row.realized_count, row.realized_sum),
    ...(sees('realized_value') ? { realized_value: row.realized_value } : {}),
  };
}
