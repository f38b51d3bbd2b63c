// Work on many records at once and the trash (issue 25): PATCH /api/{section} {ids, set, adjust?} changes each
// selected record through its card's rules in one transaction and answers each refused one's reason; POST
// /api/{section}/{id}/restore and /api/{section}/restore bring deleted records back through the duplicate rule,
// the stock (a reserve takes its amount again) and history.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { firstRow, rowsOf } from '../db/rows';

let ctx: DemoContext;
/** A reserve of 20 units (2 packs of 10) at a selling price inside the band, or as patched. */
const reserveBody = (offerId: number, patch: Record<string, unknown> = {}) =>
  reserveForm(trade, offerId, { packs_amount: '2', unit_selling_price: '400', ...patch });
let trade: Trade;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
}, 120_000);

afterAll(() => ctx?.close());

const bulk = (section: string, body: unknown, who: 'admin' | 'manager' | 'warehouse' | 'supplier' = 'admin') =>
  ctx.call('PATCH', `/api/${section}`, who, body);
const offerRow = async (id: number) =>
  firstRow<{
    status: string;
    unit_price: string;
    warehouse_cost: string | null;
    version: number;
    reserved_amount: string;
    available_amount: string;
  }>(
    await ctx.db.execute(
      sql`SELECT status, unit_price::text, warehouse_cost::text, version, reserved_amount::text, available_amount::text FROM offers WHERE id = ${id}`,
    ),
  )!;
const historyOf = async (section: string, id: number) =>
  rowsOf<{ action: string; changes: { field: string; old: unknown; new: unknown }[]; via: unknown }>(
    await ctx.db.execute(
      sql`SELECT action, changes, via FROM record_history WHERE section = ${section} AND record_id = ${id} ORDER BY id`,
    ),
  );

