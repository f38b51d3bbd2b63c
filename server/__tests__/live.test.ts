// Issue 22: live events across instances, filtered by what each user may read; the reserves' expiry job with two
// app instances on one database; the notifications each case makes. Runs on PGlite, and on PostgreSQL with
// DATABASE_URL (then the second instance has its own pool and the events cross through LISTEN/NOTIFY).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createDemoApp, secondInstance, signIn, type DemoContext } from './testApp';
import { DEMO_PASSWORD } from '../../domain/api';
import { LIVE_HEARTBEAT_MS } from '../../domain/live';
import { rowsOf, firstRow } from '../db/rows';
import { runReserveExpiry } from '../sections/reserves/expiry';
import { todayOf } from '../db/businessDay';
import { addDays, businessToday, TIME_ZONE_DEFAULT } from '../../domain/businessDay';
import { kilogramTrade, reserveForm, tomorrow } from './trade';
import { entryHeading, type HistoryEntry } from '../../domain/history';
import { until } from './until';

let ctx: DemoContext;
let second: Awaited<ReturnType<typeof secondInstance>>;
let secondUrl: string;
let firstUrl: string;

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

interface Received {
  event: string;
  id?: string;
  data: Record<string, unknown>;
  at: number;
}

/** Opens GET /api/events with the bearer header, collecting the events as they arrive. */
function stream(base: string, token: string, lastEventId?: string) {
  const got: Received[] = [];
  const comments: string[] = [];
  let status = 0;
  let ended = false;
  let buffer = '';
  const req = http.get(
    `${base}/api/events`,
    { headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } },
    (res) => {
      status = res.statusCode ?? 0;
      res.on('end', () => (ended = true));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line);
            const m = /^(\w+): ?(.*)$/.exec(line);
            if (m) fields[m[1]] = m[2];
          }
          if (fields.event)
            got.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data ?? '{}'), at: Date.now() });
        }
      });
    },
  );
  req.on('error', () => undefined);
  return { got, comments, status: () => status, ended: () => ended, text: () => buffer, close: () => req.destroy() };
}

const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

/** POST /api/reserves/{id}/{step} with the version the reserve has now. */
const step = async (id: number, name: string) => {
  const { version } = firstRow<{ version: number }>(
    await ctx.db.execute(sql`SELECT version FROM reserves WHERE id = ${id}`),
  )!;
  return ctx.call('POST', `/api/reserves/${id}/${name}`, 'admin', { version });
};

const one = async <T>(query: ReturnType<typeof sql>) => firstRow<T>(await ctx.db.execute(query))!;

/** An active reserve on an offer the demo supplier does not own, responsible the manager's employee. */
async function managerReserve() {
  return one<{
    id: number;
    offer_id: number;
    supplier_offer: boolean;
  }>(sql`SELECT r.id, r.offer_id FROM reserves r JOIN offers o ON o.id = r.offer_id
    JOIN users u ON u.email = 'manager@nutdesk.demo' WHERE r.status = 'active' AND r.responsible_id = u.employee_id
    AND o.supplier_id <> (SELECT supplier_id FROM users WHERE email = 'supplier@nutdesk.demo') ORDER BY r.id LIMIT 1`);
}

// how fast is measured in bench/live.ts, not here: a loaded runner took 1.7 s
test('a change made on one instance reaches a stream on the other: section, id, new version, kind', async () => {
  const admin = stream(secondUrl, ctx.tokens.admin);
  await settle();
  expect(admin.status()).toBe(200);
  const r = await managerReserve();
  const res = await ctx.change('PATCH', `/api/reserves/${r.id}`, 'admin', { buyer_name: 'ООО Живой поток' });
  expect(res.status).toBe(200);
  await until(() => admin.got.some((e) => e.data.section === 'reserves' && e.data.id === r.id), 15_000);
  const ev = admin.got.find((e) => e.data.section === 'reserves' && e.data.id === r.id)!;
  expect(ev.event).toBe('change');
  expect(ev.data).toEqual({ section: 'reserves', id: r.id, version: res.body.version, kind: 'update' });
  expect(ev.id).toMatch(/^[0-9a-z]+-[0-9a-f]{6}-[0-9a-z]+$/);
  admin.close();
});

