// Scenario of the buyers issue (37), in Debian's Chromium against the real server and demo data: a buyer on 10 days'
// deferral is picked on a new reserve by its INN (its name, phone, city and address fill the reserve), the reserve is
// completed, part of it is paid on its card's 'Оплаты', and the buyer's card 'Взаиморасчёты' shows what is left owed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import dayjs from 'dayjs';
import { artifacts, scenario, signedInPage, assertSoon } from './harness';
import { addDays, businessToday, TIME_ZONE_DEFAULT } from '../domain/businessDay';
import { kopecks, kopecksText } from '../domain/buyers/ledger';
import { formatMoney } from '../domain/format';

const ctx = scenario();

const api = async (page: Page, url: string, init: RequestInit = {}) => {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const res = await fetch(`${ctx.app.url}${url}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  });
  return { status: res.status, body: await res.json() };
};

/** A company INN with its check digit (domain/inn.ts weights) that the demo's buyers do not have. */
function scenarioInn(): string {
  const body = '772957310';
  const sum = [2, 4, 10, 3, 5, 9, 4, 6, 8].reduce((s, w, i) => s + w * Number(body[i]), 0);
  return body + ((sum % 11) % 10);
}

/** Money as the page prints it, its spaces plain. */
const shown = (value: string) => formatMoney(value).replace(/\s/g, ' ');

test("pick a buyer on a reserve by its INN, complete the reserve, pay part: the buyer's card shows what is left owed", async () => {
  const page = await signedInPage(ctx, 'admin@nutdesk.demo', { width: 1440, height: 1100 });
  const { body: cities } = await api(page, '/api/lists/cities/items');
  const city = (cities as { id: number; name: string }[])[1];
  const inn = scenarioInn();
  const { status, body: buyer } = await api(page, '/api/buyers', {
    method: 'POST',
    body: JSON.stringify({
      name: 'ООО «Сценарий Кедр»',
      inn,
      city_id: city.id,
      delivery_address: 'ул. Кедровая, 7, склад 3',
      phone: '79175550011',
      payment_terms: 'deferral',
      deferral_days: 10,
      comments: [],
    }),
  });
  assert.equal(status, 201, JSON.stringify(buyer));
  const { body: offers } = await api(
    page,
    '/api/offers?statuses_ids=active&sort=available_amount&order=desc&perPage=20',
  );
  const offer = offers.data[0];

  // the create card: the buyer found by its INN fills the name, phone, city and address
  await page.goto(`${ctx.app.url}/reserves/create?offer=${offer.id}`);
  const picker = page.getByRole('combobox', { name: 'Карточка покупателя' });
  await picker.click();
  await picker.pressSequentially(inn.slice(0, 8));
  const option = page.getByRole('option', { name: /ООО «Сценарий Кедр»/ });
  assert.match((await option.innerText()).replace(/\s+/g, ' '), new RegExp(`ИНН ${inn}, \\+7 \\(917\\) 555-00-11`));
  await option.click();
  await assertSoon(
    async () => await page.getByLabel('Покупатель', { exact: true }).inputValue(),
    'ООО «Сценарий Кедр»',
  );
  await assertSoon(async () => await page.getByLabel('Телефон покупателя').inputValue(), '+7 (917) 555-00-11');
  await assertSoon(async () => await page.getByLabel('Адрес доставки').inputValue(), 'ул. Кедровая, 7, склад 3');
  await assertSoon(
    async () => (await page.getByRole('combobox', { name: 'Город доставки' }).textContent())?.trim(),
    city.name,
  );
  await page.waitForFunction(
    () => (document.querySelector('input[name="delivery_cost"]') as HTMLInputElement | null)?.value !== '',
  );
  if (!(await page.getByLabel('Дней доставки').inputValue())) await page.getByLabel('Дней доставки').fill('3');

  await page.getByLabel('Количество', { exact: true }).fill(String(Number(offer.units_per_pack) * 20));
  // the administrator has no employee of its own: it names the reserve's responsible
  await page.getByRole('combobox', { name: 'Ответственный' }).click();
  await page.getByRole('option').nth(1).click();
  // the business day's tomorrow (the demo keeps Europe/Moscow): the calendar opens on the business day's month
  const tomorrow = dayjs(addDays(businessToday(TIME_ZONE_DEFAULT), 1));
  await page
    .getByRole('group', { name: 'Дата реализации' })
    .getByRole('button', { name: /^Выберите дату/ })
    .click();
  await page.getByRole('grid').waitFor();
  if (tomorrow.month() !== dayjs(businessToday(TIME_ZONE_DEFAULT)).month())
    await page.getByRole('button', { name: /следующий месяц|Next month/i }).click();
  await page.getByRole('gridcell', { name: String(tomorrow.date()), exact: true }).click();
  await page.getByRole('grid').waitFor({ state: 'detached' });
  await page
    .getByLabel('Цена продажи за единицу, ₽')
    .fill(await page.getByLabel('Минимальная цена продажи, ₽').inputValue());
  await page.screenshot({ path: path.join(artifacts, 'buyer-reserve-create.png'), fullPage: true });
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForURL((url) => /^\/reserves\/\d+$/.test(url.pathname));
  const reserveId = Number(new URL(page.url()).pathname.split('/').pop());
  const { body: reserve } = await api(page, `/api/reserves/${reserveId}`);
  assert.equal(reserve.buyer_id, buyer.id);
  const sale = reserve.total_selling_sum as string;

  // completed: a sale the buyer owes
  await page.getByRole('button', { name: 'Завершить' }).click();
  await page.getByRole('dialog', { name: 'Завершить резерв' }).getByRole('button', { name: 'Завершить' }).click();
  await page.getByText('Завершен', { exact: true }).waitFor();

  // part paid on the reserve's 'Оплаты'
  await page.getByRole('tab', { name: 'Оплаты' }).click();
  await assertSoon(
    async () => (await page.getByLabel('Осталось оплатить').innerText()).replace(/\s/g, ' '),
    shown(sale),
  );
  await page.getByLabel('Сумма оплаты, ₽').fill('1000,50');
  await page.getByLabel('Комментарий', { exact: true }).fill('Платежное поручение 41');
  await page.getByRole('button', { name: 'Добавить оплату' }).click();
  await page.getByText('Оплата добавлена').waitFor();
  const left = kopecksText(kopecks(sale) - kopecks('1000.50'));
  await page.waitForFunction(
    (text) => document.querySelector('[aria-label="Осталось оплатить"]')?.textContent?.replace(/\s/g, ' ') === text,
    shown(left),
  );
  await page.screenshot({ path: path.join(artifacts, 'reserve-payments.png'), fullPage: true });

  // the buyer's card: sold, paid and what is left owed
  await page.goto(`${ctx.app.url}/buyers/${buyer.id}`);
  await page.getByRole('tab', { name: 'Взаиморасчёты' }).click();
  const totals = page.getByTestId('ledger-totals');
  await totals.waitFor();
  const figure = async (title: string) =>
    (await totals.getByLabel(title, { exact: true }).innerText()).replace(/\s/g, ' ');
  assert.equal(await figure('Продано'), shown(sale));
  assert.equal(await figure('Оплачено'), shown('1000.50'));
  assert.equal(await figure('Долг'), shown(left));
  assert.equal(await figure('Просрочено'), shown('0'));
  const lines = await page.getByRole('table', { name: 'Взаиморасчёты' }).locator('tbody tr').allInnerTexts();
  assert.equal(lines.length, 2);
  assert.match(lines[1].replace(/\s+/g, ' '), /Оплата .*Платежное поручение 41/);
  await page.screenshot({ path: path.join(artifacts, 'buyer-ledger.png'), fullPage: true });
  await page.close();
});
