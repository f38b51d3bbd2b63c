// A supplier's own price list (issue 41) in Debian's Chromium against the real server and demo data: on the supplier's
// card, its XLSX (a title block above the header, its own column names, packing as text, price per kg, tonnes) is
// uploaded, the guessed columns shown, its unknown name answered once, the changes previewed and applied; the next
// month's file of the same layout goes straight to the preview, where the re-priced lot is shown old → new with %.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { scenario, signedInPage } from './harness';

const ctx = scenario();
const scratch = mkdtempSync(path.join(tmpdir(), 'nutdesk-e2e-pricelist-'));

const api = async (page: Page, url: string) => {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const res = await fetch(`${ctx.app.url}${url}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, url);
  return res.json();
};

/** The supplier's file as it sends it: a title merged over the header, a blank row, then its own columns. */
async function supplierFile(name: string, rows: (string | number)[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Прайс');
  sheet.addRow(['ООО «Орехторг»: прайс-лист, цены с НДС']);
  sheet.mergeCells(1, 1, 1, 5);
  sheet.addRow([]);
  sheet.addRow(['№', 'Наименование', 'Фасовка', 'Цена, руб/кг', 'Остаток, т']);
  for (const r of rows) sheet.addRow(r);
  const file = path.join(scratch, name);
  await book.xlsx.writeFile(file);
  return file;
}

async function uploadOnCard(page: Page, file: string) {
  await page.getByRole('button', { name: 'Загрузить прайс поставщика' }).click();
  const dialog = page.getByRole('dialog', { name: /Загрузить прайс поставщика/ });
  await dialog.getByLabel('Файл прайса поставщика').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Загрузить', exact: true }).click();
  return dialog;
}

test("upload, map, answer a name, preview, apply; the next month's file goes straight to the preview", async () => {
  const page = await signedInPage(ctx);
  const suppliers = await api(page, '/api/suppliers?perPage=20&sort=id&order=asc');
  const supplierId: number = suppliers.data[0].id;
  await page.goto(`${ctx.app.url}/suppliers/${supplierId}`);

  const november = await supplierFile('ноябрь.xlsx', [
    [1, 'Кешью W-320 Вьетнам', 'короб 22,68 кг', 850, '2,268'],
    [2, 'Миндаль Нонпарель', 'мешок 25 кг', '1 200,50', 5],
  ]);
  let dialog = await uploadOnCard(page, november);
  // the header under the title block, its columns guessed
  await dialog.getByRole('combobox', { name: 'Столбец 4 «Цена, руб/кг»' }).waitFor();
  assert.match(await dialog.getByRole('combobox', { name: 'Столбец 4 «Цена, руб/кг»' }).innerText(), /Цена за кг, ₽/);
  assert.match(await dialog.getByRole('combobox', { name: 'Столбец 5 «Остаток, т»' }).innerText(), /Количество, т/);
  assert.equal(await dialog.getByLabel('Строка заголовка').inputValue(), '3');
  // the name not ours is asked once
  await dialog.getByRole('combobox', { name: 'Товар для «Кешью W-320 Вьетнам»' }).click();
  await page.getByRole('option', { name: 'Кешью / W320' }).click();
  assert.equal(await dialog.getByLabel('Страна для «Кешью W-320 Вьетнам»').inputValue(), 'Вьетнам');
  await dialog.getByLabel('Год урожая').fill('2019');
  await dialog.getByLabel('Страна происхождения').fill('США');
  await dialog.getByRole('button', { name: 'Показать изменения' }).click();

  await dialog.getByText('Новые партии: 2').waitFor();
  const fresh = dialog.getByRole('table', { name: 'Новые партии' });
  assert.match(await fresh.innerText(), /Кешью \/ W320[\s\S]*Коробка 22,68 кг[\s\S]*19\s278,00\s₽/);
  assert.match(await fresh.innerText(), /Миндаль \/ Нонпарель[\s\S]*Мешок 25 кг[\s\S]*30\s012,50\s₽/);
  // the supplier's demo lots are not in this file: they stay this time
  const gone = dialog.getByRole('checkbox', { name: /Нет в прайсе \(будут сняты\)/ });
  if (await gone.isEnabled()) await gone.uncheck();
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await dialog.getByText('Прайс применён: +2 новых, 0 изменены, 0 сняты').waitFor();
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  const uploads = page.getByRole('table', { name: 'Прайсы поставщика' });
  await uploads.getByText('+2 новых, 0 изменены, 0 сняты').waitFor();

  const offers = await api(page, `/api/offers?suppliers_ids=${supplierId}&harvest_years=2019&sort=id&order=asc`);
  assert.deepEqual(
    offers.data.map((o: { unit_price: string; unit_amount: string }) => [o.unit_price, o.unit_amount]),
    [
      ['19278.00', '100.00'],
      ['30012.50', '200.00'],
    ],
  );

  // the next month: the same layout, no question asked
  const december = await supplierFile('декабрь.xlsx', [
    [1, 'Кешью W-320 Вьетнам', 'короб 22,68 кг', 900, '2,268'],
    [2, 'Миндаль Нонпарель', 'мешок 25 кг', '1 200,50', 5],
  ]);
  dialog = await uploadOnCard(page, december);
  await dialog.getByText('Изменились: 1').waitFor();
  assert.match(
    await dialog.getByRole('table', { name: 'Изменились' }).innerText(),
    /19\s278,00\s₽ → 20\s412,00\s₽ \(\+5,9 %\)/,
  );
  await dialog.getByText('Без изменений: 1').waitFor();
  if (await gone.isEnabled()) await gone.uncheck();
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await dialog.getByText('Прайс применён: +0 новых, 1 изменены, 0 сняты').waitFor();
  const after = await api(page, `/api/offers/${offers.data[0].id}`);
  assert.equal(after.unit_price, '20412.00');
});