test('a reserve placed is an event of the offer too (its stock moved); a rolled-back write is no event', async () => {
  const admin = stream(firstUrl, ctx.tokens.admin);
  await settle();
  const trade = await kilogramTrade(ctx, 1990);
  const offer = await trade.newOffer('100');
  // a 20 kg reserve at 400 ₽/kg, within the band of 359.70 … 441.45, due tomorrow
  const created = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { unit_selling_price: '400' }),
  );
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  await until(
    () =>
      admin.got.some((e) => e.data.section === 'offers' && e.data.id === offer.id) &&
      admin.got.some((e) => e.data.id === id && e.data.section === 'reserves'),
  );
  await until(() =>
    admin.got.some((e) => e.data.section === 'offers' && e.data.id === offer.id && e.data.kind === 'stock'),
  );
  expect(
    admin.got.filter((e) => e.data.section === 'offers' && e.data.id === offer.id).map((e) => e.data.kind),
  ).toEqual(['create', 'stock']);
  expect(
    admin.got.find((e) => e.data.section === 'offers' && e.data.id === offer.id && e.data.kind === 'stock')!.data,
  ).toEqual({ section: 'offers', id: offer.id, version: Number(offer.version) + 1, kind: 'stock' });
  expect(admin.got.find((e) => e.data.section === 'reserves' && e.data.id === id)!.data.kind).toBe('create');
  // 'Резерв до' took today + reserve_hold_days (5), but not past the estimated date: tomorrow
  expect(created.body.reserved_until.slice(0, 10)).toBe(tomorrow);
  const later = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { unit_selling_price: '400', estimated_date_implementation: '2099-01-01' }),
  );
  expect(later.body.reserved_until.slice(0, 10)).toBe(addDays(businessToday(TIME_ZONE_DEFAULT), 5));
  // typed past the estimated date: the Russian refusal of domain/reserves/schema.ts
  const past = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { unit_selling_price: '400', reserved_until: '2099-01-01' }),
  );
  expect(past.status).toBe(400);
  expect(JSON.stringify(past.body)).toContain('Резерв не может быть дольше даты реализации');

  // a refused write (more than the offer has) commits nothing and tells nothing
  await settle();
  const before = admin.got.length;
  const refused = await ctx.call('POST', '/api/reserves', 'admin', { offer_id: offer.id, amount: 10_000_000 });
  expect(refused.status).toBe(400);
  await settle();
  expect(admin.got.length).toBe(before);
  admin.close();
});

test('a user hears only of records it may read, and no event carries a field value', async () => {
  const supplier = stream(secondUrl, ctx.tokens.supplier);
  const warehouse = stream(secondUrl, ctx.tokens.warehouse);
  await settle();
  const own = await one<{ id: number }>(sql`SELECT o.id FROM offers o JOIN users u ON u.email = 'supplier@nutdesk.demo'
    WHERE o.supplier_id = u.supplier_id AND o.status = 'active' ORDER BY o.id LIMIT 1`);
  const other = await one<{
    id: number;
  }>(sql`SELECT o.id FROM offers o JOIN users u ON u.email = 'supplier@nutdesk.demo'
    WHERE o.supplier_id <> u.supplier_id AND o.status = 'active' ORDER BY o.id LIMIT 1`);
  expect(
    (await ctx.change('PATCH', `/api/offers/${other.id}`, 'admin', { loading_address: 'Склад на Чужой, 2' })).status,
  ).toBe(200);
  expect(
    (await ctx.change('PATCH', `/api/offers/${own.id}`, 'admin', { loading_address: 'Склад на Своей, 1' })).status,
  ).toBe(200);
  const r = await managerReserve();
  expect(
    (await ctx.change('PATCH', `/api/reserves/${r.id}`, 'admin', { buyer_name: 'ООО Тайный покупатель' })).status,
  ).toBe(200);
  await until(
    () =>
      supplier.got.some((e) => e.data.id === own.id) &&
      warehouse.got.some((e) => e.data.section === 'reserves' && e.data.id === r.id),
  );
  await settle();
  // the supplier's user: its own offer only; no reserve (no read right), no other supplier's offer
  expect(supplier.got.map((e) => `${e.data.section}:${e.data.id}`)).toEqual([`offers:${own.id}`]);
  // role 8 reads every reserve but not its buyer: the event says a reserve changed, not what
  for (const e of [...supplier.got, ...warehouse.got])
    expect(Object.keys(e.data).sort()).toEqual(['id', 'kind', 'section', 'version']);
  const text = JSON.stringify([...supplier.got, ...warehouse.got]);
  expect(text).not.toContain('Тайный');
  expect(text).not.toContain('Склад на');
  supplier.close();
  warehouse.close();
});

