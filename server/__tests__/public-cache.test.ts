// A buyer's link is read by many (issue 34): the list built for a link serves its reads for PUBLIC_CACHE_SECONDS,
// until any record changes (the change generation every announced write moves); the link is checked on every read.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { firstRow } from '../db/rows';
import { kilogramTrade, reserveForm, today, type Trade } from './trade';
import { PRICE_LIST_MSG } from '../../domain/priceList/access';

let ctx: DemoContext;
let trade: Trade;
let kazan: number;
let productId: number;
let offerId: number;

beforeAll(async () => {
  // kept a minute here, so only a change announced can end it within the test
  ctx = await createDemoApp({ publicCacheSeconds: 60 });
  trade = await kilogramTrade(ctx, 1990);
  kazan = firstRow<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM cities WHERE name = 'Казань'`))!.id;
  productId = (await ctx.call('POST', '/api/products', 'admin', { name: 'Орех пекан' })).body.id;
  offerId = (await trade.newOffer('500', { product_id: productId })).id;
}, 120_000);

afterAll(() => ctx?.close());

test('the list built for a link is kept until a record changes; a revoked link is gone at once', async () => {
  const created = await ctx.call('POST', '/api/price-list/links', 'admin', {
    city_id: kazan,
    product_id: [productId],
    level: 'max',
    valid_until: today,
  });
  expect(created.status).toBe(201);
  const token = created.body.url.split('/p/')[1];
  const read = () => ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${token}` });
  const amounts = async () => (await read()).json().lines.map((l: { available_amount: string }) => l.available_amount);
  expect(await amounts()).toEqual(['500.00']);

  // a change nobody announced (straight in the table, as no write of the app makes one): the kept list is served
  await ctx.db.execute(sql`UPDATE offers SET unit_amount = 600 WHERE id = ${offerId}`);
  expect(await amounts()).toEqual(['500.00']);
  // twenty reads at once: the same list
  const many = await Promise.all(Array.from({ length: 20 }, () => read()));
  expect(new Set(many.map((r) => r.body)).size).toBe(1);

  // a reserve through the app moves the change generation as it commits: the next read builds the list anew, with
  // both changes, on any instance
  const reserve = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offerId, { amount: '40', city_id: kazan, unit_selling_price: '360' }),
  );
  expect([reserve.status, reserve.body.messages]).toEqual([201, undefined]);
  expect(await amounts()).toEqual(['560.00']);

  // a business settings save (no record's history) moves the generation too: a change nobody announced shows with
  // it; the link's prices do not move (issue 51: a link holds its prices until its date)
  const price = async () => (await read()).json().lines[0].price;
  const before = await price();
  await ctx.db.execute(sql`UPDATE offers SET unit_amount = 700 WHERE id = ${offerId}`);
  expect(await amounts()).toEqual(['560.00']);
  expect((await ctx.call('PUT', '/api/settings', 'admin', { max_markup: '0.5' })).status).toBe(200);
  expect(await amounts()).toEqual(['660.00']);
  expect(await price()).toBe(before);

  // revoked: 410 at the next read, the kept list notwithstanding
  expect((await ctx.call('DELETE', `/api/price-list/links/${created.body.id}`)).body).toEqual({ status: 'success' });
  const revoked = await read();
  expect([revoked.statusCode, revoked.json().message]).toEqual([410, PRICE_LIST_MSG.linkGone]);
});
