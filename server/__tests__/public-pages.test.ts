// A buyer's link is paged (issue 34): at 20 000 lots the whole list was 5.7 MB of JSON per read. 250 lots of one
// product, priced 201…450 ₽/kg and loaded in one city (so the list's order is theirs): the staff lists' page sizes and names, the last page
// for a page past it, the staff lists' message for a size that is not one, and pages that add up to the whole list.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { firstRow } from '../db/rows';
import { today } from './trade';

const LOTS = 250;
let ctx: DemoContext;
let token: string;

beforeAll(async () => {
  ctx = await createDemoApp();
  const refs = firstRow<{ kazan: number; product: number; from: number }>(
    await ctx.db.execute(sql`
    WITH p AS (INSERT INTO products (name) VALUES ('Орех постраничный') RETURNING id)
    SELECT (SELECT id FROM cities WHERE name = 'Казань') AS kazan, (SELECT id FROM p) AS product,
      (SELECT min(id) FROM cities WHERE status = 'active' AND name <> 'Казань') AS from`),
  )!;
  // lot i: i + 100 kg in stock at 200 + i ₽/kg, all loaded in one city, 5 ₽/kg and 3 days from Kazan
  await ctx.db
    .execute(sql`INSERT INTO city_delivery (from_city_id, to_city_id, cost, days) VALUES (${refs.from}, ${refs.kazan}, 5, 3)
    ON CONFLICT (from_city_id, to_city_id) DO UPDATE SET cost = 5, days = 3`);
  await ctx.db.execute(sql`
    INSERT INTO offers (product_id, packing_id, city_id, supplier_id, harvest_year, origin_country, unit_measure, unit_weight,
      units_per_pack, unit_amount, unit_price, kg_price, status)
    SELECT ${refs.product}, 1, ${refs.from}, 1, '2025', 'Иран', 'кг', 1, 10, 100 + i, 200 + i, 200 + i, 'active'
    FROM generate_series(1, ${LOTS}) AS i`);
  const link = await ctx.call('POST', '/api/price-list/links', 'admin', {
    city_id: refs.kazan,
    product_id: [refs.product],
    level: 'max',
    valid_until: today,
  });
  expect(link.status).toBe(201);
  token = link.body.url.split('/p/')[1];
}, 120_000);

afterAll(() => ctx?.close());

const read = (query = '') => ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${token}${query}` });
const amounts = (body: { lines: { available_amount: string }[] }) => body.lines.map((l) => l.available_amount);
const stock = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => `${from + k}.00`);

test("a page of 100 lines by default, with the staff lists' pager names; a page past the last reads the last", async () => {
  const first = await read();
  expect(first.statusCode).toBe(200);
  const body = first.json();
  expect(body.pagination).toEqual({
    totalItems: 250,
    currentPage: 1,
    firstPage: 1,
    lastPage: 3,
    perPage: 100,
    pageCount: 3,
  });
  expect(amounts(body)).toEqual(stock(101, 200));
  expect([body.company, body.city, body.valid_until]).toEqual(['NutDesk', 'Казань', today]);

  const third = (await read('?page=3')).json();
  expect(third.pagination).toEqual({
    totalItems: 250,
    currentPage: 3,
    firstPage: 1,
    lastPage: 3,
    perPage: 100,
    pageCount: 3,
  });
  expect(amounts(third)).toEqual(stock(301, 350));
  // past the last: the last page, said so
  const beyond = (await read('?page=9')).json();
  expect(beyond.pagination.currentPage).toBe(3);
  expect(amounts(beyond)).toEqual(stock(301, 350));

  const twenties = (await read('?page=13&perPage=20')).json();
  expect(twenties.pagination).toEqual({
    totalItems: 250,
    currentPage: 13,
    firstPage: 1,
    lastPage: 13,
    perPage: 20,
    pageCount: 13,
  });
  expect(amounts(twenties)).toEqual(stock(341, 350));
  const two = (await read('?page=2&perPage=200')).json();
  expect([two.pagination.pageCount, amounts(two)]).toEqual([2, stock(301, 350)]);
  const fifty = (await read('?page=2&perPage=50')).json();
  expect([fifty.pagination.pageCount, amounts(fifty)]).toEqual([5, stock(151, 200)]);

  // the pages add up to the whole list, in its order, each line once
  const pages = await Promise.all(
    [1, 2, 3].map(async (page) => (await read(`?page=${page}&perPage=100`)).json().lines),
  );
  expect(pages.flat().map((l: { price: string }) => l.price)).toEqual(
    [...(await read('?perPage=200')).json().lines, ...two.lines].map((l: { price: string }) => l.price),
  );
  expect(pages.flat()).toHaveLength(LOTS);
});

test("a page size that is not one of the staff lists' (more than 200 too), or a page that is no number, is refused in Russian", async () => {
  for (const query of ['?perPage=500', '?perPage=201', '?perPage=30']) {
    const refused = await read(query);
    expect([query, refused.statusCode, refused.json().messages]).toEqual([
      query,
      400,
      ['Размер страницы может быть только 20, 50, 100, 200'],
    ]);
  }
  for (const query of ['?page=0', '?page=two']) {
    const refused = await read(query);
    expect([query, refused.statusCode, refused.json().messages]).toEqual([
      query,
      400,
      ['Номер страницы должен быть целым числом от 1'],
    ]);
  }
});

test("a page's JSON is a fraction of the whole list's", async () => {
  const page = (await read('?perPage=20')).rawPayload.length;
  const whole = (await read('?perPage=200')).rawPayload.length;
  expect(page * 5).toBeLessThan(whole);
});
