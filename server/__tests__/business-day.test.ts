// Issue 33: the business time zone (setting 'Часовой пояс', time_zone, default Europe/Moscow) decides "today" for
// the reserves' dates, the expiry job, the date filters and the export, whatever the server's or the database's
// zone (UTC here). The clock is set, not waited for: 00:30 in Moscow is still yesterday in UTC, 23:30 in Moscow is
// already tomorrow in Vladivostok.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { clock } from '../db/businessDay';
import { runReserveExpiry } from '../sections/reserves/expiry';
import { firstRow } from '../db/rows';
import { addDays, businessDayStart, businessToday, TIME_ZONE_DEFAULT } from '../../domain/businessDay';

let ctx: DemoContext;
let trade: Trade;
const realNow = clock.now;

/** The coming business day D (tomorrow in Moscow) and the instants at 00:30 and 23:30 of it in Moscow. */
const day = addDays(businessToday(TIME_ZONE_DEFAULT), 1);
const at = (d: string, hours: number, minutes: number) =>
  new Date(businessDayStart(d, TIME_ZONE_DEFAULT).getTime() + (hours * 60 + minutes) * 60_000);
const halfPastMidnight = at(day, 0, 30);
const halfPastEleven = at(day, 23, 30);
const setZone = (zone: string) =>
  ctx.db.execute(
    sql`INSERT INTO business_settings (name, value) VALUES ('time_zone', ${zone}) ON CONFLICT (name) DO UPDATE SET value = ${zone}`,
  );

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
});
afterAll(async () => {
  clock.now = realNow;
  await ctx.close();
});
afterEach(async () => {
  clock.now = realNow;
  await setZone(TIME_ZONE_DEFAULT);
});

async function placeReserve(patch: Record<string, unknown> = {}): Promise<number> {
  const offer = await trade.newOffer('100');
  const res = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, {
      unit_selling_price: '400',
      estimated_date_implementation: addDays(day, 3),
      ...patch,
    }),
  );
  expect(res.status).toBe(201);
  return res.body.id as number;
}

test('the instants the tests stand at: 00:30 in Moscow is the UTC day before, 23:30 is the same UTC day', () => {
  expect(halfPastMidnight.toISOString().slice(0, 10)).toBe(addDays(day, -1));
  expect(halfPastMidnight.toISOString().slice(11, 16)).toBe('21:30');
  expect(halfPastEleven.toISOString().slice(0, 16)).toBe(`${day}T20:30`);
});

test("at 00:30 in Moscow 'Завершить' takes Moscow's day (the UTC day is still yesterday) and refuses the day after", async () => {
  const id = await placeReserve();
  clock.now = () => halfPastMidnight;
  // the day after Moscow's today is refused, Moscow's own day is not 'later than today'
  const later = await ctx.change('POST', `/api/reserves/${id}/complete`, 'admin', {
    actual_date_implementation: addDays(day, 1),
  });
  expect(later.status).toBe(400);
  expect(later.body.messages).toEqual(['Дата не может быть позже сегодняшней']);
  const done = await ctx.change('POST', `/api/reserves/${id}/complete`, 'admin', {});
  expect(done.status).toBe(200);
  expect(done.body.actual_date_implementation.slice(0, 10)).toBe(day);
});

test('at 23:30 in Moscow the day is still D; the same instant in a business zone of Vladivostok is D + 1', async () => {
  const moscow = await placeReserve();
  clock.now = () => halfPastEleven;
  const done = await ctx.change('POST', `/api/reserves/${moscow}/complete`, 'admin', {});
  expect(done.body.actual_date_implementation.slice(0, 10)).toBe(day);

  clock.now = realNow;
  const east = await placeReserve();
  await setZone('Asia/Vladivostok');
  clock.now = () => halfPastEleven;
  const there = await ctx.change('POST', `/api/reserves/${east}/complete`, 'admin', {});
  expect(there.body.actual_date_implementation.slice(0, 10)).toBe(addDays(day, 1));
});

