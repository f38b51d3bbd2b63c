// The start of a business day: a rate stored in the evening for tomorrow (the Bank's feed answers with tomorrow's date
// after its publication) moves nothing today; when the next business day begins, the rates' job runs the followers
// with no new rate to tell of, and that rate comes into force: the 'daily' lots priced again, the shipments on today's
// rate costed again, the reserves judged. The business clock is moved (never the server's), from 21:00 in Moscow to
// 00:30 of the next day, counted from Moscow's day so the test holds at any hour. Worked by hand: a lot at 9,00 USD,
// delivery 15 ₽/kg and own costs 12 ₽/kg, reserved at 864 ₽ at USD 88,00: 792 + 27 = 819, margin 45 / 864 = 5,21 %;
// at 90,00: 810 + 27 = 837, margin 27 / 864 = 3,125 % → marked. A container of 20 000 kg bought at 797,85 ₽/kg
// (15 957 000,00 ₽) with its freight estimated at 6 000 USD and no day: 528 000,00 ₽ at 88,00, 824,25 ₽/kg; at 90,00
// 540 000,00 ₽, 16 497 000,00 ₽ / 20 000 = 824,85 ₽/kg.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { prepareTrade, reserveForm, today, type Trade } from './trade';
import { addDays, businessDayStart, TIME_ZONE_DEFAULT } from '../../domain/businessDay';
import { clock, todayOf } from '../db/businessDay';
import { firstRow, rowsOf } from '../db/rows';
import { RATES_FOLLOWERS } from '../app';
import { scheduleRatesLoad, type RatesFollower } from '../sections/currencyRates';
import { startCbrFeed, type CbrFeed } from './cbrFeed';

let ctx: DemoContext;
let trade: Trade;
let feed: CbrFeed;
const realNow = clock.now;
const tomorrow = addDays(today, 1);
const ids = { daily: 0, lot: 0, reserve: 0 };
/** An instant of a day in Moscow. */
const moscow = (day: string, hours: number) =>
  new Date(businessDayStart(day, TIME_ZONE_DEFAULT).getTime() + hours * 3_600_000);

const state = async () =>
  firstRow<{ price: string; rate: string; landed: string; at_risk: boolean; margin: string | null }>(
    await ctx.db.execute(sql`SELECT
      (SELECT unit_price::text FROM offers WHERE id = ${ids.daily}) AS price,
      (SELECT trim_scale(purchase_rate)::text FROM offers WHERE id = ${ids.daily}) AS rate,
      (SELECT landed_kg_cost::text FROM offers WHERE id = ${ids.lot}) AS landed,
      (SELECT margin_at_risk FROM reserves WHERE id = ${ids.reserve}) AS at_risk,
      (SELECT risk_marginality::text FROM reserves WHERE id = ${ids.reserve}) AS margin`),
  )!;
/** Waits (async checks every 20 ms) until `check` holds; past a minute it fails there. */
async function eventually(check: () => Promise<boolean> | boolean) {
  const end = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  feed = await startCbrFeed(503);
  ctx = await createDemoApp({ cbrRatesUrl: feed.url });
  const [{ id: product }] = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM products WHERE status = 'active' ORDER BY id LIMIT 1`),
  );
  trade = await prepareTrade(ctx, { product_id: product, unit_weight: '1' }, 1991);
  await ctx.db.execute(sql`UPDATE business_settings SET value = '0' WHERE name = 'min_markup'`);
  clock.now = () => moscow(today, 12);
  expect(
    (await ctx.call('PUT', `/api/currency-rates/${addDays(today, -1)}/USD`, 'admin', { unit_rate: '88,00' })).status,
  ).toBe(201);
  ids.daily = (await trade.newOffer('1000', { purchase_currency: 'USD', purchase_price: '9,00' })).id;
  const reserve = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, ids.daily, { unit_selling_price: '864', estimated_date_implementation: addDays(today, 10) }),
  );
  expect(reserve.status).toBe(201);
  ids.reserve = reserve.body.id;
  ids.lot = (await trade.newOffer('20000', { unit_price: '797.85' })).id;
  const shipment = await ctx.call('POST', '/api/shipments', 'admin', {
    name: 'Контейнер TGHU 2468101',
    offer_ids: [ids.lot],
    costs: [{ kind: 'freight_abroad', amount: '6000', currency: 'USD', status: 'estimate' }],
  });
  expect(shipment.status).toBe(201);
}, 300_000);

afterAll(async () => {
  clock.now = realNow;
  await ctx?.close();
  await feed?.close();
});

test("the evening brings tomorrow's USD 90,00: nothing moves today; at 00:30 of tomorrow the job runs the followers and it is in force everywhere", async () => {
  expect(await state()).toMatchObject({ price: '792.00', rate: '88', landed: '824.25', at_risk: false });

  // 21:00 in Moscow: tomorrow's rate is stored (the evening feed; typed here, as the followers hear it alike)
  clock.now = () => moscow(today, 21);
  expect((await ctx.call('PUT', `/api/currency-rates/${tomorrow}/USD`, 'admin', { unit_rate: '90,00' })).status).toBe(
    201,
  );
  expect(await state()).toEqual({ price: '792.00', rate: '88', landed: '824.25', at_risk: false, margin: '5.21' });

  // the job runs, a tick every 50 ms; the followers tell the test the business day they ran for
  const ranFor: string[] = [];
  const told: RatesFollower = async (db) => ranFor.push(await todayOf(db));
  const logged: string[] = [];
  const stop = scheduleRatesLoad(
    ctx.db,
    { url: feed.url, everyMs: 50, followers: [...RATES_FOLLOWERS, told] },
    (message) => logged.push(message),
  );
  try {
    await eventually(() => ranFor.includes(today));
    // the first tick of the evening ran them for today: nothing moved, and with tomorrow's rate in, the Bank is not asked
    expect(await state()).toEqual({ price: '792.00', rate: '88', landed: '824.25', at_risk: false, margin: '5.21' });
    expect(feed.calls).toBe(0);

    // 00:30 of the next business day
    clock.now = () => moscow(tomorrow, 0.5);
    await eventually(() => ranFor.includes(tomorrow));
    expect(ranFor.filter((day) => day === tomorrow)).toHaveLength(1);
  } finally {
    await stop();
  }
  // 9,00 × 90,00 = 810,00; the container's freight 540 000,00 ₽; the reserve at 3,13 %, marked and told
  expect(await state()).toEqual({ price: '810.00', rate: '90', landed: '824.85', at_risk: true, margin: '3.13' });
  const notices = rowsOf<{ text: string }>(
    await ctx.db.execute(
      sql`SELECT DISTINCT text FROM notifications WHERE kind = 'margin_at_risk' AND record_id = ${ids.reserve}`,
    ),
  );
  expect(notices.map((n) => n.text)).toEqual([`Резерв № ${ids.reserve}: маржа 3,1 % при курсе USD 90,00 (было 88,00)`]);
  // the day's rate with its date on the lot
  const lot = (await ctx.call('GET', `/api/offers/${ids.daily}`, 'admin')).body;
  expect(lot).toMatchObject({ unit_price: '810.00', purchase_rate_date: tomorrow });
  // the feed failed that morning (503): logged, and it did not keep the followers from running
  expect(logged.some((m) => m.startsWith('Курсы ЦБ не загружены'))).toBe(true);
});
