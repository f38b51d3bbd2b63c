// Issue 38 in Debian's Chromium against the real server and demo data, as a manager (role 1) with a buyer on the
// phone: 'Подбор' asked for 100 kg of Кешью to Казань, the first line as the API ranks it, saved for the buyer, its
// text copied, its PDF downloaded (pdftotext from poppler-utils reads it), its public link opened in a signed-out
// context (nothing internal), and 'Зарезервировать' making the reserve in one click; then 'Котировки' filtered to
// the accepted ones, the quote opened from its row and a comment added on it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { artifacts, scenario, signedInPage, assertSoon } from './harness';
import { formatFigure } from '../domain/format';
import { DEMO_PASSWORD } from '../domain/api';

const ctx = scenario();
const scratch = mkdtempSync(path.join(tmpdir(), 'nutdesk-e2e-quote-'));
/** Russian number formats group with (narrow) no-break spaces; compared as plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

const call = async (token: string, method: string, url: string, body?: unknown) => {
  const res = await fetch(`${ctx.app.url}${url}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.equal(res.status, 200, `${method} ${url}`);
  return res.json();
};
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('auth_token')) as Promise<string>;
/** A company INN with its check digit (domain/inn.ts weights) after nine digits. */
const innOf = (body: string) =>
  body + (([2, 4, 10, 3, 5, 9, 4, 6, 8].reduce((s, w, i) => s + w * Number(body[i]), 0) % 11) % 10);

