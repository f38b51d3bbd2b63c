// Scenario of issue 18: two people open one offer's card in two browsers. The warehouse sets the price and
// saves; the admin, whose card still shows the old price, fixes the loading address and saves. The admin's save
// is refused as stale: what they typed stays, 'Показать изменения' shows their value against the current one,
// 'Загрузить текущую версию' brings the warehouse's price in, and the next save keeps both edits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { artifacts, numberValue, scenario, signedInPage } from './harness';

const ctx = scenario();

test('a save made on an older version of the card loses nothing, and the current version can be loaded', async () => {
  const admin = await signedInPage(ctx, 'admin@nutdesk.demo');
  const warehouse = await signedInPage(ctx, 'warehouse@nutdesk.demo');
  // an active offer the warehouse may change: the first one in the list
  const token = await admin.evaluate(() => localStorage.getItem('auth_token'));
  const list = await (
    await fetch(`${ctx.app.url}/api/offers?statuses_ids=active`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const id = list.data[0].id as number;

  for (const page of [admin, warehouse]) {
    await page.goto(`${ctx.app.url}/offers/${id}`);
    await page.getByText('О предложении').first().waitFor();
  }
  const oldPrice = await admin.getByLabel('Цена за единицу, ₽').inputValue();
  const newPrice = String(Math.round((Number(oldPrice.replace(',', '.')) + 17) * 100) / 100);

  await warehouse.getByLabel('Цена за единицу, ₽').fill(newPrice);
  await warehouse.getByRole('button', { name: 'Сохранить' }).click();
  await warehouse.getByRole('button', { name: 'Изменения сохранены' }).waitFor();

  await admin.getByLabel('Адрес погрузки').fill('Москва, ул. Ореховая, 7');
  await admin.getByRole('button', { name: 'Сохранить' }).click();
  await admin.getByText(/^Запись изменена другим пользователем/).waitFor();
  // nothing typed is lost, and the old price is not written back
  assert.equal(await admin.getByLabel('Адрес погрузки').inputValue(), 'Москва, ул. Ореховая, 7');
  assert.equal(await admin.getByLabel('Цена за единицу, ₽').inputValue(), oldPrice);
  const stored = await (
    await fetch(`${ctx.app.url}/api/offers/${id}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  assert.equal(Number(stored.unit_price), Number(newPrice));
  assert.notEqual(stored.loading_address, 'Москва, ул. Ореховая, 7');

  // the message names the warehouse's change (who, when and what)
  await admin.getByText(/Изменено: .*Цена за единицу/).waitFor();
  await admin.getByRole('button', { name: 'Показать изменения' }).click();
  const changes = admin.getByRole('table', { name: 'Изменения записи' });
  await changes.waitFor();
  // only what the admin changed is laid out (issue 35): the address typed beside the stored one; the price, which
  // only the warehouse changed, is not 'Ваше значение'
  const addressRow = await changes.getByRole('row').filter({ hasText: 'Адрес погрузки' }).first().innerText();
  assert.ok(addressRow.includes('Москва, ул. Ореховая, 7') && addressRow.includes(stored.loading_address), addressRow);
  assert.equal(await changes.getByRole('row').filter({ hasText: 'Цена за единицу' }).count(), 0);
  await admin.screenshot({ path: path.join(artifacts, 'stale-card.png') });

  // loading the current version would throw the typed address away: asked first
  await admin.getByRole('button', { name: 'Загрузить текущую версию' }).click();
  const ask = admin.getByRole('dialog', { name: 'Загрузить текущую версию?' });
  await ask.getByText(/Адрес погрузки/).waitFor();
  await ask.getByRole('button', { name: 'Загрузить', exact: true }).click();
  await ask.waitFor({ state: 'hidden' });
  assert.equal(await numberValue(admin.getByLabel('Цена за единицу, ₽')), Number(newPrice));
  assert.equal(await admin.getByLabel('Адрес погрузки').inputValue(), stored.loading_address ?? '');
  await admin.getByLabel('Адрес погрузки').fill('Москва, ул. Ореховая, 7');
  await admin.getByRole('button', { name: 'Сохранить' }).click();
  await admin.getByRole('button', { name: 'Изменения сохранены' }).waitFor();
  const both = await (
    await fetch(`${ctx.app.url}/api/offers/${id}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  assert.equal(Number(both.unit_price), Number(newPrice));
  assert.equal(both.loading_address, 'Москва, ул. Ореховая, 7');
  await admin.close();
  await warehouse.close();
});
