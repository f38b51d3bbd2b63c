// The route of a reserve: the delivery cost (₽ per kg) and days from an offer's loading city to the
// buyer's city, as the reserve is priced on it (record.ts) and as GET /api/reserves/route answers it (route.ts).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { roundedOf, select, selectFirst } from '../../db/rows';
import { cityDelivery, offers } from '../../db/schema';
import { routeTerms } from '../../../domain/reserves/figures';
import type { BusinessSettings } from '../../../domain/settings';

export interface ReserveRoute {
  /** ₽ per kg: the route's, or delivery_cost_default where the matrix holds no route. */
  cost: number;
  days: number | null;
  /** No route in the matrix to another city: the cost is the default one. */
  fallback: boolean;
}

const O = alias(offers, 'o');
const D = alias(cityDelivery, 'd');
const ROUTE = select({ cost: roundedOf(D.cost), days: D.days, loading_city_id: O.city_id });

/** The route from the offer's loading city to `to` (a city id; null: no city yet, the default cost); to the
 * loading city itself, its own row or the local default (domain/reserves/figures.ts routeTerms). */
export async function routeOf(
  db: Database,
  offerId: number,
  to: number | null,
  settings: Pick<BusinessSettings, 'delivery_cost_default' | 'local_delivery_cost_default'>,
): Promise<ReserveRoute> {
  const found =
    to === null
      ? undefined
      : await selectFirst(
          db,
          ROUTE,
          sql`FROM ${offers} ${O}
    LEFT JOIN ${cityDelivery} ${D} ON ${D.from_city_id} = ${O.city_id} AND ${D.to_city_id} = ${to} WHERE ${O.id} = ${offerId}`,
        );
  const terms = routeTerms(found, found?.loading_city_id === to, settings);
  return { cost: terms.delivery_cost, days: terms.delivery_days, fallback: terms.fallback };
}
