// Issue 36: a change of a record a stream watches (PUT /api/events/{stream}/watch: the records its open list pages
// show) comes with the record's row, exactly as that user's list answers it and cut to what its role may see, so
// an open page needs no request; an event of a record the stream does not watch is as it was (no field value).
// Runs on PGlite, and on PostgreSQL with DATABASE_URL (the second instance then hears the watch through the bus).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createDemoApp, secondInstance, type DemoContext, type DemoUser } from './testApp';
import { rowsOf } from '../db/rows';
import { LIVE_STREAM_HEADER, WATCH_MAX } from '../../domain/live';
import { until } from './until';

let ctx: DemoContext;
let second: Awaited<ReturnType<typeof secondInstance>>;
let firstUrl: string;
let secondUrl: string;

const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  ctx = await createDemoApp();
  second = await secondInstance(ctx);
  firstUrl = await listen(ctx.app);
  secondUrl = await listen(second.app);
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

interface Change {
  section: string;
  id: number;
  version: number;
  kind: string;
  row?: Record<string, unknown>;
}

/** GET /api/events as a user: its id (the X-Live-Stream header) and the change events as they come. */
function stream(base: string, token: string) {
  const got: Change[] = [];
  let buffer = '';
  let resolveId: (id: string) => void;
  const id = new Promise<string>((resolve) => {
    resolveId = resolve;
  });
  const req = http.get(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
    resolveId(String(res.headers[LIVE_STREAM_HEADER] ?? ''));
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === 'change' && data) got.push(JSON.parse(data) as Change);
      }
    });
  });
  req.on('error', () => undefined);
  return { id, got, close: () => req.destroy() };
}

/** The rows a user's list answers for these offers, by id. */
async function listed(who: DemoUser, ids: number[]) {
  const res = await ctx.call('GET', `/api/offers?offers_ids=${ids.join(',')}`, who);
  expect(res.status).toBe(200);
  return new Map((res.body.data as Record<string, unknown>[]).map((row) => [Number(row.id), row]));
}

