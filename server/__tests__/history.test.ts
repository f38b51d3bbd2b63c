// The history of records (issue 12): every create, change, status move and delete leaves one row in the write's
// own transaction, an offer's stock moved by a reserve's step leaves one on the offer naming the reserve, a refused
// write leaves none, and GET /api/{section}/{id}/history answers it newest first within the card's read scope, with
// the fields hidden from the reader's role left out.
import { createDemoApp, tableChecksum, type DemoContext, type DemoUser } from './testApp';
import { prepareTrade, reserveForm as tradeReserve, today, type Trade } from './trade';
import { firstRow, rowsOf } from '../db/rows';
import { getTableColumns, sql } from 'drizzle-orm';
import * as schema from '../db/schema';
import { HISTORY_FIELDS } from '../../domain/history';
import { SECTIONS } from '../../domain/sections';

let ctx: DemoContext;
let adminId: number;
let employeeId: number;
let cityIds: number[];
let trade: Trade;

beforeAll(async () => {
  ctx = await createDemoApp();
  const product = firstRow<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM products WHERE status = 'active' ORDER BY id LIMIT 1`),
  )!;
  trade = await prepareTrade(ctx, { product_id: product.id, unit_price: '250' }, 1990);
  ({ employeeId, cityIds } = trade);
  adminId = (await ctx.call('GET', '/api/me')).body.user_id;
}, 120_000);

afterAll(() => ctx?.close());

const newOffer = (unitAmount = '100', patch: Record<string, unknown> = {}) => trade.newOffer(unitAmount, patch);

const reserveForm = (offerId: number, patch: Record<string, unknown> = {}) =>
  tradeReserve(trade, offerId, { unit_selling_price: '330', ...patch });

async function newReserve(offerId: number, patch: Record<string, unknown> = {}): Promise<number> {
  const res = await ctx.call('POST', '/api/reserves', 'admin', reserveForm(offerId, patch));
  expect(res.status).toBe(201);
  return res.body.id;
}

const history = (section: string, id: number, who: DemoUser = 'admin', query = '') =>
  ctx.call('GET', `/api/${section}/${id}/history${query}`, who);

/** The stored rows of a record, oldest first: what a write left, whoever reads it. */
const stored = async (section: string, id: number) =>
  rowsOf<{ action: string; user_id: number; changes: unknown[]; via: unknown }>(
    await ctx.db.execute(sql`
  SELECT action, user_id, changes, via FROM record_history WHERE section = ${section} AND record_id = ${id} ORDER BY id`),
  );
const countAll = async () =>
  firstRow<{ n: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM record_history`))!.n;
const fieldsOf = (entry: { changes: { field: string }[] }) => entry.changes.map((c) => c.field);

test("every field a section's history keeps is a column of its table, or one of the parts the section records itself", () => {
  const tables = {
    offers: schema.offers,
    reserves: schema.reserves,
    employees: schema.employees,
    suppliers: schema.suppliers,
    products: schema.products,
    cities: schema.cities,
    buyers: schema.buyers,
    shipments: schema.shipments,
  };
  const own: Record<string, string[]> = {
    products: ['varieties', 'document_types'],
    cities: ['delivery'],
    reserves: ['credit_override', 'payments'],
    shipments: ['offer_ids', 'costs', 'landed_kg_cost'],
  };
  for (const section of SECTIONS) {
    const columns = Object.keys(getTableColumns(tables[section]));
    const missing = Object.keys(HISTORY_FIELDS[section]).filter(
      (key) => !columns.includes(key) && !own[section]?.includes(key),
    );
    expect([section, missing]).toEqual([section, []]);
  }
});