test("a new reserve at 00:30 in Moscow: an estimated date of the UTC day is 'before today', 'Резерв до' counts from Moscow's day", async () => {
  const offer = await trade.newOffer('100');
  clock.now = () => halfPastMidnight;
  const early = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { unit_selling_price: '400', estimated_date_implementation: addDays(day, -1) }),
  );
  expect(early.status).toBe(400);
  expect(early.body.messages).toEqual(['Дата реализации не может быть раньше сегодняшней']);
  const made = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { unit_selling_price: '400', estimated_date_implementation: addDays(day, 30) }),
  );
  expect(made.status).toBe(201);
  // the demo's hold is 5 days (reserve_hold_days), from Moscow's day D
  const hold = firstRow<{ value: string }>(
    await ctx.db.execute(sql`SELECT value FROM business_settings WHERE name = 'reserve_hold_days'`),
  )!.value;
  expect(made.body.reserved_until.slice(0, 10)).toBe(addDays(day, Number(hold)));
});

test("the expiry job: a reserve held until D is not due at 23:30 of D in Moscow, and is 'Просрочен' at 00:30 of D + 1 (still D in UTC)", async () => {
  const id = await placeReserve();
  await ctx.db.execute(sql`UPDATE reserves SET reserved_until = ${day}::date WHERE id = ${id}`);
  clock.now = () => halfPastEleven;
  expect(await runReserveExpiry(ctx.db)).not.toContain(id);
  clock.now = () => at(addDays(day, 1), 0, 30);
  expect(new Date(clock.now()).toISOString().slice(0, 10)).toBe(day);
  expect(await runReserveExpiry(ctx.db)).toContain(id);
  expect(
    firstRow<{ status: string }>(await ctx.db.execute(sql`SELECT status FROM reserves WHERE id = ${id}`))!.status,
  ).toBe('expired');
});

test('date filters and the CSV take the business day of an instant: created at 00:30 of D in Moscow is D, not the UTC day before', async () => {
  const offer = await trade.newOffer('100');
  await ctx.db.execute(
    sql`UPDATE offers SET created_at = ${halfPastMidnight.toISOString()}::timestamptz WHERE id = ${offer.id}`,
  );
  const ids = async (from: string, to: string) =>
    (
      await ctx.call('GET', `/api/offers?offers_ids=${offer.id}&created_at_from=${from}&created_at_to=${to}`)
    ).body.data.map((o: { id: number }) => o.id);
  expect(await ids(day, day)).toEqual([offer.id]);
  expect(await ids(addDays(day, -1), addDays(day, -1))).toEqual([]);
  const csv = await ctx.app.inject({
    method: 'GET',
    url: `/api/offers/export?format=csv&offers_ids=${offer.id}&columns=id&columns=created_at`,
    headers: { authorization: `Bearer ${ctx.tokens.admin}` },
  });
  expect(csv.statusCode).toBe(200);
  const [d, m, y] = [day.slice(8, 10), day.slice(5, 7), day.slice(0, 4)];
  expect(csv.body.split('\r\n')[1]).toBe(`${offer.id};${d}.${m}.${y}`);
  // in Vladivostok's business day the same instant is 07:30 of D as well; in a zone behind UTC it is the day before
  await setZone('America/New_York');
  expect(await ids(addDays(day, -1), addDays(day, -1))).toEqual([offer.id]);
});

test("'Часовой пояс' is a business setting: an IANA zone, saved by an administrator, read by every role", async () => {
  const bad = await ctx.call('PUT', '/api/settings', 'admin', { time_zone: 'Марс/Олимп' });
  expect(bad.status).toBe(400);
  expect(bad.body.messages).toEqual(['Укажите часовой пояс из базы IANA, например Europe/Moscow']);
  expect((await ctx.call('PUT', '/api/settings', 'admin', { time_zone: '+03:00' })).status).toBe(400);
  expect((await ctx.call('PUT', '/api/settings', 'manager', { time_zone: 'Asia/Vladivostok' })).status).toBe(403);
  const saved = await ctx.call('PUT', '/api/settings', 'admin', { time_zone: 'Asia/Vladivostok' });
  expect(saved.status).toBe(200);
  expect(saved.body.settings.time_zone).toBe('Asia/Vladivostok');
  for (const who of ['manager', 'warehouse', 'supplier'] as const) {
    expect((await ctx.call('POST', '/api/settings', who, ['time_zone'])).body).toEqual({
      time_zone: 'Asia/Vladivostok',
    });
  }
  const log = firstRow<{ summary: string }>(
    await ctx.db.execute(sql`SELECT summary FROM admin_log ORDER BY id DESC LIMIT 1`),
  );
  expect(log?.summary).toBe('Бизнес-настройки: Часовой пояс Europe/Moscow → Asia/Vladivostok');
});
