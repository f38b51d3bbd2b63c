// Scenario of the history (issue 12): the admin changes an offer's price and its warehouse delivery cost, and its
// 'История' tab shows both, in Russian, under the admin's name; the warehouse (role 8, who may not see costs) sees
// the price change alone and not who made it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { artifacts, numberValue, scenario, signedInPage } from './harness';

const ctx = scenario();

/** The entries of the open 'История' tab, each as its lines. */
async function historyLines(page: Page): Promise<string[][]> {
  const list = page.getByRole('list', { name: 'История' });
  await list.waitFor();
  return list
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => [...item.querySelectorAll('p')].map((p) => p.textContent ?? '')));
}

const nbsp = (text: string) => text.replace(/(?<=\d) (?=\d{3},)/g, '\u00a0');

test("edit an offer's price and see the change in its history tab, as the admin and as the warehouse", async () => {
  const page = await signedInPage(ctx, 'admin@nutdesk.demo', { width: 1440, height: 1000 });
  await page.goto(`${ctx.app.url}/offers?statuses_ids=active&sort=id&order=asc`);
  await page.locator('tbody tr').first().click();
  await page.waitForURL(/\/offers\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByText('О предложении').first().waitFor();

  const price = page.getByLabel('Цена за единицу, ₽');
  const old = (await numberValue(price))!;
  await price.fill(String(old + 50));
  await page.getByLabel('Стоимость доставки на склад, ₽').fill('12345');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.getByRole('button', { name: 'Изменения сохранены' }).waitFor();

  const money = (n: number) => n.toLocaleString('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const priceLine = nbsp(`Цена за единицу: ${money(old)} → ${money(old + 50)} ₽`);
  await page.getByRole('tab', { name: 'История' }).click();
  const [latest] = await historyLines(page);
  assert.match(latest[0], /^Администратор, \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  assert.ok(latest.includes(priceLine), `${priceLine} in ${JSON.stringify(latest)}`);
  assert.ok(
    latest.some((line) => line.startsWith('Доставка на склад: ') && line.endsWith(nbsp('12 345,00 ₽'))),
    JSON.stringify(latest),
  );
  await page.screenshot({ path: path.join(artifacts, 'offer-history.png'), fullPage: true });
  await page.close();

  const warehouse = await signedInPage(ctx, 'warehouse@nutdesk.demo');
  await warehouse.goto(`${ctx.app.url}/offers/${id}`);
  await warehouse.getByRole('tab', { name: 'История' }).click();
  const [seen] = await historyLines(warehouse);
  assert.equal(seen[0].replace(/, .*/, ''), 'Пользователь скрыт');
  assert.ok(seen.includes(priceLine), JSON.stringify(seen));
  assert.ok(
    !seen.some(
      (line) => line.startsWith('Доставка на склад') || line.startsWith('Мин. цена') || line.startsWith('Макс. цена'),
    ),
    JSON.stringify(seen),
  );
  await warehouse.close();
});