describe('what a write records', () => {
  test('a card edit: old → new of every field it changed, who and when, newest first; an edit changing nothing records nothing', async () => {
    const offer = await newOffer('100');
    const patched = await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', { unit_price: '300' });
    expect(patched.status).toBe(200);

    const res = await history('offers', offer.id);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const [edit, created] = res.body;
    expect(created).toMatchObject({ action: 'create', user: { id: adminId, name: 'Администратор' }, changes: [] });
    expect(edit).toMatchObject({ action: 'update', user: { id: adminId, name: 'Администратор' }, via: null });
    expect(edit.id).toBeGreaterThan(created.id);
    expect(Date.parse(edit.at)).toBeGreaterThanOrEqual(Date.parse(created.at));
    // the price, the kg price (by the kilogram: the same), the sum and the selling band computed from them
    expect(edit.changes).toEqual([
      { field: 'unit_price', old: 250, new: 300 },
      { field: 'kg_price', old: 250, new: 300 },
      { field: 'total_sum', old: 25000, new: 30000 },
      { field: 'min_unit_price', old: Number(offer.min_unit_price), new: Number(patched.body.min_unit_price) },
      { field: 'max_unit_price', old: Number(offer.max_unit_price), new: Number(patched.body.max_unit_price) },
    ]);

    expect((await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', { unit_price: '300' })).status).toBe(200);
    expect((await stored('offers', offer.id)).map((r) => [r.action, r.user_id])).toEqual([
      ['create', adminId],
      ['update', adminId],
    ]);
  });

  test("a reserve completed: the reserve's status and day, and the offer's stock moved by that reserve", async () => {
    const offer = await newOffer('100');
    const reserveId = await newReserve(offer.id);
    expect((await ctx.change('POST', `/api/reserves/${reserveId}/complete`)).status).toBe(200);

    const reserve = (await history('reserves', reserveId)).body;
    expect(reserve.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(reserve[0].changes).toEqual([
      { field: 'status', old: 'active', new: 'completed' },
      { field: 'actual_date_implementation', old: null, new: today },
    ]);

    const stock = (await history('offers', offer.id)).body;
    expect(stock.map((e: { action: string }) => e.action)).toEqual(['stock', 'stock', 'create']);
    expect(stock[0]).toMatchObject({
      via: { section: 'reserves', step: 'complete', ids: [reserveId] },
      changes: [
        { field: 'reserved_amount', old: 20, new: 0 },
        { field: 'purchased_amount', old: 0, new: 20 },
      ],
    });
    expect(stock[1]).toMatchObject({
      via: { section: 'reserves', step: 'create', ids: [reserveId] },
      changes: [
        { field: 'reserved_amount', old: 0, new: 20 },
        { field: 'available_amount', old: 100, new: 80 },
      ],
    });
  });

  test("a reserve taking the last units completes its offer on completion: the offer's status move is in the same entry", async () => {
    const offer = await newOffer('20');
    const reserveId = await newReserve(offer.id);
    await ctx.change('POST', `/api/reserves/${reserveId}/complete`);
    const [done] = (await history('offers', offer.id)).body;
    expect(done.changes).toEqual([
      { field: 'status', old: 'active', new: 'completed' },
      { field: 'reserved_amount', old: 20, new: 0 },
      { field: 'purchased_amount', old: 0, new: 20 },
    ]);
  });

  test("a change and a cancellation of a reserve each move the offer's stock in its history", async () => {
    const offer = await newOffer('100');
    const reserveId = await newReserve(offer.id);
    expect((await ctx.change('PATCH', `/api/reserves/${reserveId}`, 'admin', { amount: '30' })).status).toBe(200);
    expect((await ctx.change('POST', `/api/reserves/${reserveId}/cancel`)).status).toBe(200);
    const stock = (await history('offers', offer.id)).body;
    expect(stock.map((e: { via: { step: string } | null }) => e.via?.step)).toEqual([
      'cancel',
      'change',
      'create',
      undefined,
    ]);
    expect(stock[0].changes).toEqual([
      { field: 'reserved_amount', old: 30, new: 0 },
      { field: 'available_amount', old: 70, new: 100 },
    ]);
    expect(stock[1].changes).toEqual([
      { field: 'reserved_amount', old: 20, new: 30 },
      { field: 'available_amount', old: 80, new: 70 },
    ]);
    const reserve = (await history('reserves', reserveId)).body;
    expect(reserve[0].changes).toEqual([{ field: 'status', old: 'active', new: 'cancelled' }]);
    expect(fieldsOf(reserve[1])).toEqual(['amount', 'packs_amount', 'total_sum', 'total_selling_sum']);
  });

  test("a delete: the record's 'deleted' entry, and an active reserve's amount given back in its offer's history", async () => {
    const offer = await newOffer('100');
    const [a, b] = [await newReserve(offer.id), await newReserve(offer.id, { amount: '5' })];
    expect((await ctx.call('DELETE', '/api/reserves', 'admin', { ids: [a, b] })).body).toMatchObject({ deleted: 2 });
    for (const id of [a, b]) {
      expect(await history('reserves', id)).toMatchObject({ status: 404 });
      expect(
        (await history('reserves', id, 'admin', '?withDeleted')).body.map((e: { action: string }) => e.action),
      ).toEqual(['delete', 'create']);
    }
    const [released] = (await history('offers', offer.id)).body;
    expect(released).toMatchObject({
      action: 'stock',
      via: { section: 'reserves', step: 'delete', ids: [a, b] },
      changes: [
        { field: 'reserved_amount', old: 25, new: 0 },
        { field: 'available_amount', old: 75, new: 100 },
      ],
    });

    expect((await ctx.call('DELETE', '/api/offers', 'admin', { ids: [offer.id] })).body).toMatchObject({ deleted: 1 });
    expect((await stored('offers', offer.id)).map((r) => r.action)).toEqual([
      'create',
      'stock',
      'stock',
      'stock',
      'delete',
    ]);
  });

  test("products, their varieties, and a city's name and delivery matrix: references answered by name", async () => {
    const product = (await ctx.call('POST', '/api/products', 'admin', { name: 'Орех пекан' })).body.id;
    const [variety] = (await ctx.call('POST', `/api/products/${product}/varieties`, 'admin', { name: 'Стюарт' })).body;
    await ctx.change('PATCH', `/api/products/${product}/varieties/${variety.id}`, 'admin', { name: 'Дезирабл' });
    await ctx.change('PATCH', `/api/products/${product}`, 'admin', { status: 'deactivated' });
    expect((await history('products', product)).body.map((e: { changes: unknown[] }) => e.changes)).toEqual([
      [{ field: 'status', old: 'active', new: 'deactivated' }],
      [{ field: 'varieties', old: 'Стюарт', new: 'Дезирабл' }],
      [{ field: 'varieties', old: null, new: 'Стюарт' }],
      [],
    ]);

    const city = (await ctx.call('POST', '/api/cities', 'admin', { name: 'Тамбов' })).body.id;
    const [to] = rowsOf<{ id: number; name: string }>(
      await ctx.db.execute(sql`SELECT id, name FROM cities WHERE id = ${cityIds[0]}`),
    );
    expect(
      (await ctx.call('PUT', `/api/cities/${city}/delivery`, 'admin', [{ to_id: to.id, cost: '7.5', days: '2' }]))
        .status,
    ).toBe(200);
    expect(
      (
        await ctx.change('PATCH', `/api/cities/${city}`, 'admin', {
          name: 'Тамбов-2',
          delivery: [{ to_id: to.id, cost: '', days: '' }],
        })
      ).status,
    ).toBe(200);
    const [renamed, priced] = (await history('cities', city)).body;
    expect(renamed.changes).toEqual([
      { field: 'name', old: 'Тамбов', new: 'Тамбов-2' },
      { field: 'delivery', key: to.id, name: to.name, old: { cost: 7.5, days: 2 }, new: null },
    ]);
    expect(priced.changes).toEqual([
      { field: 'delivery', key: to.id, name: to.name, old: null, new: { cost: 7.5, days: 2 } },
    ]);

    const offer = await newOffer('100');
    await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', { city_id: cityIds[2] });
    const [moved] = (await history('offers', offer.id)).body;
    const names = rowsOf<{ id: number; name: string }>(
      await ctx.db.execute(sql`SELECT id, name FROM cities WHERE id IN (${cityIds[0]}, ${cityIds[2]}) ORDER BY id`),
    );
    expect(moved.changes).toEqual([
      { field: 'city_id', old: names.find((n) => n.id === cityIds[0]), new: names.find((n) => n.id === cityIds[2]) },
    ]);
  });
});

describe('a refused write records nothing: the history goes with the write', () => {
  test('an edit refused by the stock writer or as a duplicate changes no row, history included', async () => {
    const offer = await newOffer('100');
    await newReserve(offer.id);
    const before = await tableChecksum(ctx.db);
    expect(
      (await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', { unit_amount: '10', unit_price: '260' })).status,
    ).toBe(400);
    expect(await tableChecksum(ctx.db)).toBe(before);
    const twin = await newOffer('100');
    const checksum = await tableChecksum(ctx.db);
    const { product_id, harvest_year } = offer;
    expect(
      (await ctx.change('PATCH', `/api/offers/${twin.id}`, 'admin', { product_id, harvest_year, unit_price: '260' }))
        .status,
    ).toBe(409);
    expect(await tableChecksum(ctx.db)).toBe(checksum);
    expect(checksum).not.toBe(before); // the twin's creation did write
  });

  test('of reserves racing for the last units, only the accepted leave history, one stock entry each', async () => {
    const offer = await newOffer('100');
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.call('POST', '/api/reserves', 'admin', reserveForm(offer.id, { amount: '30' })),
      ),
    );
    const accepted = results
      .filter((r) => r.status === 201)
      .map((r) => r.body.id as number)
      .sort((x, y) => x - y);
    expect(accepted).toHaveLength(3);
    const stock = (await stored('offers', offer.id)).filter((r) => r.action === 'stock');
    expect(stock.map((r) => (r.via as { ids: number[] }).ids[0]).sort((x, y) => x - y)).toEqual(accepted);
    const created = rowsOf<{ record_id: number }>(
      await ctx.db.execute(sql`SELECT record_id FROM record_history
      WHERE section = 'reserves' AND action = 'create' AND record_id IN (SELECT id FROM reserves WHERE offer_id = ${offer.id}) ORDER BY record_id`),
    );
    expect(created.map((r) => r.record_id)).toEqual(accepted);
  });

  test('a transaction failing after a stock move leaves neither the move nor its history row', async () => {
    const { reserve } = await import('../sections/offers/stock');
    const offer = await newOffer('100');
    const count = await countAll();
    await expect(
      ctx.db.transaction(async (tx) => {
        await reserve(tx as never, offer.id, '10', {
          by: adminId,
          via: { section: 'reserves', step: 'create', ids: [1] },
        });
        throw new Error('the reserve could not be written');
      }),
    ).rejects.toThrow('the reserve could not be written');
    expect(await countAll()).toBe(count);
    expect((await ctx.call('GET', `/api/offers/${offer.id}`)).body.reserved_amount).toBe('0.00');
  });
});

describe('GET /api/{section}/{id}/history as the reader may see it', () => {
  test('role 8 sees no price, cost or supplier change of an offer, role 1 no supplier, city or address; neither sees who wrote', async () => {
    const offer = await newOffer('100');
    await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', {
      unit_price: '270',
      warehouse_cost: '300',
      supplier_id: 2,
      city_id: cityIds[1],
      loading_address: 'Тверь, ул. Складская, 1',
    });
    const admin = (await history('offers', offer.id)).body[0];
    expect(fieldsOf(admin)).toEqual([
      'unit_price',
      'kg_price',
      'total_sum',
      'warehouse_cost',
      'min_unit_price',
      'max_unit_price',
      'loading_address',
      'city_id',
      'supplier_id',
    ]);
    const warehouse = (await history('offers', offer.id, 'warehouse')).body;
    expect(fieldsOf(warehouse[0])).toEqual(['unit_price', 'kg_price', 'total_sum', 'loading_address', 'city_id']);
    const manager = (await history('offers', offer.id, 'manager')).body;
    expect(fieldsOf(manager[0])).toEqual([
      'unit_price',
      'kg_price',
      'total_sum',
      'warehouse_cost',
      'min_unit_price',
      'max_unit_price',
    ]);
    for (const entry of [...warehouse, ...manager]) expect(entry.user).toBeNull();
    expect(JSON.stringify([warehouse, manager])).not.toContain('Администратор');

    // an edit of hidden fields alone is not shown at all: it would tell that something hidden changed
    await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', { warehouse_cost: '500' });
    expect((await history('offers', offer.id)).body).toHaveLength(3);
    expect((await history('offers', offer.id, 'warehouse')).body).toHaveLength(2);
  });

  test("role 8 sees a reserve's amount change but not its buyer, selling figures or responsible", async () => {
    const offer = await newOffer('100');
    const reserveId = await newReserve(offer.id);
    const other = firstRow<{ id: number }>(
      await ctx.db.execute(
        sql`SELECT id FROM employees WHERE status = 'active' AND id <> ${employeeId} ORDER BY id LIMIT 1`,
      ),
    )!.id;
    await ctx.change('PATCH', `/api/reserves/${reserveId}`, 'admin', {
      amount: '25',
      buyer_name: 'ИП Смирнов',
      responsible_id: other,
    });
    expect(fieldsOf((await history('reserves', reserveId)).body[0])).toEqual([
      'amount',
      'packs_amount',
      'total_sum',
      'total_selling_sum',
      'buyer_name',
      'responsible_id',
    ]);
    expect(fieldsOf((await history('reserves', reserveId, 'warehouse')).body[0])).toEqual([
      'amount',
      'packs_amount',
      'total_sum',
    ]);
  });

  test('employees: role 8 sees no phone or e-mail change, role 1 no position change', async () => {
    const positions = rowsOf<{ id: number }>(
      await ctx.db.execute(sql`SELECT id FROM positions ORDER BY id LIMIT 2`),
    ).map((r) => r.id);
    const created = await ctx.call('POST', '/api/employees', 'admin', {
      full_name: 'Пётр Сидоров',
      email: 'sidorov@nutdesk.test',
      phone: '79120000001',
      position_id: positions[0],
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    await ctx.change('PATCH', `/api/employees/${id}`, 'admin', {
      full_name: 'Пётр Сидоров-Ветров',
      email: 'vetrov@nutdesk.test',
      phone: '79120000002',
      position_id: positions[1],
    });
    expect(fieldsOf((await history('employees', id)).body[0])).toEqual(['full_name', 'phone', 'email', 'position_id']);
    expect(fieldsOf((await history('employees', id, 'warehouse')).body[0])).toEqual(['full_name', 'position_id']);
    expect(fieldsOf((await history('employees', id, 'manager')).body[0])).toEqual(['full_name', 'phone', 'email']);
  });

  test("the card's read scope: none is a 403, a record out of an own scope a 404, as the card GET answers", async () => {
    // the admin's offer of another supplier than the supplier's user's (whose role reads its own offers, no reserves)
    const supplierId = (await ctx.call('GET', '/api/permissions', 'supplier')).body.supplier_id;
    const offer = await newOffer('100', { supplier_id: supplierId === 1 ? 2 : 1 });
    const reserveId = await newReserve(offer.id);
    for (const [url, who] of [
      [`/api/reserves/${reserveId}`, 'supplier'],
      [`/api/offers/${offer.id}`, 'supplier'],
    ] as const) {
      const card = await ctx.call('GET', url, who);
      expect([url, who, (await ctx.call('GET', `${url}/history`, who)).status]).toEqual([url, who, card.status]);
      expect(card.status).toBeGreaterThanOrEqual(403);
    }
    expect((await ctx.call('GET', `/api/reserves/${reserveId}/history`, 'supplier')).body).toEqual({
      status: 'error',
      error: 'forbidden',
      message: expect.any(String),
    });
    expect((await ctx.call('GET', `/api/offers/${offer.id}/history`, 'supplier')).status).toBe(404);
    expect((await ctx.call('GET', '/api/offers/2147483647/history')).status).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/offers/${offer.id}/history` })).statusCode).toBe(401);
  });

  test("the reserves causing an offer's stock change are named only to a reader who may read them", async () => {
    const own = (
      await newOffer('100', { supplier_id: (await ctx.call('GET', '/api/permissions', 'supplier')).body.supplier_id })
    ).id;
    const reserveId = await newReserve(own, { amount: '5' });
    const [moved] = (await history('offers', own, 'supplier')).body;
    expect(moved).toMatchObject({ action: 'stock', via: { section: 'reserves', step: 'create' } });
    expect(moved.via).not.toHaveProperty('ids');
    expect((await history('offers', own, 'admin')).body[0].via.ids).toEqual([reserveId]);
  });

  test('a bad id is a 400 in Russian', async () => {
    expect(await ctx.call('GET', '/api/offers/abc/history')).toEqual({
      status: 400,
      body: { status: 'error', error: 'validation', messages: ['Неверный номер записи'] },
    });
  });
});
