// What a buyer reads of the rate his ruble prices are worked out at: a lot bought in USD at the Bank's daily rate is
// priced at the rate of its day, and the price list (its page's answer, its PDF and XLSX, the buyer's link) and the
// quote (the search, the saved card, its PDF and the buyer's page) close with 'Цены в рублях по курсу ЦБ на
// dd.mm.yyyy'; a lot in rubles or at a fixed rate carries no day. A saved quote holds its price, and the day of the
// rate it was worked out at, when a new rate prices its lot again.
// Worked by hand: 9,00 USD at 85,50 = 769,50 ₽; at 90,00 = 810,00 ₽.
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createDemoApp, type DemoContext } from './testApp';
import { prepareTrade, today, type Trade } from './trade';
import { addDays } from '../../domain/businessDay';
import { formatDate } from '../../domain/format';

let ctx: DemoContext;
let trade: Trade;
let productId: number;
const yesterday = addDays(today, -1);
const ids: Record<string, number> = {};
let quote: { id: number; token: string };

const putRate = (date: string, code: string, unit_rate: string) =>
  ctx.call('PUT', `/api/currency-rates/${date}/${code}`, 'admin', { unit_rate });
const note = (day: string) => `Цены в рублях по курсу ЦБ на ${formatDate(day)}`;
const file = async (url: string, who: 'admin' | null = 'admin') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url,
    headers: who ? { authorization: `Bearer ${ctx.tokens[who]}` } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};
/** The PDF's text as poppler reads it, its spaces made plain. */
const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-', '-'], { input: bytes, encoding: 'utf8' }).replace(/[\s\u00a0]+/g, ' ');
const listUrl = () => `city_id=${trade.cityIds[1]}&product_id=${productId}&level=min`;

beforeAll(async () => {
  ctx = await createDemoApp();
  productId = (await ctx.call('POST', '/api/products', 'admin', { name: 'Кешью W240 по курсу' })).body.id as number;
  trade = await prepareTrade(ctx, { product_id: productId, unit_weight: '1' }, 1992);
  await ctx.db.execute(sql`UPDATE business_settings SET value = '0' WHERE name = 'min_markup'`);
  expect((await putRate(yesterday, 'USD', '85,50')).status).toBe(201);
  const usd = { purchase_currency: 'USD', purchase_price: '9,00' };
  ids.daily = (await trade.newOffer('1000', usd)).id;
  ids.fixed = (
    await trade.newOffer('1000', { ...usd, rate_policy: 'fixed', fixed_rate: '85', fixed_rate_date: yesterday })
  ).id;
  ids.rubles = (await trade.newOffer('1000', { unit_price: '700' })).id;
  // saved at 864 ₽ on the daily lot (its band at 85,50: 769,50 + 15 + 12 = 796,50 … 1 075,28)
  const saved = await ctx.call('POST', '/api/quotes', 'admin', {
    city_id: trade.cityIds[1],
    lines: [{ offers: [{ offer_id: ids.daily, amount: 10, unit_price: 864 }], unit_price: 864 }],
  });
  expect(saved.status).toBe(201);
  quote = { id: saved.body.id as number, token: saved.body.token as string };
}, 300_000);

afterAll(async () => {
  await ctx?.close();
});

test("the price list: the daily USD lot's line carries its rate's day, the fixed and the ruble lots' none; the note closes its PDF and XLSX", async () => {
  const list = await ctx.call('GET', `/api/price-list?${listUrl()}`, 'admin');
  expect(list.status).toBe(200);
  const dayOf = Object.fromEntries(
    (list.body.lines as { offer_id: number; rate_date: string | null; unit_price: string }[]).map((l) => [
      l.offer_id,
      l.rate_date,
    ]),
  );
  expect(dayOf).toEqual({ [ids.daily]: yesterday, [ids.fixed]: null, [ids.rubles]: null });

  expect(pdfText(await file(`/api/price-list/export?format=pdf&${listUrl()}`))).toContain(note(yesterday));

  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await file(`/api/price-list/export?format=xlsx&${listUrl()}`)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const last = sheet.getRow(sheet.rowCount);
  expect(last.getCell(1).value).toBe(note(yesterday));
});

