// What the tests of reserves and of the records' history start from on the demo data: the business settings their
// figures are worked by hand against, an active employee and active cities, and the offer and reserve forms they
// post, each test file adding its own prices.
import { sql } from 'drizzle-orm';
import { addDays, businessToday, TIME_ZONE_DEFAULT } from '../../domain/businessDay';
import { seasonOf } from '../../domain/offers/harvestYear';
import { firstRow, rowsOf } from '../db/rows';
import { offers } from '../db/schema';
import type { DemoContext } from './testApp';

/** The business day (the demo's zone, Europe/Moscow), as the server judges dates, whatever the machine's zone. */
export const today = businessToday(TIME_ZONE_DEFAULT);
export const tomorrow = addDays(today, 1);

export interface Trade {
  /** The first active employee: a seller for the admin (who has no employee) to name as responsible. */
  employeeId: number;
  /** The first three active cities: offers load in the first, reserves deliver to the second. */
  cityIds: number[];
  /** Posts a fresh offer of `unitAmount` units as the admin (each of another harvest season, so none is a duplicate). */
  newOffer: (unitAmount: string, patch?: Record<string, unknown>) => Promise<Record<string, unknown> & { id: number }>;
}

/** Writes the settings the demo runs on (delivery 15 ₽/kg, costs 12 ₽/kg, markups 10 % … 35 %) and picks the
 * employee and cities of the forms; the offers are the offer form with `offer`'s product and prices, their harvest
 * years the seasons counted from `firstYear` ('1990/91', '1991/92', …): valid harvest years (issue 33: 1990 up to
 * next year) that no demo offer has (the demo's are whole years) nor a test's own whole year. A file has room for
 * the seasons from `firstYear` to this year's. */
export async function prepareTrade(
  ctx: DemoContext,
  offer: { product_id: number } & Record<string, unknown>,
  firstYear: number,
): Promise<Trade> {
  const { db } = ctx;
  for (const [name, value] of Object.entries({
    delivery_cost_default: '15',
    costs_per_kg: '12',
    min_markup: '0.1',
    max_markup: '0.35',
  })) {
    await db.execute(
      sql`INSERT INTO business_settings (name, value) VALUES (${name}, ${value}) ON CONFLICT (name) DO UPDATE SET value = ${value}`,
    );
  }
  const employeeId = firstRow<{ id: number }>(
    await db.execute(sql`SELECT id FROM employees WHERE status = 'active' ORDER BY id LIMIT 1`),
  )!.id;
  const cityIds = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM cities WHERE status = 'active' ORDER BY id LIMIT 3`),
  ).map((r) => r.id);
  // the matrix holds no route from the offers' city to the buyers' (issue 33: a reserve is priced on the route's cost,
  // the default 15 ₽/kg where there is none), so the forms' 15 ₽/kg is the delivered cost for every role
  await db.execute(sql`DELETE FROM city_delivery WHERE from_city_id = ${cityIds[0]} AND to_city_id = ${cityIds[1]}`);
  // an offer by the kilogram in packs of 10, from supplier 1, loaded in the first city at no cost
  const template = {
    packing_id: 1,
    city_id: cityIds[0],
    supplier_id: 1,
    origin_country: 'Иран',
    unit_measure: 'кг',
    units_per_pack: '10',
    warehouse_cost: '0',
    loading_address: 'Москва, ул. Складская, 9',
    ...offer,
  };
  // the forms' buyer has its card (issue 49: a typed buyer is the card with its name and phone), on 180 days' deferral
  // and no limit, so the tests' sales, however far back they are completed, never make it overdue
  await db.execute(sql`INSERT INTO buyers (name, phone, city_id, delivery_address, responsible_id, payment_terms, deferral_days)
    SELECT ${FORM_BUYER.name}, ${FORM_BUYER.phone}, ${cityIds[1]}, 'Казань, ул. Баумана, 5', ${employeeId}, 'deferral', 180
    WHERE NOT EXISTS (SELECT 1 FROM buyers WHERE name = ${FORM_BUYER.name} AND phone = ${FORM_BUYER.phone})`);
  let year = firstYear;
  const newOffer = async (unitAmount: string, patch: Record<string, unknown> = {}) => {
    const res = await ctx.call('POST', '/api/offers', 'admin', {
      ...template,
      harvest_year: seasonOf(year++),
      unit_amount: unitAmount,
      ...patch,
    });
    expect(res.status).toBe(201);
    return res.body as Record<string, unknown> & { id: number };
  };
  return { employeeId, cityIds, newOffer };
}

/** The trade most reserve tests work against: offers of the first offer's product by the kilogram at 300 ₽ in packs
 * of 10, so at delivery 15 ₽/kg the selling band is (15 + 300 + 12) × 1.1 = 359.70 … × 1.35 = 441.45. */
export async function kilogramTrade(ctx: DemoContext, firstYear: number): Promise<Trade> {
  const [any] = await ctx.db.select().from(offers).limit(1);
  return prepareTrade(ctx, { product_id: any.product_id, unit_weight: '1', unit_price: '300' }, firstYear);
}

/** The buyer the reserve forms type: its card is the trade's (prepareTrade). */
export const FORM_BUYER = { name: 'ООО «Орех»', phone: '79123456789' } as const;

/** A reserve of 20 units of the offer for a buyer in the second city (no route: the default 15 ₽/kg), delivered in 3 days by tomorrow. */
export const reserveForm = (trade: Trade, offerId: number, patch: Record<string, unknown> = {}) => ({
  offer_id: offerId,
  amount: '20',
  estimated_date_implementation: tomorrow,
  buyer_name: 'ООО «Орех»',
  buyer_phone: '+7 (912) 345-67-89',
  city_id: trade.cityIds[1],
  delivery_address: 'Казань, ул. Баумана, 5',
  delivery_cost: '15',
  delivery_days: '3',
  responsible_id: trade.employeeId,
  ...patch,
});

/** A quote's trade: the kilogram trade, a route of 7.50 ₽/kg and 4 days from the offers' city to Kazan, a product of
 * its own and the card of the buyer the quotes are saved for (a quote's reserve needs its buyer). */
export async function quoteTrade(ctx: DemoContext, firstYear: number) {
  const trade = await kilogramTrade(ctx, firstYear);
  const kazan = firstRow<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM cities WHERE name = 'Казань'`))!.id;
  const productId = (await ctx.call('POST', '/api/products', 'admin', { name: 'Фисташка жареная' })).body.id as number;
  await ctx.db
    .execute(sql`INSERT INTO city_delivery (from_city_id, to_city_id, cost, days) VALUES (${trade.cityIds[0]}, ${kazan}, 7.5, 4)
    ON CONFLICT (from_city_id, to_city_id) DO UPDATE SET cost = 7.5, days = 4`);
  const oreh = firstRow<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM buyers WHERE name = ${FORM_BUYER.name} AND phone = ${FORM_BUYER.phone}`),
  )!.id;
  return { trade, kazan, productId, oreh };
}
