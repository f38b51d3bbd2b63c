// Scenario of money in currencies, in Debian's Chromium against the real server and demo data: the administrator
// makes a container's shipment, picks its lot and types its costs (freight in dollars at the rate paid, the broker in
// rubles) and reads the lot's landed cost per kg on the shipment card; the manager opens the lot, sees the waterfall
// (goods → freight → broker) and reserves it. The lot is bought in USD at the daily rate (85,50, stored by hand as
// where no feed is reachable); the administrator then types today's USD at 90,00 and the manager's bell brings the
// margins' check's notification 'Резерв № N: маржа … % при курсе USD 90,00 (было 85,50)'.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import dayjs from 'dayjs';
import { scenario, signedInPage } from './harness';
import { addDays, businessToday, TIME_ZONE_DEFAULT } from '../domain/businessDay';

const ctx = scenario();

const api = async (page: Page, url: string, method = 'GET', body?: unknown) => {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const res = await fetch(`${ctx.app.url}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

const bellCount = async (page: Page) =>
  Number((await page.getByRole('button', { name: /^Уведомления: \d+$/ }).getAttribute('aria-label'))!.split(': ')[1]);

/** Kopecks of a decimal text ('797.85' → 79785n). */
const kopecks = (text: string) => {
  const [whole, part = ''] = String(text).split('.');
  return BigInt(whole) * 100n + BigInt((part + '00').slice(0, 2));
};
/** '874,89 ₽/кг' as the cards show it (the group separator a narrow no-break space). */
const perKg = (k: bigint) =>
  `${new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2 }).format(Number(k) / 100)} ₽/кг`;
const norm = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test("the administrator enters a container's costs; the manager sees the lot's waterfall and reserves it", async () => {
  const admin = await signedInPage(ctx, 'admin@nutdesk.demo', { width: 1440, height: 1100 });
  // an active kilogram lot with plenty left
  const { body: list } = await api(
    admin,
    '/api/offers?statuses_ids=active&sort=available_amount&order=desc&perPage=50',
  );
  const picked = (list.data as Record<string, string>[]).find((o) => o.unit_measure === 'кг');
  assert.ok(picked, JSON.stringify(list.data?.[0]));
  const offerId = Number(picked.id);
  // bought in USD at the daily rate: yesterday's 85,50 is in force today; the ruble price follows (× 85,50, half up)
  const today = businessToday(TIME_ZONE_DEFAULT);
  const yesterday = addDays(today, -1);
  assert.equal((await api(admin, `/api/currency-rates/${yesterday}/USD`, 'PUT', { unit_rate: '85,50' })).status, 201);
  const usdPrice = (Number(picked.unit_price) / 85.5).toFixed(2);
  const bought = await api(admin, `/api/offers/${offerId}`, 'PATCH', {
    version: Number((await api(admin, `/api/offers/${offerId}`)).body.version),
    purchase_currency: 'USD',
    purchase_price: usdPrice,
    rate_policy: 'daily',
  });
  assert.equal(bought.status, 200, JSON.stringify(bought.body));
  const offer = (await api(admin, `/api/offers/${offerId}`)).body as Record<string, string>;
  assert.equal(kopecks(offer.unit_price), (kopecks(usdPrice) * 8550n + 50n) / 100n);
  const kg = Number(offer.unit_amount);
  // the lot's goods in rubles, 6 000 USD of freight at 88,00 and 185 000 ₽ of broker, over its kilograms, half up
  const goods = kopecks(String(Math.round(kg * Number(offer.unit_price) * 100) / 100));
  const total = goods + 6000n * 8800n + 18_500_000n;
  const kgHundredths = BigInt(Math.round(kg * 100));
  const landed = (total * 100n * 2n + kgHundredths) / (2n * kgHundredths);

  await admin.goto(`${ctx.app.url}/shipments`);
  await admin.getByRole('link', { name: 'Добавить поставку' }).click();
  await admin.getByPlaceholder('Введите название поставки').fill('Контейнер MSKU 7654321');
  await admin.getByLabel('Номер ДТ').fill('10702070/051226/3001234');
  await admin.getByLabel('Лоты поставки').fill(`№ ${offerId} `);
  await admin.getByRole('option', { name: new RegExp(`^№ ${offerId} ·`) }).click();

  await admin.getByRole('tab', { name: 'Расходы' }).click();
  await admin.getByRole('button', { name: 'Добавить строку' }).click();
  await admin.getByRole('button', { name: 'Добавить строку' }).click();
  await choose(admin, 'Строка 1: Вид расхода', 'Фрахт за рубежом');
  await admin.getByLabel('Строка 1: Сумма').fill('6000');
  await choose(admin, 'Строка 1: Валюта', 'USD');
  await admin.getByLabel('Строка 1: Курс').fill('88,00');
  await choose(admin, 'Строка 1: Статус', 'Факт');
  await choose(admin, 'Строка 2: Вид расхода', 'Брокер');
  await admin.getByLabel('Строка 2: Сумма').fill('185000');
  await choose(admin, 'Строка 2: Статус', 'Факт');
  await admin.getByRole('button', { name: 'Сохранить' }).click();
  await admin.waitForURL((url) => /^\/shipments\/\d+$/.test(url.pathname), { timeout: 90_000 });
  const shipmentId = Number(new URL(admin.url()).pathname.split('/').pop());

  await admin.getByRole('tab', { name: 'Себестоимость' }).click();
  const lot = admin.getByRole('list', { name: `Себестоимость за кг: Лот № ${offerId}` });
  await lot.waitFor();
  const steps = (await lot.getByRole('listitem').allTextContents()).map(norm);
  assert.deepEqual(
    steps.map((s) => s.replace(/[\d\s,]+ ₽\/кг$/, '')),
    ['Товар (оплата поставщику)', 'Фрахт за рубежом', 'Брокер', 'Итого себестоимость'],
  );
  assert.equal(steps.at(-1), norm(`Итого себестоимость${perKg(landed)}`));
  await admin.getByText('По фактическим расходам').waitFor();
  await admin.screenshot({ path: '/tmp/shipui-shipment.png', fullPage: true });
  // the shipment is in its list
  await admin.goto(`${ctx.app.url}/shipments`);
  await admin.getByRole('link', { name: String(shipmentId), exact: true }).waitFor();

  // the manager: the lot's card shows the waterfall and the shipment, and the lot is reserved
  const manager = await signedInPage(ctx, 'manager@nutdesk.demo', { width: 1440, height: 1100 });
  await manager.goto(`${ctx.app.url}/offers/${offerId}`);
  const waterfall = manager.getByRole('list', { name: 'Себестоимость за кг' });
  await waterfall.waitFor();
  assert.equal(
    norm(await waterfall.getByRole('listitem').last().textContent()),
    norm(`Итого себестоимость${perKg(landed)}`),
  );
  await manager.getByRole('link', { name: 'Поставка «Контейнер MSKU 7654321»' }).waitFor();
  await waterfall.scrollIntoViewIfNeeded();
  await manager.screenshot({ path: '/tmp/shipui-waterfall.png', fullPage: true });

  await manager.getByRole('link', { name: 'Зарезервировать' }).click();
  await manager.waitForURL((url) => url.pathname === '/reserves/create');
  await manager.getByRole('combobox', { name: 'Город доставки' }).click();
  await manager.getByRole('option').nth(2).click();
  await manager.waitForFunction(
    () => (document.querySelector('input[name="delivery_cost"]') as HTMLInputElement | null)?.value !== '',
  );
  await manager.getByLabel('Дней доставки').fill('4');
  await manager.getByLabel('Адрес доставки').fill('ул. Баумана, 5, склад 2');
  await manager.getByLabel('Покупатель').fill('ООО «Ореховый дом»');
  await manager.getByLabel('Телефон покупателя').pressSequentially('89123456789');
  await manager
    .getByRole('group', { name: 'Дата реализации' })
    .getByRole('button', { name: /^Выберите дату/ })
    .click();
  const tomorrow = dayjs(addDays(today, 1));
  await manager.getByRole('grid').waitFor();
  if (tomorrow.month() !== dayjs(today).month())
    await manager.getByRole('button', { name: /следующий месяц|Next month/i }).click();
  await manager.getByRole('gridcell', { name: String(tomorrow.date()), exact: true }).click();
  await manager.getByRole('grid').waitFor({ state: 'detached' });
  // the amount typed once the card has read the lot and the delivery (a later read of the lot reset it)
  await manager.getByLabel('Количество', { exact: true }).fill(String(Number(offer.units_per_pack || 1) * 2));
  // the band is computed once the lot and the delivery are read
  await manager.waitForFunction(() =>
    [...document.querySelectorAll('label')].some(
      (l) =>
        l.textContent === 'Минимальная цена продажи, ₽' &&
        /\d/.test((document.getElementById(l.htmlFor) as HTMLInputElement | null)?.value ?? ''),
    ),
  );
  const minPrice = await manager.getByLabel('Минимальная цена продажи, ₽').inputValue();
  await manager.getByLabel('Цена продажи за единицу, ₽').fill(minPrice);
  await manager.getByRole('button', { name: 'Сохранить' }).click();
  // a busy machine is slow to create it: the wait is long, not a timing assumption
  try {
    await manager.waitForURL((url) => /^\/reserves\/\d+$/.test(url.pathname), { timeout: 30_000 });
  } catch (e) {
    await manager.screenshot({ path: '/tmp/fxui-fail3.png', fullPage: true });
    const said = await manager.locator('.Mui-error, [role="alert"]').allTextContents();
    throw new Error(`not saved: ${said.join(' | ')}`, { cause: e });
  }
  const reserveId = Number(new URL(manager.url()).pathname.split('/').pop());
  const { body: reserve } = await api(manager, `/api/reserves/${reserveId}`);
  assert.equal(Number(reserve.offer_id ?? reserve.offer?.id), offerId);

  // the rate jumps: today's USD typed at 90,00 (5,26 % over the 85,50 the reserve froze, past the 2 % threshold)
  await manager.goto(`${ctx.app.url}/reserves/${reserveId}`);
  const bellBefore = await bellCount(manager);
  assert.equal((await api(admin, `/api/currency-rates/${today}/USD`, 'PUT', { unit_rate: '90,00' })).status, 201);
  const notice = new RegExp(`^Резерв № ${reserveId}: маржа -?\\d+,\\d % при курсе USD 90,00 \\(было 85,50\\)$`);
  for (let i = 0; i < 600 && (await bellCount(manager)) <= bellBefore; i++) await manager.waitForTimeout(100);
  await manager.getByRole('button', { name: /^Уведомления: \d+$/ }).click();
  const told = manager.getByText(notice);
  await told.waitFor();
  await manager.screenshot({ path: '/tmp/fxui-notice.png', fullPage: true });
  const { body: marked } = await api(manager, '/api/reserves?margin_at_risk=true');
  assert.deepEqual(
    (marked.data as { id: number }[]).map((r) => Number(r.id)),
    [reserveId],
  );
});
