// Issue 35 in Debian's Chromium against the real server and demo data: dates typed fast, 30 ms a key, as a person
// who knows the keyboard types them. 'Действует до' on /price-list ended as 07.12.0202 (valid_until=0202-12-07)
// when the field wrote the URL at every digit and read it back mid-typing; the reserve card's dates and the
// analytics period are typed the same way. Each field keeps what is typed, and the page asks for the day once it
// is whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { artifacts, scenario, signedInPage, assertSoon } from './harness';
import { addDays, businessToday, TIME_ZONE_DEFAULT } from '../domain/businessDay';

const ctx = scenario();
const KEY_DELAY_MS = 30;
/** The business day (Europe/Moscow) the server and the fields judge by, not the machine's. */
const businessDay = () => businessToday(TIME_ZONE_DEFAULT);

const api = async (page: Page, url: string) => {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const res = await fetch(`${ctx.app.url}${url}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, url);
  return res.json();
};

/** Types the digits of a day (DDMMYYYY) into the date field labelled `label`, from its day section. */
async function typeDay(page: Page, label: string, day: string) {
  await page.getByRole('group', { name: label }).getByRole('spinbutton', { name: 'День' }).click();
  await page.keyboard.type(dayjs(day).format('DDMMYYYY'), { delay: KEY_DELAY_MS });
}

test("'Действует до' typed at 30 ms a key: the field and the URL hold the day typed, the server is never asked a half-typed year", async () => {
  const page = await signedInPage(ctx);
  const cities = await api(page, '/api/lists/cities/items');
  const kazan = cities.find((c: { name: string }) => c.name === 'Казань');
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/price-list') asked.push(url.searchParams.get('valid_until') ?? '');
  });
  await page.goto(`${ctx.app.url}/price-list?city_id=${kazan.id}`);
  await page.locator('tbody tr[data-offer]').first().waitFor();
  const day = addDays(businessDay(), 10);
  await typeDay(page, 'Действует до', day);
  await page.waitForURL((url) => url.searchParams.get('valid_until') === day);
  await assertSoon(
    async () => await page.locator('input[name="valid_until"]').inputValue(),
    dayjs(day).format('DD.MM.YYYY'),
  );
  await page.getByText(`действует до ${dayjs(day).format('DD.MM.YYYY')}`).waitFor();
  await assertSoon(async () => await page.getByText('Срок действия не может быть раньше сегодняшнего дня').count(), 0);
  assert.deepEqual([...new Set(asked)], ['', day], `valid_until asked: ${asked}`);
  await page.screenshot({ path: path.join(artifacts, 'typing-price-list.png') });
  await page.close();
});

test("the reserve card's 'Дата реализации' typed at 30 ms a key stays as typed; 'Резерв до' shows its default and follows it", async () => {
  const page = await signedInPage(ctx);
  const offers = await api(page, '/api/offers?statuses_ids=active&available_amount_from=1&perPage=20');
  const offer = offers.data[0];
  await page.goto(`${ctx.app.url}/reserves/create?offer=${offer.id}`);
  await page.getByText('О резерве').waitFor();
  const settings = await (
    await fetch(`${ctx.app.url}/api/settings`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(['reserve_hold_days']),
    })
  ).json();
  const holdDays = Number(settings.reserve_hold_days);
  const today = businessDay();
  const held = dayjs(today).add(holdDays, 'day');
  // the default is filled once the card's settings have arrived
  await assertSoon(
    async () => await page.locator('input[name="reserved_until"]').inputValue(),
    held.format('DD.MM.YYYY'),
  );

  // an implementation date before the default pulls 'Резерв до' in to it
  const estimated = dayjs(today)
    .add(Math.max(1, holdDays - 1), 'day')
    .format('YYYY-MM-DD');
  await typeDay(page, 'Дата реализации', estimated);
  await page.waitForFunction(
    (shown) =>
      (document.querySelector('input[name="estimated_date_implementation"]') as HTMLInputElement).value === shown,
    dayjs(estimated).format('DD.MM.YYYY'),
  );
  await assertSoon(
    async () => await page.locator('input[name="reserved_until"]').inputValue(),
    dayjs(estimated).format('DD.MM.YYYY'),
  );
  // and 'Резерв до' typed by hand, as fast, stays as typed
  await typeDay(page, 'Резерв до', today);
  await assertSoon(
    async () => await page.locator('input[name="reserved_until"]').inputValue(),
    dayjs(today).format('DD.MM.YYYY'),
  );
  await page.screenshot({ path: path.join(artifacts, 'typing-reserve-card.png') });
  await page.close();
});

test('the analytics period typed at 30 ms a key: the link and the charts take it; over three years is refused in the field', async () => {
  const page = await signedInPage(ctx);
  await page.goto(`${ctx.app.url}/analytics`);
  await page.getByRole('heading', { name: 'Аналитика', level: 1 }).waitFor();
  const to = new URL(page.url()).searchParams.get('to') ?? businessDay();
  const from = dayjs(businessDay()).subtract(1, 'year').startOf('month').format('YYYY-MM-DD');
  await typeDay(page, 'Период с', from);
  await page.waitForURL((url) => url.searchParams.get('from') === from);
  await page
    .getByTestId('analytics-period')
    .getByText(new RegExp(`^${dayjs(from).format('DD\\.MM\\.YYYY')} — `))
    .waitFor();
  await assertSoon(async () => await page.locator('input[name="from"]').inputValue(), dayjs(from).format('DD.MM.YYYY'));

  // four years back: the field says why, the link keeps the period, and on leaving the field it shows that period again
  const tooEarly = dayjs(from).subtract(4, 'year').format('YYYY-MM-DD');
  await typeDay(page, 'Период с', tooEarly);
  await page.getByText('Период не может быть длиннее трёх лет').waitFor();
  await page.keyboard.press('Tab');
  await page.waitForFunction(
    (shown) => (document.querySelector('input[name="from"]') as HTMLInputElement).value === shown,
    dayjs(from).format('DD.MM.YYYY'),
  );
  assert.equal(new URL(page.url()).searchParams.get('from'), from);
  assert.ok(!new URL(page.url()).searchParams.get('to') || new URL(page.url()).searchParams.get('to') === to);
  await page.screenshot({ path: path.join(artifacts, 'typing-analytics.png') });
  await page.close();
});
