// A new rate re-costs the shipments still on today's rate (the rates' follower recostShipments), worked by hand on the
// issue's container: 20 000 kg of pistachios at 9,00 USD/kg, 30 % prepaid at 85,50 and 70 % at 90,00 (15 957 000,00 ₽),
// freight 6 000 USD estimated with no day, so at today's rate 88,00 (528 000,00 ₽), duty 9 300 USD at 89,00
// (827 700,00 ₽), broker, Russian freight and lab 185 000,00 ₽: 17 497 700,00 ₽ = 874,885 → 874,89 ₽/kg. USD typed at
// 90,00 for today: the freight is 540 000,00 ₽, the lot 17 509 700,00 ₽ = 875,485 → 875,49 ₽/kg, exactly 0,60 ₽/kg
// more (12 000 ₽ over 20 000 kg), stored with its band in the lot's history by the system and announced; the prepaid
// goods share is the same 15 957 000,00 ₽. A shipment costed on fixed days (its payment and declaration days, whose
// rates are published) is not touched.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { prepareTrade, today, type Trade } from './trade';
import { addDays } from '../../domain/businessDay';
import { CHANGES_CHANNEL, eventsOf } from '../db/changes';
import type { LiveEvent } from '../../domain/live';
import { firstRow, rowsOf } from '../db/rows';
import { until } from './until';
import { recostShipments } from '../sections/shipments';

let ctx: DemoContext;
let trade: Trade;
let off: (() => void) | undefined;
const heard: LiveEvent[] = [];
const yesterday = addDays(today, -1);
const paidOn = addDays(today, -3);
const ids = { onItsWay: 0, fixed: 0, pistachios: 0, raisins: 0 };

const lot = async (id: number) =>
  firstRow<{ landed: string | null; min: string; max: string; version: number }>(
    await ctx.db.execute(sql`SELECT landed_kg_cost::text AS landed, min_unit_price::text AS min,
      max_unit_price::text AS max, version FROM offers WHERE id = ${id}`),
  )!;
const landedMoves = async (id: number) =>
  rowsOf<{ user_id: number | null; changes: { field: string; old: unknown; new: unknown }[] }>(
    await ctx.db.execute(sql`SELECT user_id, changes FROM record_history WHERE section = 'offers' AND record_id = ${id}
      ORDER BY id`),
  ).flatMap((h) =>
    h.changes.filter((c) => c.field === 'landed_kg_cost').map((c) => ({ by: h.user_id, old: c.old, new: c.new })),
  );
const putRate = (date: string, code: string, unit_rate: string) =>
  ctx.call('PUT', `/api/currency-rates/${date}/${code}`, 'admin', { unit_rate });
const waterfall = async (offerId: number) => {
  const res = await ctx.call('GET', `/api/shipments/lots/${offerId}/landed-cost`, 'admin');
  expect(res.status).toBe(200);
  return res.body.lots[0] as { landed_kg_cost: string; totals: Record<string, string>; breakdown: object };
};