test('Last-Event-ID: a reconnect gets what it missed; an id no longer kept answers reset; no token, 401', async () => {
  const admin = stream(firstUrl, ctx.tokens.admin);
  await settle();
  const r = await managerReserve();
  await ctx.change('PATCH', `/api/reserves/${r.id}`, 'admin', { buyer_name: 'ООО Первый' });
  await until(() => admin.got.some((e) => e.data.section === 'reserves' && e.data.id === r.id));
  await settle();
  const last = admin.got[admin.got.length - 1].id!;
  admin.close();
  await ctx.change('PATCH', `/api/reserves/${r.id}`, 'admin', { buyer_name: 'ООО Второй' });
  await settle();
  const again = stream(firstUrl, ctx.tokens.admin, last);
  await until(() => again.got.some((e) => e.data.section === 'reserves'));
  // what was missed: the edit's no-change stock write of the offer (its version moved) and the reserve's change
  expect(again.got.map((e) => e.data)).toEqual([
    { section: 'offers', id: r.offer_id, version: expect.any(Number), kind: 'stock' },
    { section: 'reserves', id: r.id, version: expect.any(Number), kind: 'update' },
  ]);
  again.close();
  const lost = stream(firstUrl, ctx.tokens.admin, 'zzz-000000-0');
  await until(() => lost.got.length > 0);
  expect(lost.got[0].event).toBe('reset');
  lost.close();
  const anonymous = stream(firstUrl, 'nope');
  await settle(200);
  expect(anonymous.status()).toBe(401);
  anonymous.close();
});