test('a quote while the buyer is on the phone: asked, saved, its text copied, its PDF and link for the buyer, reserved in one click', async () => {
  const page = await signedInPage(ctx, 'manager@nutdesk.demo', { width: 1600, height: 1000 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.app.url });
  await page.getByRole('link', { name: 'Подбор' }).click();
  await page.waitForURL(/\/quote/);
  await page.getByRole('heading', { name: 'Подбор' }).waitFor();

  // ask: 100 kg of Кешью to Казань at the band's middle (the default level)
  await page.getByRole('combobox', { name: 'Товар' }).fill('Кешью');
  await page.getByRole('option', { name: 'Кешью', exact: true }).click();
  await page.getByRole('textbox', { name: 'Количество' }).fill('100');
  // issue 49: a quote's reserve needs its buyer's card: the manager's own new buyer (prepay, no debt), picked by INN
  const inn = innOf(`77${String(Date.now() % 10_000_000).padStart(7, '0')}`);
  const buyerCard = await fetch(`${ctx.app.url}/api/buyers`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await tokenOf(page)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'ООО «Орех»',
      inn,
      phone: '+7 (912) 345-67-89',
      delivery_address: 'Казань, ул. Баумана, 5',
      payment_terms: 'prepay',
    }),
  });
  assert.equal(buyerCard.status, 201, 'POST /api/buyers');
  await page.getByRole('combobox', { name: 'Покупатель из справочника' }).fill(inn);
  await page.getByRole('option').filter({ hasText: inn }).first().click();
  await page.getByLabel('Город покупателя').fill('Казань');
  await page.getByRole('option', { name: 'Казань', exact: true }).click();
  await page.getByRole('button', { name: 'Подобрать' }).click();
  const table = page.getByRole('table', { name: 'Подбор' });
  await table.waitFor();

  // the first line on the page is the API's first line, at its price
  const token = await tokenOf(page);
  const products = (await call(token, 'GET', '/api/lists/products/items')) as { id: number; name: string }[];
  const cities = (await call(token, 'GET', '/api/lists/cities/items')) as { id: number; name: string }[];
  const answer = await call(token, 'POST', '/api/quotes/search', {
    product_id: products.find((p) => p.name === 'Кешью')!.id,
    amount: 100,
    unit: 'кг',
    city_id: cities.find((c) => c.name === 'Казань')!.id,
    level: 'middle',
  });
  assert.ok(answer.lines.length > 0, 'demo data has Кешью for 100 kg');
  const first = answer.lines[0];
  const firstRow = table.locator('tr[data-line="1"]').first();
  await firstRow.waitFor();
  const price = formatFigure(first.offers[0].unit_price);
  assert.equal(plain(await firstRow.locator('[data-field="unit_price"]').first().innerText()), plain(price));
  assert.equal(
    plain(await firstRow.locator('[data-field="delivered_kg_price"]').first().innerText())
      .split(' доставка')[0]
      .trim(),
    plain(formatFigure(first.delivered_kg_price)),
  );
  await page.screenshot({ path: path.join(artifacts, 'quote.png'), fullPage: false });

  // save it for the buyer picked: the first line is ticked, the buyer's name stands in the field
  await assertSoon(
    async () => await page.getByRole('textbox', { name: 'Покупатель', exact: true }).first().inputValue(),
    'ООО «Орех»',
  );
  await page.getByRole('button', { name: 'Сохранить предложение покупателю' }).click();
  const panel = page.getByRole('region', { name: /^Котировка № \d+$/ });
  await panel.waitFor();
  const number = Number((await panel.getAttribute('aria-label'))!.replace(/\D/g, ''));
  await panel.getByRole('heading', { name: new RegExp(`^Котировка № ${number} · Действует`) }).waitFor();
  // issue 50: the buyer knows the quote by a neutral number, not the internal sequential one
  const neutral = (await panel.getByText(/^Номер для покупателя: \d{4}-\d{4}$/).innerText()).split(': ')[1];

  // the text for the buyer, copied as it is shown
  const text = await panel.getByRole('textbox', { name: 'Текст для покупателя' }).inputValue();
  assert.match(text, new RegExp(`^Предложение № ${neutral}\n`));
  assert.match(
    plain(text),
    new RegExp(`Кешью.*: 100 кг по ${plain(formatFigure(first.price_kg))} ₽/кг с доставкой в Казань`),
  );
  await panel.getByRole('button', { name: 'Скопировать текст' }).click();
  await panel.getByText('Текст скопирован').waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), text);

  // the PDF for the buyer: the lot and its price, nothing internal
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Скачать PDF' }).click();
  const file = await download;
  assert.equal(file.suggestedFilename(), `Предложение № ${neutral}.pdf`);
  const pdf = path.join(scratch, 'quote.pdf');
  await file.saveAs(pdf);
  const pdfText = plain(execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }));
  assert.match(pdfText, new RegExp(`Предложение № ${neutral}: NutDesk`));
  assert.match(pdfText, /Покупатель: ООО «Орех»/);
  assert.match(pdfText, /Город доставки: Казань/);
  assert.ok(pdfText.includes(plain(price)), `the PDF shows the price ${price}`);
  assert.match(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }), /Page size:\s+595\.28 x 841\.89 pts \(A4\)/);

  // the buyer's link, opened signed out: no sign-in, the lot and its price, nothing internal
  const url = await panel.getByRole('link').first().getAttribute('href');
  assert.ok(url && /\/q\/[A-Za-z0-9_-]{20,}$/.test(url), String(url));
  const buyer = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const publicPage = await buyer.newPage();
  await publicPage.goto(`${ctx.app.url}${new URL(url).pathname}`);
  await publicPage.getByRole('heading', { name: `Предложение № ${neutral}: NutDesk` }).waitFor();
  assert.equal(new URL(publicPage.url()).pathname, new URL(url).pathname, 'not sent to the sign-in page');
  const bodyText = plain(await publicPage.locator('body').innerText());
  assert.ok(bodyText.includes('Покупатель: ООО «Орех»'));
  assert.ok(bodyText.includes(plain(price)), "the price on the buyer's page");
  await publicPage.screenshot({ path: path.join(artifacts, 'quote-public.png'), fullPage: false });
  const login = await fetch(`${ctx.app.url}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: 'admin@nutdesk.demo', psswd: DEMO_PASSWORD }),
  });
  const adminToken = (await login.json()).token as string;
  const suppliers = (await call(adminToken, 'GET', '/api/lists/suppliers/items')) as { name: string }[];
  const html = await publicPage.content();
  for (const secret of [
    'offer_id',
    'supplier',
    'delivery_cost',
    'margin',
    'band',
    'Поставщик',
    'Закуп',
    'Маржа',
    ...suppliers.map((s) => s.name),
  ]) {
    assert.ok(
      !html.includes(secret) && !bodyText.includes(secret) && !pdfText.includes(secret),
      `the buyer sees «${secret}»`,
    );
  }
  await buyer.close();

  // one click: the reserve at the quote's price, the quote 'Принята'
  await panel.getByRole('textbox', { name: 'Телефон покупателя' }).fill('+7 (912) 345-67-89');
  await panel.getByRole('textbox', { name: 'Адрес доставки' }).fill('Казань, ул. Баумана, 5');
  await panel.getByRole('button', { name: 'Зарезервировать' }).click();
  const made = panel.getByText(/^Созданы резервы: № \d+$/);
  await made.waitFor();
  const reserveId = Number((await made.innerText()).replace(/\D/g, ''));
  await panel.getByRole('heading', { name: new RegExp(`^Котировка № ${number} · Принята`) }).waitFor();
  const reserve = await call(token, 'GET', `/api/reserves/${reserveId}`);
  assert.equal(reserve.offer_id, first.offers[0].offer_id);
  assert.equal(Number(reserve.unit_selling_price), Number(first.offers[0].unit_price));
  assert.equal(reserve.buyer_name, 'ООО «Орех»');
  assert.equal(reserve.delivery_address, 'Казань, ул. Баумана, 5');
  const comments = (await call(token, 'GET', `/api/reserves/${reserveId}/comments`)) as { text: string }[];
  assert.deepEqual(
    comments.map((c) => c.text),
    [`Создан из котировки № ${number}`],
  );

  // 'Котировки': found among the accepted ones by the filter panel, opened from its row, a comment added on it
  await page.getByRole('link', { name: 'Котировки', exact: true }).click();
  await page.waitForURL(/\/quotes$/);
  await page.getByRole('button', { name: 'Фильтр', exact: true }).click();
  const filter = page.getByRole('dialog', { name: 'Фильтр' });
  await filter.getByRole('checkbox', { name: 'Принята' }).check();
  await filter.getByRole('button', { name: 'Применить' }).click();
  await page.waitForURL(/statuses_ids=accepted/);
  const list = page.getByRole('table', { name: 'Котировки' });
  const row = list
    .getByRole('row')
    .filter({ has: page.locator('td[data-field="number"]', { hasText: new RegExp(`^${number}$`) }) });
  assert.equal(await row.locator('td[data-field="status"]').innerText(), 'Принята');
  const accepted = (await call(token, 'GET', '/api/quotes?statuses_ids=accepted')) as { data: { id: number }[] };
  assert.ok(accepted.data.some((q) => q.id === number));
  assert.equal(await list.locator('tbody tr').count(), accepted.data.length);
  await row.click();
  await page.waitForURL(new RegExp(`/quotes/${number}$`));
  const card = page.getByRole('region', { name: `Котировка № ${number}` });
  await card.getByRole('textbox', { name: 'Новый комментарий' }).fill('Покупатель подтвердил по телефону');
  await card.getByRole('button', { name: 'Добавить' }).click();
  await card.getByText('Покупатель подтвердил по телефону').waitFor();
  const noted = (await call(token, 'GET', `/api/quotes/${number}/comments`)) as { text: string }[];
  assert.deepEqual(
    noted.map((c) => c.text),
    ['Покупатель подтвердил по телефону'],
  );
});
