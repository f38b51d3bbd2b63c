// Issue 49, 'Credit that holds' under load: every way a reserve becomes active or grows (create, restore single and
// bulk, renew, reserve from a quote, a bigger amount) for one buyer at once never takes his credit past the limit
// and never answers 500; on PostgreSQL, a two-lot quote reserve racing direct reserves of the same lots in the other
// order answers a success or 409, and each of those paths waits on the buyer's row before it holds any offer (the
// one lock order: buyer, then offers in id order). On PGlite by default, on PostgreSQL with DATABASE_URL.
import { sql } from 'drizzle-orm';
import dayjs from 'dayjs';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { firstRow, rowsOf } from '../db/rows';
import { businessToday, TIME_ZONE_DEFAULT } from '../../domain/businessDay';
import { runReserveExpiry } from '../sections/reserves/expiry';

const onPostgres = Boolean(process.env.DATABASE_URL);
const day = () => dayjs(businessToday(TIME_ZONE_DEFAULT));
const iso = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

let ctx: DemoContext;
let trade: Trade;
let managerEmployee: number;
/** Two big lots, a.id < b.id. */
let a: { id: number };
let b: { id: number };
let inns = 0;
const call: DemoContext['call'] = (...args) => ctx.call(...args);
type Answer = Awaited<ReturnType<DemoContext['call']>>;

function nextInn(): string {
  const body = `77${String(6_000_000 + inns++).padStart(7, '0')}`;
  const sum = [2, 4, 10, 3, 5, 9, 4, 6, 8].reduce((s, w, i) => s + w * Number(body[i]), 0);
  return body + ((sum % 11) % 10);
}

async function newBuyer(patch: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/buyers', 'admin', {
    name: `ООО «Гонка ${inns}»`,
    inn: nextInn(),
    city_id: trade.cityIds[1],
    delivery_address: 'Казань, ул. Пушкина, 1',
    phone: `+7 (913) 555-${String(10 + inns).slice(-2)}-00`,
    responsible_id: managerEmployee,
    payment_terms: 'deferral',
    deferral_days: '10',
    ...patch,
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string };
}

/** `kg` kg at 400 ₽ (20 kg: 8 000,00 ₽), the manager's own reserve for the buyer. */
const reserveFor = (offerId: number, buyerId: number, kg = '20') =>
  reserveForm(trade, offerId, {
    buyer_id: buyerId,
    buyer_name: '',
    buyer_phone: '',
    city_id: '',
    delivery_address: '',
    unit_selling_price: '400',
    responsible_id: managerEmployee,
    amount: kg,
  });

const made = async (offerId: number, buyerId: number, kg = '20') => {
  const res = await call('POST', '/api/reserves', 'admin', reserveFor(offerId, buyerId, kg));
  expect([res.status, res.body.messages]).toEqual([201, undefined]);
  return res.body as { id: number; version: number };
};
const versionOf = async (id: number) =>
  firstRow<{ version: number }>(await ctx.db.execute(sql`SELECT version FROM reserves WHERE id = ${id}`))!.version;

/** A quote for the buyer at 400 ₽ a kg: 20 kg of one lot, or 10 kg of each of two (8 000,00 ₽ either way). */
async function quoteFor(buyerId: number, lots: number[]) {
  const kg = 20 / lots.length;
  const res = await call('POST', '/api/quotes', 'manager', {
    city_id: trade.cityIds[1],
    buyer_id: buyerId,
    lines: [{ offers: lots.map((offer_id) => ({ offer_id, amount: kg, unit_price: 400 })), unit_price: 400 }],
  });
  expect([res.status, res.body.messages]).toEqual([201, undefined]);
  return res.body as { id: number };
}
const reserveQuote = (id: number) =>
  call('POST', `/api/quotes/${id}/reserve`, 'manager', { delivery_address: 'Казань, ул. Пушкина, 1' });

const activeSum = async (buyerId: number) =>
  firstRow<{ sum: string; n: number }>(
    await ctx.db.execute(sql`SELECT coalesce(sum(total_selling_sum), 0)::numeric(14, 2)::text AS sum,
  count(*)::int AS n FROM reserves WHERE buyer_id = ${buyerId} AND status = 'active'`),
  )!;

/** The offers' reserved figures are the sums of their active reserves (the stock writer kept up with the race). */
async function stockAgrees() {
  const wrong = rowsOf(
    await ctx.db.execute(sql`SELECT o.id FROM offers o WHERE o.id IN (${a.id}, ${b.id})
    AND o.reserved_amount <> (SELECT coalesce(sum(r.amount), 0) FROM reserves r WHERE r.offer_id = o.id AND r.status = 'active')`),
  );
  expect(wrong).toEqual([]);
}

