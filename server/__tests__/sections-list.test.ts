// The other five lists, bulk delete, filter configs, settings and the offers summary, on the seeded demo data.
import { eq, sql, and, inArray } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { offers, reserves, users, userSettings } from '../db/schema';

let ctx: DemoContext;

beforeAll(async () => {
  ctx = await createDemoApp();
}, 120_000);

afterAll(() => ctx?.close());

const call: DemoContext['call'] = (...args) => ctx.call(...args);
const scalar = async (query: ReturnType<typeof sql>) =>
  ((await ctx.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0].n;
const scalarRows = async <T>(query: ReturnType<typeof sql>) =>
  ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

test.each([
  ['reserves', sql`SELECT count(*)::int AS n FROM reserves WHERE status <> 'deleted'`],
  ['employees', sql`SELECT count(*)::int AS n FROM employees WHERE status <> 'deleted'`],
  ['suppliers', sql`SELECT count(*)::int AS n FROM suppliers WHERE status <> 'deleted'`],
  ['products', sql`SELECT count(*)::int AS n FROM products WHERE status <> 'deleted'`],
  ['cities', sql`SELECT count(*)::int AS n FROM cities WHERE status <> 'deleted'`],
])('GET /api/%s pages every visible record', async (section, countSql) => {
  const { status, body } = await call('GET', `/api/${section}?perPage=20`);
  expect(status).toBe(200);
  expect(body.pagination.totalItems).toBe(await scalar(countSql));
  expect(body.data.length).toBe(Math.min(20, body.pagination.totalItems));
});

test('reserves: text, range and status filters agree with SQL; phone matches on digits', async () => {
  const [r] = await ctx.db.select().from(reserves).where(eq(reserves.status, 'completed')).limit(1);
  const word = r.buyer_name!.split(/\s+/).find((w) => w.length > 3)!;
  const res = await call(
    'GET',
    `/api/reserves?buyer_name=${encodeURIComponent(word.toLowerCase())}&statuses_ids=completed&marginality_from=5&perPage=200`,
  );
  expect(res.body.pagination.totalItems).toBe(
    await scalar(
      sql`SELECT count(*)::int AS n FROM reserves WHERE buyer_name ILIKE ${`%${word}%`} AND status = 'completed' AND marginality >= 5`,
    ),
  );
  const phone = r.buyer_phone!;
  const formatted = `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}`;
  const byPhone = await call('GET', `/api/reserves?buyer_phone=${encodeURIComponent(formatted)}&withDeleted=true`);
  expect(byPhone.body.data.map((x: { id: number }) => x.id)).toContain(r.id);
});

test('employees carry their reserve statistics', async () => {
  const { body } = await call('GET', '/api/employees?sort=reserve_total_created&order=desc');
  const top = body.data[0];
  expect(Number(top.reserve_total_created)).toBe(
    await scalar(sql`SELECT count(*)::int AS n FROM reserves WHERE responsible_id = ${top.id} AND status <> 'deleted'`),
  );
  expect(top.position_name).toEqual(expect.any(String));
});

test('role 1 gets suppliers without contacts; role 8 gets reserves without buyers and margins', async () => {
  const suppliers = await call('GET', '/api/suppliers', 'manager');
  expect(suppliers.status).toBe(200);
  for (const hidden of ['phone', 'email', 'contact_name', 'inn', 'city', 'location'])
    expect(suppliers.body.data[0]).not.toHaveProperty(hidden);
  expect(suppliers.body.data[0]).toHaveProperty('name');
  const res = await call('GET', '/api/reserves', 'warehouse');
  for (const hidden of ['buyer_name', 'buyer_phone', 'marginality', 'unit_selling_price', 'city', 'delivery_address'])
    expect(res.body.data[0]).not.toHaveProperty(hidden);
  expect((await call('GET', '/api/reserves?buyer_name=ООО', 'warehouse')).status).toBe(403);
});

test('scopes: a supplier user may not read reserves; role 1 sees only reserves its employee is responsible for', async () => {
  expect((await call('GET', '/api/reserves', 'supplier')).status).toBe(403);
  const [manager] = await ctx.db.select().from(users).where(eq(users.email, 'manager@nutdesk.demo'));
  const res = await call('GET', '/api/reserves?perPage=200', 'manager');
  if (res.status === 200) {
    const mine = await scalar(
      sql`SELECT count(*)::int AS n FROM reserves WHERE status <> 'deleted' AND responsible_id = ${manager.employee_id}`,
    );
    const all = await scalar(sql`SELECT count(*)::int AS n FROM reserves WHERE status <> 'deleted'`);
    const perms = (await call('GET', '/api/permissions', 'manager')).body;
    expect(res.body.pagination.totalItems).toBe(perms.role_permissions.reserves.read === 'own' ? mine : all);
  } else {
    expect(res.status).toBe(403);
  }
});

describe('bulk delete', () => {
  test('an offer with active reserves stays; the warning says how many were deleted', async () => {
    const [busy] = await ctx.db
      .execute(
        sql`SELECT o.id FROM offers o WHERE o.status = 'active' AND EXISTS (SELECT 1 FROM reserves r WHERE r.offer_id = o.id AND r.status = 'active') LIMIT 1`,
      )
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const [free] = await ctx.db
      .execute(
        sql`SELECT o.id FROM offers o WHERE o.status = 'active' AND NOT EXISTS (SELECT 1 FROM reserves r WHERE r.offer_id = o.id AND r.status = 'active') LIMIT 1`,
      )
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const res = await call('DELETE', '/api/offers', 'admin', { ids: [busy.id, free.id] });
    expect(res.body).toEqual({
      status: 'success',
      deleted: 1,
      notDeleted: 1,
      reasons: { kept: 1, forbidden: 0, deleted: 0, missing: 0 },
      warning: 'Успешно удалено: 1 предложение из 2. Не удалось удалить: 1 предложение.',
    });
    const rows = await ctx.db
      .select()
      .from(offers)
      .where(inArray(offers.id, [busy.id, free.id]));
    expect(rows.find((o) => o.id === free.id)).toMatchObject({ status: 'deleted', deleted_at: expect.any(Date) });
    expect(rows.find((o) => o.id === busy.id)).toMatchObject({ status: 'active', deleted_at: null });

    const again = await call('DELETE', '/api/offers', 'admin', { ids: [busy.id] });
    expect(again.body).toEqual({
      status: 'success',
      deleted: 0,
      notDeleted: 1,
      reasons: { kept: 1, forbidden: 0, deleted: 0, missing: 0 },
      message: 'Нельзя удалять предложение с активными резервами',
    });
  });

  test('all deleted, no warning; a bad body is a 400; without the right a 403', async () => {
    // two products no active offer uses (one that is used is kept: references-in-use.test.ts)
    const ids = [
      (await call('POST', '/api/products', 'admin', { name: 'Фисташка удаляемая' })).body.id,
      (await call('POST', '/api/products', 'admin', { name: 'Финик удаляемый' })).body.id,
    ];
    expect((await call('DELETE', '/api/products', 'admin', { ids })).body).toEqual({
      status: 'success',
      deleted: ids.length,
      notDeleted: 0,
    });
    expect((await call('DELETE', '/api/products', 'admin', { ids: [] })).body.messages).toEqual([
      'Не выбраны записи для удаления',
    ]);
    expect((await call('DELETE', '/api/cities', 'warehouse', { ids: [1] })).status).toBe(403);
  });
});

test('filter configs: options from the database, forbidden entries flagged', async () => {
  const admin = await call('GET', '/api/offers/filter_config');
  expect(admin.body.products_ids).toMatchObject({ title: 'Товар', type: 'multiple' });
  expect(admin.body.products_ids.options.length).toBe(
    await scalar(sql`SELECT count(*)::int AS n FROM products WHERE status <> 'deleted'`),
  );
  expect(admin.body.statuses_ids.options).toEqual([
    { title: 'Активный', value: 'active' },
    { title: 'Выполнен', value: 'completed' },
    { title: 'Удален', value: 'deleted' },
  ]);
  expect(admin.body.unit_price).toEqual({ title: 'Цена за единицу', type: 'currency', placeholder: ['От', 'До'] });
  const manager = await call('GET', '/api/offers/filter_config', 'manager');
  expect(manager.body.suppliers_ids).toEqual({ title: 'Поставщик', type: 'multiple', isForbidden: true });
  const reservesConfig = await call('GET', '/api/reserves_filter_config');
  expect(reservesConfig.body.statuses_ids.options.map((o: { title: string }) => o.title)).toEqual([
    'Активный',
    'Завершен',
    'Отменен',
    'Просрочен',
    'Удален',
  ]);
});

test("the reserves filter's statuses carry the spec's values 1 Активный, 2 Завершен, 3 Отменен (and 4 Просрочен, issue 22), and the list reads them", async () => {
  for (const path of ['/api/reserves_filter_config', '/api/reserves/filter_config']) {
    expect((await call('GET', path)).body.statuses_ids.options).toEqual([
      { title: 'Активный', value: 1 },
      { title: 'Завершен', value: 2 },
      { title: 'Отменен', value: 3 },
      { title: 'Просрочен', value: 4 },
      { title: 'Удален', value: 'deleted' },
    ]);
  }
  const counts = await scalarRows<{ status: string; n: number }>(
    sql`SELECT status, count(*)::int AS n FROM reserves GROUP BY status`,
  );
  const count = (...statuses: string[]) =>
    counts.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + c.n, 0);
  expect(count('completed')).toBeGreaterThan(0);
  const total = async (query: string) =>
    (await call('GET', `/api/reserves?${query}&perPage=20`)).body.pagination.totalItems;
  expect(await total('statuses_ids=2')).toBe(count('completed'));
  expect(await total('statuses_ids=1&statuses_ids=3')).toBe(count('active', 'cancelled'));
  expect(await total('statuses_ids=4')).toBe(count('expired'));
  // the names stay accepted, and a saved filter may hold either
  expect(await total('statuses_ids=completed')).toBe(count('completed'));
  expect((await call('PUT', '/api/filters/reserves', 'admin', { statuses_ids: ['3'] })).status).toBe(200);
  // the export reads the same query
  const exported = await ctx.app.inject({
    method: 'GET',
    url: '/api/reserves/export?format=csv&columns=id&statuses_ids=3',
    headers: { authorization: `Bearer ${ctx.tokens.admin}` },
  });
  expect(exported.body.replace('\uFEFF', '').trim().split('\r\n').length - 1).toBe(count('cancelled'));
});

