// GET /api/offers on the seeded demo data: paging, sorting, every kind of filter, scopes and hidden fields,
// checked against the rows in the database.
import { and, eq, sql, ne } from 'drizzle-orm';
import { createDemoApp, type DemoContext, type DemoUser } from './testApp';
import { offers, reserves, users, comments } from '../db/schema';

let ctx: DemoContext;

beforeAll(async () => {
  ctx = await createDemoApp();
}, 120_000);

afterAll(() => ctx?.close());

const get = (url: string, who: DemoUser = 'admin') => ctx.call('GET', url, who);
const count = async (where?: ReturnType<typeof sql>) =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(offers)
      .where(where)
  )[0].n;

test('a page of 20 with real pagination links; deleted offers left out', async () => {
  const { status, body } = await get('/api/offers?page=2&perPage=20');
  expect(status).toBe(200);
  const total = await count(ne(offers.status, 'deleted'));
  expect(body.data).toHaveLength(20);
  expect(body.pagination).toEqual({
    totalItems: total,
    currentPage: 2,
    firstPage: 1,
    lastPage: Math.ceil(total / 20),
    nextPage: '/api/offers?perPage=20&page=3',
    previousPage: '/api/offers?perPage=20&page=1',
    perPage: 20,
    pageCount: Math.ceil(total / 20),
    pageURI: '/api/offers?perPage=20&page=2',
  });
  expect(body.data.every((o: { status: string }) => o.status !== 'deleted')).toBe(true);
  const withDeleted = await get('/api/offers?withDeleted=true');
  expect(withDeleted.body.pagination.totalItems).toBe(await count());
});

test('a row carries its references and money as strings with 2 decimals', async () => {
  const { body } = await get('/api/offers?perPage=20&sort=id&order=asc');
  const row = body.data[0];
  const [db] = await ctx.db.select().from(offers).where(eq(offers.id, row.id));
  expect(row.product).toEqual({ id: db.product_id, name: expect.any(String) });
  expect(row.unit_price).toBe(Number(db.unit_price).toFixed(2));
  expect(row.available_amount).toBe(
    (Number(db.unit_amount) - Number(db.reserved_amount) - Number(db.purchased_amount)).toFixed(2),
  );
  // the reserved sum is the sum of its active reserves' own sums (issue 33), from the stored rows
  const own = await ctx.db
    .select()
    .from(reserves)
    .where(and(eq(reserves.offer_id, row.id), eq(reserves.status, 'active')));
  expect(row.reserved_sum).toBe((own.reduce((s, r) => s + Math.round(Number(r.total_sum) * 100), 0) / 100).toFixed(2));
  expect(Array.isArray(row.comments)).toBe(true);
  expect(Array.isArray(row.images)).toBe(true);
});

test('sorting by a column both ways', async () => {
  const asc = (await get('/api/offers?sort=unit_price&order=asc&perPage=50')).body.data.map(
    (o: { unit_price: string }) => Number(o.unit_price),
  );
  expect(asc).toEqual([...asc].sort((a, b) => a - b));
  const desc = (await get('/api/offers?sort=unit_price&order=desc&perPage=50')).body.data.map(
    (o: { unit_price: string }) => Number(o.unit_price),
  );
  expect(desc[0]).toBeGreaterThanOrEqual(desc[49]);
  const byProduct = (await get('/api/offers?sort=product&order=asc&perPage=100')).body.data.map(
    (o: { product: { name: string } }) => o.product.name,
  );
  expect(byProduct).toEqual([...byProduct].sort((a, b) => a.localeCompare(b, 'ru')));
});

