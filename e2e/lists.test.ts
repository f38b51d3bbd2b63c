// Scenarios of the lists issue, in Debian's Chromium against the real server and demo data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { artifacts, filterActiveOffersOf, scenario, signedInPage as signedInAs } from './harness';

const ctx = scenario();

const signedInPage = (email?: string) => signedInAs(ctx, email);

const api = async (page: Page, url: string, init: RequestInit = {}) => {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const res = await fetch(`${ctx.app.url}${url}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  });
  return res.json();
};

const rowIds = async (page: Page) =>
  page
    .locator('tbody tr td:nth-child(2)')
    .allInnerTexts()
    .then((t) => t.map((x) => Number(x.trim())));

test('filter offers by product and status, and the link shows the same list to someone else', async () => {
  const page = await signedInPage();
  await filterActiveOffersOf(page, 'Кешью');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('statuses_ids'), 'active');
  assert.ok(url.searchParams.get('products_ids'));
  // the filtered page replaces the first one
  await page.waitForFunction(() => {
    const cells = [...document.querySelectorAll('tbody tr td:nth-child(4)')].map((td) => td.textContent?.trim());
    return cells.length > 0 && cells.every((c) => c === 'Кешью');
  });
  const ids = await rowIds(page);
  await page.screenshot({ path: path.join(artifacts, 'offers-filtered.png') });

  const other = await signedInPage('warehouse@nutdesk.demo');
  await other.goto(url.toString());
  await other.getByText(/^Записей: \d+$/).waitFor();
  assert.deepEqual(await rowIds(other), ids);
  await other.close();
  await page.close();
});

test('changing the page size goes back to page 1 and shows that many rows', async () => {
  const page = await signedInPage();
  await page.goto(`${ctx.app.url}/offers?page=3`);
  await page.getByText(/^Записей: \d+$/).waitFor();
  await page.getByRole('combobox').click();
  await page.getByRole('option', { name: '50' }).click();
  await page.waitForURL(/perPage=50/);
  assert.equal(new URL(page.url()).searchParams.get('page'), '1');
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 50);
  await page.close();
});

test('at 1024 px the offers header fits one row: the tools keep their icons and names, the add button stays beside them', async () => {
  const page = await signedInAs(ctx, 'admin@nutdesk.demo', { width: 1024, height: 800 });
  await page.goto(`${ctx.app.url}/offers`);
  await page.getByText(/^Записей: \d+$/).waitFor();
  const title = await page.getByRole('heading', { level: 1, name: 'Предложения' }).boundingBox();
  for (const name of ['Настроить таблицу', 'Экспорт', 'Импорт', 'Добавить предложение']) {
    const control = page.getByRole(name === 'Добавить предложение' ? 'link' : 'button', { name, exact: true });
    const box = await control.boundingBox();
    assert.ok(
      box && title && Math.abs(box.y + box.height / 2 - (title.y + title.height / 2)) < 12,
      `${name} is on the title's row`,
    );
    if (name !== 'Добавить предложение') assert.equal(await control.getAttribute('title'), name);
  }
  await page.close();
});

test('reorder and hide a column, reload, and the layout is kept', async () => {
  const page = await signedInPage();
  await page.goto(`${ctx.app.url}/products`);
  await page.getByText(/^Записей: \d+$/).waitFor();
  await page.getByRole('button', { name: 'Настроить таблицу' }).click();
  // keyboard drag of @hello-pangea/dnd: lift the «Статус» header, move it left, drop
  const status = page.locator('th[data-column="status"]');
  await status.focus();
  await page.keyboard.press('Space');
  // past the VAT rate, then past the name
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Space');
  await page.waitForTimeout(500); // the drop animation
  await page.screenshot({ path: path.join(artifacts, 'products-settings.png') });
  await page.getByRole('button', { name: 'Скрыть столбец «Дата создания»', exact: true }).click();
  await page.getByRole('region', { name: 'Настройка таблицы' }).getByRole('button', { name: 'Применить' }).click();
  await page.getByRole('region', { name: 'Настройка таблицы' }).waitFor({ state: 'detached' });

  await page.reload();
  await page.getByText(/^Записей: \d+$/).waitFor();
  const headers = (await page.locator('thead th').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  assert.deepEqual(headers, ['№', 'Статус', 'Название', 'Ставка НДС', 'Комментарии']);
  await page.screenshot({ path: path.join(artifacts, 'products-layout.png') });
  await page.close();
});

test('delete two offers, one with active reserves: the warning says one was kept', async () => {
  const page = await signedInPage();
  const busy = await api(page, '/api/offers?statuses_ids=active&reserved_amount_from=1&perPage=20');
  const free = await api(page, '/api/offers?statuses_ids=active&reserved_amount_to=0&perPage=20');
  const withReserves = busy.data[0].id as number;
  const without = free.data[0].id as number;
  await page.goto(`${ctx.app.url}/offers?offers_ids=${withReserves}&offers_ids=${without}`);
  await page.getByText('Записей: 2').waitFor();
  await page.getByRole('checkbox', { name: 'Выбрать все строки' }).check();
  await page.getByRole('button', { name: 'Удалить выбранные строки' }).click();
  const dialog = page.getByRole('dialog', { name: 'Удалить' });
  await dialog.getByText('Вы действительно хотите удалить выбранные предложения?').waitFor();
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await page.getByText('Успешно удалено: 1 предложение из 2. Не удалось удалить: 1 предложение.').waitFor();
  await page.getByText('Записей: 1').waitFor();
  assert.deepEqual(await rowIds(page), [withReserves]);
  await page.screenshot({ path: path.join(artifacts, 'offers-partial-delete.png') });
  await page.close();
});