beforeAll(async () => {
  ctx = await createDemoApp();
  const [{ id: product }] = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM products WHERE status = 'active' ORDER BY id LIMIT 1`),
  );
  trade = await prepareTrade(ctx, { product_id: product, unit_weight: '1' }, 1991);
  // the rates in force: USD 88,00 since yesterday; 85,50 on the day the second container was paid and declared
  expect((await putRate(paidOn, 'USD', '85,50')).status).toBe(201);
  expect((await putRate(yesterday, 'USD', '88,00')).status).toBe(201);
  ids.pistachios = (await trade.newOffer('20000', { unit_price: '797.85' })).id;
  ids.raisins = (await trade.newOffer('10000', { unit_price: '769.50' })).id;
  const onItsWay = await ctx.call('POST', '/api/shipments', 'admin', {
    name: 'Контейнер MSKU 7654321',
    offer_ids: [ids.pistachios],
    costs: [
      { kind: 'goods', amount: '54000', currency: 'USD', rate: '85,50', rate_date: '2026-09-01', status: 'actual' },
      { kind: 'goods', amount: '126000', currency: 'USD', rate: '90,00', rate_date: '2026-10-15', status: 'actual' },
      { kind: 'freight_abroad', amount: '6000', currency: 'USD', status: 'estimate' },
      { kind: 'duty', amount: '9300', currency: 'USD', rate: '89,00', status: 'actual' },
      { kind: 'broker', amount: '45000', currency: 'RUB', status: 'actual' },
      { kind: 'freight_rf', amount: '110000', currency: 'RUB', status: 'actual' },
      { kind: 'lab', amount: '30000', currency: 'RUB', status: 'actual' },
    ],
  });
  expect(onItsWay.status).toBe(201);
  ids.onItsWay = onItsWay.body.id;
  // paid and declared three days ago at that day's 85,50: goods 90 000 USD = 7 695 000,00 ₽, freight 3 000 USD =
  // 256 500,00 ₽; 7 951 500,00 ₽ over 10 000 kg = 795,15 ₽/kg
  const fixed = await ctx.call('POST', '/api/shipments', 'admin', {
    name: 'Фура 01',
    offer_ids: [ids.raisins],
    costs: [
      { kind: 'goods', amount: '90000', currency: 'USD', rate_date: paidOn, status: 'actual' },
      { kind: 'freight_abroad', amount: '3000', currency: 'USD', rate_date: paidOn, status: 'actual' },
    ],
  });
  expect(fixed.status).toBe(201);
  ids.fixed = fixed.body.id;
  off = ctx.app.bus.subscribe(CHANGES_CHANNEL, (payload) => heard.push(...eventsOf(payload)));
}, 300_000);

afterAll(async () => {
  off?.();
  await ctx?.close();
});

test('saved at USD 88,00: 874,89 ₽/kg, the freight 528 000,00 ₽; the fixed container 795,15 ₽/kg', async () => {
  expect((await lot(ids.pistachios)).landed).toBe('874.89');
  const lines = (await waterfall(ids.pistachios)).totals;
  expect([lines.goods, lines.freight_abroad, lines.duty]).toEqual(['15957000.00', '528000.00', '827700.00']);
  expect((await lot(ids.raisins)).landed).toBe('795.15');
});

test('USD 90,00 typed for today: the freight 540 000,00 ₽, the lot 0,60 ₽/kg dearer with its band, told by the system and heard; the prepaid goods kept', async () => {
  const fixedBefore = await lot(ids.raisins);
  const raisinsHistory = await landedMoves(ids.raisins);
  heard.length = 0;
  expect((await putRate(today, 'USD', '90,00')).status).toBe(201);

  const now = await lot(ids.pistachios);
  expect(now.landed).toBe('875.49');
  expect(Math.round((Number(now.landed) - 874.89) * 100)).toBe(60);
  // the band on the landed cost and the demo's own costs 12 ₽/kg: (875,49 + 12) × 1,1 = 976,239 and × 1,35 = 1 198,1115
  expect([now.min, now.max]).toEqual(['976.24', '1198.11']);
  const cost = await waterfall(ids.pistachios);
  expect(cost.landed_kg_cost).toBe('875.49');
  expect([cost.totals.goods, cost.totals.freight_abroad, cost.totals.duty]).toEqual([
    '15957000.00',
    '540000.00',
    '827700.00',
  ]);
  // the lot's history: saved at 874,89 by the administrator, then moved by the system (no person: 'Система')
  const moves = await landedMoves(ids.pistachios);
  expect(moves.map((m) => [m.old, m.new])).toEqual([
    [null, 874.89],
    [874.89, 875.49],
  ]);
  expect(moves[1].by).toBeNull();
  const history = await ctx.call('GET', `/api/offers/${ids.pistachios}/history`, 'admin');
  const entries = (history.body.data ?? history.body) as {
    system?: boolean;
    user: unknown;
    changes: { field: string }[];
  }[];
  const entry = entries.find((h) => h.changes.some((c) => c.field === 'landed_kg_cost') && h.system);
  expect(entry).toMatchObject({ system: true, user: null });
  // announced: the lot (lists, its card and waterfall) and the shipment (its card's result)
  await until(() => heard.some((e) => e.section === 'offers' && e.id === ids.pistachios && e.version === now.version));
  await until(() => heard.some((e) => e.section === 'shipments' && e.id === ids.onItsWay));

  // the container paid and declared on a day whose rate is published: nothing written, nothing told
  expect(await lot(ids.raisins)).toEqual(fixedBefore);
  expect(await landedMoves(ids.raisins)).toEqual(raisinsHistory);
  expect(heard.filter((e) => e.section === 'shipments' && e.id === ids.fixed).map((e) => e.kind)).not.toContain(
    'update',
  );
});

test('the follower again on the same rates, and a rate stored for tomorrow: nothing moves', async () => {
  const before = await lot(ids.pistachios);
  expect(await recostShipments(ctx.db, [])).toMatchObject({ lots: [], refused: [] });
  // the evening's feed brings tomorrow's USD: today's costs keep today's rate
  const evening = await putRate(addDays(today, 1), 'USD', '95,00');
  expect(evening.status).toBe(201);
  expect(await lot(ids.pistachios)).toEqual(before);
});

test('the actual freight arrives on a fixed day: a later rate no longer moves the lot; a line that cannot be costed keeps its lots and stops no other', async () => {
  // the freight paid yesterday at yesterday's 88,00: back to 874,89 ₽/kg, and the estimate is no longer in effect
  const costs = (await ctx.call('GET', `/api/shipments/${ids.onItsWay}`, 'admin')).body.costs as object[];
  const actual = { kind: 'freight_abroad', amount: '6000', currency: 'USD', rate_date: yesterday, status: 'actual' };
  const saved = await ctx.change('PATCH', `/api/shipments/${ids.onItsWay}`, 'admin', { costs: [...costs, actual] });
  expect(saved.status).toBe(200);
  expect((await lot(ids.pistachios)).landed).toBe('874.89');
  // the estimate line still follows today's rate, but it is not in effect: nothing moves
  expect((await recostShipments(ctx.db, [])).lots).toEqual([]);
  expect((await lot(ids.pistachios)).landed).toBe('874.89');

  // a CNY storage line with no rate anywhere (a raw write: the card would refuse it) keeps that shipment as it is;
  // the other shipment is still costed
  const broken = [
    ...costs,
    actual,
    { kind: 'storage', amount: '100', currency: 'CNY', rate: null, rate_date: null, status: 'estimate' },
  ];
  await ctx.db.execute(sql`UPDATE shipments SET costs = ${JSON.stringify(broken)}::jsonb WHERE id = ${ids.onItsWay}`);
  await ctx.db.execute(
    sql`UPDATE shipments SET costs = jsonb_set(costs, '{1,rate_date}', 'null') WHERE id = ${ids.fixed}`,
  );
  const run = await recostShipments(ctx.db, []);
  expect(run.refused).toEqual([
    {
      id: ids.onItsWay,
      message: `Строка расходов 9: нет курса CNY на ${today.split('-').reverse().join('.')}: укажите курс`,
    },
  ]);
  expect((await lot(ids.pistachios)).landed).toBe('874.89');
  // its freight now at today's 90,00: 270 000,00 ₽; 7 965 000,00 ₽ over 10 000 kg = 796,50 ₽/kg
  expect(run.lots).toEqual([ids.raisins]);
  expect((await lot(ids.raisins)).landed).toBe('796.50');
});