test("a watched change comes with its row as the user's list answers it, hidden fields cut; the rest as before", async () => {
  const offers = async (own: boolean) =>
    rowsOf<{ id: number }>(
      await ctx.db.execute(sql`SELECT o.id FROM offers o
    JOIN users u ON u.email = 'supplier@nutdesk.demo' WHERE o.status = 'active' AND (o.supplier_id = u.supplier_id) = ${own}
    AND NOT EXISTS (SELECT 1 FROM reserves r WHERE r.offer_id = o.id) ORDER BY o.id LIMIT 3`),
    ).map((r) => Number(r.id));
  const own = await offers(true);
  const others = await offers(false);
  const ids = [...own, ...others];
  expect(ids).toHaveLength(6);

  // the administrator and role 8 on this instance, the supplier's user on the other (its watch crosses the bus)
  const admin = stream(firstUrl, ctx.tokens.admin);
  const warehouse = stream(firstUrl, ctx.tokens.warehouse);
  const supplier = stream(secondUrl, ctx.tokens.supplier);
  const watch = async (who: DemoUser, s: ReturnType<typeof stream>, watched: number[]) =>
    ctx.call('PUT', `/api/events/${await s.id}/watch`, who, { section: 'offers', ids: watched });
  // role 8's page shows four of them: the other two changes come as before, without a row
  const warehouseShows = [own[0], own[1], others[0], others[1]];
  expect(await watch('admin', admin, ids)).toEqual({ status: 200, body: { status: 'kept' } });
  expect(await watch('warehouse', warehouse, warehouseShows)).toEqual({ status: 200, body: { status: 'kept' } });
  expect(await watch('supplier', supplier, ids)).toEqual({ status: 200, body: { status: 'forwarded' } });
  await new Promise((resolve) => setTimeout(resolve, 300));

  const edit = await ctx.call('PATCH', '/api/offers', 'admin', {
    ids,
    set: { loading_address: 'Склад живых строк, 5' },
  });
  expect(edit.status).toBe(200);
  expect(edit.body.changed).toBe(6);
  await until(
    () =>
      ids.every((id) => admin.got.some((e) => e.id === id) && warehouse.got.some((e) => e.id === id)) &&
      own.every((id) => supplier.got.some((e) => e.id === id)),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));

  for (const [who, s, shows] of [
    ['admin', admin, ids],
    ['warehouse', warehouse, warehouseShows],
    ['supplier', supplier, own],
  ] as const) {
    const list = await listed(who, ids);
    // the supplier's user hears of its own offers only
    expect(s.got.map((e) => e.id).sort((x, y) => x - y)).toEqual([...list.keys()].sort((x, y) => x - y));
    for (const event of s.got) {
      expect(event.kind).toBe('update');
      if ((shows as readonly number[]).includes(event.id)) {
        // the row exactly as the user's own list answers it now
        expect(event.row).toEqual(list.get(event.id));
        expect(event.row!.loading_address).toBe('Склад живых строк, 5');
      } else {
        expect(Object.keys(event).sort()).toEqual(['id', 'kind', 'section', 'version']);
      }
    }
    // every change its page shows came with its row: no follow-up request
    const followUps = s.got.filter((e) => (shows as readonly number[]).includes(e.id) && !e.row).length;
    expect(followUps).toBe(0);
  }

  // what role 8 and the supplier's user may not see is in the administrator's rows and in none of theirs
  const adminKeys = Object.keys(admin.got[0].row!);
  for (const s of [warehouse, supplier]) {
    const rows = s.got.filter((e) => e.row).map((e) => e.row!);
    expect(rows.length).toBeGreaterThan(0);
    const hidden = adminKeys.filter((key) => !(key in rows[0]));
    expect(hidden.length).toBeGreaterThan(0);
    for (const row of rows) for (const key of hidden) expect(row).not.toHaveProperty(key);
  }
  // role 8 does not see an offer's supplier (spec point 6); a supplier's user never sees the selling band
  expect(warehouse.got.find((e) => e.row)!.row).not.toHaveProperty('supplier');
  expect(adminKeys).toContain('supplier');
  for (const s of [admin, warehouse, supplier]) s.close();
});

test("a watch: its stream must be the user's own and of a known instance; bad input is refused in Russian", async () => {
  const admin = stream(firstUrl, ctx.tokens.admin);
  const id = await admin.id;
  expect(id).toMatch(/^[0-9a-f]{8}\.[A-Za-z0-9_-]{22}$/);
  // another user naming the administrator's stream: no such stream of its own
  const other = await ctx.call('PUT', `/api/events/${id}/watch`, 'manager', { section: 'offers', ids: [1] });
  expect(other).toEqual({
    status: 404,
    body: {
      status: 'error',
      error: 'not_found',
      message: 'Поток живых обновлений не найден: он закрыт или открыт не вами',
    },
  });
  const unknown = await ctx.call('PUT', `/api/events/${id.split('.')[0]}.nothing/watch`, 'admin', {
    section: 'offers',
    ids: [1],
  });
  expect(unknown.status).toBe(404);
  const bad = await ctx.call('PUT', `/api/events/${id}/watch`, 'admin', { section: 'nuts', ids: ['x'] });
  expect(bad.status).toBe(400);
  expect(bad.body.messages).toEqual(expect.arrayContaining(['Раздел: недопустимое значение']));
  const many = await ctx.call('PUT', `/api/events/${id}/watch`, 'admin', {
    section: 'offers',
    ids: Array.from({ length: WATCH_MAX + 1 }, (_, i) => i + 1),
  });
  expect(many.status).toBe(400);
  expect(many.body.messages).toEqual([`Записи: список номеров, не больше ${WATCH_MAX}`]);
  // an empty list ends the section's watch
  expect((await ctx.call('PUT', `/api/events/${id}/watch`, 'admin', { section: 'offers', ids: [] })).body).toEqual({
    status: 'kept',
  });
  admin.close();
});
