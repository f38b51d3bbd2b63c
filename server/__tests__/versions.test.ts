// No edit is lost to another user's (issue 18): every record has a version that every write bumps (stock moves
// and bulk delete included); a card's save and a reserve's step name the version the user saw; a stale one
// changes nothing and answers 409 with who changed the record, when, and what, hidden fields left out.
import { eq, sql } from 'drizzle-orm';
import { createDemoApp, tableChecksum, type DemoContext, type DemoUser } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { offers, reserves, users } from '../db/schema';
import { firstRow } from '../db/rows';

let ctx: DemoContext;
let trade: Trade;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
}, 120_000);

afterAll(() => ctx?.close());

const read = async (section: string, id: number, who: DemoUser = 'admin') =>
  (await ctx.call('GET', `/api/${section}/${id}`, who)).body;
const nameOf = async (email: string) => (await ctx.db.select().from(users).where(eq(users.email, email)))[0].name;
const offerRow = async (id: number) => (await ctx.db.select().from(offers).where(eq(offers.id, id)))[0];

describe('a settings save leaves open cards current (issue 33)', () => {
  test("the offers' selling band follows the settings without moving their versions; a card opened before saves", async () => {
    const offer = await trade.newOffer('100');
    const seen = await read('offers', offer.id);
    // (15 + 300 + 12) × 1 = 327: 327 × 1.1 = 359.70 … 327 × 1.35 = 441.45
    expect(seen).toMatchObject({ version: 1, min_unit_price: '359.70', max_unit_price: '441.45' });
    const saved = await ctx.call('PUT', '/api/settings', 'admin', { min_markup: '0.15', max_markup: '0.4' });
    expect(saved.status).toBe(200);
    try {
      // 327 × 1.15 = 376.05 … 327 × 1.4 = 457.80, on the same version
      expect(await offerRow(offer.id)).toMatchObject({
        version: 1,
        min_unit_price: '376.05',
        max_unit_price: '457.80',
      });
      const edit = await ctx.call('PATCH', `/api/offers/${offer.id}`, 'admin', {
        loading_address: 'Москва, ул. Новая, 7',
        version: seen.version,
      });
      expect(edit.status).toBe(200);
      expect(edit.body).toMatchObject({
        version: 2,
        loading_address: 'Москва, ул. Новая, 7',
        min_unit_price: '376.05',
        max_unit_price: '457.80',
      });
    } finally {
      expect((await ctx.call('PUT', '/api/settings', 'admin', { min_markup: '0.1', max_markup: '0.35' })).status).toBe(
        200,
      );
    }
    expect(await offerRow(offer.id)).toMatchObject({ version: 2, min_unit_price: '359.70', max_unit_price: '441.45' });
  });
});