describe('bulk edit', () => {
  test('200 offers in one request: each price up 5 % rounded half-up to the kopeck, one history entry each', async () => {
    const before = rowsOf<{ id: number; unit_price: string; expected: string; version: number }>(
      await ctx.db.execute(sql`
      SELECT id, unit_price::text, round(unit_price * 1.05, 2)::text AS expected, version FROM offers
      WHERE status = 'active' AND NOT EXISTS (SELECT 1 FROM offers t WHERE t.id <> offers.id AND t.status = 'active'
        AND t.product_id = offers.product_id AND t.supplier_id IS NOT DISTINCT FROM offers.supplier_id AND t.variety_id IS NOT DISTINCT FROM offers.variety_id
        AND t.packing_id IS NOT DISTINCT FROM offers.packing_id AND t.harvest_year IS NOT DISTINCT FROM offers.harvest_year AND t.city_id IS NOT DISTINCT FROM offers.city_id)
      ORDER BY id LIMIT 200`),
    );
    // (the demo data holds a few active twins, which the card's duplicate rule would refuse: the next test's business)
    expect(before).toHaveLength(200);
    const ids = before.map((o) => o.id);
    const historyBefore = firstRow<{ n: number }>(
      await ctx.db.execute(sql`SELECT count(*)::int AS n FROM record_history WHERE section = 'offers'`),
    )!.n;

    const res = await bulk('offers', { ids, set: {}, adjust: { unit_price: 5 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', changed: 200, notChanged: 0, refused: [] });

    const after = rowsOf<{ id: number; unit_price: string; version: number }>(
      await ctx.db.execute(sql`
      SELECT id, unit_price::text, version FROM offers WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY id`),
    );
    expect(after.map((o) => o.unit_price)).toEqual(before.map((o) => o.expected));
    expect(after.map((o) => o.version)).toEqual(before.map((o) => o.version + 1));
    // one 'update' entry per offer, naming the price's change
    const entries = rowsOf<{ record_id: number; n: number; price: boolean }>(
      await ctx.db.execute(sql`
      SELECT record_id, count(*)::int AS n, bool_and(changes @> '[{"field": "unit_price"}]') AS price FROM record_history
      WHERE section = 'offers' AND action = 'update' AND id > (SELECT max(id) - ${200 + historyBefore} FROM record_history) AND record_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      AND at >= now() - interval '10 minutes' AND user_id = (SELECT id FROM users WHERE email = 'admin@nutdesk.demo')
      GROUP BY record_id ORDER BY record_id`),
    );
    expect(entries).toEqual(ids.map((id) => ({ record_id: id, n: 1, price: true })));
  }, 180_000);

  test('a price raised 5 %: 100,10 ₽ becomes 105,11 ₽ (105,105 half-up), the sum and kg price follow; −5 % of 1 000,00 ₽ is 950,00 ₽', async () => {
    const a = await trade.newOffer('10', { unit_price: '100.10' });
    const b = await trade.newOffer('10', { unit_price: '1000' });
    expect((await bulk('offers', { ids: [a.id], set: {}, adjust: { unit_price: 5 } })).body.changed).toBe(1);
    expect((await bulk('offers', { ids: [b.id], set: {}, adjust: { unit_price: -5 } })).body.changed).toBe(1);
    const card = (await ctx.call('GET', `/api/offers/${a.id}`)).body;
    expect(card.unit_price).toBe('105.11');
    expect(card.total_sum).toBe('1051.10');
    expect(card.kg_price).toBe('105.11');
    expect((await offerRow(b.id)).unit_price).toBe('950.00');
    const [, edit] = await historyOf('offers', a.id);
    expect(edit.changes).toEqual(expect.arrayContaining([{ field: 'unit_price', old: 100.1, new: 105.11 }]));
  });

  test('values set on several fields at once; the warehouse cost left empty stays empty under a percentage', async () => {
    const a = await trade.newOffer('10', { warehouse_cost: '200' });
    const b = await trade.newOffer('10', { warehouse_cost: null });
    const res = await bulk('offers', {
      ids: [a.id, b.id],
      set: { loading_address: 'Казань, ул. Новая, 1', city_id: trade.cityIds[2] },
      adjust: { warehouse_cost: 10 },
    });
    expect(res.body).toEqual({ status: 'success', changed: 2, notChanged: 0, refused: [] });
    const rows = rowsOf<{ id: number; loading_address: string; city_id: number; warehouse_cost: string | null }>(
      await ctx.db.execute(sql`
      SELECT id, loading_address, city_id, warehouse_cost::text FROM offers WHERE id IN (${a.id}, ${b.id}) ORDER BY id`),
    );
    expect(rows).toEqual([
      { id: a.id, loading_address: 'Казань, ул. Новая, 1', city_id: trade.cityIds[2], warehouse_cost: '220.00' },
      { id: b.id, loading_address: 'Казань, ул. Новая, 1', city_id: trade.cityIds[2], warehouse_cost: null },
    ]);
  });

  test("refused rows are reported with their reasons in the card's words; the others change", async () => {
    const free = await trade.newOffer('100');
    const held = await trade.newOffer('100');
    const reserve = await ctx.call('POST', '/api/reserves', 'admin', reserveBody(held.id));
    expect(reserve.status).toBe(201);
    const gone = await trade.newOffer('100');
    expect((await ctx.call('DELETE', '/api/offers', 'admin', { ids: [gone.id] })).body.deleted).toBe(1);
    const heldVersion = (await offerRow(held.id)).version;

    const res = await bulk('offers', {
      ids: [held.id, free.id, gone.id, 99_999_999, free.id],
      set: { status: 'completed' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      changed: 1,
      notChanged: 3,
      warning: 'Успешно изменено: 1 предложение из 4. Не удалось изменить: 3 предложения.',
      refused: [
        { id: held.id, reason: 'Нельзя завершить предложение: активных резервов — 1' },
        { id: gone.id, reason: 'Объект не найден' },
        { id: 99_999_999, reason: 'Объект не найден' },
      ],
    });
    expect((await offerRow(free.id)).status).toBe('completed');
    // the refused offer is untouched: same status, same version, no entry
    expect(await offerRow(held.id)).toMatchObject({ status: 'active', version: heldVersion });
    expect((await historyOf('offers', held.id)).map((e) => e.action)).toEqual(['create', 'stock']);
  });

  test('none changed: the message says why; a value the card refuses is refused per row with its schema message', async () => {
    const a = await trade.newOffer('10');
    const res = await bulk('offers', { ids: [a.id], set: { unit_price: '-5' } });
    expect(res.status).toBe(200);
    expect(res.body.changed).toBe(0);
    expect(res.body.refused).toHaveLength(1);
    expect(res.body.message).toBe(`Ни одна запись не изменена. ${res.body.refused[0].reason}`);
    expect((await offerRow(a.id)).unit_price).toBe('300.00');
  });

  test('a request the dialog would never send is a 400 in Russian; a field hidden from the role a 403; no update right a 403', async () => {
    const a = await trade.newOffer('10');
    const messages = async (body: unknown) => (await bulk('offers', body)).body.messages;
    expect(await messages({ ids: [], set: { status: 'active' } })).toEqual(['Не выбраны записи для изменения']);
    expect(await messages({ ids: [a.id], set: {} })).toEqual(['Не выбраны поля для изменения']);
    expect(await messages({ ids: [a.id], set: { unit_amount: '5' } })).toEqual([
      'Поле «unit_amount» нельзя изменить сразу у нескольких записей',
    ]);
    expect(await messages({ ids: [a.id], set: {}, adjust: { city_id: 5 } })).toEqual([
      'Поле «Город погрузки» нельзя изменить на процент',
    ]);
    expect(await messages({ ids: [a.id], set: {}, adjust: { unit_price: 2.555 } })).toEqual([
      'Процент — число от -99,99 до 1000, не больше 2 знаков после запятой',
    ]);
    expect(await messages({ ids: [a.id], set: {}, adjust: { unit_price: -100 } })).toEqual([
      'Процент — число от -99,99 до 1000, не больше 2 знаков после запятой',
    ]);
    expect(await messages({ ids: [a.id], set: { unit_price: '10' }, adjust: { unit_price: 5 } })).toEqual([
      'Поле «Цена за единицу, ₽» задано и значением, и процентом',
    ]);
    // role 1 does not see an offer's loading city
    const hidden = await bulk('offers', { ids: [a.id], set: { city_id: trade.cityIds[1] } }, 'manager');
    expect(hidden.status).toBe(403);
    expect(hidden.body.message).toBe('Поле «city_id» недоступно для вашей роли'); // the card's own answer
    // role 8 does not see the warehouse cost: neither set nor moved
    const cost = await bulk('offers', { ids: [a.id], set: {}, adjust: { warehouse_cost: 5 } }, 'warehouse');
    expect(cost.status).toBe(403);
    expect(cost.body.message).toBe('Поле «warehouse_cost» недоступно для вашей роли');
    // the supplier's user may not touch products
    expect((await bulk('products', { ids: [1], set: { status: 'deactivated' } }, 'supplier')).status).toBe(403);
    expect((await offerRow(a.id)).version).toBe(1);
  });
});

describe('restore', () => {
  test("a deleted offer comes back active, with a 'restore' entry in its history; restoring one not deleted is a 400", async () => {
    const offer = await trade.newOffer('10');
    await ctx.call('DELETE', '/api/offers', 'admin', { ids: [offer.id] });
    expect((await ctx.call('GET', `/api/offers/${offer.id}`)).status).toBe(404);
    const res = await ctx.call('POST', `/api/offers/${offer.id}/restore`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: offer.id, status: 'active', deleted_at: null });
    expect((await historyOf('offers', offer.id)).map((e) => e.action)).toEqual(['create', 'delete', 'restore']);
    const again = await ctx.call('POST', `/api/offers/${offer.id}/restore`);
    expect(again).toEqual({
      status: 400,
      body: { status: 'error', error: 'validation', messages: ['Запись не удалена'] },
    });
    const history = (await ctx.call('GET', `/api/offers/${offer.id}/history`)).body;
    expect(history[0]).toMatchObject({ action: 'restore', changes: [] });
  });

  test('with an active twin: 409 with the link to it, as a create answers; the record stays deleted', async () => {
    const offer = await trade.newOffer('10', { harvest_year: '1999' });
    await ctx.call('DELETE', '/api/offers', 'admin', { ids: [offer.id] });
    // the same offer made again while the first is in the trash
    const twin = await trade.newOffer('10', { harvest_year: '1999' });
    const res = await ctx.call('POST', `/api/offers/${offer.id}/restore`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ status: 'error', error: 'conflict', info: { text: 'Предложение', id: twin.id } });
    expect(res.body.message).toMatch(/^Такое предложение уже есть/);
    expect((await offerRow(offer.id)).status).toBe('deleted');
    expect((await historyOf('offers', offer.id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });

  test('a completed offer deleted comes back completed', async () => {
    const offer = await trade.newOffer('10');
    await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', { status: 'completed' });
    await ctx.call('DELETE', '/api/offers', 'admin', { ids: [offer.id] });
    expect((await ctx.call('POST', `/api/offers/${offer.id}/restore`)).body.status).toBe('completed');
  });

  test('an active reserve deleted gave its amount back; restored, it takes it again through the stock writer', async () => {
    const offer = await trade.newOffer('100');
    const reserveId = (await ctx.call('POST', '/api/reserves', 'admin', reserveBody(offer.id))).body.id;
    expect((await offerRow(offer.id)).available_amount).toBe('80.000');
    await ctx.call('DELETE', '/api/reserves', 'admin', { ids: [reserveId] });
    expect((await offerRow(offer.id)).available_amount).toBe('100.000');

    const res = await ctx.call('POST', `/api/reserves/${reserveId}/restore`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('active');
    expect(await offerRow(offer.id)).toMatchObject({ reserved_amount: '20.000', available_amount: '80.000' });
    const [stock] = (await historyOf('offers', offer.id)).slice(-1);
    expect(stock).toMatchObject({ action: 'stock', via: { section: 'reserves', step: 'restore', ids: [reserveId] } });
    expect((await historyOf('reserves', reserveId)).map((e) => e.action)).toEqual(['create', 'delete', 'restore']);
    expect((await ctx.call('GET', `/api/offers/${offer.id}/history`)).body[0].via).toEqual({
      section: 'reserves',
      step: 'restore',
      ids: [reserveId],
    });
  });

  test('a reserve whose stock is gone is refused in Russian and stays deleted; a completed one comes back completed, moving nothing', async () => {
    const offer = await trade.newOffer('100');
    const first = (await ctx.call('POST', '/api/reserves', 'admin', reserveBody(offer.id))).body.id;
    await ctx.call('DELETE', '/api/reserves', 'admin', { ids: [first] });
    // meanwhile another buyer takes 90 of the 100
    const second = await ctx.call(
      'POST',
      '/api/reserves',
      'admin',
      reserveBody(offer.id, { amount: '90', packs_amount: '9' }),
    );
    expect(second.status).toBe(201);
    const refused = await ctx.call('POST', `/api/reserves/${first}/restore`);
    expect(refused).toEqual({
      status: 400,
      body: {
        status: 'error',
        error: 'validation',
        messages: ['Резерв нельзя восстановить: недостаточно свободного количества: доступно 10'],
      },
    });
    expect(
      firstRow<{ status: string }>(await ctx.db.execute(sql`SELECT status FROM reserves WHERE id = ${first}`))!.status,
    ).toBe('deleted');
    expect(await offerRow(offer.id)).toMatchObject({ reserved_amount: '90.000', available_amount: '10.000' });

    expect((await ctx.change('POST', `/api/reserves/${second.body.id}/complete`)).status).toBe(200);
    await ctx.call('DELETE', '/api/reserves', 'admin', { ids: [second.body.id] });
    const back = await ctx.call('POST', `/api/reserves/${second.body.id}/restore`);
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('completed');
    expect(await offerRow(offer.id)).toMatchObject({ reserved_amount: '0.000', available_amount: '10.000' });
  });

  test('bulk restore: each record through the same rules, the refused ones with their reasons, as a bulk delete answers', async () => {
    const a = await trade.newOffer('10', { harvest_year: '1998' });
    const b = await trade.newOffer('10');
    const c = await trade.newOffer('10');
    await ctx.call('DELETE', '/api/offers', 'admin', { ids: [a.id, b.id] });
    const twin = await trade.newOffer('10', { harvest_year: '1998' });
    const res = await ctx.call('POST', '/api/offers/restore', 'admin', { ids: [a.id, b.id, c.id] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      restored: 1,
      notRestored: 2,
      warning: 'Успешно восстановлено: 1 предложение из 3. Не удалось восстановить: 2 предложения.',
      refused: [
        { id: a.id, reason: expect.stringMatching(/^Такое предложение уже есть/) },
        { id: c.id, reason: 'Запись не удалена' },
      ],
    });
    expect((await offerRow(b.id)).status).toBe('active');
    expect((await offerRow(a.id)).status).toBe('deleted');
    expect(twin.id).toBeGreaterThan(0);
  });

  test('restore needs the delete right: the warehouse role (no delete on offers) gets a 403', async () => {
    const offer = await trade.newOffer('10');
    await ctx.call('DELETE', '/api/offers', 'admin', { ids: [offer.id] });
    const res = await ctx.call('POST', `/api/offers/${offer.id}/restore`, 'warehouse');
    expect(res.status).toBe(403);
    expect((await offerRow(offer.id)).status).toBe('deleted');
  });
});
