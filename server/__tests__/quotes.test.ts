// A quote while the buyer is on the phone (issue 38): POST /api/quotes/search ranks the lots of a product that can
// serve the amount in the buyer's city, each delivered price worked by hand against the matrix and the stored
// settings to the kopeck; the split across lots; what role 1 sees (the route's cost, no loading city, no supplier);
// who may not quote; bad requests in Russian.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { firstRow } from '../db/rows';
import { kilogramTrade, today, type Trade } from './trade';
import { addDays } from '../../domain/businessDay';
import { QUOTE_MSG } from '../../domain/quotes/access';

let ctx: DemoContext;
let trade: Trade;
let kazan: number;
let productId: number;
let big: number;
let piece: number;
let small: number;
let loadingCities: string[];

const route = async (from: number, cost: string, days: number) =>
  ctx.db.execute(sql`INSERT INTO city_delivery (from_city_id, to_city_id, cost, days)
  VALUES (${from}, ${kazan}, ${cost}, ${days}) ON CONFLICT (from_city_id, to_city_id) DO UPDATE SET cost = ${cost}, days = ${days}`);

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
  kazan = firstRow<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM cities WHERE name = 'Казань'`))!.id;
  productId = (await ctx.call('POST', '/api/products', 'admin', { name: 'Кешью W320' })).body.id;
  const [first, second, third] = trade.cityIds
    .filter((id) => id !== kazan)
    .concat(trade.cityIds)
    .slice(0, 3);
  // 500 kg at 300 ₽/kg from the first city: 7.50 ₽/kg and 4 days to Kazan
  big = (await trade.newOffer('500', { product_id: productId, city_id: first })).id;
  await route(first, '7.5', 4);
  // 200 kg at 310 ₽/kg from the second: 5.00 ₽/kg and 2 days
  small = (await trade.newOffer('200', { product_id: productId, unit_price: '310', city_id: second })).id;
  await route(second, '5', 2);
  // 240 pieces of 0.25 kg at 100 ₽ (400 ₽/kg), packs of 12, from a city with no route: the default 15 ₽/kg
  piece = (
    await trade.newOffer('240', {
      product_id: productId,
      unit_measure: 'шт',
      unit_weight: '0.25',
      unit_price: '100',
      units_per_pack: '12',
      city_id: third,
    })
  ).id;
  await ctx.db.execute(sql`DELETE FROM city_delivery WHERE from_city_id = ${third} AND to_city_id = ${kazan}`);
  loadingCities = (
    (await ctx.db.execute(
      sql`SELECT DISTINCT c.name FROM offers o JOIN cities c ON c.id = o.city_id WHERE o.product_id = ${productId}`,
    )) as unknown as { rows: { name: string }[] }
  ).rows.map((r) => r.name);
}, 120_000);

afterAll(() => ctx?.close());

const search = (body: Record<string, unknown>, who: 'admin' | 'manager' | 'warehouse' | 'supplier' = 'admin') =>
  ctx.call('POST', '/api/quotes/search', who, {
    product_id: productId,
    city_id: kazan,
    unit: 'кг',
    level: 'middle',
    ...body,
  });

test('each lot that holds the amount, ranked by the delivered price per kg, worked by hand against the matrix', async () => {
  // what is stored: the offers, the routes and the settings (trade.ts)
  const stored = firstRow<{ a: string; b: string; p: string; pw: string; ra: string; rb: string }>(
    await ctx.db.execute(sql`
    SELECT a.kg_price::text AS a, b.kg_price::text AS b, p.kg_price::text AS p, p.unit_weight::text AS pw, da.cost::text AS ra, db.cost::text AS rb
    FROM offers a, offers b, offers p, city_delivery da, city_delivery db
    WHERE a.id = ${big} AND b.id = ${small} AND p.id = ${piece}
      AND da.from_city_id = a.city_id AND da.to_city_id = ${kazan} AND db.from_city_id = b.city_id AND db.to_city_id = ${kazan}`),
  )!;
  expect(stored).toEqual({ a: '300.00', b: '310.00', p: '400.00', pw: '0.250', ra: '7.50', rb: '5.00' });
  const settings = Object.fromEntries(
    (
      (await ctx.db.execute(sql`SELECT name, value FROM business_settings`)) as unknown as {
        rows: { name: string; value: string }[];
      }
    ).rows.map((r) => [r.name, r.value]),
  );
  expect(settings).toMatchObject({
    delivery_cost_default: '15',
    costs_per_kg: '12',
    min_markup: '0.1',
    max_markup: '0.35',
  });

  const res = await search({ amount: 100 });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    city: { id: kazan, name: 'Казань' },
    buyer: null,
    date: today,
    amount: '100.00',
    unit: 'кг',
  });
  // the piece lot: 100 kg is 400 pieces of 0.25 kg, it has 240; the two others each hold 100 kg
  expect(res.body.lines.map((l: { offers: { offer_id: number }[] }) => l.offers.map((o) => o.offer_id))).toEqual([
    [big],
    [small],
  ]);
  const [a, b] = res.body.lines;
  // 300.00 + 12 + 7.50 = 319.50 ₽/kg (and per unit: 1 kg); band × 1.10 = 351.45 … × 1.35 = 431.325 → 431.33;
  // the middle (351.45 + 431.33) / 2 = 391.39; margin (391.39 − 319.50) / 391.39 = 18.367… → 18.37 %; 4 days
  expect(a).toEqual({
    offers: [
      expect.objectContaining({
        offer_id: big,
        amount: '100.00',
        kg: '100.000',
        product: 'Кешью W320',
        harvest_year: '1990/91',
        unit_measure: 'кг',
        available_amount: '500.00',
        delivery_cost: '7.50',
        default_delivery: false,
        route_days: 4,
        earliest_delivery: addDays(today, 4),
        delivered_kg_price: '319.50',
        delivered_unit_price: '319.50',
        unit_price: '391.39',
        price_kg: '391.39',
        band: { min: '351.45', max: '431.33' },
        margin: '18.37',
      }),
    ],
    delivered_kg_price: '319.50',
    unit_price: '391.39',
    price_kg: '391.39',
    band: { min: '351.45', max: '431.33' },
    margin: '18.37',
    route_days: 4,
    earliest_delivery: addDays(today, 4),
    available: '500.00',
    total_kg: '100.000',
    total_sum: '39139.00',
    // no buyer named: no credit to check
    credit: null,
  });
  // 310.00 + 12 + 5.00 = 327.00; band 359.70 … 441.45; the middle 801.15 / 2 = 400.575 → 400.58; 2 days
  expect(b).toMatchObject({
    delivered_kg_price: '327.00',
    unit_price: '400.58',
    band: { min: '359.70', max: '441.45' },
    route_days: 2,
    earliest_delivery: addDays(today, 2),
  });

  // in pieces: only the piece lot counts; 400.00 + 12 + 15 (no route: the default) = 427.00 ₽/kg, a unit × 0.25 =
  // 106.75; band 117.425 → 117.43 … 144.1125 → 144.11; at the minimum, per kg 117.43 / 0.25 = 469.72
  const pieces = await search({ amount: 100, unit: 'шт', level: 'min' });
  expect(pieces.body.lines).toEqual([
    expect.objectContaining({
      offers: [
        expect.objectContaining({
          offer_id: piece,
          amount: '100.00',
          kg: '25.000',
          delivery_cost: '15.00',
          default_delivery: true,
          route_days: null,
          earliest_delivery: null,
          delivered_kg_price: '427.00',
          delivered_unit_price: '106.75',
          unit_price: '117.43',
          price_kg: '469.72',
          band: { min: '117.43', max: '144.11' },
          margin: '9.09',
        }),
      ],
      total_sum: '11743.00',
      available: '240.00',
    }),
  ]);
  // a margin of 20 %: 319.50 / 0.8 = 399.375 → 399.38
  expect((await search({ amount: 100, level: 'margin', margin: 20 })).body.lines[0].unit_price).toBe('399.38');
});

test('no single lot has the amount: two or three lots together, cheapest first, as one line', async () => {
  // 600 kg: 500 of the cheapest + 100 of the next; delivered (500 × 319.50 + 100 × 327.00) / 600 = 320.75;
  // sold 500 × 391.39 + 100 × 400.58 = 235 753.00, per kg 392.921… → 392.92
  const two = await search({ amount: 600 });
  expect(two.body.lines).toHaveLength(1);
  expect(two.body.lines[0]).toMatchObject({
    delivered_kg_price: '320.75',
    unit_price: null,
    band: null,
    price_kg: '392.92',
    total_sum: '235753.00',
    total_kg: '600.000',
    margin: '18.37',
    route_days: 4,
    available: '700.00',
  });
  expect(two.body.lines[0].offers.map((o: { offer_id: number; amount: string }) => [o.offer_id, o.amount])).toEqual([
    [big, '500.00'],
    [small, '100.00'],
  ]);
  // 740 kg: + 40 kg of the pieces = 160 pieces; (159 750 + 65 400 + 40 × 427) / 740 = 327.337… → 327.34; the
  // piece lot has no route, so the line's days are unknown
  const three = await search({ amount: 740 });
  expect(three.body.lines[0].offers.map((o: { offer_id: number; amount: string }) => [o.offer_id, o.amount])).toEqual([
    [big, '500.00'],
    [small, '200.00'],
    [piece, '160.00'],
  ]);
  expect(three.body.lines[0]).toMatchObject({
    delivered_kg_price: '327.34',
    total_sum: '296734.20',
    route_days: null,
    earliest_delivery: null,
  });
  // more than the three hold: no line
  expect((await search({ amount: 761 })).body.lines).toEqual([]);
});

test("role 1 quotes with the route's cost but sees no loading city and no supplier; role 8 and a supplier may not quote", async () => {
  const res = await search({ amount: 100 }, 'manager');
  expect(res.status).toBe(200);
  expect(res.body.lines[0].offers[0]).toMatchObject({
    offer_id: big,
    delivery_cost: '7.50',
    delivered_kg_price: '319.50',
  });
  const supplier = firstRow<{ name: string }>(
    await ctx.db.execute(sql`SELECT s.name FROM offers o JOIN suppliers s ON s.id = o.supplier_id WHERE o.id = ${big}`),
  )!.name;
  const text = JSON.stringify(res.body);
  for (const name of [supplier, ...loadingCities]) expect(text).not.toContain(name);
  expect(text).not.toMatch(/supplier|loading|city_id/);
  for (const who of ['warehouse', 'supplier'] as const) {
    const refused = await search({ amount: 100 }, who);
    expect([who, refused.status, refused.body.message]).toEqual([who, 403, QUOTE_MSG.forbidden]);
  }
});

test('bad questions answer 400 in Russian and change nothing', async () => {
  const messages = async (body: Record<string, unknown>) => (await search(body)).body.messages;
  expect(await messages({ amount: 0 })).toEqual([QUOTE_MSG.amount]);
  expect(await messages({ amount: 10, city_id: undefined })).toEqual([QUOTE_MSG.city]);
  expect(await messages({ amount: 10, city_id: 999999 })).toEqual([QUOTE_MSG.cityMissing]);
  expect(await messages({ amount: 10, product_id: 999999 })).toEqual([QUOTE_MSG.productMissing]);
  expect(await messages({ amount: 10, unit: 'т' })).toEqual([QUOTE_MSG.unit]);
  expect(await messages({ amount: 10.5, unit: 'шт' })).toEqual([QUOTE_MSG.whole]);
  expect(await messages({ amount: 10, level: 'cheap' })).toEqual([QUOTE_MSG.level]);
  expect(await messages({ amount: 10, level: 'margin' })).toEqual([QUOTE_MSG.marginMissing]);
  // the band's markups 10 % … 35 % are margins of 9.09 … 25.93 %
  expect(await messages({ amount: 10, level: 'margin', margin: 30 })).toEqual(['Маржа должна быть от 9,09 до 25,93 %']);
  expect((await ctx.call('POST', '/api/quotes/search', 'admin', {})).status).toBe(400);
});

test("a lot on its way shows its expected day, and the goods leave from it: arrival + the route's days", async () => {
  const arrival = addDays(today, 5);
  await ctx.db.execute(
    sql`UPDATE offers SET logistics_state = 'in_transit', expected_arrival = ${arrival} WHERE id = ${small}`,
  );
  try {
    const res = await search({ amount: 100 });
    const [a, b] = res.body.lines;
    expect(a.offers[0]).toMatchObject({
      offer_id: big,
      availability: 'На складе',
      expected_arrival: null,
      earliest_delivery: addDays(today, 4),
    });
    const [y, m, d] = arrival.split('-');
    expect(b.offers[0]).toMatchObject({
      offer_id: small,
      availability: `В пути, ожидается ${d}.${m}.${y}`,
      expected_arrival: arrival,
      earliest_delivery: addDays(arrival, 2),
    });
    expect(b.earliest_delivery).toBe(addDays(arrival, 2));
    // split across both: the line is there when its slowest part is
    expect((await search({ amount: 600 })).body.lines[0].earliest_delivery).toBe(addDays(arrival, 2));
  } finally {
    await ctx.db.execute(sql`UPDATE offers SET logistics_state = 'stock', expected_arrival = NULL WHERE id = ${small}`);
  }
});