test('table layouts are saved per user; default filters per user and section', async () => {
  const layout = { name: { position: 0, is_visible: true, width: '300' } };
  expect((await call('PUT', '/api/settings', 'admin', { 'table:products': layout })).body).toEqual({
    status: 'success',
  });
  expect((await call('GET', '/api/settings?keys=table:products', 'admin')).body).toEqual({ 'table:products': layout });
  expect((await call('GET', '/api/settings?keys=table:products', 'manager')).body).toEqual({ 'table:products': null });
  const [admin] = await ctx.db.select().from(users).where(eq(users.email, 'admin@nutdesk.demo'));
  expect(
    await ctx.db
      .select()
      .from(userSettings)
      .where(and(eq(userSettings.user_id, admin.id), eq(userSettings.key, 'table:products'))),
  ).toHaveLength(1);

  await call('PUT', '/api/filters/offers', 'manager', { statuses_ids: ['active'] });
  expect((await call('GET', '/api/filters/offers', 'manager')).body).toEqual({ statuses_ids: ['active'] });
  expect((await call('GET', '/api/filters/offers', 'admin')).body).toEqual({});
  expect((await call('GET', '/api/filters/nonsense', 'admin')).status).toBe(404);
  // a default filter is one the list takes: checked as the list reads it, a refusal leaves the saved one as it was
  const refused = async (filter: unknown) => {
    const { status, body } = await call('PUT', '/api/filters/offers', 'manager', filter);
    expect(status).toBe(400);
    return body.messages;
  };
  expect(await refused({ colour: 'red' })).toEqual(['Неизвестный фильтр: colour']);
  expect(await refused({ unit_price: { from: 'дёшево' } })).toEqual(['Фильтр «Цена за единицу»: введите число']);
  expect(await refused({ created_at: { to: '2024-02-30' } })).toEqual([
    'Фильтр «Дата создания»: введите дату в формате ГГГГ-ММ-ДД',
  ]);
  expect(await refused({ products_ids: ['x'] })).toEqual(['Фильтр «Товар»: неверное значение']);
  expect(await refused({ products_ids: 3 })).toEqual(['Поле «products_ids»: неверный тип значения']);
  expect((await call('GET', '/api/filters/offers', 'manager')).body).toEqual({ statuses_ids: ['active'] });
  const typed = { origin_country: ' Иран ', unit_price: { from: '100', to: '' }, with_image: false, products_ids: [] };
  expect((await call('PUT', '/api/filters/offers', 'manager', typed)).body).toEqual({ status: 'success' });
  expect((await call('GET', '/api/filters/offers', 'manager')).body).toEqual(typed);

  const business = await call('POST', '/api/settings', 'admin', [
    'delivery_cost_default',
    'costs_per_kg',
    'min_markup',
    'max_markup',
  ]);
  expect(Object.keys(business.body).sort()).toEqual([
    'costs_per_kg',
    'delivery_cost_default',
    'max_markup',
    'min_markup',
  ]);
});

