// The Central Bank's rates, read from recorded samples of the real feed (windows-1251, decimal commas, TRY
// per 10, UZS per 10 000, IDs like R01700J) served by a local stand-in; a weekend takes the last published rate, an
// evening call brings TOMORROW's, a stored rate is never overwritten, and an administrator types one by hand.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { sampleBytes, startCbrFeed, type CbrFeed } from './cbrFeed';
import { clock } from '../db/businessDay';
import { parseFeed } from '../sections/currencyRates/feed';
import { rateOn } from '../sections/currencyRates';
import { loadRatesIfDue } from '../sections/currencyRates/job';
import { businessDayStart, TIME_ZONE_DEFAULT } from '../../domain/businessDay';

let ctx: DemoContext;
let feed: CbrFeed;
const realNow = clock.now;
/** An instant of a day in Moscow. */
const moscow = (day: string, hours: number) =>
  new Date(businessDayStart(day, TIME_ZONE_DEFAULT).getTime() + hours * 3_600_000);

beforeAll(async () => {
  feed = await startCbrFeed('weekend-2025-03-29');
  ctx = await createDemoApp({ cbrRatesUrl: feed.url });
});
afterAll(async () => {
  clock.now = realNow;
  await ctx.close();
  await feed.close();
});
afterEach(() => {
  clock.now = realNow;
});

test('the feed is read as the Bank sends it: windows-1251, decimal commas, nominals of 10, 100 and 10 000, the other currencies read past', () => {
  const { date, rates } = parseFeed(sampleBytes('evening-2025-04-01'));
  expect(date).toBe('2025-04-01');
  const by = Object.fromEntries(rates.map((rate) => [rate.code, rate]));
  expect(Object.keys(by).sort()).toEqual(['AED', 'CNY', 'EUR', 'KZT', 'TRY', 'USD', 'UZS']);
  expect(by.USD).toEqual({
    code: 'USD',
    nominal: 1,
    value: '84.4217',
    unit_rate: '84.4217',
    date: '2025-04-01',
    source: 'cbr',
  });
  expect(by.TRY).toMatchObject({ nominal: 10, value: '22.3055', unit_rate: '2.23055' });
  expect(by.KZT).toMatchObject({ nominal: 100, value: '16.7812', unit_rate: '0.167812' });
  expect(by.UZS).toMatchObject({ nominal: 10000, value: '65.2233', unit_rate: '0.00652233' });
});

test("a weekend takes Saturday's publication; the evening call brings tomorrow's, which today does not use; a stored rate is never overwritten", async () => {
  // Friday 28.03.2025 afternoon: the feed already answers Saturday's rates
  clock.now = () => moscow('2025-03-28', 16);
  const loaded = await ctx.call('POST', '/api/currency-rates/refresh', 'admin');
  expect(loaded.status).toBe(200);
  expect(loaded.body.date).toBe('2025-03-29');
  expect(loaded.body.rates).toHaveLength(7);
  // Sunday and Monday take Saturday's
  expect(await rateOn(ctx.db, 'USD', '2025-03-30')).toEqual({ unit_rate: '84.0851', date: '2025-03-29' });
  expect(await rateOn(ctx.db, 'TRY', '2025-03-31')).toEqual({ unit_rate: '2.21487', date: '2025-03-29' });
  expect(await rateOn(ctx.db, 'RUB', '2025-03-31')).toEqual({ unit_rate: '1', date: '2025-03-31' });
  expect(await rateOn(ctx.db, 'USD', '2025-03-28')).toBeNull();

  // Monday 31.03 at 19:00: the feed answers 01.04.2025's rates
  clock.now = () => moscow('2025-03-31', 19);
  feed.answer = 'evening-2025-04-01';
  const evening = await loadRatesIfDue(ctx.db, feed.url);
  expect(evening).toMatchObject({ date: '2025-04-01' });
  const today = await ctx.call('GET', '/api/currency-rates', 'manager');
  expect(today.status).toBe(200);
  expect(today.body.date).toBe('2025-03-31');
  expect(today.body.rates.find((rate: { code: string }) => rate.code === 'USD')).toEqual({
    code: 'USD',
    nominal: 1,
    value: '84.0851',
    unit_rate: '84.0851',
    date: '2025-03-29',
    source: 'cbr',
    previous_unit_rate: null,
  });
  const tomorrow = await ctx.call('GET', '/api/currency-rates?date=2025-04-01', 'manager');
  expect(tomorrow.body.rates.map((rate: { code: string }) => rate.code)).toEqual([
    'USD',
    'EUR',
    'CNY',
    'TRY',
    'AED',
    'KZT',
    'UZS',
  ]);
  expect(tomorrow.body.rates[0]).toMatchObject({
    unit_rate: '84.4217',
    date: '2025-04-01',
    previous_unit_rate: '84.0851',
  });
  expect(tomorrow.body.rates[6]).toMatchObject({
    code: 'UZS',
    nominal: 10000,
    value: '65.2233',
    unit_rate: '0.00652233',
    previous_unit_rate: '0.00649918',
  });

  // tomorrow's rates are in: the job rests, without asking the Bank
  const calls = feed.calls;
  expect(await loadRatesIfDue(ctx.db, feed.url)).toBe('ahead');
  expect(feed.calls).toBe(calls);
  // asked again, the feed's day is stored already and keeps its rates
  const again = await ctx.call('POST', '/api/currency-rates/refresh', 'admin');
  expect(again.body).toEqual({ date: '2025-04-01', rates: [] });
  await expect(ctx.db.execute(sql`UPDATE currency_rates SET unit_rate = 1 WHERE code = 'USD'`)).rejects.toThrow();

  const history = await ctx.call(
    'GET',
    '/api/currency-rates/history?code=USD&from=2025-03-01&to=2025-04-30',
    'manager',
  );
  expect(history.body.rates.map((rate: { date: string; unit_rate: string }) => [rate.date, rate.unit_rate])).toEqual([
    ['2025-04-01', '84.4217'],
    ['2025-03-29', '84.0851'],
  ]);
});

