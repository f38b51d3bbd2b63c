// A new rate of the Bank, stored through the administrator's PUT /api/currency-rates/{date}/{code} (the job's
// followers run the same after a feed's load): every 'daily' lot in that currency is priced again at it (its ruble
// price, sum, kg price and band stored, announced), a 'fixed' lot and every reserve keep what they were made on, and
// the reserves on 'daily' lots are judged at the new cost: marked, and told to their responsible and the
// administrators, when the margin falls under 'Минимальная маржа, %' (5) or the rate moved over 'Порог изменения
// курса, %' (2). The issue's figures, worked by hand: a lot at 9,00 USD, delivery 15 ₽/kg, own costs 12 ₽/kg, sold at
// 864 ₽ when USD was 85,50: cost 9 × 85,50 + 15 + 12 = 796,50, margin (864 − 796,50) / 864 = 7,8125 % → 7,81 %;
// USD at 90,00: cost 810 + 27 = 837, margin 27 / 864 = 3,125 % (3,13 % stored, '3,1 %' in the notice) → marked.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { prepareTrade, reserveForm, today, type Trade } from './trade';
import { addDays } from '../../domain/businessDay';
import { CHANGES_CHANNEL, eventsOf } from '../db/changes';
import type { LiveEvent } from '../../domain/live';
import { firstRow, rowsOf } from '../db/rows';
import { RATES_FOLLOWERS } from '../app';
import { nextBatch } from '../sections/offers';
import { until } from './until';

let ctx: DemoContext;
let trade: Trade;
let off: (() => void) | undefined;
const heard: LiveEvent[] = [];
const yesterday = addDays(today, -1);
/** The manager's employee (its user hears of its reserves) and another one. */
let manager: { user: number; employee: number };
let other: number;
const ids: Record<string, number> = {};

const row = async (table: 'offers' | 'reserves', id: number) =>
  firstRow<Record<string, unknown>>(
    await ctx.db.execute(
      sql`SELECT t.*, trim_scale(t.purchase_rate)::text AS rate FROM ${sql.identifier(table)} t WHERE t.id = ${id}`,
    ),
  )!;
const notices = async () =>
  rowsOf<{ user_id: number; record_id: number; text: string }>(
    await ctx.db.execute(sql`SELECT user_id, record_id, text FROM notifications WHERE kind = 'margin_at_risk'
      ORDER BY record_id, user_id`),
  );
const putRate = (date: string, code: string, unit_rate: string) =>
  ctx.call('PUT', `/api/currency-rates/${date}/${code}`, 'admin', { unit_rate });

async function reserve(offerId: number, price: string, responsible: number) {
  const res = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offerId, { unit_selling_price: price, responsible_id: responsible }),
  );
  expect(res.status).toBe(201);
  return res.body.id as number;
}

