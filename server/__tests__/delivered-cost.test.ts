// Issue 33: the delivered cost. Every role that may make a reserve gets the route's cost and days for (offer, buyer
// city) from the server, naming no city; the reserve's band and margin are worked out on the route's cost; a higher
// typed cost is kept, a lower one needs the right to lower delivery costs (administrators; a role setting) and is
// recorded with the route's figure beside it in the history.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { firstRow } from '../db/rows';
import { entryLines, type HistoryEntry } from '../../domain/history';

const LOWER_REFUSED =
  'Стоимость доставки не может быть ниже стоимости маршрута: 50,78 ₽/кг. ' +
  'Снизить её может администратор или роль с правом «Снижать стоимость доставки ниже маршрута»';
/** The lines the reserve card's 'История' tab prints for each entry the reader gets, oldest first. */
const historyLines = async (id: number, who: 'admin' | 'manager' = 'admin') =>
  ((await ctx.call('GET', `/api/reserves/${id}/history`, who)).body as HistoryEntry[])
    .reverse()
    .map((e) => entryLines('reserves', e));
const storedRoute = async (id: number) =>
  firstRow<{ route: string | null }>(
    await ctx.db.execute(sql`SELECT route_delivery_cost::text AS route FROM reserves WHERE id = ${id}`),
  )!.route;

