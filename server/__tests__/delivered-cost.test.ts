// Issue 33: the delivered cost. Every role that may make a reserve gets the route's cost and days for (offer, buyer
// city) from the server, naming no city; the reserve's band and margin are worked out on the route's cost; a higher
// typed cost is kept, a lower one only an administrator may type.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { firstRow } from '../http/rows';

let ctx: DemoContext;
let trade: Trade;
let routeCity: number;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 2600);
  // a route from the offers' city to the third city: 50.78 ₽/kg, 16 days
  routeCity = trade.cityIds[2];
  await ctx.db.execute(sql`INSERT INTO city_delivery (from_city_id, to_city_id, cost, days) VALUES (${trade.cityIds[0]}, ${routeCity}, 50.78, 16)
    ON CONFLICT (from_city_id, to_city_id) DO UPDATE SET cost = 50.78, days = 16`);
});
afterAll(() => ctx.close());

test("role 1 gets the route's cost and days for the offer and the buyer's city, no city named; the default where no route", async () => {
  const offer = await trade.newOffer('100');
  const route = await ctx.call('GET', `/api/reserves/route?offer=${offer.id}&to=${routeCity}`, 'manager');
  expect(route.status).toBe(200);
  expect(route.body).toEqual({ offer_id: offer.id, to_id: routeCity, cost: '50.78', days: 16, default: false });
  const none = await ctx.call('GET', `/api/reserves/route?offer=${offer.id}&to=${trade.cityIds[1]}`, 'manager');
  expect(none.body).toEqual({ offer_id: offer.id, to_id: trade.cityIds[1], cost: '15.00', days: null, default: true });
  // the matrix itself stays closed to it
  expect((await ctx.call('GET', `/api/delivery?offer=${offer.id}&to=${routeCity}`, 'manager')).status).toBe(403);
  // a role that makes no reserves: 403; no offer: 400 in Russian
  expect((await ctx.call('GET', `/api/reserves/route?offer=${offer.id}&to=${routeCity}`, 'supplier')).status).toBe(403);
  const bad = await ctx.call('GET', `/api/reserves/route?to=${routeCity}`, 'manager');
  expect([bad.status, bad.body.messages]).toEqual([400, ['Укажите предложение (offer) и город доставки (to)']]);
});

test("a reserve is priced on the route's cost: 1 ₽/kg typed is refused for role 1; the band and margin on 50.78", async () => {
  const offer = await trade.newOffer('100');
  const form = reserveForm(trade, offer.id, { city_id: routeCity, delivery_cost: '1', unit_selling_price: '420' });
  const low = await ctx.call('POST', '/api/reserves', 'manager', form);
  expect(low.status).toBe(400);
  expect(low.body.messages).toEqual(['Стоимость доставки не может быть ниже стоимости маршрута: 50,78 ₽/кг. Снизить её может только администратор']);
  expect(firstRow<{ n: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM reserves WHERE offer_id = ${offer.id}`))!.n).toBe(0);
  // at the route's cost: cost per unit (50.78 + 300 + 12) × 1 = 362.78; band 362.78 × 1.1 = 399.058 → 399.06 … × 1.35 = 489.753 → 489.75;
  // margin (420 − 362.78) / 420 × 100 = 13.6238… → 13.62
  const made = await ctx.call('POST', '/api/reserves', 'manager', { ...form, delivery_cost: '50.78' });
  expect(made.status).toBe(201);
  expect([made.body.delivery_cost, made.body.min_selling_price, made.body.max_selling_price, made.body.marginality])
    .toEqual(['50.78', '399.06', '489.75', '13.62']);
  // special freight above the route is kept: (60 + 300 + 12) = 372; margin (420 − 372) / 420 × 100 = 11.428… → 11.43
  const dearer = await ctx.call('POST', '/api/reserves', 'manager', { ...form, delivery_cost: '60' });
  expect([dearer.body.delivery_cost, dearer.body.marginality]).toEqual(['60.00', '11.43']);
});

test('an administrator may type a lower cost: it is kept and priced on', async () => {
  const offer = await trade.newOffer('100');
  const made = await ctx.call('POST', '/api/reserves', 'admin', reserveForm(trade, offer.id, { city_id: routeCity, delivery_cost: '20', unit_selling_price: '400' }));
  expect(made.status).toBe(201);
  // (20 + 300 + 12) = 332; margin (400 − 332) / 400 × 100 = 17.00
  expect([made.body.delivery_cost, made.body.marginality]).toEqual(['20.00', '17.00']);
});
