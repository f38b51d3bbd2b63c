// A paper's make and cancel (an invoice's, a УПД's) go through the records' history writer: each is an entry of the
// paper's history by the person who did it, with the version it left, and is heard on the live streams by who reads
// papers (an open list or card follows), never by role 8 (no selling sums) nor a supplier's user. A refused cancel
// (a stale version) writes nothing and is heard by nobody. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { firstRow, rowsOf } from '../../../db/rows';
import { createDemoApp, type DemoContext, type DemoUser } from '../../../__tests__/testApp';
import { FORM_BUYER, kilogramTrade, reserveForm, today, type Trade } from '../../../__tests__/trade';
import { until } from '../../../__tests__/until';

let ctx: DemoContext;
let trade: Trade;
let productId: number;
let base: string;

const COMPANY = {
  company_full_name: 'ООО «Орехи Востока»',
  company_inn: '7707083893',
  company_kpp: '773601001',
  company_address: 'г. Москва, ул. Щипок, д. 11',
  company_director: 'Орлов Андрей Викторович',
  company_accountant: 'Белова Ирина Сергеевна',
  company_bank_name: 'ПАО Сбербанк',
  company_bik: '044525225',
  company_account: '40702810938000012345',
  company_corr_account: '30101810400000000225',
  vat_regime: 'general',
};

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1993);
  for (const [name, value] of Object.entries(COMPANY)) {
    await ctx.db.execute(
      sql`INSERT INTO business_settings (name, value) VALUES (${name}, ${value}) ON CONFLICT (name) DO UPDATE SET value = ${value}`,
    );
  }
  await ctx.db.execute(sql`
    UPDATE buyers SET inn = '7728168971', kpp = '772801001', legal_address = 'г. Казань, ул. Баумана, д. 5'
    WHERE name = ${FORM_BUYER.name} AND phone = ${FORM_BUYER.phone}`);
  const product = await ctx.call('POST', '/api/products', 'admin', { name: 'Фисташка для живых бумаг' });
  expect(product.status).toBe(201);
  productId = product.body.id as number;
  await ctx.db.execute(sql`UPDATE products SET vat_rate = '10' WHERE id = ${productId}`);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(() => ctx?.close());

interface Change {
  section: string;
  id: number;
  version: number;
  kind: string;
}

/** GET /api/events as a user: the 'change' events it hears, in order. */
function stream(token: string) {
  const got: Change[] = [];
  let buffer = '';
  let status = 0;
  const req = http.get(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
    status = res.statusCode ?? 0;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!/^event: change$/m.test(block)) continue;
        got.push(JSON.parse(/^data: (.*)$/m.exec(block)![1]) as Change);
      }
    });
  });
  req.on('error', () => undefined);
  return { got, status: () => status, close: () => req.destroy() };
}

type Stream = ReturnType<typeof stream>;
const papersHeard = (s: Stream) => s.got.filter((e) => e.section === 'invoices' || e.section === 'upd');

/** A reserve of 10 kg at 400 ₽ (10 % VAT), completed when a УПД is to be made of it. */
async function reserve(complete: boolean): Promise<number> {
  const offer = await trade.newOffer('100', { product_id: productId, origin_country: 'Россия' });
  const res = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { amount: '10', unit_selling_price: '400', packs_amount: null }),
  );
  expect(res.status).toBe(201);
  if (complete) {
    const done = await ctx.change('POST', `/api/reserves/${res.body.id}/complete`, 'admin', {
      actual_date_implementation: today,
    });
    expect(done.status).toBe(200);
  }
  return res.body.id as number;
}

const nameOf = async (who: DemoUser) =>
  firstRow<{ name: string }>(
    await ctx.db.execute(sql`SELECT coalesce(name, email) AS name FROM users WHERE email = ${`${who}@nutdesk.demo`}`),
  )!.name;

const stored = async (section: string, id: number) =>
  rowsOf<{ action: string; version: number; user_id: number; changes: unknown[] }>(
    await ctx.db.execute(sql`SELECT action, version, user_id, changes FROM record_history
      WHERE section = ${section} AND record_id = ${id} ORDER BY id`),
  );

const userId = async (who: DemoUser) =>
  firstRow<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM users WHERE email = ${`${who}@nutdesk.demo`}`))!.id;

const CANCELLED = [{ field: 'status', old: 'active', new: 'cancelled' }];

test.each([
  ['invoices', false],
  ['upd', true],
] as const)(
  '%s: made by the manager, cancelled by the administrator: two history entries by them, heard by who reads papers',
  async (section, complete) => {
    const [admin, manager, warehouse, supplier] = (['admin', 'manager', 'warehouse', 'supplier'] as const).map((who) =>
      stream(ctx.tokens[who]),
    );
    await until(() => [admin, manager, warehouse, supplier].every((s) => s.status() === 200));

    const made = await ctx.call('POST', `/api/${section}`, 'manager', { reserve_ids: [await reserve(complete)] });
    expect([made.status, made.body.messages]).toEqual([201, undefined]);
    const { id, version } = made.body as { id: number; version: number };
    const create = { section, id, version, kind: 'create' };
    await until(() => papersHeard(admin).length === 1 && papersHeard(manager).length === 1);
    expect(papersHeard(admin)).toEqual([create]);

    // a stale cancel changes nothing and is heard by nobody
    const stale = await ctx.call('POST', `/api/${section}/${id}/cancel`, 'admin', { version: version + 1 });
    expect(stale.status).toBe(409);
    const cancelled = await ctx.call('POST', `/api/${section}/${id}/cancel`, 'admin', { version });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', number: made.body.number, version: version + 1 });
    const update = { section, id, version: version + 1, kind: 'update' };
    await until(() => papersHeard(admin).length === 2 && papersHeard(manager).length === 2);
    expect(papersHeard(admin)).toEqual([create, update]);
    expect(papersHeard(manager)).toEqual([create, update]);

    // the history: who made it, who cancelled it, each entry with the version it left
    expect(await stored(section, id)).toEqual([
      { action: 'create', version, user_id: await userId('manager'), changes: [] },
      { action: 'update', version: version + 1, user_id: await userId('admin'), changes: CANCELLED },
    ]);
    const history = await ctx.call('GET', `/api/${section}/${id}/history`, 'admin');
    expect(history.status).toBe(200);
    expect(history.body.data.map((h: { action: string; user: string }) => [h.action, h.user])).toEqual([
      ['create', await nameOf('manager')],
      ['update', await nameOf('admin')],
    ]);
    // role 8 and a supplier's user read no paper: no history, and they heard of none (a reserve's event is after)
    expect((await ctx.call('GET', `/api/${section}/${id}/history`, 'warehouse')).status).toBe(403);
    expect((await ctx.call('GET', `/api/${section}/${id}/history`, 'supplier')).status).toBe(403);
    await reserve(false);
    await until(() => warehouse.got.some((e) => e.section === 'reserves') && admin.got.length > 3);
    expect(papersHeard(warehouse)).toEqual([]);
    expect(papersHeard(supplier)).toEqual([]);
    [admin, manager, warehouse, supplier].forEach((s) => s.close());
  },
);