/** An answer a user may get in a race: a success, or a 409 in words (the credit's figures, or 'Повторите запрос'). */
function expectNoFailure(res: { status: number; body: { error?: string; message?: string } }) {
  expect([200, 201, 409]).toContain(res.status);
  if (res.status === 409) expect(res.body.error === 'credit' || res.body.message === 'Повторите запрос').toBe(true);
}

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1995);
  a = await trade.newOffer('1000000');
  b = await trade.newOffer('1000000');
  managerEmployee = firstRow<{ id: number }>(
    await ctx.db.execute(sql`SELECT employee_id AS id FROM users WHERE email = 'manager@nutdesk.demo'`),
  )!.id;
}, 120_000);
afterAll(() => ctx?.close());

test('a race of 20 reserves, restores, renewals and quote reserves for one buyer never passes his limit nor answers 500', async () => {
  const buyer = await newBuyer();
  // what the race starts from, with no limit yet: 5 deleted reserves (3 restored one by one, 2 at once), 4 expired ones
  // (renewed), 4 quotes (2 of one lot, 2 of two), each 8 000,00 ₽; nothing active
  const deleted: number[] = [];
  for (let i = 0; i < 5; i++) deleted.push((await made(i % 2 ? b.id : a.id, buyer.id)).id);
  expect((await call('DELETE', '/api/reserves', 'admin', { ids: deleted })).body.deleted).toBe(5);
  const expired: number[] = [];
  for (let i = 0; i < 4; i++) expired.push((await made(i % 2 ? a.id : b.id, buyer.id)).id);
  await ctx.db.execute(
    sql`UPDATE reserves SET reserved_until = ${iso(day().subtract(1, 'day'))}::date WHERE id = ANY(${`{${expired.join(',')}}`}::int[])`,
  );
  expect(await runReserveExpiry(ctx.db)).toEqual(expect.arrayContaining(expired));
  const quotes = [
    await quoteFor(buyer.id, [a.id]),
    await quoteFor(buyer.id, [b.id]),
    await quoteFor(buyer.id, [a.id, b.id]),
    await quoteFor(buyer.id, [a.id, b.id]),
  ];
  expect(await activeSum(buyer.id)).toEqual({ sum: '0.00', n: 0 });
  // the limit: five of them (40 000,00 ₽)
  expect(
    (
      await call('PATCH', `/api/buyers/${buyer.id}`, 'admin', {
        credit_limit: '40000',
        version: (await call('GET', `/api/buyers/${buyer.id}`, 'admin')).body.version,
      })
    ).status,
  ).toBe(200);

  const renewVersions = await Promise.all(expired.map(versionOf));
  const requests: (() => Promise<Answer>)[] = [];
  for (let i = 0; i < 8; i++)
    requests.push(() => call('POST', '/api/reserves', 'manager', reserveFor(i % 2 ? a.id : b.id, buyer.id)));
  for (const id of deleted.slice(0, 3)) requests.push(() => call('POST', `/api/reserves/${id}/restore`, 'manager', {}));
  requests.push(() => call('POST', '/api/reserves/restore', 'manager', { ids: deleted.slice(3) }));
  expired.forEach((id, i) =>
    requests.push(() => call('POST', `/api/reserves/${id}/renew`, 'manager', { version: renewVersions[i] })),
  );
  for (const q of quotes) requests.push(() => reserveQuote(q.id));
  expect(requests).toHaveLength(20);
  // interleaved: each kind next to the others
  const order = requests.map((_, i) => i).sort((x, y) => (x % 5) - (y % 5) || x - y);
  const answers = await Promise.all(order.map((i) => requests[i]()));

  let taken = 0;
  for (const res of answers) {
    expectNoFailure(res);
    if (res.status === 409) continue;
    taken += res.body.restored !== undefined ? res.body.restored * 8000 : 8000;
    // a bulk restore refuses the one that would pass the limit in the credit's words
    for (const r of res.body.refused ?? []) expect(r.reason).toMatch(/^Превышен кредитный лимит: лимит 40 000,00 ₽/);
  }
  const active = await activeSum(buyer.id);
  // never past the limit, and what the answers said was made is what is active
  expect(Number(active.sum)).toBeLessThanOrEqual(40000);
  expect(Number(active.sum)).toBe(taken);
  // with the lock order held, nothing is left for a retry: the limit is met exactly (5 × 8 000,00)
  expect(active.sum).toBe('40000.00');
  await stockAgrees();
}, 240_000);