test('filters: ids, statuses, number range, text contains, date range, booleans', async () => {
  const [first] = await ctx.db.select().from(offers).where(eq(offers.status, 'active')).limit(1);
  const byProduct = await get(`/api/offers?products_ids=${first.product_id}&statuses_ids=active&perPage=200`);
  expect(byProduct.body.pagination.totalItems).toBe(
    await count(and(eq(offers.product_id, first.product_id), eq(offers.status, 'active'))),
  );
  expect(
    byProduct.body.data.every(
      (o: { product: { id: number }; status: string }) => o.product.id === first.product_id && o.status === 'active',
    ),
  ).toBe(true);

  const range = await get('/api/offers?unit_price_from=500&unit_price_to=900.5&perPage=200');
  expect(range.body.pagination.totalItems).toBe(
    await count(sql`status <> 'deleted' AND unit_price >= 500 AND unit_price <= 900.5`),
  );

  const word = first
    .loading_address!.split(/[ ,]+/)
    .find((w) => w.length > 4)!
    .toUpperCase();
  const text = await get(`/api/offers?loading_address=${encodeURIComponent(word)}&perPage=200`);
  expect(text.body.pagination.totalItems).toBe(
    await count(sql`status <> 'deleted' AND loading_address ILIKE ${`%${word}%`}`),
  );
  expect(text.body.pagination.totalItems).toBeGreaterThan(0);

  const dates = await get('/api/offers?created_at_from=2026-01-01&created_at_to=2026-03-31&perPage=200');
  expect(dates.body.pagination.totalItems).toBe(
    await count(sql`status <> 'deleted' AND created_at >= '2026-01-01' AND created_at < '2026-04-01'`),
  );

  const withComments = await get('/api/offers?with_comments=true&perPage=200');
  const commented = await ctx.db.execute(
    sql`SELECT count(DISTINCT o.id)::int AS n FROM offers o JOIN comments c ON c.entity_type = 'offers' AND c.entity_id = o.id WHERE o.status <> 'deleted'`,
  );
  expect(withComments.body.pagination.totalItems).toBe((commented as unknown as { rows: { n: number }[] }).rows[0].n);
  expect(withComments.body.data.every((o: { comments: unknown[] }) => o.comments.length > 0)).toBe(true);
});

test('bad paging, sort and filter keys are refused in Russian', async () => {
  expect((await get('/api/offers?perPage=30')).body).toEqual({
    status: 'error',
    error: 'validation',
    messages: ['Размер страницы может быть только 20, 50, 100, 200'],
  });
  expect((await get('/api/offers?page=0')).body.messages).toEqual(['Номер страницы должен быть целым числом от 1']);
  const pages = Math.ceil((await count(ne(offers.status, 'deleted'))) / 200);
  expect((await get(`/api/offers?perPage=200&page=${pages + 1}`)).body.messages).toEqual([
    `Страницы ${pages + 1} нет: всего страниц ${pages}`,
  ]);
  expect((await get(`/api/offers?perPage=200&page=${pages}`)).status).toBe(200);
  expect((await get('/api/offers?colour=red')).body.messages).toEqual(['Неизвестный фильтр: colour']);
  expect((await get('/api/offers?sort=password_hash')).body.messages).toEqual([
    'Нельзя сортировать по полю «password_hash»',
  ]);
  expect((await get('/api/offers?unit_price_from=дорого')).body.messages).toEqual([
    'Фильтр «Цена за единицу»: введите число',
  ]);
  expect((await get('/api/offers?products_ids=1;DROP TABLE offers')).body.messages).toEqual([
    'Фильтр «Товар»: неверное значение',
  ]);
  expect(await count()).toBeGreaterThan(0);
});

test('role 1 does not get the supplier, city, loading address or creator, and cannot filter by supplier', async () => {
  const { status, body } = await get('/api/offers', 'manager');
  expect(status).toBe(200);
  for (const hidden of ['supplier', 'city', 'loading_address', 'created_by'])
    expect(body.data[0]).not.toHaveProperty(hidden);
  expect(body.data[0]).toHaveProperty('unit_price');
  const filtered = await get('/api/offers?suppliers_ids=1', 'manager');
  expect(filtered.status).toBe(403);
  expect(filtered.body.message).toBe('Фильтр «Поставщик» вам недоступен');
});

test('role 8 does not get prices of cost or the supplier', async () => {
  const { body } = await get('/api/offers', 'warehouse');
  for (const hidden of ['supplier', 'warehouse_cost', 'min_unit_price', 'max_unit_price'])
    expect(body.data[0]).not.toHaveProperty(hidden);
});

test("a supplier's user sees only its supplier's offers", async () => {
  const [supplierUser] = await ctx.db.select().from(users).where(eq(users.email, 'supplier@nutdesk.demo'));
  const { body } = await get('/api/offers?perPage=200', 'supplier');
  const own = await count(
    sql`status <> 'deleted' AND (supplier_id = ${supplierUser.supplier_id} OR created_by = ${supplierUser.id})`,
  );
  expect(body.pagination.totalItems).toBe(own);
  expect(own).toBeGreaterThan(0);
  expect(own).toBeLessThan(await count(ne(offers.status, 'deleted')));
});

test('comments in a row are the latest, with author names', async () => {
  const [c] = await ctx.db.select().from(comments).where(eq(comments.entity_type, 'offers')).limit(1);
  const { body } = await get(`/api/offers?offers_ids=${c.entity_id}&withDeleted=true`);
  expect(body.data[0].comments[0]).toEqual({
    id: expect.any(Number),
    text: expect.any(String),
    author_id: expect.any(Number),
    author_name: expect.any(String),
    created_at: expect.any(String),
  });
});