test('the expiry job with two instances on one database expires exactly the due reserves, once each', async () => {
  // every active reserve holds ten more days, but three: due yesterday; one holds until today (not due). Days are the
  // business day's (Moscow), not the database's clock: between 21:00 and 24:00 UTC they differ
  const today = await todayOf(ctx.db);
  await ctx.db.execute(sql`UPDATE reserves SET reserved_until = ${today}::date + 10 WHERE status = 'active'`);
  const active = rowsOf<{ id: number; offer_id: number; amount: string }>(
    await ctx.db.execute(sql`SELECT id, offer_id, amount::text FROM reserves
    WHERE status = 'active' ORDER BY id LIMIT 4`),
  );
  const due = active.slice(0, 3).map((r) => r.id);
  await ctx.db.execute(
    sql`UPDATE reserves SET reserved_until = ${today}::date - 1 WHERE id IN (${sql.join(
      due.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  await ctx.db.execute(sql`UPDATE reserves SET reserved_until = ${today}::date WHERE id = ${active[3].id}`);
  const offerIds = [...new Set(active.slice(0, 3).map((r) => r.offer_id))];
  const reservedBefore = rowsOf<{ id: number; reserved: string }>(
    await ctx.db.execute(sql`SELECT id, reserved_amount::text AS reserved FROM offers
    WHERE id IN (${sql.join(
      offerIds.map((id) => sql`${id}`),
      sql`, `,
    )})`),
  );

  const [a, b] = await Promise.all([runReserveExpiry(ctx.db), runReserveExpiry(second.database.db)]);
  expect([...a, ...b].sort((x, y) => x - y)).toEqual(due);
  expect(await runReserveExpiry(ctx.db)).toEqual([]);

  const statuses = rowsOf<{ id: number; status: string }>(
    await ctx.db.execute(sql`SELECT id, status FROM reserves
    WHERE id IN (${sql.join(
      active.map((r) => sql`${r.id}`),
      sql`, `,
    )}) ORDER BY id`),
  );
  expect(statuses.map((s) => s.status)).toEqual(['expired', 'expired', 'expired', 'active']);
  // each one's amount went back to its offer, once
  for (const offer of reservedBefore) {
    const back = active
      .slice(0, 3)
      .filter((r) => r.offer_id === offer.id)
      .reduce((s, r) => s + Number(r.amount), 0);
    const now = await one<{ reserved: string }>(
      sql`SELECT reserved_amount::text AS reserved FROM offers WHERE id = ${offer.id}`,
    );
    expect(Number(now.reserved)).toBeCloseTo(Number(offer.reserved) - back, 2);
  }
  // the offer's history names each: 'Резерв № {id} просрочен', once; the reserve's its status
  for (const id of due) {
    const offerId = active.find((r) => r.id === id)!.offer_id;
    const entries = (await ctx.call('GET', `/api/offers/${offerId}/history`, 'admin')).body;
    const list = (entries.items ?? entries) as { via?: { step: string; ids: number[] } }[];
    expect(list.filter((e) => e.via?.step === 'expire' && e.via.ids.includes(id))).toHaveLength(1);
    const reserveHistory = (await ctx.call('GET', `/api/reserves/${id}/history`, 'admin')).body;
    expect(JSON.stringify(reserveHistory)).toContain('"new":"expired"');
    // issue 35: the job is no person: its entries read 'Система' for every role, a person's entries name no system
    const expiredEntry = (reserveHistory as HistoryEntry[]).find((e) => e.changes.some((c) => c.new === 'expired'))!;
    expect(expiredEntry).toMatchObject({ user: null, system: true });
    expect(entryHeading(expiredEntry)).toMatch(/^Система, /);
    expect((reserveHistory as HistoryEntry[]).filter((e) => e !== expiredEntry).every((e) => e.system === false)).toBe(
      true,
    );
    const offerEntry = (list as HistoryEntry[]).find((e) => e.via?.step === 'expire' && e.via.ids?.includes(id))!;
    expect(offerEntry).toMatchObject({ user: null, system: true });
  }
  const managers = (await ctx.call('GET', `/api/offers/${active[0].offer_id}/history`, 'manager'))
    .body as HistoryEntry[];
  const seenByManager = managers.find((e) => e.via?.step === 'expire');
  expect(seenByManager && entryHeading(seenByManager)).toMatch(/^Система, /);
  const { causeText } = await import('../../domain/history');
  expect(causeText({ section: 'reserves', step: 'expire', ids: [due[0]] })).toBe(`Резерв № ${due[0]} просрочен`);

  // the reserves filter offers 'Просрочен' and finds them
  const listed = await ctx.call('GET', `/api/reserves?statuses_ids=expired&reserved_until_from=2000-01-01`, 'admin');
  expect(listed.status).toBe(200);
  const listedIds = (listed.body.items ?? listed.body.data ?? listed.body.rows ?? listed.body.result).map(
    (r: { id: number }) => r.id,
  );
  for (const id of due) expect(listedIds).toContain(id);

  // 'Продлить': takes the stock again and holds anew, by a normal edit's date rule (issue 35): not past the reserve's
  // 'Дата реализации'; one already passed asks for a new one, and a refused renewal changes nothing
  await ctx.db.execute(
    sql`INSERT INTO business_settings (name, value) VALUES ('reserve_hold_days', '5') ON CONFLICT (name) DO UPDATE SET value = '5'`,
  );
  await ctx.db.execute(
    sql`UPDATE reserves SET estimated_date_implementation = ${today}::date - 1 WHERE id = ${due[0]}`,
  );
  await ctx.db.execute(
    sql`UPDATE reserves SET estimated_date_implementation = ${today}::date + 30 WHERE id = ${active[1].id}`,
  );
  const renewed0 = active[0];
  const reservedBeforeRenew = (
    await one<{ reserved: string }>(
      sql`SELECT reserved_amount::text AS reserved FROM offers WHERE id = ${renewed0.offer_id}`,
    )
  ).reserved;
  const renew = async (patch: Record<string, unknown>) => {
    const { version } = await one<{ version: number }>(sql`SELECT version FROM reserves WHERE id = ${due[0]}`);
    return ctx.call('POST', `/api/reserves/${due[0]}/renew`, 'admin', { version, ...patch });
  };
  const stored = () =>
    one<{ status: string; until: string; estimated: string }>(sql`SELECT status, reserved_until::text AS until,
    estimated_date_implementation::text AS estimated FROM reserves WHERE id = ${due[0]}`);
  const unchanged = { status: 'expired', until: addDays(today, -1), estimated: addDays(today, -1) };
  const passed = await renew({});
  expect(passed.status).toBe(400);
  expect(passed.body.messages).toEqual([
    'Дата реализации резерва прошла: укажите новую дату реализации, чтобы продлить резерв',
  ]);
  expect(await stored()).toEqual(unchanged);
  const yesterday = await renew({ estimated_date_implementation: addDays(today, -1) });
  expect(yesterday.status).toBe(400);
  expect(yesterday.body.messages).toEqual(['Дата реализации не может быть раньше сегодняшней']);
  expect(await stored()).toEqual(unchanged);
  expect(
    (
      await one<{ reserved: string }>(
        sql`SELECT reserved_amount::text AS reserved FROM offers WHERE id = ${renewed0.offer_id}`,
      )
    ).reserved,
  ).toBe(reservedBeforeRenew);
  // a new date in 3 days: held until it (today + 5 hold days would be past it); the stock is taken again
  const renewed = await renew({ estimated_date_implementation: addDays(today, 3) });
  expect(renewed.status).toBe(200);
  expect(renewed.body).toMatchObject({
    status: 'active',
    reserved_until: addDays(today, 3),
    estimated_date_implementation: addDays(today, 3),
  });
  expect(await stored()).toEqual({ status: 'active', until: addDays(today, 3), estimated: addDays(today, 3) });
  expect(
    Number(
      (
        await one<{ reserved: string }>(
          sql`SELECT reserved_amount::text AS reserved FROM offers WHERE id = ${renewed0.offer_id}`,
        )
      ).reserved,
    ),
  ).toBeCloseTo(Number(reservedBeforeRenew) + Number(renewed0.amount), 2);
  const short = active[1];
  await ctx.db.execute(
    sql`UPDATE offers SET unit_amount = reserved_amount + purchased_amount WHERE id = ${short.offer_id}`,
  );
  const refused = await step(short.id, 'renew');
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.body)).toContain('Продлить резерв нельзя: у предложения свободно только 0');
  // an expired reserve may be cancelled; its stock is not given back twice
  const reservedNow = await one<{ reserved: string }>(
    sql`SELECT reserved_amount::text AS reserved FROM offers WHERE id = ${short.offer_id}`,
  );
  const cancelled = await step(short.id, 'cancel');
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.status).toBe('cancelled');
  expect(
    (
      await one<{ reserved: string }>(
        sql`SELECT reserved_amount::text AS reserved FROM offers WHERE id = ${short.offer_id}`,
      )
    ).reserved,
  ).toBe(reservedNow.reserved);
});

test("notifications: the responsible of an expired reserve, the offer's author, the supplier's user on a sell-out without buyer data", async () => {
  const manager = await one<{ id: number; employee_id: number }>(
    sql`SELECT id, employee_id FROM users WHERE email = 'manager@nutdesk.demo'`,
  );
  const supplierUser = await one<{ id: number; supplier_id: number }>(
    sql`SELECT id, supplier_id FROM users WHERE email = 'supplier@nutdesk.demo'`,
  );
  // the manager's reserve expires; the one due tomorrow is announced once however often the job runs
  const today = await todayOf(ctx.db);
  await ctx.db.execute(sql`UPDATE reserves SET reserved_until = ${today}::date + 10 WHERE status = 'active'`);
  const mine = rowsOf<{ id: number }>(
    await ctx.db.execute(
      sql`SELECT id FROM reserves WHERE status = 'active' AND responsible_id = ${manager.employee_id} ORDER BY id LIMIT 2`,
    ),
  );
  await ctx.db.execute(sql`UPDATE reserves SET reserved_until = ${today}::date - 1 WHERE id = ${mine[0].id}`);
  await ctx.db.execute(
    sql`UPDATE reserves SET reserved_until = ${today}::date + 1, estimated_date_implementation = ${today}::date + 30 WHERE id = ${mine[1].id}`,
  );
  const bell = stream(secondUrl, ctx.tokens.manager);
  await settle();
  await runReserveExpiry(ctx.db);
  await runReserveExpiry(second.database.db);
  await until(() => bell.got.some((e) => e.event === 'notification'));
  const list = (await ctx.call('GET', '/api/notifications', 'manager')).body;
  const texts = list.items.map((n: { text: string }) => n.text);
  expect(texts).toContain(`Резерв № ${mine[0].id} просрочен`);
  expect(texts.filter((t: string) => t === `Резерв № ${mine[1].id} истекает завтра`)).toHaveLength(1);
  const expired = list.items.find((n: { text: string }) => n.text === `Резерв № ${mine[0].id} просрочен`);
  expect(expired).toMatchObject({ kind: 'reserve_expired', section: 'reserves', record_id: mine[0].id, read: false });
  // the demo's many overdue reserves are told too: more than the 50 listed are unread
  const unread = await one<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${manager.id} AND read_at IS NULL`,
  );
  expect(list.unread).toBe(unread.n);
  expect(list.items.length).toBe(Math.min(50, unread.n));
  // newest first
  const ids = list.items.map((n: { id: number }) => n.id);
  expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
  // nobody else is told of the manager's reserve
  const others = await one<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM notifications WHERE record_id = ${mine[0].id} AND user_id <> ${manager.id} AND kind LIKE 'reserve_ex%'`,
  );
  expect(others.n).toBe(0);

  // mark one read, then all
  expect((await ctx.call('POST', `/api/notifications/${expired.id}/read`, 'manager')).status).toBe(200);
  expect((await ctx.call('GET', '/api/notifications', 'manager')).body.unread).toBe(list.unread - 1);
  // another user cannot mark the manager's
  expect((await ctx.call('POST', `/api/notifications/${ids[0]}/read`, 'admin')).status).toBe(404);
  expect((await ctx.call('POST', '/api/notifications/read-all', 'manager')).status).toBe(200);
  expect((await ctx.call('GET', '/api/notifications', 'manager')).body.unread).toBe(0);
  bell.close();

  // a reserve by the admin on the manager's offer that takes its last free unit: the manager (author, who reads
  // reserves) is told it is fully reserved, not sold out (issue 51: nothing was purchased); the supplier's user, who
  // reads no reserves, is told nothing of it; once the reserve is completed, both are told it sold out
  const offer = await one<{
    id: number;
    available: string;
  }>(sql`SELECT id, available_amount::text AS available FROM offers
    WHERE status = 'active' AND created_by = ${manager.id} AND available_amount > 0 AND unit_measure = 'кг' ORDER BY id LIMIT 1`);
  await ctx.db.execute(sql`UPDATE offers SET supplier_id = ${supplierUser.supplier_id} WHERE id = ${offer.id}`);
  const stockStep = async (step: 'reserve' | 'complete') =>
    ctx.db.transaction(async (tx) => {
      const stock = await import('../sections/offers/stock');
      const admin = await firstRow<{ id: number }>(
        await tx.execute(sql`SELECT id FROM users WHERE email = 'admin@nutdesk.demo'`),
      )!;
      await stock[step](tx, offer.id, offer.available, {
        by: admin.id,
        via: { section: 'reserves', step: step === 'reserve' ? 'create' : 'complete', ids: [] },
      });
    });
  const textsOf = async (who: 'manager' | 'supplier') =>
    ((await ctx.call('GET', '/api/notifications', who)).body.items as { text: string }[])
      .map((n) => n.text)
      .filter((t) => t.includes(`№ ${offer.id} `));
  await stockStep('reserve');
  expect(await textsOf('manager')).toEqual([
    `Предложение № ${offer.id} полностью зарезервировано: свободного остатка нет, пока резервы не отменены или не истекли`,
  ]);
  expect(await textsOf('supplier')).toEqual([]);
  await stockStep('complete');
  expect((await textsOf('manager'))[0]).toBe(`Предложение № ${offer.id} распродано`);
  expect(await textsOf('supplier')).toEqual([`Предложение № ${offer.id} распродано`]);
  const supplierList = (await ctx.call('GET', '/api/notifications', 'supplier')).body;
  expect(supplierList.items.every((n: { section: string }) => n.section === 'offers')).toBe(true);
});

test("a supplier's user who created an offer is told it sold out once purchased, never of the reserves placed on it (it reads no reserves)", async () => {
  const supplierUser = await one<{ id: number; supplier_id: number }>(
    sql`SELECT id, supplier_id FROM users WHERE email = 'supplier@nutdesk.demo'`,
  );
  const manager = await one<{ id: number }>(sql`SELECT id FROM users WHERE email = 'manager@nutdesk.demo'`);
  const trade = await kilogramTrade(ctx, 2005);
  const told = async (userId: number, ids: number[]) =>
    rowsOf<{ kind: string; section: string; text: string }>(
      await ctx.db.execute(sql`
    SELECT kind, section, text FROM notifications WHERE user_id = ${userId} AND record_id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) ORDER BY id`),
    );

  // the supplier's user's own offer (its author), reserved whole by the administrator
  const own = await trade.newOffer('20', { supplier_id: supplierUser.supplier_id });
  await ctx.db.execute(sql`UPDATE offers SET created_by = ${supplierUser.id} WHERE id = ${own.id}`);
  const placed = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, own.id, { unit_selling_price: '400' }),
  );
  expect(placed.status).toBe(201);
  // reserved whole is not sold out (issue 51), and a supplier's user is not told of reserves
  expect(await told(supplierUser.id, [own.id, placed.body.id])).toEqual([]);
  // completed: sold out, told once (issue 35: it was told as the author and again as the supplier's user)
  expect((await ctx.change('POST', `/api/reserves/${placed.body.id}/complete`)).status).toBe(200);
  const supplierTold = await told(supplierUser.id, [own.id, placed.body.id]);
  expect(supplierTold).toEqual([
    { kind: 'offer_sold_out', section: 'offers', text: `Предложение № ${own.id} распродано` },
  ]);

  // the same on an offer the manager created: the manager reads reserves, and is told of it
  const managers = await trade.newOffer('40');
  await ctx.db.execute(sql`UPDATE offers SET created_by = ${manager.id} WHERE id = ${managers.id}`);
  const second = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, managers.id, { unit_selling_price: '400' }),
  );
  expect(second.status).toBe(201);
  expect(await told(manager.id, [second.body.id])).toEqual([
    {
      kind: 'reserve_placed',
      section: 'reserves',
      text: `На предложение № ${managers.id} поставлен резерв № ${second.body.id}`,
    },
  ]);

  // issue 35: a role that reads only its own reserves is told of a reserve it may open (its employee responsible),
  // not of one another employee holds ('Объект не найден' behind the link)
  const role = await one<{ role_id: number; employee_id: number }>(
    sql`SELECT role_id, employee_id FROM users WHERE id = ${manager.id}`,
  );
  const other = await one<{ id: number }>(
    sql`SELECT id FROM employees WHERE status = 'active' AND id <> ${role.employee_id} ORDER BY id LIMIT 1`,
  );
  const readScope = (scope: string) =>
    ctx.db.execute(sql`UPDATE role_permissions SET scope = ${scope}
    WHERE role_id = ${role.role_id} AND resource = 'reserves' AND action = 'read'`);
  await readScope('own');
  try {
    const notMine = await ctx.call(
      'POST',
      '/api/reserves',
      'admin',
      reserveForm(trade, managers.id, { amount: '5', unit_selling_price: '400', responsible_id: other.id }),
    );
    const mine = await ctx.call(
      'POST',
      '/api/reserves',
      'admin',
      reserveForm(trade, managers.id, { amount: '5', unit_selling_price: '400', responsible_id: role.employee_id }),
    );
    expect([notMine.status, mine.status]).toEqual([201, 201]);
    expect(await told(manager.id, [notMine.body.id, mine.body.id])).toEqual([
      {
        kind: 'reserve_placed',
        section: 'reserves',
        text: `На предложение № ${managers.id} поставлен резерв № ${mine.body.id}`,
      },
    ]);
  } finally {
    await readScope('all');
  }
});

test('one user opens at most 10 streams (its tabs); the 11th is refused in Russian, others are not held up (issue 34)', async () => {
  const tabs = Array.from({ length: 10 }, () => stream(firstUrl, ctx.tokens.supplier));
  await until(() => tabs.every((t) => t.status() === 200));
  const eleventh = stream(firstUrl, ctx.tokens.supplier);
  await until(() => eleventh.status() !== 0);
  await until(() => eleventh.ended());
  expect(eleventh.status()).toBe(429);
  expect(JSON.parse(eleventh.text() || '{}')).toEqual({
    status: 'error',
    error: 'busy',
    messages: [
      'Открыто слишком много вкладок с живыми обновлениями: не больше 10. Закройте лишние, остальные обновляются по таймеру',
    ],
  });
  // another user opens its own
  const other = stream(firstUrl, ctx.tokens.warehouse);
  await until(() => other.status() === 200);
  // a tab closed makes room (once the server has seen it close)
  tabs[0].close();
  let again = stream(firstUrl, ctx.tokens.supplier);
  for (let tries = 0; ; tries++) {
    await until(() => again.status() !== 0);
    if (again.status() === 200 || tries === 20) break;
    await settle(200);
    again = stream(firstUrl, ctx.tokens.supplier);
  }
  expect(again.status()).toBe(200);
  for (const t of [...tabs, again, other]) t.close();
});

test("a sign-out ends the session's streams on every instance at once, not at their next heartbeat 15 s later (issue 34)", async () => {
  const token = await signIn(ctx.app, 'warehouse@nutdesk.demo', DEMO_PASSWORD);
  const here = stream(firstUrl, token);
  const there = stream(secondUrl, token);
  const bystander = stream(secondUrl, ctx.tokens.warehouse);
  await until(() => [here, there, bystander].every((s) => s.status() === 200));
  await settle();
  const out = await ctx.app.inject({ method: 'POST', url: '/logout', headers: { authorization: `Bearer ${token}` } });
  expect(out.statusCode).toBeLessThan(300);
  // well within the heartbeat (LIVE_HEARTBEAT_MS, 15 s), which used to be the first check
  await until(() => here.ended() && there.ended(), LIVE_HEARTBEAT_MS / 2);
  // the same user's other session keeps its stream
  expect(bystander.ended()).toBe(false);
  bystander.close();
});