(onPostgres ? test : test.skip)(
  "PostgreSQL: two-lot quote reserves racing direct reserves of the same lots in the other order: success or 409, never a deadlock's 500",
  async () => {
    const buyer = await newBuyer();
    for (let round = 0; round < 2; round++) {
      const quotes: { id: number }[] = [];
      for (let i = 0; i < 6; i++) quotes.push(await quoteFor(buyer.id, [a.id, b.id]));
      // the quote takes a then b; the direct reserves take b, then a, then b…
      const answers = await Promise.all([
        ...quotes.map((q) => reserveQuote(q.id)),
        ...quotes.map((_, i) => call('POST', '/api/reserves', 'manager', reserveFor(i % 2 ? a.id : b.id, buyer.id))),
      ]);
      for (const res of answers) expectNoFailure(res);
      expect(answers.filter((r) => r.status >= 200 && r.status < 300)).toHaveLength(12);
    }
    await stockAgrees();
  },
  240_000,
);

/** A backend of this database waiting on a lock (the request queued behind the test's lock on the buyer's row). */
const someoneWaits = async () =>
  firstRow<{ n: number }>(
    await ctx.db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity
  WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`),
  )!.n > 0;

/** Runs `request` while the test holds the buyer's row: once it waits, both lots must still be free to lock (it holds
 * no offer before its buyer); then the buyer is let go and the request answers. */
async function waitsOnBuyerFirst(buyerId: number, request: () => Promise<Answer>) {
  let answer: Promise<Answer> | undefined;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM buyers WHERE id = ${buyerId} FOR UPDATE`);
    answer = request();
    let waiting = false;
    const end = Date.now() + 30_000;
    while (!waiting && Date.now() < end) {
      waiting = await someoneWaits();
      if (!waiting) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(waiting).toBe(true);
    // NOWAIT: 55P03 at once if the request held either lot
    const free = await ctx.db.execute(
      sql`SELECT id FROM offers WHERE id IN (${a.id}, ${b.id}) ORDER BY id FOR UPDATE NOWAIT`,
    );
    expect(rowsOf(free)).toHaveLength(2);
  });
  const res = await answer!;
  expect([200, 201]).toContain(res.status);
  return res;
}

(onPostgres ? test : test.skip)(
  "PostgreSQL: every path that takes a buyer's credit locks the buyer before any offer",
  async () => {
    const buyer = await newBuyer();
    // create
    const created = await waitsOnBuyerFirst(buyer.id, () =>
      call('POST', '/api/reserves', 'manager', reserveFor(a.id, buyer.id)),
    );
    // a bigger amount on the card
    await waitsOnBuyerFirst(buyer.id, async () =>
      call('PATCH', `/api/reserves/${created.body.id}`, 'manager', {
        amount: '30',
        version: await versionOf(created.body.id),
      }),
    );
    // restore, single and bulk
    const gone = [(await made(a.id, buyer.id)).id, (await made(b.id, buyer.id)).id, (await made(a.id, buyer.id)).id];
    expect((await call('DELETE', '/api/reserves', 'admin', { ids: gone })).body.deleted).toBe(3);
    await waitsOnBuyerFirst(buyer.id, () => call('POST', `/api/reserves/${gone[0]}/restore`, 'manager', {}));
    const bulk = await waitsOnBuyerFirst(buyer.id, () =>
      call('POST', '/api/reserves/restore', 'manager', { ids: gone.slice(1) }),
    );
    expect(bulk.body.restored).toBe(2);
    // renew
    const old = await made(b.id, buyer.id);
    await ctx.db.execute(
      sql`UPDATE reserves SET reserved_until = ${iso(day().subtract(1, 'day'))}::date WHERE id = ${old.id}`,
    );
    expect(await runReserveExpiry(ctx.db)).toContain(old.id);
    const version = await versionOf(old.id);
    await waitsOnBuyerFirst(buyer.id, () => call('POST', `/api/reserves/${old.id}/renew`, 'manager', { version }));
    // a two-lot quote
    const quote = await quoteFor(buyer.id, [b.id, a.id]);
    await waitsOnBuyerFirst(buyer.id, () => reserveQuote(quote.id));
    // the bulk edit locks the buyers it names too (the dialog's responsible)
    await waitsOnBuyerFirst(buyer.id, () =>
      call('PATCH', '/api/reserves', 'admin', {
        ids: [old.id, gone[0]],
        set: { delivery_address: 'Казань, ул. Баумана, 7' },
      }),
    );
  },
  240_000,
);