test('the offers summary equals the sums in the database', async () => {
  const { body } = await call('GET', '/api/offers/summary');
  const q = (
    (await ctx.db.execute(sql`
    SELECT count(*) FILTER (WHERE r.status = 'active')::int AS placed, count(*) FILTER (WHERE r.status = 'completed')::int AS realized,
      round(sum(r.total_sum) FILTER (WHERE r.status = 'completed'), 2)::text AS value
    FROM reserves r JOIN offers o ON o.id = r.offer_id WHERE o.status <> 'deleted'`)) as unknown as {
      rows: { placed: number; realized: number; value: string }[];
    }
  ).rows[0];
  expect(body.placed_reserves.count).toBe(q.placed);
  expect(body.realized_reserves.count).toBe(q.realized);
  expect(body.realized_value).toBe(q.value);
  expect(q.realized).toBeGreaterThan(0);
});

test('a deleted offer keeps its history: the tiles and the reserves list agree on completed reserves', async () => {
  const [offer] = (
    (await ctx.db.execute(sql`
    SELECT o.id FROM offers o WHERE o.status <> 'deleted' AND o.reserved_amount = 0
      AND EXISTS (SELECT 1 FROM reserves r WHERE r.offer_id = o.id AND r.status = 'completed')
    ORDER BY o.id LIMIT 1`)) as unknown as { rows: { id: number }[] }
  ).rows;
  const agree = async () => {
    const tiles = (await call('GET', '/api/offers/summary')).body;
    const completed = (await call('GET', '/api/reserves?statuses_ids=completed&perPage=20')).body.pagination.totalItems;
    const active = (await call('GET', '/api/reserves?statuses_ids=active&perPage=20')).body.pagination.totalItems;
    expect([tiles.realized_reserves.count, tiles.placed_reserves.count]).toEqual([completed, active]);
    return tiles;
  };
  const before = await agree();
  expect((await call('DELETE', '/api/offers', 'admin', { ids: [offer.id] })).body.deleted).toBe(1);
  expect(await agree()).toEqual(before);
});

test('reference lists for selects', async () => {
  const cities = await call('GET', '/api/lists/cities/items', 'warehouse');
  expect(cities.body[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
  expect((await call('GET', '/api/lists/positions/items')).body.length).toBeGreaterThan(3);
  expect((await call('GET', '/api/lists/nothing/items')).status).toBe(404);
});
