// The route of a reserve (issue 33): the delivery cost (₽ per kg) and days from an offer's loading city to the
// buyer's city, as the reserve is priced on it (record.ts) and as GET /api/reserves/route answers it (route.ts).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { roundedOf, select, selectFirst } from '../../db/rows';
import { cityDelivery, offers } from '../../db/schema';
import { DELIVERY_COST_MIN, deliveryTerms } from '../../../domain/reserves/figures';

export interface ReserveRoute {
  /** ₽ per kg: the route's, or delivery_cost_default where the matrix holds no route. */
  cost: number;
  days: number | null;
  /** No route in the matrix: the cost is the default one. */
  fallback: boolean;
}

const O = alias(offers, 'o');
const D = alias(cityDelivery, 'd');
const ROUTE = select({ cost: roundedOf(D.cost), days: D.days });

/** The route from the offer's loading city to `to` (a city id; null: no city yet, the default cost). */
export async function routeOf(db: Database, offerId: number, to: number | null, deliveryCostDefault: number): Promise<ReserveRoute> {
  const found = to === null ? undefined : await selectFirst(db, ROUTE, sql`FROM ${offers} ${O}
    JOIN ${cityDelivery} ${D} ON ${D.from_city_id} = ${O.city_id} AND ${D.to_city_id} = ${to} WHERE ${O.id} = ${offerId}`);
  const terms = deliveryTerms(found, deliveryCostDefault);
  return { cost: terms.delivery_cost, days: terms.delivery_days, fallback: !found || Number(found.cost) < DELIVERY_COST_MIN };
}