describe('two people on one offer', () => {
  test('the second save, made on the version both opened, changes nothing and tells who changed what', async () => {
    const offer = await trade.newOffer('100');
    // both open the card at the same version
    const seenByWarehouse = await read('offers', offer.id, 'warehouse');
    const seenByAdmin = await read('offers', offer.id, 'admin');
    expect(seenByAdmin.version).toBe(1);
    expect(seenByWarehouse.version).toBe(1);

    const first = await ctx.call('PATCH', `/api/offers/${offer.id}`, 'warehouse', {
      unit_price: '320',
      version: seenByWarehouse.version,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ unit_price: '320.00', version: 2 });

    const before = await tableChecksum(ctx.db);
    const second = await ctx.call('PATCH', `/api/offers/${offer.id}`, 'admin', {
      unit_price: '300',
      loading_address: 'Москва, ул. Новая, 1',
      version: seenByAdmin.version,
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      status: 'error',
      error: 'stale',
      message: 'Запись изменена другим пользователем',
      stale: { version: 2, by: await nameOf('warehouse@nutdesk.demo') },
    });
    expect(Date.now() - Date.parse(second.body.stale.at)).toBeLessThan(60_000);
    // 300 × 100 = 30 000 before, 320 × 100 = 32 000 after: the warehouse's edit, field by field
    expect(second.body.stale.changes).toEqual(
      expect.arrayContaining([
        { field: 'unit_price', old: 300, new: 320 },
        { field: 'total_sum', old: 30000, new: 32000 },
      ]),
    );
    // what changed, by the fields' titles (issue 33)
    expect(second.body.stale.fields).toEqual(expect.arrayContaining(['Цена за единицу', 'Сумма']));
    // nothing written: the first save kept, the old price not written back, no history row
    expect(await tableChecksum(ctx.db)).toBe(before);
    expect(await offerRow(offer.id)).toMatchObject({
      unit_price: '320.00',
      loading_address: 'Москва, ул. Складская, 9',
      version: 2,
    });

    // loading the current version and saving again keeps both edits
    const again = await ctx.call('PATCH', `/api/offers/${offer.id}`, 'admin', {
      loading_address: 'Москва, ул. Новая, 1',
      version: 2,
    });
    expect(again.status).toBe(200);
    expect(await offerRow(offer.id)).toMatchObject({
      unit_price: '320.00',
      loading_address: 'Москва, ул. Новая, 1',
      version: 3,
    });
  });

  test('a change without a version is refused in Russian and changes nothing', async () => {
    const offer = await trade.newOffer('50');
    const before = await tableChecksum(ctx.db);
    const refusal = async (body: object) => {
      const res = await ctx.call('PATCH', `/api/offers/${offer.id}`, 'admin', body);
      expect(res.status).toBe(400);
      return res.body.messages;
    };
    expect(await refusal({ unit_price: '310' })).toEqual(['Не указана версия записи']);
    expect(await refusal({ unit_price: '310', version: null })).toEqual(['Поле «version»: введите число']);
    expect(await refusal({ unit_price: '310', version: 'последняя' })).toEqual(['Поле «version»: введите число']);
    expect(await tableChecksum(ctx.db)).toBe(before);
  });

  test('what changed in fields hidden from the role, and who changed it, stay out of the stale answer', async () => {
    const offer = await trade.newOffer('60');
    const seen = await read('offers', offer.id, 'manager');
    expect(seen).not.toHaveProperty('loading_address');
    await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', {
      unit_price: '330',
      loading_address: 'Тверь, ул. Садовая, 2',
    });
    const res = await ctx.call('PATCH', `/api/offers/${offer.id}`, 'manager', {
      origin_country: 'Турция',
      version: seen.version,
    });
    expect(res.status).toBe(409);
    // role 1 sees neither the loading address nor who writes records
    expect(res.body.stale.by).toBeNull();
    // issue 51: it says at least when and what changed, by the fields' labels, naming nobody
    expect(Date.parse(res.body.stale.at)).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(res.body.stale.fields).toEqual([
      'Цена за единицу',
      'Цена за кг',
      'Сумма',
      'Мин. цена продажи',
      'Макс. цена продажи',
    ]);

    const fields = res.body.stale.changes.map((c: { field: string }) => c.field);
    expect(fields).toContain('unit_price');
    expect(fields).not.toContain('loading_address');
    expect(JSON.stringify(res.body)).not.toContain('Садовая');
  });

  test('a reserve taking stock is a write of the offer: its version moves, and a save made before it is stale', async () => {
    const offer = await trade.newOffer('100');
    const seen = await read('offers', offer.id);
    const reserve = await ctx.call(
      'POST',
      '/api/reserves',
      'admin',
      reserveForm(trade, offer.id, { packs_amount: '2', unit_selling_price: '400' }),
    );
    expect(reserve.status).toBe(201);
    expect((await offerRow(offer.id)).version).toBe(seen.version + 1);
    const res = await ctx.call('PATCH', `/api/offers/${offer.id}`, 'admin', {
      origin_country: 'Турция',
      version: seen.version,
    });
    expect(res.status).toBe(409);
    // 20 of 100 reserved: available 100 → 80
    expect(res.body.stale.changes).toEqual(
      expect.arrayContaining([
        { field: 'reserved_amount', old: 0, new: 20 },
        { field: 'available_amount', old: 100, new: 80 },
      ]),
    );
    expect((await offerRow(offer.id)).origin_country).toBe('Иран');
  });
});

