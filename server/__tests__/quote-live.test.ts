// A saved quote's writes go through the records' history writer, so the live streams hear of them as of every record:
// made, changed, its link revoked, reserved (its status 'Принята', with the reserves made through the pipeline's one
// entry for many) and deleted, each with the version the write left, to the users who may read the quote (its author,
// a role that reads every reserve; never a role that does not quote). Rights are refused as before, and a refused
// write is heard by nobody. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { firstRow, rowsOf } from '../db/rows';
import { quoteTrade, today, type Trade } from './trade';
import { addDays } from '../../domain/businessDay';
import { QUOTE_RECORD_MSG } from '../../domain/quotes/record';
import { until } from './until';

let ctx: DemoContext;
let trade: Trade;
let kazan: number;
let productId: number;
let oreh: number;
let base: string;

beforeAll(async () => {
  ctx = await createDemoApp();
  ({ trade, kazan, productId, oreh } = await quoteTrade(ctx, 1990));
  // role 1 reads its own reserves only, so its own quotes only
  await ctx.db
    .execute(sql`UPDATE role_permissions SET scope = 'own' WHERE role_id = (SELECT role_id FROM users WHERE email = 'manager@nutdesk.demo')
    AND resource = 'reserves' AND action = 'read'`);
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

const quotesHeard = (s: ReturnType<typeof stream>) => s.got.filter((e) => e.section === 'quotes');

/** 100 kg at 391.39 ₽/kg (inside the lot's band 351.45 … 431.33), for the trade's buyer. */
async function save(who: 'admin' | 'manager') {
  const offer = (await trade.newOffer('500', { product_id: productId })).id;
  const res = await ctx.call('POST', '/api/quotes', who, {
    city_id: kazan,
    buyer_id: oreh,
    lines: [{ offers: [{ offer_id: offer, amount: 100 }], unit_price: 391.39 }],
  });
  expect(res.status).toBe(201);
  return { ...(res.body as { id: number; version: number }), offer };
}

const history = async (id: number) =>
  rowsOf<{ action: string; version: number; changes: { field: string; new: unknown }[] }>(
    await ctx.db.execute(
      sql`SELECT action, version, changes FROM record_history WHERE section = 'quotes' AND record_id = ${id} ORDER BY id`,
    ),
  );

test("a quote's writes are heard with their versions by who reads it; the reserve's status change with its reserves", async () => {
  const [admin, manager, warehouse] = [
    stream(ctx.tokens.admin),
    stream(ctx.tokens.manager),
    stream(ctx.tokens.warehouse),
  ];
  await until(() => admin.status() === 200 && manager.status() === 200 && warehouse.status() === 200);

  // the administrator's own quote: the manager (own reserves) does not read it, so does not hear of it
  const theirs = await save('admin');
  // made by the manager: heard by its author and by the administrator (who reads every reserve)
  const q = await save('manager');
  const made = { section: 'quotes', id: q.id, version: q.version, kind: 'create' };
  await until(() => quotesHeard(admin).length === 2 && quotesHeard(manager).length === 1);
  expect(quotesHeard(admin)).toEqual([
    { section: 'quotes', id: theirs.id, version: theirs.version, kind: 'create' },
    made,
  ]);
  expect(quotesHeard(manager)).toEqual([made]);

  // its date changed, then its link revoked: each write moves the version by one and is heard with it
  const moved = await ctx.call('PATCH', `/api/quotes/${q.id}`, 'manager', {
    version: q.version,
    valid_until: addDays(today, 2),
  });
  expect(moved.body.version).toBe(q.version + 1);
  const revoked = await ctx.call('POST', `/api/quotes/${q.id}/revoke`, 'manager', {});
  expect(revoked.body).toMatchObject({ link_revoked: true, version: q.version + 2 });

  // reserved by the administrator: the reserve made through the pipeline (its create event and first history entry),
  // the quote 'Принята' one version on
  const reserved = await ctx.call('POST', `/api/quotes/${q.id}/reserve`, 'admin', {
    version: q.version + 2,
    delivery_address: 'Казань, ул. Баумана, 5',
    buyer_phone: '+7 (912) 345-67-89',
    responsible_id: trade.employeeId,
  });
  expect(reserved.status).toBe(201);
  const [reserveId] = reserved.body.reserve_ids as number[];
  expect(reserved.body.quote).toMatchObject({ status: 'accepted', version: q.version + 3 });
  const updates = [1, 2, 3].map((n) => ({ section: 'quotes', id: q.id, version: q.version + n, kind: 'update' }));
  await until(() => quotesHeard(manager).length === 4 && admin.got.some((e) => e.section === 'reserves'));
  expect(quotesHeard(manager)).toEqual([made, ...updates]);
  expect(quotesHeard(admin).slice(2)).toEqual(updates);
  expect(admin.got.filter((e) => e.section === 'reserves')).toEqual([
    { section: 'reserves', id: reserveId, version: 1, kind: 'create' },
  ]);
  const reserveHistory = firstRow<{ n: number }>(
    await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM record_history WHERE section = 'reserves' AND record_id = ${reserveId} AND action = 'create'`,
    ),
  );
  expect(reserveHistory?.n).toBe(1);
  // the quote's history: each write with the version it left, the status change naming the reserves made
  expect((await history(q.id)).map((h) => [h.action, h.version, h.changes.map((c) => [c.field, c.new])])).toEqual([
    ['create', q.version, []],
    ['update', q.version + 1, [['valid_until', addDays(today, 2)]]],
    ['update', q.version + 2, [['link', 'revoked']]],
    [
      'update',
      q.version + 3,
      [
        ['status', 'accepted'],
        ['reserve_ids', [reserveId]],
      ],
    ],
  ]);

  // the manager's delete of its quote: the last event; the warehouse (role 8 quotes nothing) heard none of them
  expect((await ctx.call('DELETE', `/api/quotes/${q.id}`, 'manager', {})).status).toBe(200);
  await until(() => quotesHeard(manager).length === 5);
  expect(quotesHeard(manager)[4]).toEqual({ section: 'quotes', id: q.id, version: q.version + 4, kind: 'delete' });
  await until(() => quotesHeard(admin).length === 6);
  expect(quotesHeard(warehouse)).toEqual([]);
  [admin, manager, warehouse].forEach((s) => s.close());
});

test('rights are refused as before: no reserve, no status change, nothing heard', async () => {
  const admin = stream(ctx.tokens.admin);
  await until(() => admin.status() === 200);
  const q = await save('manager');
  await until(() => quotesHeard(admin).some((e) => e.id === q.id));
  const heard = admin.got.length;
  // role 8 quotes nothing; without the reserves' create right role 1 may not reserve from its own quote
  const refused = await ctx.call('POST', `/api/quotes/${q.id}/reserve`, 'warehouse', { version: q.version });
  expect(refused.status).toBe(403);
  const manager = sql`role_id = (SELECT role_id FROM users WHERE email = 'manager@nutdesk.demo') AND resource = 'reserves' AND action = 'create'`;
  const { scope } = firstRow<{ scope: string }>(
    await ctx.db.execute(sql`SELECT scope FROM role_permissions WHERE ${manager}`),
  )!;
  await ctx.db.execute(sql`UPDATE role_permissions SET scope = 'none' WHERE ${manager}`);
  try {
    const noRight = await ctx.call('POST', `/api/quotes/${q.id}/reserve`, 'manager', {
      version: q.version,
      delivery_address: 'Казань, ул. Баумана, 5',
      buyer_phone: '+7 (912) 345-67-89',
    });
    expect([noRight.status, noRight.body.message]).toEqual([403, QUOTE_RECORD_MSG.reserveForbidden]);
  } finally {
    await ctx.db.execute(sql`UPDATE role_permissions SET scope = ${scope} WHERE ${manager}`);
  }
  const stored = firstRow<{ status: string; version: number; reserves: number }>(
    await ctx.db.execute(
      sql`SELECT status, version, (SELECT count(*)::int FROM reserves WHERE quote_id = ${q.id}) AS reserves FROM quotes WHERE id = ${q.id}`,
    ),
  );
  expect(stored).toEqual({ status: 'active', version: q.version, reserves: 0 });
  // a write after them is the next thing heard: the refused ones announced nothing
  await ctx.call('POST', `/api/quotes/${q.id}/revoke`, 'manager', {});
  await until(() => admin.got.length > heard);
  expect(admin.got.slice(heard)).toEqual([{ section: 'quotes', id: q.id, version: q.version + 1, kind: 'update' }]);
  admin.close();
});