beforeAll(async () => {
  ctx = await createDemoApp();
  const [{ id }] = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM products WHERE status = 'active' ORDER BY id LIMIT 1`),
  );
  trade = await prepareTrade(ctx, { product_id: id, unit_weight: '1' }, 1991);
  // no minimum markup, so the 864 ₽ stands inside the band at 85,50 (796,50 … 796,50 × 1,35)
  await ctx.db.execute(sql`UPDATE business_settings SET value = '0' WHERE name = 'min_markup'`);
  const [m] = rowsOf<{ id: number; employee_id: number }>(
    await ctx.db.execute(sql`SELECT id, employee_id FROM users WHERE email = 'manager@nutdesk.demo'`),
  );
  manager = { user: m.id, employee: m.employee_id };
  other = firstRow<{ id: number }>(
    await ctx.db.execute(
      sql`SELECT id FROM employees WHERE status = 'active' AND id <> ${manager.employee} ORDER BY id LIMIT 1`,
    ),
  )!.id;
  // the rates the lots and reserves are made on: USD 85,50 and EUR 100,00, yesterday's
  expect((await putRate(yesterday, 'USD', '85,50')).status).toBe(201);
  expect((await putRate(yesterday, 'EUR', '100')).status).toBe(201);

  const usd = { purchase_currency: 'USD', purchase_price: '9,00' };
  ids.daily = (await trade.newOffer('1000', usd)).id;
  ids.fixed = (
    await trade.newOffer('1000', { ...usd, rate_policy: 'fixed', fixed_rate: '85,50', fixed_rate_date: yesterday })
  ).id;
  ids.eur = (await trade.newOffer('1000', { purchase_currency: 'EUR', purchase_price: '9' })).id;
  // the margin falls under 5 %; the margin stays but the rate moves 5,26 %; on a fixed lot; one completed before
  ids.low = await reserve(ids.daily, '864', manager.employee);
  ids.moved = await reserve(ids.daily, '1000', other);
  ids.onFixed = await reserve(ids.fixed, '864', manager.employee);
  ids.done = await reserve(ids.daily, '864', manager.employee);
  expect((await ctx.change('POST', `/api/reserves/${ids.done}/complete`)).status).toBe(200);
  // a EUR lot's reserve: 9 × 100 + 27 = 927 at 1 200 ₽, margin 22,75 %
  ids.eurFine = await reserve(ids.eur, '1200', manager.employee);
  // saved quotes on the USD lot, to the reserves' city (15 ₽/kg): 864 ₽ as the first reserve; 880 ₽ on the fixed lot
  const quote = async (offerId: number, price: number) => {
    const res = await ctx.call('POST', '/api/quotes', 'admin', {
      city_id: trade.cityIds[1],
      lines: [{ offers: [{ offer_id: offerId, amount: 10, unit_price: price }], unit_price: price }],
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  ids.quoteLow = await quote(ids.daily, 864);
  ids.quoteFixed = await quote(ids.fixed, 880);
  off = ctx.app.bus.subscribe(CHANGES_CHANNEL, (payload) => heard.push(...eventsOf(payload)));
}, 300_000);

afterAll(async () => {
  off?.();
  await ctx?.close();
});

test('made at 85,50: the lots at 769,50 ₽, the reserve at the margin of 7,81 %, nothing marked', async () => {
  expect(await row('offers', ids.daily)).toMatchObject({ unit_price: '769.50', rate: '85.5' });
  expect(await row('reserves', ids.low)).toMatchObject({
    unit_price: '769.50',
    marginality: '7.81',
    rate: '85.5',
    margin_at_risk: false,
  });
});

test("USD 90,00 typed for today: the 'daily' lot priced again and announced, the fixed lot and every reserve kept", async () => {
  const before = {
    fixed: await row('offers', ids.fixed),
    reserve: await row('reserves', ids.low),
    eur: await row('offers', ids.eur),
  };
  heard.length = 0;
  const res = await putRate(today, 'USD', '90,00');
  expect(res.status).toBe(201);

  // 9,00 × 90,00 = 810,00 ₽; 1 000 kg: 810 000,00; band (810 + 15 + 12) × 1 … × 1,35 = 837,00 … 1 129,95
  expect(await row('offers', ids.daily)).toMatchObject({
    unit_price: '810.00',
    total_sum: '810000.00',
    kg_price: '810.00',
    min_unit_price: '837.00',
    max_unit_price: '1129.95',
    rate: '90',
  });
  const card = await ctx.call('GET', `/api/offers/${ids.daily}`, 'admin');
  expect(card.body).toMatchObject({ unit_price: '810.00', purchase_rate: '90', purchase_rate_date: today });
  // the change was heard live; the history tells it, by the system
  await until(() => heard.some((e) => e.section === 'offers' && e.id === ids.daily));
  const history = await ctx.call('GET', `/api/offers/${ids.daily}/history`, 'admin');
  expect(JSON.stringify(history.body)).toContain('810');

  // the fixed lot, the EUR lot and the reserve as they were
  expect(await row('offers', ids.fixed)).toEqual(before.fixed);
  expect(await row('offers', ids.eur)).toEqual(before.eur);
  // (what is heard of them is older news, the reserves' stock, at the versions they still have)
  for (const [id, was] of [
    [ids.fixed, before.fixed],
    [ids.eur, before.eur],
  ] as const)
    for (const e of heard.filter((h) => h.section === 'offers' && h.id === id)) expect(e.version).toBe(was.version);
  const reserveNow = await row('reserves', ids.low);
  for (const key of ['unit_price', 'total_sum', 'marginality', 'purchase_rate', 'purchase_rate_date', 'version'])
    expect(reserveNow[key]).toEqual(before.reserve[key]);
});

test('the margins judged at 90,00: under 5 % marked, the rate moved past 2 % marked, a fixed lot and a completed reserve not', async () => {
  expect(await row('reserves', ids.low)).toMatchObject({
    margin_at_risk: true,
    risk_marginality: '3.13',
    risk_currency: 'USD',
  });
  // 1 000 − 837 = 163 ₽ of 1 000: 16,30 %, but USD moved (90 − 85,50) / 85,50 = 5,26 % > 2 %
  expect(await row('reserves', ids.moved)).toMatchObject({ margin_at_risk: true, risk_marginality: '16.30' });
  expect(await row('reserves', ids.onFixed)).toMatchObject({ margin_at_risk: false });
  expect(await row('reserves', ids.done)).toMatchObject({ margin_at_risk: false });
  expect(await row('reserves', ids.eurFine)).toMatchObject({ margin_at_risk: false });

  // told to the responsible (the manager for the first) and to the administrators, in the words
  const admins = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM users WHERE is_admin AND status = 'active' ORDER BY id`),
  ).map((u) => u.id);
  const told = await notices();
  const low = `Резерв № ${ids.low}: маржа 3,1 % при курсе USD 90,00 (было 85,50)`;
  expect(told.filter((n) => n.record_id === ids.low)).toEqual(
    [...admins, manager.user].sort((a, b) => a - b).map((user_id) => ({ user_id, record_id: ids.low, text: low })),
  );
  const moved = `Резерв № ${ids.moved}: маржа 16,3 % при курсе USD 90,00 (было 85,50)`;
  expect(told.filter((n) => n.record_id === ids.moved).map((n) => n.text)).toContain(moved);
  expect(told.filter((n) => n.record_id === ids.moved).map((n) => n.user_id)).not.toContain(manager.user);
  expect(told.map((n) => n.record_id).sort()).toEqual(
    [...told.filter((n) => n.record_id === ids.low), ...told.filter((n) => n.record_id === ids.moved)]
      .map((n) => n.record_id)
      .sort(),
  );
});

