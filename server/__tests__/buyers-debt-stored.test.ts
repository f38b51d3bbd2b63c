// A buyer's balance and overdue debt are stored (issue 55), not summed per row by the buyers list: written in the
// transaction of whatever changes them (a sale completed, a payment added or taken back, an opening balance, the
// buyer's terms; through the API or by raw SQL, never by a rolled-back write), moved by the calendar by the daily
// job on the business day (heard as the buyer's change), followed by a change of the time zone; the buyer's version
// kept; the list filters and sorts by the stored figures. Every figure worked by hand.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { firstRow } from '../db/rows';
import { clock } from '../db/businessDay';
import { CHANGES_CHANNEL, eventsOf } from '../db/changes';
import { runReserveExpiry } from '../sections/reserves/expiry';
import { addDays, businessDayStart, businessToday, TIME_ZONE_DEFAULT } from '../../domain/businessDay';
import type { LiveEvent } from '../../domain/live';
import { until } from './until';

let ctx: DemoContext;
let trade: Trade;
let inns = 0;
const heard: LiveEvent[] = [];
let off: () => void;
const realNow = clock.now;

const today = (zone = TIME_ZONE_DEFAULT) => businessToday(zone, clock.now());
const day = (offset: number, zone = TIME_ZONE_DEFAULT) => addDays(today(zone), offset);

/** A valid company INN of its own per call (domain/inn.ts weights). */
function nextInn(): string {
  const body = `78${String(5_000_000 + inns++).padStart(7, '0')}`;
  const sum = [2, 4, 10, 3, 5, 9, 4, 6, 8].reduce((s, w, i) => s + w * Number(body[i]), 0);
  return body + ((sum % 11) % 10);
}

async function newBuyer(deferralDays: string): Promise<number> {
  const res = await ctx.call('POST', '/api/buyers', 'admin', {
    name: `ООО «Долг ${inns}»`,
    inn: nextInn(),
    city_id: trade.cityIds[1],
    delivery_address: 'Казань, ул. Пушкина, 1',
    contact_person: 'Иванов Иван',
    phone: '+7 (912) 000-11-22',
    payment_terms: 'deferral',
    deferral_days: deferralDays,
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** A sale of 20 kg at 400 ₽ (8 000,00 ₽) to the buyer, completed on `done`; its reserve's id. */
async function sale(buyerId: number, done: string): Promise<number> {
  const offer = await trade.newOffer('100');
  const { body } = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, {
      buyer_id: buyerId,
      buyer_name: '',
      buyer_phone: '',
      city_id: '',
      delivery_address: '',
      unit_selling_price: '400',
    }),
  );
  await ctx.db.execute(sql`UPDATE reserves SET created_at = ${done}::date WHERE id = ${body.id}`);
  const completed = await ctx.change('POST', `/api/reserves/${body.id}/complete`, 'admin', {
    actual_date_implementation: done,
  });
  expect(completed.status).toBe(200);
  return body.id as number;
}

const stored = async (id: number) =>
  firstRow<{ balance: string; overdue: string; turns_on: string | null; version: number }>(
    await ctx.db.execute(sql`SELECT debt_balance::text AS balance, debt_overdue::text AS overdue,
      debt_turns_on::text AS turns_on, version FROM buyers WHERE id = ${id}`),
  )!;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
  off = ctx.app.bus.subscribe(CHANGES_CHANNEL, (payload) => heard.push(...eventsOf(payload)));
}, 300_000);

afterAll(async () => {
  clock.now = realNow;
  off?.();
  await ctx?.close();
});

afterEach(() => {
  clock.now = realNow;
});