let ctx: DemoContext;
let trade: Trade;
let routeCity: number;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
  // a route from the offers' city to the third city: 50.78 ₽/kg, 16 days
  routeCity = trade.cityIds[2];
  await ctx.db
    .execute(sql`INSERT INTO city_delivery (from_city_id, to_city_id, cost, days) VALUES (${trade.cityIds[0]}, ${routeCity}, 50.78, 16)
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
  expect(low.body.messages).toEqual([LOWER_REFUSED]);
  expect(
    firstRow<{ n: number }>(
      await ctx.db.execute(sql`SELECT count(*)::int AS n FROM reserves WHERE offer_id = ${offer.id}`),
    )!.n,
  ).toBe(0);
  // at the route's cost: cost per unit (50.78 + 300 + 12) × 1 = 362.78; band 362.78 × 1.1 = 399.058 → 399.06 … × 1.35 = 489.753 → 489.75;
  // margin (420 − 362.78) / 420 × 100 = 13.6238… → 13.62
  const made = await ctx.call('POST', '/api/reserves', 'manager', { ...form, delivery_cost: '50.78' });
  expect(made.status).toBe(201);
  expect([
    made.body.delivery_cost,
    made.body.min_selling_price,
    made.body.max_selling_price,
    made.body.marginality,
  ]).toEqual(['50.78', '399.06', '489.75', '13.62']);
  // special freight above the route is kept: (60 + 300 + 12) = 372; margin (420 − 372) / 420 × 100 = 11.428… → 11.43
  const dearer = await ctx.call('POST', '/api/reserves', 'manager', { ...form, delivery_cost: '60' });
  expect([dearer.body.delivery_cost, dearer.body.marginality]).toEqual(['60.00', '11.43']);
});

test("an administrator may type a lower cost: it is kept and priced on, the route's 50,78 beside it in the history", async () => {
  const offer = await trade.newOffer('100');
  const made = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { city_id: routeCity, delivery_cost: '20', unit_selling_price: '400' }),
  );
  expect(made.status).toBe(201);
  // (20 + 300 + 12) = 332; margin (400 − 332) / 400 × 100 = 17.00
  expect([made.body.delivery_cost, made.body.marginality]).toEqual(['20.00', '17.00']);
  expect(await storedRoute(made.body.id)).toBe('50.78');
  expect(await historyLines(made.body.id)).toEqual([
    ['Создано', 'Стоимость доставки: — → 20,00 ₽', 'Стоимость маршрута, ₽/кг: — → 50,78 ₽'],
  ]);
  // back up to the route's cost: nothing lowered is kept, and the history says so
  const raised = await ctx.change('PATCH', `/api/reserves/${made.body.id}`, 'admin', { delivery_cost: '50.78' });
  expect([raised.status, raised.body.delivery_cost]).toEqual([200, '50.78']);
  expect(await storedRoute(made.body.id)).toBeNull();
  expect((await historyLines(made.body.id))[1]).toEqual(
    expect.arrayContaining(['Стоимость доставки: 20,00 → 50,78 ₽', 'Стоимость маршрута, ₽/кг: 50,78 ₽ → —']),
  );
  // a reserve at the route's cost records only 'Создано'
  const plain = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, {
      city_id: routeCity,
      delivery_cost: '50.78',
      amount: '5',
      unit_selling_price: '420',
    }),
  );
  expect([plain.status, plain.body.messages]).toEqual([201, undefined]);
  expect(await historyLines(plain.body.id)).toEqual([['Создано']]);
});

test("the right to lower is a role setting: the administrator gives it to role 1, whose manager then lowers a reserve's cost on the record", async () => {
  const roleId = firstRow<{ role_id: number }>(
    await ctx.db.execute(sql`SELECT role_id FROM users WHERE email = 'manager@nutdesk.demo'`),
  )!.role_id;
  const offer = await trade.newOffer('100');
  const made = await ctx.call(
    'POST',
    '/api/reserves',
    'manager',
    reserveForm(trade, offer.id, { city_id: routeCity, delivery_cost: '50.78', unit_selling_price: '420' }),
  );
  expect(made.status).toBe(201);
  const refused = await ctx.change('PATCH', `/api/reserves/${made.body.id}`, 'manager', { delivery_cost: '30' });
  expect([refused.status, refused.body.messages]).toEqual([400, [LOWER_REFUSED]]);
  expect((await ctx.call('GET', '/api/permissions', 'manager')).body.lower_delivery_cost).toBe(false);

  // only an administrator gives it; a body that is not a yes or no is a Russian 400
  expect(
    (await ctx.call('PUT', `/api/admin/roles/${roleId}/rights`, 'manager', { lower_delivery_cost: true })).status,
  ).toBe(403);
  const bad = await ctx.call('PUT', `/api/admin/roles/${roleId}/rights`, 'admin', { lower_delivery_cost: 'да' });
  expect([bad.status, bad.body.messages]).toEqual([
    400,
    ['«Снижать стоимость доставки ниже маршрута»: укажите true или false'],
  ]);
  const given = await ctx.call('PUT', `/api/admin/roles/${roleId}/rights`, 'admin', { lower_delivery_cost: true });
  expect([given.status, given.body.lower_delivery_cost]).toEqual([200, true]);
  const logged = (await ctx.call('GET', '/api/admin/log', 'admin')).body.data[0].summary;
  expect(logged).toBe(`Права роли «${given.body.name}»: Снижать стоимость доставки ниже маршрута: нет → да`);
  expect((await ctx.call('GET', '/api/permissions', 'manager')).body.lower_delivery_cost).toBe(true);

  // now role 1 lowers it: (30 + 300 + 12) = 342; margin (420 − 342) / 420 × 100 = 18.571… → 18.57; band 342 × 1.1 = 376.20 … × 1.35 = 461.70
  const lowered = await ctx.change('PATCH', `/api/reserves/${made.body.id}`, 'manager', { delivery_cost: '30' });
  expect([
    lowered.status,
    lowered.body.delivery_cost,
    lowered.body.marginality,
    lowered.body.min_selling_price,
    lowered.body.max_selling_price,
  ]).toEqual([200, '30.00', '18.57', '376.20', '461.70']);
  expect(await storedRoute(made.body.id)).toBe('50.78');
  expect((await historyLines(made.body.id, 'manager'))[1]).toEqual(
    expect.arrayContaining(['Стоимость доставки: 50,78 → 30,00 ₽', 'Стоимость маршрута, ₽/кг: — → 50,78 ₽']),
  );
  // taken back, the refusal returns
  await ctx.call('PUT', `/api/admin/roles/${roleId}/rights`, 'admin', { lower_delivery_cost: false });
  const again = await ctx.call(
    'POST',
    '/api/reserves',
    'manager',
    reserveForm(trade, offer.id, { city_id: routeCity, delivery_cost: '30', amount: '5', unit_selling_price: '420' }),
  );
  expect([again.status, again.body.messages]).toEqual([400, [LOWER_REFUSED]]);
});

test("a cost typed below the route's: the card and the list show the margin on it and on the route's; role 8 sees neither", async () => {
  const offer = await trade.newOffer('100');
  const made = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { city_id: routeCity, delivery_cost: '1', unit_selling_price: '400' }),
  );
  expect(made.status).toBe(201);
  // typed: (1 + 300 + 12) = 313; (400 − 313) / 400 × 100 = 21.75
  // route: (50.78 + 300 + 12) = 362.78; (400 − 362.78) / 400 × 100 = 9.305 → 9.31 (half up)
  expect([made.body.marginality, made.body.route_marginality]).toEqual(['21.75', '9.31']);
  const listed = (await ctx.call('GET', `/api/reserves?reserves_ids=${made.body.id}`, 'admin')).body.data[0];
  expect([listed.marginality, listed.route_marginality]).toEqual(['21.75', '9.31']);
  // the list filters by it: 9.31 is under 10, 21.75 is not
  const under = await ctx.call('GET', `/api/reserves?reserves_ids=${made.body.id}&route_marginality_to=10`, 'admin');
  expect(under.body.data.map((r: { id: number }) => r.id)).toEqual([made.body.id]);
  // at the route's cost the two are one
  const plain = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, {
      city_id: routeCity,
      delivery_cost: '50.78',
      amount: '5',
      unit_selling_price: '400',
    }),
  );
  expect([plain.body.marginality, plain.body.route_marginality]).toEqual(['9.31', '9.31']);
  // a role that does not see the margin gets neither, under any name
  const hidden = (await ctx.call('GET', `/api/reserves?reserves_ids=${made.body.id}`, 'warehouse')).body.data[0];
  expect(hidden).not.toHaveProperty('route_marginality');
  expect(hidden).not.toHaveProperty('marginality');
  const card = await ctx.call('GET', `/api/reserves/${made.body.id}`, 'warehouse');
  expect([card.status, 'route_marginality' in card.body, 'marginality' in card.body]).toEqual([200, false, false]);
  // filtering by it is reading it
  expect((await ctx.call('GET', `/api/reserves?route_marginality_to=10`, 'warehouse')).status).toBe(403);
});