describe('a reserve edited while another user completes it', () => {
  const stockOf = async (offerId: number) => {
    const o = await offerRow(offerId);
    return { reserved: o.reserved_amount, purchased: o.purchased_amount, available: o.available_amount };
  };

  test('the completion wins; the edit made on the old version is 409 and moves no stock', async () => {
    const offer = await trade.newOffer('100');
    // the storekeeper (role 8) changes the reserves it is responsible for
    const [storekeeper] = await ctx.db.select().from(users).where(eq(users.email, 'warehouse@nutdesk.demo'));
    const placed = await ctx.call(
      'POST',
      '/api/reserves',
      'admin',
      reserveForm(trade, offer.id, {
        packs_amount: '2',
        unit_selling_price: '400',
        responsible_id: storekeeper.employee_id,
      }),
    );
    const { id } = placed.body;
    const seenByWarehouse = await read('reserves', id, 'warehouse');
    const seenByAdmin = await read('reserves', id, 'admin');
    expect(seenByAdmin.version).toBe(seenByWarehouse.version);

    const done = await ctx.call('POST', `/api/reserves/${id}/complete`, 'admin', { version: seenByAdmin.version });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', version: seenByAdmin.version + 1 });
    expect(await stockOf(offer.id)).toEqual({ reserved: '0.000', purchased: '20.000', available: '80.000' });

    const edit = await ctx.call('PATCH', `/api/reserves/${id}`, 'warehouse', {
      amount: '30',
      version: seenByWarehouse.version,
    });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ error: 'stale', message: 'Запись изменена другим пользователем' });
    expect(edit.body.stale.changes).toEqual(
      expect.arrayContaining([{ field: 'status', old: 'active', new: 'completed' }]),
    );
    const [row] = await ctx.db.select().from(reserves).where(eq(reserves.id, id));
    expect(row).toMatchObject({ status: 'completed', amount: '20.000' });
    expect(await stockOf(offer.id)).toEqual({ reserved: '0.000', purchased: '20.000', available: '80.000' });

    // a cancel made on the version before the completion is stale too; with the current one it is refused by status
    expect(
      (await ctx.call('POST', `/api/reserves/${id}/cancel`, 'admin', { version: seenByAdmin.version })).status,
    ).toBe(409);
    expect(
      (await ctx.call('POST', `/api/reserves/${id}/cancel`, 'admin', { version: row.version })).body.messages,
    ).toEqual(['Резерв в статусе «Завершен» нельзя отменить']);
  });

  test('a step without a version is refused in Russian and moves nothing', async () => {
    const offer = await trade.newOffer('40');
    const { id } = (
      await ctx.call(
        'POST',
        '/api/reserves',
        'admin',
        reserveForm(trade, offer.id, { packs_amount: '2', unit_selling_price: '400' }),
      )
    ).body;
    const before = await tableChecksum(ctx.db);
    for (const step of ['complete', 'cancel']) {
      for (const body of [undefined, {}]) {
        const res = await ctx.call('POST', `/api/reserves/${id}/${step}`, 'admin', body);
        expect([step, res.status, res.body.messages]).toEqual([step, 400, ['Не указана версия записи']]);
      }
    }
    expect(await tableChecksum(ctx.db)).toBe(before);
  });
});

test('every write bumps the version: a card of each section, and a bulk delete', async () => {
  const version = async (section: string, id: number) =>
    firstRow<{ version: number }>(
      await ctx.db.execute(sql`SELECT version FROM ${sql.identifier(section)} WHERE id = ${id}`),
    )!.version;
  const city = (await ctx.call('POST', '/api/cities', 'admin', { name: 'Версионный' })).body;
  const product = (await ctx.call('POST', '/api/products', 'admin', { name: 'Версионный орех' })).body;
  expect([city.version, product.version]).toEqual([1, 1]);
  expect(
    (await ctx.call('PATCH', `/api/cities/${city.id}`, 'admin', { name: 'Версионный Лог', version: 1 })).body.version,
  ).toBe(2);
  expect(
    (await ctx.call('PATCH', `/api/products/${product.id}`, 'admin', { name: 'Версионный фундук', version: 1 })).body
      .version,
  ).toBe(2);
  const employee = firstRow<{ id: number; version: number }>(
    await ctx.db.execute(sql`SELECT id, version FROM employees WHERE status = 'active' ORDER BY id LIMIT 1`),
  )!;
  const changed = await ctx.call('PATCH', `/api/employees/${employee.id}`, 'admin', {
    full_name: 'Иванов Пётр Версионный',
    version: employee.version,
  });
  expect(changed.body.version).toBe(employee.version + 1);
  // a stale city rename names the rename it missed
  const stale = await ctx.call('PATCH', `/api/cities/${city.id}`, 'admin', { name: 'Другой', version: 1 });
  expect(stale.body.stale.changes).toEqual([{ field: 'name', old: 'Версионный', new: 'Версионный Лог' }]);
  expect((await ctx.call('DELETE', '/api/products', 'admin', { ids: [product.id] })).body.deleted).toBe(1);
  expect(await version('products', product.id)).toBe(3);
});
