// Scenarios of issue 25: three offers' prices raised 5 % at once (the preview, the new prices in the list, one history
// entry each); an offer deleted and restored from the trash; the offers list worked from the keyboard alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { adjustedMoney } from '../domain/bulk';
import { formatMoney } from '../domain/format';
import { artifacts, scenario, signedInPage, assertSoon } from './harness';

const ctx = scenario();

/** A GET of the API as the signed-in page makes it. */
const api = <T>(page: Page, url: string) =>
  page.evaluate(async (u) => {
    const res = await fetch(u, { headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}` } });
    return res.json();
  }, url) as Promise<T>;

type Offer = { id: number; unit_price: string; reserved_amount: string; status: string };
type Entry = { action: string; changes: { field: string; old: unknown; new: unknown }[] };

/** The text of the cells of a column (by its header's title) in the rows of these records. */
async function columnTexts(page: Page, title: string, ids: number[]): Promise<string[]> {
  const headers = await page.locator('thead th').allTextContents();
  const index = headers.findIndex((h) => h.trim() === title);
  assert.ok(index >= 0, `no column ${title} in ${JSON.stringify(headers)}`);
  return Promise.all(ids.map((id) => page.locator(`tbody tr[data-row-id="${id}"] > td`).nth(index).innerText()));
}

const LIST = '/offers?statuses_ids=active&sort=id&order=asc';

test('select 3 offers, raise the price 5 %: the preview, the new prices in the list, one history entry each', async () => {
  const page = await signedInPage(ctx, 'admin@nutdesk.demo', { width: 1440, height: 1000 });
  await page.goto(`${ctx.app.url}${LIST}`);
  await page.getByText(/^Записей: \d+/).waitFor();
  const offers = (await api<{ data: Offer[] }>(page, `/api${LIST}&perPage=20`)).data.slice(0, 3);
  const ids = offers.map((o) => o.id);
  const before = await Promise.all(ids.map((id) => api<Entry[]>(page, `/api/offers/${id}/history`)));

  for (const id of ids) await page.getByRole('checkbox', { name: `Выбрать строку ${id}`, exact: true }).check();
  await page.getByRole('button', { name: 'Изменить выбранные' }).click();
  const dialog = page.getByRole('dialog', { name: 'Изменение выбранных записей: 3' });
  await dialog.getByRole('checkbox', { name: 'Цена за единицу, ₽' }).check();
  await dialog.getByRole('radio', { name: 'На ±%' }).check();
  await dialog.getByLabel('Цена за единицу, ₽: Изменение, %').fill('5');
  const expected = offers.map((o) => formatMoney(adjustedMoney(o.unit_price, 5)));
  const preview = await dialog
    .getByTestId('bulk-preview')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
  assert.deepEqual(
    preview,
    offers.map((o, i) => [`№ ${o.id}`, 'Цена за единицу, ₽', formatMoney(o.unit_price), expected[i]]),
  );
  await page.screenshot({ path: path.join(artifacts, 'bulk-edit-preview.png') });
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await page.getByText('Изменено: 3 предложения').waitFor();

  // the list reads the new prices
  await page.waitForFunction(
    ([id, text]) => document.querySelector(`tbody tr[data-row-id="${id}"]`)?.textContent?.includes(text as string),
    [ids[0], expected[0]] as const,
  );
  assert.deepEqual(await columnTexts(page, 'Цена за единицу', ids), expected);
  // one history entry each, the price's change in it
  for (const [i, id] of ids.entries()) {
    const after = await api<Entry[]>(page, `/api/offers/${id}/history`);
    assert.equal(after.length, before[i].length + 1, `offer ${id}: one entry more`);
    assert.equal(after[0].action, 'update');
    assert.deepEqual(
      after[0].changes.find((c) => c.field === 'unit_price'),
      { field: 'unit_price', old: Number(offers[i].unit_price), new: Number(adjustedMoney(offers[i].unit_price, 5)) },
    );
  }
  // the row's variety (a plain cell) opens the offer
  await page.locator(`tbody tr[data-row-id="${ids[0]}"] > td`).nth(4).click();
  await page.waitForURL(new RegExp(`/offers/${ids[0]}$`));
  await page.getByRole('tab', { name: 'История' }).click();
  const latest = page.getByRole('list', { name: 'История' }).getByRole('listitem').first();
  await latest.waitFor();
  assert.match(await latest.innerText(), /Цена за единицу: .* → .* ₽/);
  await page.close();
});

test("delete an offer, find it under 'Удален', restore it from its card: active again, 'Восстановлено' in its history", async () => {
  const page = await signedInPage(ctx);
  const free = (
    await api<{ data: Offer[] }>(page, `/api/offers?statuses_ids=active&sort=id&order=desc&perPage=50`)
  ).data.find((o) => Number(o.reserved_amount) === 0)!;
  assert.ok(free, 'an active offer without reserves');
  await page.goto(`${ctx.app.url}/offers?offers_ids=${free.id}`);
  await page.getByRole('checkbox', { name: `Выбрать строку ${free.id}`, exact: true }).check();
  await page.getByRole('button', { name: 'Удалить выбранные строки' }).click();
  await page.getByRole('dialog', { name: 'Удалить' }).getByRole('button', { name: 'Удалить' }).click();
  await page
    .getByText('Записей: 0')
    .or(page.getByText('Нет данных'))
    .first()
    .waitFor()
    .catch(() => undefined);
  assert.equal((await api<Offer>(page, `/api/offers/${free.id}?withDeleted`)).status, 'deleted');

  // the trash: the status filter's 'Удален'
  await page.goto(`${ctx.app.url}/offers?offers_ids=${free.id}&statuses_ids=deleted`);
  await page.locator(`tbody tr[data-row-id="${free.id}"] > td`).nth(4).click();
  await page.waitForURL(new RegExp(`/offers/${free.id}\\?withDeleted$`));
  await page.getByRole('button', { name: 'Восстановить' }).click();
  await page.waitForURL(new RegExp(`/offers/${free.id}$`));
  await page.getByRole('button', { name: 'Восстановить' }).waitFor({ state: 'detached' });
  assert.equal((await api<Offer>(page, `/api/offers/${free.id}`)).status, 'active');
  await page.getByRole('tab', { name: 'История' }).click();
  const latest = page.getByRole('list', { name: 'История' }).getByRole('listitem').first();
  await latest.waitFor();
  assert.match(await latest.innerText(), /Восстановлено/);
  await page.screenshot({ path: path.join(artifacts, 'restored-offer.png') });
  await page.close();
});

test('the offers list from the keyboard alone: Tab to the table, select two rows with Space, open one with Enter', async () => {
  const page = await signedInPage(ctx);
  await page.goto(`${ctx.app.url}${LIST}`);
  await page.getByText(/^Записей: \d+/).waitFor();
  const ids = (await api<{ data: Offer[] }>(page, `/api${LIST}&perPage=20`)).data.slice(0, 3).map((o) => o.id);
  let tabs = 0;
  while (!(await page.evaluate(() => document.activeElement?.getAttribute('role') === 'grid'))) {
    assert.ok(++tabs < 60, 'the table is reached with Tab');
    await page.keyboard.press('Tab');
  }
  // the focus is visible: the active cell is outlined
  const outline = await page.evaluate(() => getComputedStyle(document.querySelector('[data-active]')!).outlineStyle);
  assert.equal(outline, 'solid');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await page.getByText(/выбрано: 2/).waitFor();
  await assertSoon(
    async () => await page.getByRole('checkbox', { name: `Выбрать строку ${ids[0]}`, exact: true }).isChecked(),
    true,
  );
  await assertSoon(
    async () => await page.getByRole('checkbox', { name: `Выбрать строку ${ids[1]}`, exact: true }).isChecked(),
    false,
  );
  await assertSoon(
    async () => await page.getByRole('checkbox', { name: `Выбрать строку ${ids[2]}`, exact: true }).isChecked(),
    true,
  );
  await page.screenshot({ path: path.join(artifacts, 'offers-keyboard.png') });
  // to a plain cell of the third row (its status), and Enter opens the offer
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/offers/${ids[2]}$`));
  await page.close();
});