test("each sale, payment, opening balance and change of terms writes the stored debt in its transaction, the buyer's version kept", async () => {
  const buyer = await newBuyer('10');
  expect(await stored(buyer)).toEqual({ balance: '0.00', overdue: '0.00', turns_on: null, version: 1 });
  // completed 3 days ago: due in 7 days, overdue from the 8th
  await sale(buyer, day(-3));
  expect(await stored(buyer)).toEqual({ balance: '8000.00', overdue: '0.00', turns_on: day(8), version: 1 });
  // completed 15 days ago, due 10 days after: 5 days overdue
  const first = await sale(buyer, day(-15));
  expect(await stored(buyer)).toEqual({ balance: '16000.00', overdue: '8000.00', turns_on: day(8), version: 1 });
  const paid = await ctx.change('POST', `/api/reserves/${first}/payments`, 'admin', {
    date: today(),
    amount: '3000.50',
    comment: 'Платежное поручение',
  });
  expect(paid.status).toBe(200);
  // 16 000,00 − 3 000,50 = 12 999,50; overdue 8 000,00 − 3 000,50 = 4 999,50
  expect(await stored(buyer)).toEqual({ balance: '12999.50', overdue: '4999.50', turns_on: day(8), version: 1 });
  // the buyer's own save moves its version; 2 days' deferral: the second sale was due yesterday
  expect((await ctx.change('PATCH', `/api/buyers/${buyer}`, 'admin', { deferral_days: '2' })).status).toBe(200);
  expect(await stored(buyer)).toEqual({ balance: '12999.50', overdue: '12999.50', turns_on: null, version: 2 });
  // written by hand: an opening balance of 1 000,00 a month ago, the payment taken back
  await ctx.db.execute(
    sql`INSERT INTO buyer_opening_balances (buyer_id, amount, as_of) VALUES (${buyer}, 1000, ${day(-30)}::date)`,
  );
  expect(await stored(buyer)).toMatchObject({ balance: '13999.50', overdue: '13999.50', version: 2 });
  await ctx.db.execute(sql`UPDATE payments SET deleted = true WHERE reserve_id = ${first}`);
  expect(await stored(buyer)).toMatchObject({ balance: '17000.00', overdue: '17000.00', version: 2 });
  // a payment rolled back leaves the stored debt as it was
  await expect(
    ctx.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO payments (reserve_id, date, amount) VALUES (${first}, ${today()}::date, 500)`);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await stored(buyer)).toMatchObject({ balance: '17000.00', overdue: '17000.00', version: 2 });
  // what the card's ledger counts, the list shows
  const ledger = (await ctx.call('GET', `/api/buyers/${buyer}/ledger`)).body;
  expect([ledger.balance, ledger.overdue]).toEqual(['17000.00', '17000.00']);
  const listed = await ctx.call('GET', `/api/buyers?buyers_ids=${buyer}&perPage=20`);
  expect(listed.body.data).toEqual([expect.objectContaining({ id: buyer, balance: '17000.00', overdue: '17000.00' })]);
});

test('the list filters and sorts by the stored debt', async () => {
  const owes = await newBuyer('10');
  await sale(owes, day(-20));
  const notYet = await newBuyer('10');
  await sale(notYet, day(-1));
  const both = `buyers_ids=${owes}&buyers_ids=${notYet}`;
  const ids = async (query: string) =>
    ((await ctx.call('GET', `/api/buyers?${both}&perPage=20&${query}`)).body.data as { id: number }[]).map((r) => r.id);
  expect(await ids('overdue_from=1')).toEqual([owes]);
  expect(await ids('balance_from=8000&balance_to=8000&sort=id&order=asc')).toEqual([owes, notYet]);
  // the same balances; by the overdue part, largest first
  expect(await ids('sort=overdue&order=desc')).toEqual([owes, notYet]);
  expect(await ids('sort=overdue&order=asc')).toEqual([notYet, owes]);
});

test("the daily job moves the overdue part on the business day it falls due, heard as the buyer's change", async () => {
  const buyer = await newBuyer('10');
  // completed 10 days ago: due today, overdue from tomorrow
  await sale(buyer, day(-10));
  expect(await stored(buyer)).toEqual({ balance: '8000.00', overdue: '0.00', turns_on: day(1), version: 1 });
  // today the job moves nothing
  await runReserveExpiry(ctx.db);
  expect(await stored(buyer)).toMatchObject({ overdue: '0.00', turns_on: day(1) });
  // a day on, at 00:30 in Moscow
  const tomorrow = day(1);
  clock.now = () => new Date(businessDayStart(tomorrow, TIME_ZONE_DEFAULT).getTime() + 30 * 60_000);
  heard.length = 0;
  await runReserveExpiry(ctx.db);
  expect(await stored(buyer)).toEqual({ balance: '8000.00', overdue: '8000.00', turns_on: null, version: 1 });
  await until(() => heard.some((e) => e.section === 'buyers' && e.id === buyer));
});

test('a change of the time zone judges the overdue part on that zone’s day', async () => {
  // Pago Pago (UTC−11) and Kiritimati (UTC+14) are 25 hours apart: Kiritimati's day is always a later one
  expect((await ctx.call('PUT', '/api/settings', 'admin', { time_zone: 'Pacific/Pago_Pago' })).status).toBe(200);
  try {
    const buyer = await newBuyer('10');
    // due on Pago Pago's today: not yet overdue there
    await sale(buyer, day(-10, 'Pacific/Pago_Pago'));
    expect(await stored(buyer)).toMatchObject({ balance: '8000.00', overdue: '0.00' });
    heard.length = 0;
    expect((await ctx.call('PUT', '/api/settings', 'admin', { time_zone: 'Pacific/Kiritimati' })).status).toBe(200);
    expect(await stored(buyer)).toMatchObject({ balance: '8000.00', overdue: '8000.00', turns_on: null, version: 1 });
    await until(() => heard.some((e) => e.section === 'buyers' && e.id === buyer));
  } finally {
    await ctx.call('PUT', '/api/settings', 'admin', { time_zone: TIME_ZONE_DEFAULT });
  }
});
