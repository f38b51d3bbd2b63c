// Issue 51 (and issue 50's medium item): a buyer in the lot's own loading city. Each city has its own local delivery,
// its own row of the matrix (PUT /api/cities/{id}/delivery with to_id = its id), or where that is not set the local
// default (setting 'Доставка по городу по умолчанию', 1 ₽/kg, the next day). The loading city is priced like any
// destination, so a role that does not see the loading city (role 1) finds no flag, no missing day, that names it.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, today, type Trade } from './trade';
import { addDays } from '../../domain/businessDay';

let ctx: DemoContext;
let trade: Trade;
let origin: number;
let productId: number;
let offerId: number;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
  origin = trade.cityIds[0];
  productId = (await ctx.call('POST', '/api/products', 'admin', { name: 'Орех пекан местный' })).body.id;
  // 300 ₽/kg by the kilogram, loaded in `origin`; the city's own row is not set
  offerId = (await trade.newOffer('500', { product_id: productId })).id;
  await ctx.db.execute(sql`DELETE FROM city_delivery WHERE from_city_id = ${origin} AND to_city_id = ${origin}`);
  await ctx.db.execute(sql`DELETE FROM business_settings WHERE name = 'local_delivery_cost_default'`);
}, 300_000);
afterAll(() => ctx?.close());

const routeAs = async (who: 'admin' | 'manager', to: number) =>
  (await ctx.call('GET', `/api/reserves/route?offer=${offerId}&to=${to}`, who)).body;
const listLine = async (who: 'admin' | 'manager', city: number) => {
  const res = await ctx.call(
    'GET',
    `/api/price-list?city_id=${city}&product_id=${productId}&level=percent&markup=20`,
    who,
  );
  expect(res.status).toBe(200);
  return res.body.lines.find((l: { offer_id: number }) => l.offer_id === offerId);
};
const quotePart = async (who: 'admin' | 'manager', city: number) => {
  const res = await ctx.call('POST', '/api/quotes/search', who, {
    product_id: productId,
    city_id: city,
    amount: 100,
    unit: 'кг',
    level: 'min',
  });
  expect(res.status).toBe(200);
  return res.body.lines[0].offers[0];
};

test('role 1 never learns "no route" for the loading city: the local default prices it like any route, with its day', async () => {
  // the reserve's route: 1 ₽/kg, 1 day, no default flag (it was 15,00 ₽/kg, no days, default: true)
  expect(await routeAs('manager', origin)).toEqual({
    offer_id: offerId,
    to_id: origin,
    cost: '1.00',
    days: 1,
    default: false,
  });
  // the price list: (1 + 300 + 12) × 1 = 313.00 × 1.20 = 375.60
  expect(await listLine('manager', origin)).toMatchObject({
    unit_price: '375.60',
    kg_price: '375.60',
    delivery_cost: '1.00',
    delivery_days: 1,
    default_delivery: false,
  });
  // the quote: the band's minimum 313.00 × 1.10 = 344.30, ready tomorrow
  expect(await quotePart('manager', origin)).toMatchObject({
    delivery_cost: '1.00',
    default_delivery: false,
    route_days: 1,
    earliest_delivery: addDays(today, 1),
    unit_price: '344.30',
  });
  // a city with no route at all is still the default 15 ₽/kg: many cities, not one
  await ctx.db.execute(
    sql`DELETE FROM city_delivery WHERE from_city_id = ${origin} AND to_city_id = ${trade.cityIds[1]}`,
  );
  expect(await routeAs('manager', trade.cityIds[1])).toEqual({
    offer_id: offerId,
    to_id: trade.cityIds[1],
    cost: '15.00',
    days: null,
    default: true,
  });
});

test("a city's own row is set like any route and prices the local sale; the local default is a setting of its own", async () => {
  const put = await ctx.call('PUT', `/api/cities/${origin}/delivery`, 'admin', [
    { to_id: origin, cost: '2,5', days: 1 },
  ]);
  expect(put.status).toBe(200);
  // the city's own row comes first in its table
  expect(put.body[0]).toEqual({ id: origin, to_id: origin, to_name: expect.any(String), cost: '2.50', days: 1 });
  expect(await routeAs('manager', origin)).toEqual({
    offer_id: offerId,
    to_id: origin,
    cost: '2.50',
    days: 1,
    default: false,
  });
  // (2.50 + 300 + 12) = 314.50 × 1.20 = 377.40
  expect(await listLine('admin', origin)).toMatchObject({
    unit_price: '377.40',
    delivery_cost: '2.50',
    delivery_days: 1,
    default_delivery: false,
  });

  // without its own row, the setting: 3 ₽/kg → (3 + 300 + 12) = 315.00 × 1.20 = 378.00
  expect(
    (await ctx.call('PUT', `/api/cities/${origin}/delivery`, 'admin', [{ to_id: origin, cost: '', days: '' }])).status,
  ).toBe(200);
  const settings = await ctx.call('POST', '/api/settings', 'admin', ['local_delivery_cost_default']);
  expect(settings.body).toEqual({ local_delivery_cost_default: '1' });
  const saved = await ctx.call('PUT', '/api/settings', 'admin', { local_delivery_cost_default: '3' });
  expect(saved.status).toBe(200);
  expect(await listLine('manager', origin)).toMatchObject({
    unit_price: '378.00',
    delivery_cost: '3.00',
    delivery_days: 1,
    default_delivery: false,
  });
  // below the least delivery cost it is refused in Russian, as the between-cities default is
  const low = await ctx.call('PUT', '/api/settings', 'admin', { local_delivery_cost_default: '0,5' });
  expect([low.status, low.body.messages]).toEqual([400, ['Не меньше 1']]);
});