test("where no feed is reachable an administrator types the rate (source 'manual'); a stored one stays; others may not", async () => {
  feed.answer = 503;
  const failed = await ctx.call('POST', '/api/currency-rates/refresh', 'admin');
  expect(failed.status).toBe(502);
  expect(failed.body.message).toBe('Курсы ЦБ не загружены: ЦБ ответил 503');

  const typed = await ctx.call('PUT', '/api/currency-rates/2025-04-02/USD', 'admin', { unit_rate: '90,00' });
  expect(typed.status).toBe(201);
  expect(typed.body).toEqual({
    code: 'USD',
    nominal: 1,
    value: '90',
    unit_rate: '90',
    date: '2025-04-02',
    source: 'manual',
  });
  expect(await rateOn(ctx.db, 'USD', '2025-04-05')).toEqual({ unit_rate: '90', date: '2025-04-02' });

  const twice = await ctx.call('PUT', '/api/currency-rates/2025-04-02/USD', 'admin', { unit_rate: '91' });
  expect(twice.status).toBe(409);
  expect(twice.body.message).toBe('Курс USD на 02.04.2025 уже сохранён и не перезаписывается');

  const manager = await ctx.call('PUT', '/api/currency-rates/2025-04-03/USD', 'manager', { unit_rate: '91' });
  expect(manager.status).toBe(403);
  expect(manager.body.message).toBe('Курсы валют меняют только администраторы');
  expect((await ctx.call('POST', '/api/currency-rates/refresh', 'manager')).status).toBe(403);

  for (const [url, body, message] of [
    ['/api/currency-rates/2025-02-30/USD', { unit_rate: '90' }, 'Дата должна быть в формате ГГГГ-ММ-ДД'],
    ['/api/currency-rates/2025-04-03/XYZ', { unit_rate: '90' }, 'Неизвестная валюта'],
    ['/api/currency-rates/2025-04-03/RUB', { unit_rate: '90' }, 'Неизвестная валюта'],
    [
      '/api/currency-rates/2025-04-03/USD',
      { unit_rate: '0' },
      'Курс должен быть положительным числом, не больше 10 знаков после запятой',
    ],
    [
      '/api/currency-rates/2025-04-03/USD',
      { unit_rate: '-5' },
      'Курс должен быть положительным числом, не больше 10 знаков после запятой',
    ],
  ] as const) {
    const res = await ctx.call('PUT', url, 'admin', body);
    expect([res.status, res.body.messages]).toEqual([400, [message]]);
  }
  expect((await ctx.call('GET', '/api/currency-rates?date=yesterday', 'manager')).body.messages).toEqual([
    'Дата должна быть в формате ГГГГ-ММ-ДД',
  ]);
});
