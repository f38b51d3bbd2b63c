// Every heavy answer is capped per user and per instance, not only list exports (issue 50): the price list's PDF and
// XLSX, a quote's PDF and an analytics chart's XLSX take their place in the one gate (server/http/heavyGate.ts).
// 20 parallel price-list PDFs from one account once moved another user's reads from 53 to 370 ms; now the account
// builds two at a time and the rest are told, in Russian, with 429 and Retry-After (never 503, which behind nginx
// marks the instance down), to wait; another user still gets their files.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext, type DemoUser } from './testApp';
import { firstRow, rowsOf } from '../db/rows';
import { HEAVY_GATE_MSG } from '../http/heavyGate';

let ctx: DemoContext;
let cityId: number;
let quoteId: number;

beforeAll(async () => {
  // the defaults: two per user, four per instance
  ctx = await createDemoApp({ exportsPerInstance: 4, exportsPerUser: 2 });
  cityId = firstRow<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM cities WHERE status = 'active' ORDER BY id LIMIT 1`),
  )!.id;
  // a quote as the manager's screen makes one: the search's first line at its own price
  const productId = firstRow<{ id: number }>(
    await ctx.db.execute(
      sql`SELECT product_id AS id FROM offers WHERE status = 'active' AND available_amount >= 10 ORDER BY id LIMIT 1`,
    ),
  )!.id;
  const found = await ctx.call('POST', '/api/quotes/search', 'admin', {
    product_id: productId,
    city_id: cityId,
    amount: 10,
    unit: 'кг',
    level: 'min',
  });
  const line = (
    found.body as { lines: { offers: { offer_id: number; amount: string }[]; unit_price: string | null }[] }
  ).lines.find((l) => l.offers.length === 1 && l.unit_price)!;
  const quote = await ctx.call('POST', '/api/quotes', 'admin', {
    city_id: cityId,
    buyer_name: 'ООО «Орех»',
    lines: [
      {
        offers: [{ offer_id: line.offers[0].offer_id, amount: Number(line.offers[0].amount) }],
        unit_price: Number(line.unit_price),
      },
    ],
  });
  expect([quote.status, quote.body]).toEqual([201, expect.objectContaining({ id: expect.any(Number) })]);
  quoteId = quote.body.id;
}, 180_000);

afterAll(() => ctx?.close());

const get = (who: DemoUser, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ctx.tokens[who]}` } });
const heavy = () => ({
  'price list PDF': `/api/price-list/export?format=pdf&city_id=${cityId}`,
  'price list XLSX': `/api/price-list/export?format=xlsx&city_id=${cityId}`,
  'quote PDF': `/api/quotes/${quoteId}/pdf`,
  'analytics XLSX': '/api/analytics/sales/xlsx',
});
const userRefusal = { status: 'error', error: 'too_many_requests', messages: [HEAVY_GATE_MSG.perUser(2)] };

test('the attack: 20 parallel price-list PDFs from one account: at most two are built at once, the rest 429 with Retry-After', async () => {
  let inFlight = 0;
  let most = 0;
  const gate = ctx.app.heavyGate;
  const enter = gate.enter.bind(gate);
  const spy = jest.spyOn(gate, 'enter').mockImplementation((userId: number) => {
    const release = enter(userId);
    most = Math.max(most, ++inFlight);
    return () => {
      inFlight--;
      release();
    };
  });
  try {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('admin', heavy()['price list PDF'])));
    const built = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(built.length).toBeGreaterThanOrEqual(1);
    expect(built.every((a) => a.headers['content-type'] === 'application/pdf')).toBe(true);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.map((a) => [a.statusCode, a.headers['retry-after'], a.json()])).toEqual(
      refused.map(() => [429, '5', userRefusal]),
    );
    // never more than the account's two at once
    expect(most).toBeLessThanOrEqual(2);
  } finally {
    spy.mockRestore();
  }
  expect(gate.size).toBe(0);
}, 120_000);

test("each heavy answer takes the user's place: with two of the account's files under way, every kind is refused for it and served to another", async () => {
  const admin = firstRow<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM users WHERE email = 'admin@nutdesk.demo'`),
  )!.id;
  // two of the admin's downloads are under way
  const held = [ctx.app.heavyGate.enter(admin), ctx.app.heavyGate.enter(admin)];
  try {
    for (const [what, url] of Object.entries(heavy())) {
      const refused = await get('admin', url);
      expect([what, refused.statusCode, refused.headers['retry-after'], refused.json()]).toEqual([
        what,
        429,
        '5',
        userRefusal,
      ]);
    }
    // another account's files are built meanwhile (the manager quotes and builds price lists; the quote is the admin's)
    for (const what of ['price list PDF', 'price list XLSX', 'analytics XLSX'] as const) {
      const served = await get('manager', heavy()[what]);
      expect([what, served.statusCode]).toEqual([what, 200]);
    }
  } finally {
    held.forEach((release) => release());
  }
  // and the admin's own, once the downloads are done
  for (const [what, url] of Object.entries(heavy()))
    expect([what, (await get('admin', url)).statusCode]).toEqual([what, 200]);
  expect(ctx.app.heavyGate.size).toBe(0);
}, 120_000);

test('a full instance refuses with 429 and Retry-After, never 503 (behind nginx a 503 marks the instance down)', async () => {
  const others = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM users WHERE email <> 'admin@nutdesk.demo' ORDER BY id LIMIT 2`),
  ).map((u) => u.id);
  expect(others).toHaveLength(2);
  // two other accounts hold two places each: the instance's four
  const held = others.flatMap((id) => [ctx.app.heavyGate.enter(id), ctx.app.heavyGate.enter(id)]);
  try {
    for (const [what, url] of Object.entries(heavy())) {
      const refused = await get('admin', url);
      expect([what, refused.statusCode, refused.headers['retry-after'], refused.json()]).toEqual([
        what,
        429,
        '60',
        { status: 'error', error: 'busy', messages: [HEAVY_GATE_MSG.perInstance] },
      ]);
    }
    const list = await get('admin', '/api/offers/export?format=csv');
    expect([list.statusCode, list.headers['retry-after']]).toEqual([429, '60']);
  } finally {
    held.forEach((release) => release());
  }
}, 120_000);
