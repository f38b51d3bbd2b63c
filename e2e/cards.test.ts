// Scenario of the cards issue (10): a city with its delivery to two cities; an employee with a phone, a
// supplier with an INN; a product with a variety used on a new offer; a duplicate showing its link; a reserve
// delivered to the new city takes its cost and days from the matrix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { artifacts, scenario, signedInPage, assertSoon } from './harness';

const ctx = scenario();
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
async function chooseFirst(page: Page, label: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option').nth(1).click();
}
/** The input's value once it settles on `expected` (the card loads its rows after it opens), or the last seen. */
async function settledValue(locator: ReturnType<Page['getByLabel']>, expected: string): Promise<string> {
  let value = '';
  for (let i = 0; i < 50; i++) {
    value = await locator.inputValue();
    if (value === expected) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return value;
}
const idFromUrl = (page: Page) => Number(new URL(page.url()).pathname.split('/').pop());

test('a city with its delivery to two cities, kept after a reload and changed on its card', async () => {
  mkdirSync(artifacts, { recursive: true });
  const page = await signedInPage(ctx, 'admin@nutdesk.demo', { width: 1440, height: 1000 });
  await page.goto(`${ctx.app.url}/cities/create`);
  await page.getByPlaceholder('Введите название города').fill('Орехогорск');
  const search = page.getByLabel('Поиск города');
  await search.fill('моск');
  await page.getByLabel('Москва: стоимость доставки', { exact: true }).fill('14');
  await page.getByLabel('Москва: срок доставки', { exact: true }).fill('2');
  await search.fill('казан');
  await page.getByLabel('Казань: стоимость доставки', { exact: true }).fill('9.5');
  await page.getByLabel('Казань: срок доставки', { exact: true }).fill('1');
  await search.fill('');
  await assertSoon(async () => await page.getByLabel('Омск: стоимость доставки', { exact: true }).inputValue(), '');
  await shot(page, 'city-create');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForURL(/\/cities\/\d+$/);
  const id = idFromUrl(page);
  await page.getByText('Активный').waitFor();
  assert.equal(await settledValue(page.getByLabel('Москва: стоимость доставки', { exact: true }), '14'), '14');
  // typed with a point, shown once saved with the Russian comma (issue 35)
  await assertSoon(
    async () => await page.getByLabel('Казань: стоимость доставки', { exact: true }).inputValue(),
    '9,5',
  );

  // change one route on the edit card: one PUT, kept after a reload
  await page.getByLabel('Казань: срок доставки', { exact: true }).fill('3');
  const put = page.waitForRequest(
    (r) => r.method() === 'PUT' && new URL(r.url()).pathname.endsWith(`/api/cities/${id}/delivery`),
  );
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const sent = (await put).postDataJSON() as { cost: string; days: string }[];
  assert.deepEqual(
    sent.map((r) => [r.cost, r.days]),
    [['9.5', '3']],
  );
  await page.getByRole('button', { name: 'Изменения сохранены' }).waitFor();
  await page.reload();
  await page.getByLabel('Казань: срок доставки', { exact: true }).waitFor();
  assert.equal(await settledValue(page.getByLabel('Казань: срок доставки', { exact: true }), '3'), '3');
  await shot(page, 'city-card');

  // the new city shows in another city's table with an empty cost
  await page.goto(`${ctx.app.url}/cities?cities=Москва`);
  await page.locator('tbody tr[data-row-id] a.cell-link').first().click();
  await page.waitForURL(/\/cities\/\d+$/);
  const moscowId = idFromUrl(page);
  await page.getByLabel('Поиск города').fill('орехо');
  await assertSoon(
    async () => await page.getByLabel('Орехогорск: стоимость доставки', { exact: true }).inputValue(),
    '',
  );

  // Москва → Орехогорск given a cost and days: a reserve of an offer loading in Москва, delivered to the new
  // city, takes them from the matrix
  await page.getByLabel('Орехогорск: стоимость доставки', { exact: true }).fill('12.4');
  await page.getByLabel('Орехогорск: срок доставки', { exact: true }).fill('4');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.getByRole('button', { name: 'Изменения сохранены' }).waitFor();
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const offers = await fetch(
    `${ctx.app.url}/api/offers?statuses_ids=active&cities_ids=${moscowId}&sort=available_amount&order=desc&perPage=20`,
    {
      headers: { Authorization: `Bearer ${token}` },
    },
  ).then((r) => r.json() as Promise<{ data: { id: number; city?: { name: string } }[] }>);
  const offer = offers.data[0];
  assert.equal(offer?.city?.name, 'Москва');
  await page.goto(`${ctx.app.url}/reserves/create?offer=${offer.id}`);
  await choose(page, 'Город доставки', 'Орехогорск');
  assert.equal(await settledValue(page.getByLabel('Стоимость доставки, ₽/кг', { exact: true }), '12,4'), '12,4');
  await assertSoon(async () => await page.getByLabel('Дней доставки', { exact: true }).inputValue(), '4');
  await shot(page, 'reserve-to-new-city');
  await page.close();
});

test('an employee with a phone, a supplier with an INN', async () => {
  const page = await signedInPage(ctx, 'admin@nutdesk.demo', { width: 1440, height: 1000 });
  await page.goto(`${ctx.app.url}/employees/create`);
  await page.getByPlaceholder('Введите имя сотрудника').fill('Орлов Иван Петрович');
  await page.getByLabel('Телефон').click();
  await assertSoon(async () => await page.getByLabel('Телефон').inputValue(), '+7');
  await page.getByLabel('Телефон').pressSequentially('9123456789');
  await assertSoon(async () => await page.getByLabel('Телефон').inputValue(), '+7 (912) 345-67-89');
  await page.getByLabel('Email').fill('i.orlov@nutdesk.demo');
  await chooseFirst(page, 'Должность');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForURL(/\/employees\/\d+$/);
  await page.getByText('Показатели').waitFor();
  assert.equal(await settledValue(page.getByLabel('Телефон'), '+7 (912) 345-67-89'), '+7 (912) 345-67-89');
  await page.getByText('Резервов пока нет').waitFor();
  await shot(page, 'employee-card');

  await page.goto(`${ctx.app.url}/suppliers/create`);
  await page.getByPlaceholder('Введите название поставщика').fill('ООО «Ядро Поволжья»');
  await page.getByLabel('Email').fill('sales@yadro-volga.ru');
  await page.getByLabel('Телефон').click();
  await page.getByLabel('Телефон').pressSequentially('8432001020');
  await page.getByLabel('Контактное лицо').fill('Гарипов Ильдар');
  await page.getByLabel('ИНН').fill('1655999001');
  await choose(page, 'Город', 'Казань');
  await page.getByLabel('Адрес').fill('Казань, ул. Складская, 7');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForURL(/\/suppliers\/\d+$/);
  await page.getByText('Показатели').waitFor();
  await assertSoon(async () => await page.getByLabel('Телефон').inputValue(), '+7 (843) 200-10-20');
  await assertSoon(async () => await page.getByLabel('ИНН').inputValue(), '1655999001');
  // the address takes two columns of the block: a whole street and house number stay readable
  const width = async (name: string) => (await page.locator(`[data-field="${name}"]`).boundingBox())!.width;
  assert.ok((await width('location')) > 1.9 * (await width('email')), 'the address field spans two columns');
  await page.getByText('Предложений пока нет').waitFor();
  await shot(page, 'supplier-card');
  await page.close();
});

test('a product with a variety, used with that variety on a new offer', async () => {
  const page = await signedInPage(ctx, 'admin@nutdesk.demo', { width: 1440, height: 1000 });
  await page.goto(`${ctx.app.url}/products/create`);
  await page.getByPlaceholder('Введите название товара').fill('Пекан Стюарт');
  await page.getByLabel('Новый сорт').fill('Стюарт отборный');
  await page.getByRole('button', { name: 'Добавить сорт' }).click();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForURL(/\/products\/\d+$/);
  await page.getByText('Стюарт отборный').waitFor();
  await shot(page, 'product-card');

  await page.goto(`${ctx.app.url}/offers/create`);
  await page.getByText('О предложении').first().waitFor();
  await choose(page, 'Выберите товар', 'Пекан Стюарт');
  await choose(page, 'Сорт', 'Стюарт отборный');
  await chooseFirst(page, 'Поставщик');
  await chooseFirst(page, 'Упаковка');
  await choose(page, 'Город погрузки', 'Казань');
  await choose(page, 'Единица измерения', 'Килограммы (кг)');
  await page.getByLabel('Год урожая').fill('2025');
  await page.getByLabel('Страна происхождения').fill('США');
  await page.getByLabel('Единиц в упаковке').fill('10');
  await page.getByLabel('Количество', { exact: true }).fill('500');
  await page.getByLabel('Цена за единицу, ₽').fill('1450');
  await page.getByLabel('Адрес погрузки').fill('Казань, ул. Складская, 7');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForURL(/\/offers\/\d+$/);
  await page.getByText('Резервирование').waitFor();
  await assertSoon(
    async () => (await page.getByRole('combobox', { name: 'Выберите товар' }).innerText()).trim(),
    'Пекан Стюарт',
  );
  await assertSoon(
    async () => (await page.getByRole('combobox', { name: 'Сорт' }).innerText()).trim(),
    'Стюарт отборный',
  );
  await page.close();
});

test('a duplicate shows the link to the existing record, opening it with ?withDeleted in a new tab', async () => {
  const page = await signedInPage(ctx, 'admin@nutdesk.demo', { width: 1440, height: 1000 });
  await page.goto(`${ctx.app.url}/cities/create`);
  await page.getByPlaceholder('Введите название города').fill('москва');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const alert = page.getByRole('alert');
  await alert.getByText('Город с таким названием уже есть').waitFor();
  const link = alert.getByRole('link', { name: /^Посмотреть город: \d+$/ });
  const id = (await link.innerText()).split(': ')[1];
  assert.equal(await link.getAttribute('href'), `/cities/${id}?withDeleted`);
  assert.equal(await link.getAttribute('target'), '_blank');
  await shot(page, 'city-duplicate');
  const [opened] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await opened.getByPlaceholder('Введите название города').waitFor();
  assert.equal(await opened.getByPlaceholder('Введите название города').inputValue(), 'Москва');
  await opened.close();
  await page.close();
});
