// Scenario of the offer cards issue: create an offer with a photo and a comment, land on its card, find it in
// the list, change the price and watch the figures follow, open the gallery.
import { test } from 'node:test';
import path from 'node:path';
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { artifacts, scenario, signedInPage, assertSoon } from './harness';

const ctx = scenario();

/** A small real PNG (a walnut-brown square), made here rather than shipped. */
function png(path_: string) {
  const width = 64;
  const height = 48;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2; // RGB
  const rows = Buffer.concat(
    Array.from({ length: height }, () =>
      Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0x8a, 0x5a, 0x24]))]),
    ),
  );
  writeFileSync(
    path_,
    Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Picks the first real option of a select (the demo data decides the names). */
async function chooseFirst(page: Page, label: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option').nth(1).click();
}

test('create an offer with a photo and a comment, find it, change the price, open the gallery', async () => {
  mkdirSync(artifacts, { recursive: true });
  const photo = path.join(artifacts, 'walnut.png');
  png(photo);

  const page = await signedInPage(ctx, 'admin@nutdesk.demo', { width: 1440, height: 1000 });
  await page.getByRole('link', { name: 'Добавить предложение' }).click();
  await page.waitForURL('**/offers/create');
  await page.getByText('О предложении').first().waitFor();

  await choose(page, 'Выберите товар', 'Фундук');
  await chooseFirst(page, 'Поставщик');
  await chooseFirst(page, 'Упаковка');
  await choose(page, 'Город погрузки', 'Краснодар');
  await choose(page, 'Единица измерения', 'Штуки (шт)');
  await page.getByLabel('Вес одной единицы, кг').fill('25');
  await page.getByLabel('Год урожая').fill('2026');
  await page.getByLabel('Страна происхождения').fill('Азербайджан');
  await page.getByLabel('Единиц в упаковке').fill('1');
  await page.getByLabel('Количество', { exact: true }).fill('120');
  await page.getByLabel('Цена за единицу, ₽').fill('22500');
  await page.getByLabel('Адрес погрузки').fill('Краснодар, ул. Элеваторная, 12');
  await assertSoon(async () => await page.getByLabel('Цена за кг').inputValue(), '900,00');
  await assertSoon(async () => await page.getByLabel('Сумма').inputValue(), '2\u00a0700\u00a0000,00'); // the lists' Russian format;

  await page.getByLabel('Файл фото').setInputFiles(photo);
  await page.getByRole('button', { name: 'Фото 1' }).waitFor();

  await page.getByRole('tab', { name: 'Комментарии' }).click();
  await page.getByLabel('Новый комментарий').fill('Отборный, влажность 6%');
  await page.getByRole('button', { name: 'Добавить' }).click();
  await page.getByRole('tab', { name: 'Новое предложение' }).click();
  await page.screenshot({ path: path.join(artifacts, 'offer-create.png'), fullPage: true });

  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForURL(/\/offers\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('tab', { name: `Предложение № ${id}` }).waitFor();
  await page.getByRole('tab', { name: 'Комментарии' }).click();
  await page.getByText('Отборный, влажность 6%').waitFor();
  await page.getByRole('tab', { name: `Предложение № ${id}` }).click();

  // in the list
  await page.goto(`${ctx.app.url}/offers?offers_ids=${id}`);
  await page.getByText('Записей: 1').waitFor();
  await assertSoon(async () => (await page.locator('tbody tr td:nth-child(4)').innerText()).trim(), 'Фундук');
  await page.locator('tbody tr').first().click();
  await page.waitForURL(`**/offers/${id}`);

  // change the price: the figures follow before and after saving
  await page.getByLabel('Цена за единицу, ₽').fill('25000');
  await assertSoon(async () => await page.getByLabel('Цена за кг').inputValue(), '1\u00a0000,00');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.getByRole('button', { name: 'Изменения сохранены' }).waitFor();
  await page.reload();
  await page.getByText('О предложении').first().waitFor();
  await assertSoon(async () => await page.getByLabel('Цена за единицу, ₽').inputValue(), '25000');
  await assertSoon(async () => await page.getByLabel('Сумма').inputValue(), '3\u00a0000\u00a0000,00');

  await page.getByRole('button', { name: 'Открыть галерею' }).click();
  const gallery = page.getByRole('dialog', { name: 'Галерея' });
  await gallery.getByText('1 из 1').waitFor();
  await gallery.locator('img').first().waitFor();
  await page.waitForTimeout(400); // let the fade-in finish for the picture
  await page.screenshot({ path: path.join(artifacts, 'offer-gallery.png') });
  await gallery.getByRole('button', { name: 'Закрыть' }).click();
  await page.close();
});
