// Issue 50: a quote's writes (its date or buyer, its link, reserving from it, deleting it) belong to its author, or
// to a role that changes or deletes every reserve; anyone else who reads it gets 403 in Russian and changes nothing.
// When someone other than the author writes a quote, the author is told in the bell.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { firstRow } from '../db/rows';
import { quoteTrade, today, type Trade } from './trade';
import { addDays } from '../../domain/businessDay';
import { QUOTE_MSG } from '../../domain/quotes/access';

let ctx: DemoContext;
let trade: Trade;
let kazan: number;
let productId: number;
let oreh: number;

beforeAll(async () => {
  ctx = await createDemoApp();
  ({ trade, kazan, productId, oreh } = await quoteTrade(ctx, 1990));
  // role 1 reads every reserve (so every quote), changes only its own
  await ctx.db
    .execute(sql`UPDATE role_permissions SET scope = 'all' WHERE role_id = (SELECT role_id FROM users WHERE email = 'manager@nutdesk.demo')
    AND resource = 'reserves' AND action = 'read'`);
  await ctx.db
    .execute(sql`UPDATE role_permissions SET scope = 'own' WHERE role_id = (SELECT role_id FROM users WHERE email = 'manager@nutdesk.demo')
    AND resource = 'reserves' AND action IN ('update', 'delete') AND scope = 'all'`);
}, 120_000);

afterAll(() => ctx?.close());

/** 100 kg at 391.39 ₽/kg (inside the lot's band 351.45 … 431.33), for the trade's buyer. */
const save = async (who: 'admin' | 'manager', buyerId = oreh) => {
  const offer = (await trade.newOffer('500', { product_id: productId })).id;
  const res = await ctx.call('POST', '/api/quotes', who, {
    city_id: kazan,
    buyer_id: buyerId,
    lines: [{ offers: [{ offer_id: offer, amount: 100 }], unit_price: 391.39 }],
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; version: number; valid_until: string; can_change: boolean; link_revoked: boolean };
};
const stored = async (id: number) =>
  firstRow<{ status: string; version: number; valid_until: string; revoked: boolean }>(
    await ctx.db.execute(sql`
  SELECT status, version, valid_until::text, token_revoked_at IS NOT NULL AS revoked FROM quotes WHERE id = ${id}`),
  )!;
const bell = async (who: 'manager') =>
  (await ctx.call('GET', '/api/notifications', who)).body.items as {
    kind: string;
    section: string;
    record_id: number;
    text: string;
  }[];

test("role 1 on the administrator's quote: it reads it, but its date, link, reserve and deletion are refused with 403, nothing changed", async () => {
  const q = await save('admin');
  const card = await ctx.call('GET', `/api/quotes/${q.id}`, 'manager');
  expect(card.status).toBe(200);
  expect(card.body.can_change).toBe(false);
  expect(q.can_change).toBe(true);
  const before = await stored(q.id);
  const tries = [
    await ctx.call('PATCH', `/api/quotes/${q.id}`, 'manager', { version: q.version, valid_until: addDays(today, 2) }),
    await ctx.call('POST', `/api/quotes/${q.id}/revoke`, 'manager', {}),
    await ctx.call('POST', `/api/quotes/${q.id}/reserve`, 'manager', {
      version: q.version,
      delivery_address: 'Казань, ул. Баумана, 5',
      buyer_phone: '+7 (912) 345-67-89',
    }),
    await ctx.call('DELETE', `/api/quotes/${q.id}`, 'manager', {}),
  ];
  expect(tries.map((r) => [r.status, r.body.message])).toEqual(Array(4).fill([403, QUOTE_MSG.changeForbidden]));
  expect(await stored(q.id)).toEqual(before);
  expect(
    firstRow<{ n: number }>(
      await ctx.db.execute(sql`SELECT count(*)::int AS n FROM reserves WHERE quote_id = ${q.id}`),
    )!.n,
  ).toBe(0);
});

test("the administrator on role 1's quote: its date, link and deletion go through, and role 1 is told each in the bell", async () => {
  const mine = await ctx.call('POST', '/api/buyers', 'manager', {
    name: 'ООО «Орех менеджера»',
    phone: '+7 (912) 345-67-80',
    city_id: kazan,
    payment_terms: 'prepay',
  });
  expect(mine.status).toBe(201);
  const q = await save('manager', mine.body.id);
  expect(q.can_change).toBe(true);
  expect((await ctx.call('GET', `/api/quotes/${q.id}`, 'admin')).body.can_change).toBe(true);
  const seen = (await bell('manager')).length;
  const moved = await ctx.call('PATCH', `/api/quotes/${q.id}`, 'admin', {
    version: q.version,
    valid_until: addDays(today, 2),
  });
  expect(moved.status).toBe(200);
  expect((await ctx.call('POST', `/api/quotes/${q.id}/revoke`, 'admin', {})).status).toBe(200);
  expect((await ctx.call('DELETE', `/api/quotes/${q.id}`, 'admin', {})).status).toBe(200);
  expect(await stored(q.id)).toMatchObject({ status: 'deleted', valid_until: addDays(today, 2), revoked: true });
  const told = (await bell('manager')).slice(0, (await bell('manager')).length - seen);
  expect(told.map((n) => [n.kind, n.section, n.record_id, n.text])).toEqual([
    ['quote_changed', 'quotes', q.id, `Котировка № ${q.id} удалена другим пользователем`],
    ['quote_changed', 'quotes', q.id, `Ссылка котировки № ${q.id} отозвана другим пользователем`],
    ['quote_changed', 'quotes', q.id, `Котировка № ${q.id} изменена другим пользователем: Срок действия`],
  ]);
});

test("an author is not told of its own writes; the administrator reserving from role 1's quote tells it which reserves", async () => {
  const buyer = await ctx.call('POST', '/api/buyers', 'manager', {
    name: 'ООО «Второй орех»',
    phone: '+7 (912) 345-67-81',
    city_id: kazan,
    payment_terms: 'prepay',
  });
  const own = await save('manager', buyer.body.id);
  const seen = (await bell('manager')).length;
  expect(
    (
      await ctx.call('PATCH', `/api/quotes/${own.id}`, 'manager', {
        version: own.version,
        valid_until: addDays(today, 1),
      })
    ).status,
  ).toBe(200);
  expect((await bell('manager')).length).toBe(seen);
  const res = await ctx.call('POST', `/api/quotes/${own.id}/reserve`, 'admin', {
    version: own.version + 1,
    delivery_address: 'Казань, ул. Баумана, 5',
    buyer_phone: '+7 (912) 345-67-89',
    responsible_id: trade.employeeId,
  });
  expect(res.status).toBe(201);
  const [latest] = await bell('manager');
  expect(latest).toMatchObject({
    kind: 'quote_changed',
    record_id: own.id,
    text: `По котировке № ${own.id} другой пользователь поставил резервы № ${res.body.reserve_ids.join(', ')}`,
  });
});
