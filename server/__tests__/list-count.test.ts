// A list counts its matches exactly up to LIST_COUNT_CAP (10 000), or up to the page asked for and one more, and
// never reads further: past it the answer says totalExact false, totalItems the rows counted, and there is always
// a next page. Offers grown past the cap with the bench's own multiplication of the demo data.
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../../domain/api';
import { LIST_COUNT_CAP } from '../../domain/lists';
import { rowsOf } from '../db/rows';
import { seedOffers } from '../../bench/offers';
import { createTestApp, signIn, type TestContext } from './testApp';

let ctx: TestContext;
let token: string;
let live: number;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedOffers(ctx.db, 12_000);
  token = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
  live = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`SELECT count(*)::int AS n FROM offers WHERE status <> 'deleted'`),
  )[0].n;
}, 300_000);
afterAll(() => ctx.close());

const list = async (query: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/offers?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() };
};

test('the data set is past the cap, and past the page the next case asks for', () => {
  expect(LIST_COUNT_CAP).toBe(10_000);
  expect(live).toBeGreaterThan(10_401);
});

test("past the cap: 10 000 counted, not exact, 501 pages known, a next page and 'more' as the last known", async () => {
  const { status, body } = await list('page=1&perPage=20');
  expect(status).toBe(200);
  expect(body.data).toHaveLength(20);
  expect(body.pagination).toEqual({
    totalItems: 10_000,
    totalExact: false,
    currentPage: 1,
    firstPage: 1,
    lastPage: 501,
    pageCount: 501,
    perPage: 20,
    nextPage: '/api/offers?perPage=20&page=2',
    previousPage: null,
    pageURI: '/api/offers?perPage=20&page=1',
  });
});

test('a page past the cap counts up to itself and one more, and still has a next page', async () => {
  // page 520 of 20: rows 10 381–10 400; the count reads 10 401 rows at most
  const { status, body } = await list('page=520&perPage=20');
  expect(status).toBe(200);
  expect(body.data).toHaveLength(20);
  expect(body.pagination).toMatchObject({
    totalItems: 10_400,
    totalExact: false,
    pageCount: 521,
    nextPage: '/api/offers?perPage=20&page=521',
  });
});

test('the last page is counted exactly, as is any filter under the cap', async () => {
  const last = Math.ceil(live / 20);
  const { body } = await list(`page=${last}&perPage=20`);
  expect(body.pagination).toMatchObject({ totalItems: live, pageCount: last, nextPage: null });
  expect(body.pagination).not.toHaveProperty('totalExact');
  expect(body.data).toHaveLength(live - (last - 1) * 20);
  expect((await list(`page=${last + 1}&perPage=20`)).body).toEqual({
    status: 'error',
    error: 'validation',
    messages: [`Страницы ${last + 1} нет: всего страниц ${last}`],
  });

  const [{ n }] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`SELECT count(*)::int AS n FROM offers
    WHERE status = 'active' AND product_id = 1 AND unit_price BETWEEN 200 AND 2000`),
  );
  expect(n).toBeLessThan(LIST_COUNT_CAP);
  const filtered = await list(
    'statuses_ids=active&products_ids=1&unit_price_from=200&unit_price_to=2000&sort=unit_price&order=desc&perPage=20',
  );
  expect(filtered.body.pagination).toMatchObject({ totalItems: n, pageCount: Math.max(1, Math.ceil(n / 20)) });
  expect(filtered.body.pagination).not.toHaveProperty('totalExact');
});
