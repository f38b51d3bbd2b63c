// Shipments through the API: the container of the issue worked by hand with a second lot, each lot's
// landed cost stored in the shipment's transaction and told in its history, estimate then actual with the difference
// per kg, refusals in Russian that name the line or the lot, rights and hidden figures, and the declaration UPD reads.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { prepareTrade, type Trade } from './trade';
import { firstRow, rowsOf } from '../db/rows';
import { declarationOf } from '../sections/shipments';

let ctx: DemoContext;
let trade: Trade;
let pistachios: number;
let almonds: number;
let shipment: number;
const call: DemoContext['call'] = (...args) => ctx.call(...args);
const landed = async (id: number) =>
  firstRow<{ c: string | null }>(
    await ctx.db.execute(sql`SELECT landed_kg_cost::text AS c FROM offers WHERE id = ${id}`),
  )!.c;
const band = async (id: number) => {
  const row = firstRow<{ min: string; max: string }>(
    await ctx.db.execute(
      sql`SELECT min_unit_price::text AS min, max_unit_price::text AS max FROM offers WHERE id = ${id}`,
    ),
  )!;
  return [row.min, row.max];
};

/** The issue's container: goods for both lots (215 000 USD) 30 % at 85,50 and 70 % at 90,00, freight 6 000 USD at
 * 88,00, the pistachios' duty 9 300 USD at 89,00, broker 45 000 ₽ by value, Russian freight 110 000 ₽, lab 30 000 ₽
 * by quantity. `freight` replaces the freight line. */
const container = (
  freight: object[] = [{ kind: 'freight_abroad', amount: '6000', currency: 'USD', rate: '88.00', status: 'actual' }],
) => [
  { kind: 'goods', amount: '64500', currency: 'USD', rate: '85,50', rate_date: '2026-09-01', status: 'actual' },
  { kind: 'goods', amount: '150500', currency: 'USD', rate: '90.00', rate_date: '2026-10-15', status: 'actual' },
  ...freight,
  { kind: 'duty', amount: '9300', currency: 'USD', rate: '89.00', product_id: 0, status: 'actual' },
  { kind: 'broker', amount: '45000', currency: 'RUB', allocation: 'value', status: 'actual' },
  { kind: 'freight_rf', amount: '110000', currency: 'RUB', status: 'actual' },
  { kind: 'lab', amount: '30000', currency: 'RUB', allocation: 'quantity', status: 'actual' },
];
let dutyProduct = 0;
const lines = (freight?: object[]) =>
  container(freight).map((l: { kind?: string }) => (l.kind === 'duty' ? { ...l, product_id: dutyProduct } : l));

