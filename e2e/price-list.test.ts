// Issue 23 in Debian's Chromium against the real server and demo data: a price list for Казань built on the page,
// its XLSX and PDF downloaded (the first line's price in both; pdftotext from poppler-utils reads the PDF), the
// buyer's link opened in a fresh browser context with no sign-in (only the buyer's columns, none of the shell),
// and 'Зарезервировать' opening the reserve card prefilled.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { artifacts, numberValue, scenario, signedInPage, assertSoon } from './harness';
import { formatFigure } from '../domain/format';
import { addDays, businessToday, TIME_ZONE_DEFAULT } from '../domain/businessDay';

const ctx = scenario();
const scratch = mkdtempSync(path.join(tmpdir(), 'nutdesk-e2e-price-list-'));
/** Russian number formats group with (narrow) no-break spaces; compared as plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

const api = async (page: Page, url: string) => {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const res = await fetch(`${ctx.app.url}${url}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, url);
  return res.json();
};

test("a price list for Казань: on the page, in XLSX and PDF, by the buyer's link, and into a reserve", async () => {
  const page = await signedInPage(ctx);
  await page.getByRole('link', { name: 'Прайс-лист' }).click();
  await page.waitForURL(/\/price-list/);
  await page.getByRole('heading', { name: 'Прайс-лист' }).waitFor();

  // the buyer's city, one product, a markup of 20 % in the band, to 10 ₽, valid until tomorrow
  await page.getByLabel('Город покупателя').fill('Казань');
  await page.getByRole('option', { name: 'Казань', exact: true }).click();
  await page.getByLabel('Товары').fill('Кешью');
  await page.getByRole('option', { name: 'Кешью', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Уровень цены').click();
  await page.getByRole('option', { name: 'Наценка, %' }).click();
  await page.getByLabel('Наценка, %').fill('20');
  await page.getByLabel('Округление').click();
  await page.getByRole('option', { name: 'До 10 ₽' }).click();
  // tomorrow of the business day (Moscow), which the calendar opens on: between 21:00 and 24:00 UTC not the machine's
  const validUntil = addDays(businessToday(TIME_ZONE_DEFAULT), 1);
  // the calendar opens on today, focused: tomorrow is one key away
  await page.getByRole('button', { name: /^Выберите дату/ }).click();
  await page.getByRole('grid').waitFor();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.getByRole('grid').waitFor({ state: 'detached' });
  await assertSoon(
    async () => await page.locator('input[name="valid_until"]').inputValue(),
    dayjs(validUntil).format('DD.MM.YYYY'),
  );
  await page.waitForURL(
    (url) => url.searchParams.get('valid_until') === validUntil && url.searchParams.get('rounding') === '10',
  );
  const query = new URL(page.url()).searchParams;
  assert.equal(query.get('level'), 'percent');
  assert.equal(query.get('markup'), '20');
  assert.ok(query.get('product_id'), page.url());

  // the first line on the page is the API's first line
  const list = await api(page, `/api/price-list?${query}`);
  assert.equal(list.city.name, 'Казань');
  assert.ok(list.lines.length > 0, 'demo data has Кешью in stock');
  const first = list.lines[0];
  assert.equal(first.product, 'Кешью');
  assert.equal(Number(first.unit_price) % 10, 0, 'rounded to 10 ₽');
  const shown = formatFigure(first.unit_price);
  const firstRow = page.locator(`tr[data-offer="${first.offer_id}"]`);
  await firstRow.waitFor();
  assert.equal(plain(await firstRow.locator('[data-field="unit_price"]').innerText()), plain(shown));
  await assertSoon(async () => await page.locator('tbody tr[data-offer]').count(), list.lines.length);
  // the URL holds the request: reloading shows the same list
  await page.reload();
  await firstRow.waitFor();
  await page.screenshot({ path: path.join(artifacts, 'price-list.png'), fullPage: false });

  // XLSX: the first data row's price
  let download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать XLSX' }).click();
  let file = await download;
  assert.match(file.suggestedFilename(), /^Прайс-лист Казань \d{4}-\d{2}-\d{2}\.xlsx$/);
  const xlsx = path.join(scratch, 'list.xlsx');
  await file.saveAs(xlsx);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(xlsx);
  const sheet = book.worksheets[0];
  assert.equal(sheet.getCell(2, 1).value, 'Город доставки: Казань');
  assert.equal(sheet.getRow(7).getCell(1).value, 'Кешью');
  assert.equal(sheet.getRow(7).getCell(9).value, Number(first.unit_price));

  // PDF: A4, Cyrillic text, the first line's price as a Russian reads it
  download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать PDF' }).click();
  file = await download;
  assert.match(file.suggestedFilename(), /^Прайс-лист Казань \d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = path.join(scratch, 'list.pdf');
  await file.saveAs(pdf);
  const text = plain(execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }));
  assert.match(text, /Прайс-лист: NutDesk/);
  assert.match(text, /Город доставки: Казань/);
  assert.match(text, new RegExp(`действует до ${dayjs(validUntil).format('DD\\.MM\\.YYYY')}`));
  const firstLine = text.split('\n').find((l) => l.includes(plain(shown)));
  assert.ok(firstLine, `the PDF shows the first line's price ${shown}`);
  assert.match(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }), /Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
  assert.match(execFileSync('pdffonts', [pdf], { encoding: 'utf8' }), /DejaVuSans.*TrueType.*yes\s+yes/);

  // the buyer's link: made, listed on the page
  await page.getByRole('button', { name: 'Ссылка для покупателя' }).click();
  await page.getByText(/^Ссылка создана: /).waitFor();
  const links = await api(page, '/api/price-list/links');
  const link = links[0];
  assert.equal(link.status, 'active');
  assert.equal(link.valid_until, validUntil);
  await page.locator(`tr[data-link="${link.id}"]`).getByText('Действует').waitFor();

  // opened in a fresh context: no sign-in, no shell, only the buyer's columns
  const buyer = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const requests: string[] = [];
  buyer.on('request', (r) => requests.push(new URL(r.url()).pathname));
  const publicPage = await buyer.newPage();
  const publicUrl = `${ctx.app.url}${new URL(link.url).pathname}`;
  await publicPage.goto(publicUrl);
  await publicPage.getByRole('heading', { name: 'Прайс-лист: NutDesk' }).waitFor();
  assert.equal(new URL(publicPage.url()).pathname, new URL(link.url).pathname, 'not sent to the sign-in page');
  await publicPage.getByText(plain(shown).replace(/ /g, '\u00a0')).or(publicPage.getByText(shown)).first().waitFor();
  const bodyText = plain(await publicPage.locator('body').innerText());
  assert.ok(bodyText.includes(plain(shown)), "the first price on the buyer's page");
  await publicPage.screenshot({ path: path.join(artifacts, 'price-list-public.png'), fullPage: false });
  // the page asked the API only for its public read, and loaded none of the signed-in code
  assert.deepEqual(
    requests.filter((p) => p.startsWith('/api/')),
    [`/api/public/price-list/${new URL(link.url).pathname.split('/p/')[1]}`],
  );
  assert.ok(
    !requests.some((p) => /\/assets\/(shell|price-list|offers-pages|reserves-pages)\./.test(p)),
    requests.join(' '),
  );
  // nothing internal in its HTML or text: names of the trader's fields, its suppliers, purchase figures
  const html = await publicPage.content();
  const suppliers = (await api(page, '/api/lists/suppliers/items')) as { name: string }[];
  for (const secret of [
    'unit_price',
    'kg_price',
    'offer_id',
    'supplier',
    'delivery_cost',
    'default_delivery',
    'marginality',
    'markup',
    'warehouse',
    'Поставщик',
    'Закуп',
    'Маржин',
    'Доставка, ₽/кг',
    'по умолчанию',
    ...suppliers.map((s) => s.name),
  ]) {
    assert.ok(!html.includes(secret) && !bodyText.includes(secret), `the buyer's page shows «${secret}»`);
  }
  await buyer.close();

  // 'Зарезервировать': the reserve card, prefilled with the offer, the city and the price
  await firstRow.getByRole('button', { name: 'Зарезервировать' }).click();
  await page.waitForURL(/\/reserves\/create\?/);
  const card = new URL(page.url()).searchParams;
  assert.equal(card.get('offer'), String(first.offer_id));
  assert.equal(card.get('city'), String(list.city.id));
  await page.getByText(`предложение № ${first.offer_id}`).waitFor();
  assert.equal(await numberValue(page.getByLabel('Цена продажи за единицу, ₽')), Number(first.unit_price));
  await assertSoon(async () => (await page.getByLabel('Город доставки').innerText()).trim(), 'Казань');
  assert.equal(await numberValue(page.getByLabel('Стоимость доставки, ₽/кг')), Number(first.delivery_cost));
  await page.screenshot({ path: path.join(artifacts, 'price-list-reserve.png'), fullPage: false });
});
