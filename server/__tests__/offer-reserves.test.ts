// What an offer's active reserves keep it from (issue 19): being set to 'Выполнен' by hand, being deleted; and a
// bulk delete that counts each record once and says why none went.
import { eq, sql } from 'drizzle-orm';
import { createDemoApp, tableChecksum, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { users } from '../db/schema';
import { rowsOf } from '../db/rows';

let ctx: DemoContext;
let trade: Trade;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
}, 120_000);

afterAll(() => ctx?.close());

/** A reserve of 20 of the offer's 100 kg at 400 ₽, inside its band of 359.70 … 441.45. */
const newReserve = async (offerId: number) => {
  const res = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offerId, { packs_amount: '2', unit_selling_price: '400' }),
  );
  expect(res.status).toBe(201);
  return res.body as Record<string, unknown> & { id: number };
};

test("an offer is not set to 'Выполнен' by hand while reserves are active: 400 with their count", async () => {
  const offerId = (await trade.newOffer('100')).id;
  const first = await newReserve(offerId);
  const second = await newReserve(offerId);
  const before = await tableChecksum(ctx.db);
  const refused = await ctx.change('PATCH', `/api/offers/${offerId}`, 'admin', { status: 'completed' });
  expect(refused).toEqual({
    status: 400,
    body: expect.objectContaining({ messages: ['Нельзя завершить предложение: активных резервов — 2'] }),
  });
  expect(await tableChecksum(ctx.db)).toBe(before);
  await ctx.change('POST', `/api/reserves/${first.id}/complete`, 'admin', {});
  expect((await ctx.change('PATCH', `/api/offers/${offerId}`, 'admin', { status: 'completed' })).body.messages).toEqual(
    ['Нельзя завершить предложение: активных резервов — 1'],
  );
  await ctx.change('POST', `/api/reserves/${second.id}/cancel`, 'admin', {});
  const done = await ctx.change('PATCH', `/api/offers/${offerId}`, 'admin', { status: 'completed' });
  expect(done.status).toBe(200);
  expect(done.body.status).toBe('completed');
});

describe('bulk delete', () => {
  const del = (ids: number[], who: 'admin' | 'manager' | 'supplier' = 'admin') =>
    ctx.call('DELETE', '/api/offers', who, { ids });

  test('a repeated id is one record: [a, a] deletes 1 of 1; [a, a, reserved] warns 1 of 2', async () => {
    const a = (await trade.newOffer('10')).id;
    expect((await del([a, a])).body).toEqual({ status: 'success', deleted: 1, notDeleted: 0 });
    const b = (await trade.newOffer('10')).id;
    const reserved = (await trade.newOffer('100')).id;
    await newReserve(reserved);
    expect((await del([b, b, reserved])).body).toEqual({
      status: 'success',
      deleted: 1,
      notDeleted: 1,
      reasons: { kept: 1, forbidden: 0, deleted: 0, missing: 0 },
      warning: 'Успешно удалено: 1 предложение из 2. Не удалось удалить: 1 предложение.',
    });
  });

  test("a zero delete says why: active reserves (the spec's words), no right, deleted already, not found", async () => {
    const reserved = (await trade.newOffer('100')).id;
    await newReserve(reserved);
    expect((await del([reserved])).body).toEqual({
      status: 'success',
      deleted: 0,
      notDeleted: 1,
      reasons: { kept: 1, forbidden: 0, deleted: 0, missing: 0 },
      message: 'Нельзя удалять предложение с активными резервами',
    });

    const gone = (await trade.newOffer('10')).id;
    await del([gone]);
    expect((await del([gone, gone])).body).toMatchObject({
      deleted: 0,
      notDeleted: 1,
      message: 'Выбранные записи уже удалены',
    });
    expect((await del([gone, reserved])).body.message).toBe(
      'Нельзя удалять предложение с активными резервами. Выбранные записи уже удалены',
    );
    expect((await del([2147483000])).body.message).toBe('Выбранные записи не найдены');

    // role 1 may delete only its own offers: the admin's is readable but not its to delete
    const manager = (await ctx.db.select().from(users).where(eq(users.email, 'manager@nutdesk.demo')))[0];
    const other = (await trade.newOffer('10')).id;
    await ctx.db.execute(
      sql`UPDATE role_permissions SET scope = 'own' WHERE role_id = ${manager.role_id} AND resource = 'offers' AND action = 'delete'`,
    );
    try {
      expect((await del([other], 'manager')).body).toMatchObject({
        deleted: 0,
        reasons: { kept: 0, forbidden: 1, deleted: 0, missing: 0 },
        message: 'Нет прав на удаление выбранных записей',
      });
    } finally {
      await ctx.db.execute(
        sql`UPDATE role_permissions SET scope = 'all' WHERE role_id = ${manager.role_id} AND resource = 'offers' AND action = 'delete'`,
      );
    }
    expect(
      rowsOf<{ status: string }>(
        await ctx.db.execute(sql`SELECT status FROM offers WHERE id IN (${reserved}, ${other}) ORDER BY id`),
      ).map((r) => r.status),
    ).toEqual(['active', 'active']);
  });
});