test('a saved quote on the daily lot is judged like the reserve and marked; its held price kept; one on the fixed lot not', async () => {
  const q = async (id: number) =>
    firstRow<{ margin_at_risk: boolean; margin_risk: unknown; lines: { offers: { unit_price: string }[] }[] }>(
      await ctx.db.execute(sql`SELECT margin_at_risk, margin_risk, lines FROM quotes WHERE id = ${id}`),
    )!;
  const low = await q(ids.quoteLow);
  // (864 − 837) / 864 = 3,125 % → 3,13 %, at USD 90
  expect(low).toMatchObject({
    margin_at_risk: true,
    margin_risk: [{ offer_id: ids.daily, currency: 'USD', rate: '90', margin: '3.13', at_risk: true }],
  });
  expect(low.lines[0].offers[0].unit_price).toBe('864.00');
  expect(await q(ids.quoteFixed)).toMatchObject({ margin_at_risk: false, margin_risk: null });
});

test('the followers once more on the same rate: nothing moves, no second notification', async () => {
  const before = await notices();
  const lot = await row('offers', ids.daily);
  for (const follow of RATES_FOLLOWERS) await follow(ctx.db, []);
  expect(await notices()).toEqual(before);
  expect(await row('offers', ids.daily)).toEqual(lot);
});

test('a EUR rate moved 1 %, the margin still over 5 %: the EUR lot priced again, its reserve not marked', async () => {
  expect((await putRate(today, 'EUR', '101')).status).toBe(201);
  // 9 × 101 = 909,00; the reserve: (1 200 − 936) / 1 200 = 22 %
  expect(await row('offers', ids.eur)).toMatchObject({ unit_price: '909.00', rate: '101' });
  expect(await row('reserves', ids.eurFine)).toMatchObject({ margin_at_risk: false, unit_price: '900.00' });
});

test('GET /api/reserves?margin_at_risk=true lists exactly the marked ones, as far as the role reads', async () => {
  const listed = async (who: 'admin' | 'manager' | 'warehouse') => {
    const res = await ctx.call('GET', '/api/reserves?margin_at_risk=true&perPage=100', who);
    return { status: res.status, ids: (res.body.data ?? []).map((r: { id: number }) => r.id).sort() };
  };
  expect(await listed('admin')).toEqual({ status: 200, ids: [ids.low, ids.moved].sort((a, b) => a - b) });
  // the manager reads its own reserves: the one it is responsible for
  const mine = await listed('manager');
  expect(mine.status).toBe(200);
  expect(mine.ids).toContain(ids.low);
  // role 8 does not see the margin: it may not filter by it
  expect((await listed('warehouse')).status).toBe(403);
});

test("the re-pricing's batches are sized to about a quarter of a second each, whatever the server's load", () => {
  // 500 lots took half a second: the next 250; a quick batch grows, at most doubled at once
  expect(nextBatch(500, 500)).toBe(250);
  expect(nextBatch(500, 125)).toBe(1000);
  expect(nextBatch(500, 10)).toBe(1000);
  // never under 50 lots (a crawl of tiny transactions) nor over 2 000
  expect(nextBatch(100, 1000)).toBe(50);
  expect(nextBatch(1500, 100)).toBe(2000);
});
