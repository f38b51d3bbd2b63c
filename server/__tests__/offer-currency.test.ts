// A lot bought in a currency through the API: its ruble price is the currency price × the Bank's rate of the business
// day (the last published on or before it), or × its fixed rate, half up to the kopeck; no rate is a Russian 400.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { prepareTrade, today, type Trade } from './trade';
import { addDays } from '../../domain/businessDay';
import { formatDate } from '../../domain/format';
import { rowsOf } from '../db/rows';

let ctx: DemoContext;
let trade: Trade;
const earlier = addDays(today, -3);

beforeAll(async () => {
  ctx = await createDemoApp();
  const [{ id }] = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM products WHERE status = 'active' ORDER BY id LIMIT 1`),
  );
  trade = await prepareTrade(ctx, { product_id: id }, 1993);
  // USD published today; EUR last published three days ago (a weekend's or a holiday's rate)
  await ctx.db.execute(sql`INSERT INTO currency_rates (date, code, nominal, value, unit_rate, source) VALUES
    (${today}, 'USD', 1, 90.1234, 90.1234, 'manual'), (${earlier}, 'EUR', 1, 98.5, 98.5, 'manual')`);
}, 120_000);
afterAll(() => ctx?.close());

test("a 'daily' lot in USD: 9,00 × 90,1234 = 811,11 ₽, the rate and its day stored, whatever ruble price was typed", async () => {
  const offer = await trade.newOffer('100', { purchase_currency: 'USD', purchase_price: '9,00', unit_price: '1' });
  expect(offer).toMatchObject({
    unit_price: '811.11',
    total_sum: '81111.00',
    kg_price: '811.11',
    purchase_currency: 'USD',
    purchase_price: '9.00',
    rate_policy: 'daily',
    purchase_rate: '90.1234',
    purchase_rate_date: today,
  });
});

test('a day with no rate of its own takes the last one published before it', async () => {
  const offer = await trade.newOffer('10', { purchase_currency: 'EUR', purchase_price: '2.50' });
  // 2,50 × 98,5 = 246,25
  expect(offer).toMatchObject({ unit_price: '246.25', purchase_rate: '98.5', purchase_rate_date: earlier });
});

test('a fixed rate prices the lot at that rate and keeps its day', async () => {
  const offer = await trade.newOffer('10', {
    purchase_currency: 'USD',
    purchase_price: '9',
    rate_policy: 'fixed',
    fixed_rate: '85,50',
    fixed_rate_date: '2026-09-01',
  });
  // 9 × 85,50 = 769,50
  expect(offer).toMatchObject({
    unit_price: '769.50',
    fixed_rate: '85.5',
    fixed_rate_date: '2026-09-01',
    purchase_rate: '85.5',
    purchase_rate_date: '2026-09-01',
  });
});

test('no rate of the currency stored: a 400 naming the currency and the day', async () => {
  const res = await ctx.call('POST', '/api/offers', 'admin', {
    product_id: 1,
    packing_id: 1,
    city_id: trade.cityIds[0],
    supplier_id: 1,
    origin_country: 'Турция',
    harvest_year: '2025',
    unit_measure: 'кг',
    units_per_pack: '1',
    unit_amount: '5',
    loading_address: 'Москва, ул. Складская, 9',
    purchase_currency: 'TRY',
    purchase_price: '100',
  });
  expect(res.status).toBe(400);
  expect(JSON.stringify(res.body)).toContain(
    `Нет курса ЦБ для TRY на ${formatDate(today)}: загрузите курсы ЦБ или введите курс вручную`,
  );
});

test('role 8 reads a currency lot without any of its purchase terms', async () => {
  const offer = await trade.newOffer('10', { purchase_currency: 'USD', purchase_price: '3' });
  const res = await ctx.call('GET', `/api/offers/${offer.id}`, 'warehouse');
  expect(res.status).toBe(200);
  const text = JSON.stringify(res.body);
  for (const key of ['purchase_currency', 'purchase_price', 'rate_policy', 'fixed_rate', 'purchase_rate'])
    expect(text).not.toContain(key);
});
