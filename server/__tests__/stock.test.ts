// An offer's stock figures (reserved, purchased, available) have one writer, and the database stands
// behind it: deleting an active reserve gives its amount back, and no write can take an offer below zero.
import { eq, sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { offers, reserves } from '../db/schema';
import { rowsOf } from '../db/rows';

let ctx: DemoContext;

beforeAll(async () => {
  ctx = await createDemoApp();
}, 120_000);

afterAll(() => ctx?.close());

const offerOf = async (id: number) => (await ctx.db.select().from(offers).where(eq(offers.id, id)))[0];

test('DELETE /api/reserves on an active reserve gives its amount back to the offer', async () => {
  const [reserve] = rowsOf<{ id: number; offer_id: number; amount: string }>(
    await ctx.db.execute(sql`
    SELECT r.id, r.offer_id, r.amount FROM reserves r JOIN offers o ON o.id = r.offer_id
    WHERE r.status = 'active' AND o.status = 'active' ORDER BY r.id LIMIT 1`),
  );
  const before = await offerOf(reserve.offer_id);

  const res = await ctx.call('DELETE', '/api/reserves', 'admin', { ids: [reserve.id] });
  expect(res.body).toEqual({ status: 'success', deleted: 1, notDeleted: 0 });

  const after = await offerOf(reserve.offer_id);
  const cents = (v: string | null) => Math.round(Number(v) * 100);
  expect(cents(after.reserved_amount)).toBe(cents(before.reserved_amount) - cents(reserve.amount));
  expect(cents(after.available_amount)).toBe(cents(before.available_amount) + cents(reserve.amount));
  expect(after.purchased_amount).toBe(before.purchased_amount);
  // deleting it again changes nothing: it is no longer active
  expect((await ctx.call('DELETE', '/api/reserves', 'admin', { ids: [reserve.id] })).body).toEqual({
    status: 'success',
    deleted: 0,
    notDeleted: 1,
    reasons: { kept: 0, forbidden: 0, deleted: 1, missing: 0 },
    message: 'Выбранные записи уже удалены',
  });
  expect((await offerOf(reserve.offer_id)).reserved_amount).toBe(after.reserved_amount);
});

test('deleting a completed or cancelled reserve leaves the stock as it was', async () => {
  const [reserve] = await ctx.db.select().from(reserves).where(eq(reserves.status, 'completed')).limit(1);
  const before = await offerOf(reserve.offer_id);
  expect((await ctx.call('DELETE', '/api/reserves', 'admin', { ids: [reserve.id] })).body.deleted).toBe(1);
  const after = await offerOf(reserve.offer_id);
  expect([after.reserved_amount, after.purchased_amount]).toEqual([before.reserved_amount, before.purchased_amount]);
});

test('the database refuses a negative available, reserved or purchased amount', async () => {
  const [offer] = await ctx.db.select().from(offers).where(eq(offers.status, 'active')).limit(1);
  // drizzle wraps the driver's error: the constraint's name is in its cause
  const violated = (query: ReturnType<typeof sql>) =>
    ctx.db.execute(query).then(
      () => 'accepted',
      (e: { message: string; cause?: { message?: string } }) =>
        /offers_(\w+)_not_negative/.exec(`${e.cause?.message} ${e.message}`)?.[1],
    );
  expect(await violated(sql`UPDATE offers SET reserved_amount = unit_amount + 1 WHERE id = ${offer.id}`)).toBe(
    'available_amount',
  );
  expect(await violated(sql`UPDATE offers SET reserved_amount = -1 WHERE id = ${offer.id}`)).toBe('reserved_amount');
  expect(await violated(sql`UPDATE offers SET purchased_amount = -1 WHERE id = ${offer.id}`)).toBe('purchased_amount');
  expect(await offerOf(offer.id)).toEqual(offer);
});

test('reserve takes no more than is available, also when requests race; complete moves reserved to purchased', async () => {
  const { reserve, complete, release } = await import('../sections/offers/stock');
  const created = await ctx.call('POST', '/api/offers', 'admin', {
    product_id: (await ctx.db.select().from(offers).limit(1))[0].product_id,
    packing_id: 1,
    city_id: 1,
    supplier_id: 1,
    harvest_year: '2001',
    origin_country: 'Иран',
    unit_measure: 'кг',
    unit_weight: '1',
    units_per_pack: '10',
    unit_amount: '100',
    unit_price: '500',
    warehouse_cost: '0',
    loading_address: 'Москва, ул. Складская, 9',
  });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const inTx = <T>(work: (tx: never) => Promise<T>) => ctx.db.transaction((tx) => work(tx as never));
  const cause = {
    by: (await ctx.call('GET', '/api/me')).body.user_id as number,
    via: { section: 'reserves', step: 'create' },
  } as const;

  // ten requests for 30 each against 100: three fit, the rest are refused with what is left
  const results = await Promise.allSettled(
    Array.from({ length: 10 }, () => inTx((tx) => reserve(tx, id, '30', cause))),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  const refusal = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
  expect(refusal.reason.body.messages).toEqual(['Недостаточно свободного количества: доступно 10']);

  await inTx((tx) => complete(tx, id, '30', cause));
  await inTx((tx) => release(tx, id, '30', cause));
  expect(await offerOf(id)).toMatchObject({
    reserved_amount: '30.000',
    purchased_amount: '30.000',
    available_amount: '40.000',
  });
});