test("a list of ruble and fixed-rate lots only says nothing of the Bank's rate", async () => {
  const list = await ctx.call('GET', `/api/price-list?${listUrl()}&min_available=1`, 'admin');
  expect(list.status).toBe(200);
  const book = new ExcelJS.Workbook();
  // the two lots at 'fixed' and in rubles only: filtered by their harvest seasons
  const seasons = (list.body.lines as { offer_id: number; harvest_year: string }[])
    .filter((l) => l.offer_id !== ids.daily)
    .map((l) => `harvest_year=${encodeURIComponent(l.harvest_year)}`)
    .join('&');
  await book.xlsx.load(
    (await file(`/api/price-list/export?format=xlsx&${listUrl()}&${seasons}`)) as unknown as ArrayBuffer,
  );
  const sheet = book.worksheets[0];
  const texts = sheet.getSheetValues().flat().map(String);
  expect(texts.some((t) => t.includes('по курсу ЦБ'))).toBe(false);
  expect(pdfText(await file(`/api/price-list/export?format=pdf&${listUrl()}&${seasons}`))).not.toContain('по курсу ЦБ');
});

test("the quote: the search's part, the saved card, its PDF and the buyer's page say the rate's day", async () => {
  const search = await ctx.call('POST', '/api/quotes/search', 'admin', {
    product_id: productId,
    amount: 10,
    unit: 'кг',
    city_id: trade.cityIds[1],
    level: 'min',
  });
  expect(search.status).toBe(200);
  const parts = (search.body.lines as { offers: { offer_id: number; rate_date: string | null }[] }[]).flatMap(
    (l) => l.offers,
  );
  expect(parts.find((p) => p.offer_id === ids.daily)?.rate_date).toBe(yesterday);
  expect(parts.find((p) => p.offer_id === ids.rubles)?.rate_date).toBeNull();

  const card = await ctx.call('GET', `/api/quotes/${quote.id}`, 'admin');
  expect(card.body).toMatchObject({ rate_note: note(yesterday) });
  expect(card.body.lines[0].offers[0]).toMatchObject({ unit_price: '864.00', rate_date: yesterday });
  expect(pdfText(await file(`/api/quotes/${quote.id}/pdf`))).toContain(note(yesterday));
  const buyer = await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${quote.token}` });
  expect(buyer.statusCode).toBe(200);
  expect(buyer.json()).toMatchObject({ rate_note: note(yesterday) });
});

test('USD 90,00 stored for today: the lot is priced again, the saved quote keeps its price and its day; the price list says today', async () => {
  expect((await putRate(today, 'USD', '90,00')).status).toBe(201);
  const lot = await ctx.call('GET', `/api/offers/${ids.daily}`, 'admin');
  expect(lot.body).toMatchObject({ unit_price: '810.00', purchase_rate_date: today });

  const card = await ctx.call('GET', `/api/quotes/${quote.id}`, 'admin');
  expect(card.body.lines[0].offers[0]).toMatchObject({ unit_price: '864.00', price_kg: '864.00' });
  expect(card.body.total_sum).toBe('8640.00');
  expect(card.body.rate_note).toBe(note(yesterday));
  // (864 − 837) / 864 = 3,13 % < 5 %: the quote is marked, its price kept
  expect(card.body.margin_at_risk).toBe(true);
  const buyer = await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${quote.token}` });
  expect(buyer.json()).toMatchObject({ total_sum: '8640.00', rate_note: note(yesterday) });
  expect(buyer.json().lines[0].price).toBe('864.00');

  const list = await ctx.call('GET', `/api/price-list?${listUrl()}`, 'admin');
  const daily = (list.body.lines as { offer_id: number; rate_date: string | null }[]).find(
    (l) => l.offer_id === ids.daily,
  );
  expect(daily?.rate_date).toBe(today);
  expect(pdfText(await file(`/api/price-list/export?format=pdf&${listUrl()}`))).toContain(note(today));
});