beforeAll(async () => {
  ctx = await createDemoApp();
  const products = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM products WHERE status = 'active' ORDER BY id LIMIT 2`),
  ).map((r) => r.id);
  dutyProduct = products[0];
  trade = await prepareTrade(ctx, { product_id: products[0] }, 1991);
  // 20 000 kg at 797,85 ₽/kg (9,00 USD at 88,65) and 200 bags of 25 kg at 15 513,75 ₽ (7,00 USD/kg at 88,65)
  pistachios = (await trade.newOffer('20000', { unit_price: '797.85', unit_weight: '1' })).id;
  almonds = (
    await trade.newOffer('200', {
      product_id: products[1],
      unit_measure: 'шт',
      unit_weight: '25',
      units_per_pack: '1',
      unit_price: '15513.75',
    })
  ).id;
}, 120_000);
afterAll(() => ctx?.close());

test('the container by hand: 868,12 ₽/kg for the pistachios, 647,59 ₽/kg for the almonds, stored on the lots', async () => {
  const res = await call('POST', '/api/shipments', 'admin', {
    name: 'Контейнер MSKU 1234567',
    supplier_id: 1,
    dt_number: '10702030/051226/0012345',
    dt_date: '2026-12-05',
    offer_ids: [pistachios, almonds],
    costs: lines(),
  });
  expect(res.status).toBe(201);
  shipment = res.body.id;
  expect(res.body).toMatchObject({
    name: 'Контейнер MSKU 1234567',
    dt_number: '10702030/051226/0012345',
    offer_ids: [pistachios, almonds],
    lots_count: 1 + 1,
  });
  expect(res.body.costs).toHaveLength(7);
  expect([await landed(pistachios), await landed(almonds)]).toEqual(['868.12', '647.59']);
  // the selling band follows the landed cost, which replaces the kg price and the delivery (the demo's costs 12 ₽/kg,
  // markups 10 % and 35 %): (868,12 + 12) × 1,1 = 968,132 and × 1,35 = 1 188,162; a sack of 25 kg
  // (647,59 + 12) × 25 = 16 489,75, × 1,1 = 18 138,725 and × 1,35 = 22 261,1625
  expect(await band(pistachios)).toEqual(['968.13', '1188.16']);
  expect(await band(almonds)).toEqual(['18138.73', '22261.16']);
  const cost = await call('GET', `/api/shipments/${shipment}/landed-cost`, 'admin');
  expect(cost.status).toBe(200);
  const [p, a] = cost.body.lots;
  expect([p.total, a.total]).toEqual(['17362477.39', '3237972.61']);
  expect([p.totals.goods, p.totals.broker, a.totals.broker, p.totals.lab, a.totals.lab]).toEqual([
    '15957000.00',
    '37674.42',
    '7325.58',
    '29702.97',
    '297.03',
  ]);
  expect([a.totals.duty, p.difference_kg]).toEqual(['0.00', '0.00']);
});

test("estimate, then actual: the lots move to the actual, the difference per kg shown and kept in the lot's history", async () => {
  const estimate = { kind: 'freight_abroad', amount: '6500', currency: 'USD', rate: '92', status: 'estimate' };
  // on its way: the freight estimated at 6 500 USD × 92,00 = 598 000 ₽; by weight 478 400 and 119 600
  expect((await ctx.change('PATCH', `/api/shipments/${shipment}`, 'admin', { costs: lines([estimate]) })).status).toBe(
    200,
  );
  expect([await landed(pistachios), await landed(almonds)]).toEqual(['870.92', '650.39']);
  // the actual freight arrives beside the estimate: 528 000 ₽; each lot 2,80 ₽/kg below the estimate
  const actual = { kind: 'freight_abroad', amount: '6000', currency: 'USD', rate: '88.00', status: 'actual' };
  expect(
    (await ctx.change('PATCH', `/api/shipments/${shipment}`, 'admin', { costs: lines([estimate, actual]) })).status,
  ).toBe(200);
  expect([await landed(pistachios), await landed(almonds)]).toEqual(['868.12', '647.59']);
  const cost = (await call('GET', `/api/shipments/${shipment}/landed-cost`, 'admin')).body;
  expect(cost.lots.map((l: Record<string, string>) => [l.estimate_kg_cost, l.landed_kg_cost, l.difference_kg])).toEqual(
    [
      ['870.92', '868.12', '-2.80'],
      ['650.39', '647.59', '-2.80'],
    ],
  );
  const history = rowsOf<{ changes: { field: string; old: unknown; new: unknown }[] }>(
    await ctx.db.execute(sql`
    SELECT changes FROM record_history WHERE section = 'offers' AND record_id = ${pistachios} ORDER BY id`),
  );
  expect(
    history
      .flatMap((h) => h.changes)
      .filter((c) => c.field === 'landed_kg_cost')
      .map((c) => [c.old, c.new]),
  ).toEqual([
    [null, 868.12],
    [868.12, 870.92],
    [870.92, 868.12],
  ]);
});

test("the lot's card changed by hand: its band stays on the landed cost, whatever warehouse cost is typed", async () => {
  expect((await ctx.change('PATCH', `/api/offers/${pistachios}`, 'admin', { warehouse_cost: '500000' })).status).toBe(
    200,
  );
  expect(await band(pistachios)).toEqual(['968.13', '1188.16']);
});

test('refusals: a line without a currency, a rate nobody stored, a lot with no weight; nothing written', async () => {
  const bad = await ctx.change('PATCH', `/api/shipments/${shipment}`, 'admin', {
    costs: [{ kind: 'lab', amount: '1', currency: 'XXX' }],
  });
  expect(bad).toEqual({
    status: 400,
    body: expect.objectContaining({ messages: ['Строка расходов 1: выберите валюту'] }),
  });
  const noRate = await ctx.change('PATCH', `/api/shipments/${shipment}`, 'admin', {
    costs: [{ kind: 'storage', amount: '100', currency: 'CNY', rate_date: '2026-12-01' }],
  });
  expect(noRate.body.messages).toEqual(['Строка расходов 1: нет курса CNY на 01.12.2026: укажите курс']);
  // a line with no typed rate takes the Central Bank's last rate on or before its day: 2 000 CNY at 12,3456 on the
  // Friday before a Sunday = 24 691,20 ₽ of storage, 19 752,96 and 4 938,24 by weight
  await ctx.db.execute(
    sql`INSERT INTO currency_rates (date, code, nominal, value, unit_rate, source) VALUES ('2026-11-27', 'CNY', 1, 12.3456, 12.3456, 'manual')`,
  );
  const rated = await ctx.change('PATCH', `/api/shipments/${shipment}`, 'admin', {
    costs: [
      ...lines(),
      { kind: 'storage', amount: '2000', currency: 'CNY', rate_date: '2026-11-29', status: 'actual' },
    ],
  });
  expect(rated.status).toBe(200);
  const stored = (await call('GET', `/api/shipments/${shipment}/landed-cost`, 'admin')).body.lots.map(
    (l: { totals: { storage: string } }) => l.totals.storage,
  );
  expect(stored).toEqual(['19752.96', '4938.24']);
  expect((await ctx.change('PATCH', `/api/shipments/${shipment}`, 'admin', { costs: lines() })).status).toBe(200);
  // a lot by the piece whose piece weighs nothing known (a raw write: the offer card would not save it)
  const weightless = (await trade.newOffer('10', { unit_price: '300' })).id;
  await ctx.db.execute(sql`UPDATE offers SET unit_measure = 'шт', unit_weight = NULL WHERE id = ${weightless}`);
  const version = firstRow<{ v: number }>(
    await ctx.db.execute(sql`SELECT version AS v FROM shipments WHERE id = ${shipment}`),
  )!.v;
  const zero = await ctx.change('PATCH', `/api/shipments/${shipment}`, 'admin', {
    offer_ids: [pistachios, almonds, weightless],
  });
  expect(zero).toEqual({
    status: 400,
    body: expect.objectContaining({ messages: [`У лота № ${weightless} нет веса: себестоимость за кг не считается`] }),
  });
  const after = firstRow<{ v: number; lots: number }>(
    await ctx.db.execute(sql`
    SELECT version AS v, (SELECT count(*)::int FROM offers WHERE shipment_id = ${shipment}) AS lots FROM shipments WHERE id = ${shipment}`),
  )!;
  expect(after).toEqual({ v: version, lots: 2 });
  const elsewhere = await call('POST', '/api/shipments', 'admin', { name: 'Фура 2', offer_ids: [almonds] });
  expect(elsewhere.body.messages).toEqual([`Лот № ${almonds} уже в поставке № ${shipment}`]);
});

test('rights: the manager reads shipments and the waterfall without the supplier and writes none; the warehouse and a supplier see none', async () => {
  const read = await call('GET', `/api/shipments/${shipment}`, 'manager');
  expect(read.status).toBe(200);
  expect(read.body).not.toHaveProperty('supplier');
  expect(read.body).not.toHaveProperty('supplier_id');
  expect((await call('POST', '/api/shipments', 'manager', { name: 'Фура 3' })).status).toBe(403);
  const waterfall = await call('GET', `/api/shipments/lots/${pistachios}/landed-cost`, 'manager');
  expect(waterfall.status).toBe(200);
  expect(waterfall.body.lots).toHaveLength(1);
  expect(waterfall.body.lots[0]).toMatchObject({ offer_id: pistachios, landed_kg_cost: '868.12' });
  // the steps are differences of the rounded running totals per kg: 797,85 → 818,97 → 823,37 → 864,755 ≈ 864,76, so the
  // duty (827 700 / 20 000 = 41,385) shows 41,39 and the steps add up to 868,12 exactly
  expect(waterfall.body.lots[0].breakdown).toMatchObject({
    goods: '797.85',
    freight_abroad: '21.12',
    freight_rf: '4.40',
    duty: '41.39',
    broker: '1.88',
    lab: '1.48',
  });
  for (const who of ['warehouse', 'supplier'] as const) {
    expect((await call('GET', '/api/shipments', who)).status).toBe(403);
    expect((await call('GET', `/api/shipments/lots/${pistachios}/landed-cost`, who)).status).toBe(403);
  }
  const offer = await call('GET', `/api/offers/${pistachios}`, 'warehouse');
  expect(offer.status).toBe(200);
  expect(offer.body).not.toHaveProperty('landed_kg_cost');
  expect((await call('GET', `/api/offers/${pistachios}`, 'manager')).body.landed_kg_cost).toBe('868.12');
});

test("the list, and a lot's customs declaration from its shipment for the UPD", async () => {
  const list = await call('GET', '/api/shipments?dt_number=0012345', 'admin');
  expect(list.status).toBe(200);
  expect(list.body.data.map((r: { id: number; lots_count: number }) => [r.id, r.lots_count])).toEqual([[shipment, 2]]);
  const declared = await declarationOf(ctx.db, [pistachios, almonds, trade.cityIds[0] + 10_000_000]);
  expect(declared.get(pistachios)).toEqual({ dt_number: '10702030/051226/0012345', dt_date: '2026-12-05' });
  expect(declared.size).toBe(2);
});

test("'НДС при ввозе принимается к вычету': cleared, the import VAT joins the lots' landed cost; logged; the admin's alone", async () => {
  // 250 000 ₽ of import VAT by weight: 200 000 ₽ on the pistachios' 20 000 kg and 50 000 ₽ on the almonds' 5 000 kg,
  // 10,00 ₽/kg each; recovered (the default), it costs nothing
  const vat = { kind: 'import_vat', amount: '250000', currency: 'RUB', status: 'actual' };
  expect((await ctx.change('PATCH', `/api/shipments/${shipment}`, 'admin', { costs: [...lines(), vat] })).status).toBe(
    200,
  );
  expect([await landed(pistachios), await landed(almonds)]).toEqual(['868.12', '647.59']);
  expect((await call('PUT', '/api/settings', 'manager', { import_vat_recovered: false })).status).toBe(403);
  expect((await call('PUT', '/api/settings', 'admin', { import_vat_recovered: 'может быть' })).body.messages).toEqual([
    'НДС при ввозе принимается к вычету: ожидается да или нет',
  ]);
  const saved = await call('PUT', '/api/settings', 'admin', { import_vat_recovered: false });
  expect(saved).toMatchObject({ status: 200, body: { status: 'success', lots: 2 } });
  expect([await landed(pistachios), await landed(almonds)]).toEqual(['878.12', '657.59']);
  expect((await call('POST', '/api/settings', 'admin', ['import_vat_recovered'])).body).toEqual({
    import_vat_recovered: 'false',
  });
  expect((await call('GET', '/api/admin/log', 'admin')).body.data[0].summary).toBe(
    'Бизнес-настройки: НДС при ввозе принимается к вычету да → нет',
  );
  const moves = rowsOf<{ changes: { field: string; old: unknown; new: unknown }[] }>(
    await ctx.db.execute(sql`
    SELECT changes FROM record_history WHERE section = 'offers' AND record_id = ${almonds} ORDER BY id DESC LIMIT 1`),
  )[0].changes.filter((c) => c.field === 'landed_kg_cost');
  expect(moves.map((c) => [c.old, c.new])).toEqual([[647.59, 657.59]]);
  // saved again as it is: nothing moves, nothing logged; recovered again: the lots go back
  expect((await call('PUT', '/api/settings', 'admin', { import_vat_recovered: false })).body.lots).toBe(0);
  expect((await call('PUT', '/api/settings', 'admin', { import_vat_recovered: true })).body.lots).toBe(2);
  expect([await landed(pistachios), await landed(almonds)]).toEqual(['868.12', '647.59']);
});
