// Scenario of issue 39, in Debian's Chromium against the real server and demo data: an imported lot lacks its
// phytosanitary certificate; the administrator adds one on the offer card that expires in ten days (the business
// day), the card and the list say 'Истекает через 10 дн.', and the expiry job (run every 2 s here) tells the
// offer's author through the bell.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import dayjs from 'dayjs';
import { artifacts, scenario, signedInPage } from './harness';
import { addDays, businessToday, TIME_ZONE_DEFAULT } from '../domain/businessDay';

const ctx = scenario({ DOCUMENT_NOTICES_EVERY_SECONDS: '2' });

async function call(page: Page, method: string, url: string, body?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const res = await fetch(`${ctx.app.url}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A day typed into a picker of the dialog as a person does: the day section, then the digits. */
async function typeDay(page: Page, label: string, day: string) {
  await page.getByRole('dialog').getByRole('group', { name: label }).getByRole('spinbutton', { name: 'День' }).click();
  await page.keyboard.type(dayjs(day).format('DDMMYYYY'));
}

const bellCount = async (page: Page) =>
  Number((await page.getByRole('button', { name: /^Уведомления: \d+$/ }).getAttribute('aria-label'))!.split(': ')[1]);

test('a phytosanitary certificate that expires in ten days: the state says so and the author is told', async () => {
  const page = await signedInPage(ctx, 'admin@nutdesk.demo', { width: 1440, height: 1100 });
  // the demo's business zone is the default one (Europe/Moscow): its day is the card's and the job's
  const today = businessToday(TIME_ZONE_DEFAULT);
  const until = addDays(today, 10);
  // an imported lot of the administrator's own (the notices go to the offer's author)
  const { body: list } = await call(page, 'GET', '/api/offers?statuses_ids=active&perPage=20');
  const { body: model } = await call(page, 'GET', `/api/offers/${list.data[0].id}`);
  const created = await call(page, 'POST', '/api/offers', {
    product_id: model.product_id,
    packing_id: model.packing_id,
    city_id: model.city_id,
    supplier_id: model.supplier_id,
    harvest_year: '2010',
    origin_country: 'Турция',
    unit_measure: 'кг',
    unit_weight: '1',
    units_per_pack: '10',
    unit_amount: '100',
    unit_price: '300',
    warehouse_cost: '0',
    loading_address: 'Новороссийск, морской порт',
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const lot = created.body;

  await page.goto(`${ctx.app.url}/offers/${lot.id}`);
  const state = page.getByTestId('documents-state');
  await state.filter({ hasText: 'Состояние документов: Не хватает: Фитосанитарный сертификат' }).waitFor();
  const bellBefore = await bellCount(page);

  await page.getByRole('button', { name: 'Добавить документ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый документ' });
  await dialog.getByRole('combobox', { name: 'Тип документа' }).click();
  await page.getByRole('option', { name: 'Фитосанитарный сертификат' }).click();
  await dialog.getByLabel('Номер').fill('ФС-2026/118');
  await typeDay(page, 'Дата выдачи', addDays(today, -5));
  await typeDay(page, 'Действует до', until);
  await dialog.getByLabel('Кем выдан').fill('Россельхознадзор');
  await dialog.getByRole('checkbox', { name: 'Можно показывать покупателю' }).check();
  await dialog.getByLabel('Файл документа').setInputFiles({
    name: 'фитосертификат.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%фито\n'),
  });
  await page.screenshot({ path: path.join(artifacts, 'documents-add.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await dialog.waitFor({ state: 'detached' });

  // the card: the state of the lot's papers, and the document in its table
  await state
    .filter({ hasText: `Состояние документов: Истекает через 10 дн. · до ${dayjs(until).format('DD.MM.YYYY')}` })
    .waitFor();
  const row = page.getByTestId('document-row');
  assert.equal(await row.count(), 1);
  const cells = await row.locator('td').allInnerTexts();
  assert.deepEqual(cells.slice(0, 5), [
    'Фитосанитарный сертификат',
    'ФС-2026/118',
    dayjs(addDays(today, -5)).format('DD.MM.YYYY'),
    dayjs(until).format('DD.MM.YYYY'),
    'Россельхознадзор',
  ]);
  assert.equal(cells[6], 'Да');

  // the job tells the offer's author: the bell counts it without a reload, and its list says what expires
  const text = `Фитосанитарный сертификат № ФС-2026/118 предложения № ${lot.id} истекает через 10 дн. (${dayjs(until).format('DD.MM.YYYY')})`;
  for (let i = 0; i < 200 && (await bellCount(page)) <= bellBefore; i++) await page.waitForTimeout(100);
  assert.ok((await bellCount(page)) > bellBefore, 'the bell counts the notice');
  await page.getByRole('button', { name: /^Уведомления: \d+$/ }).click();
  await page.getByText(text, { exact: true }).waitFor();
  await page.screenshot({ path: path.join(artifacts, 'documents-notice.png'), fullPage: true });
  await page.keyboard.press('Escape');

  // told once: the next runs give no second notice of it
  await page.waitForTimeout(5000);
  const { body: notices } = await call(page, 'GET', '/api/notifications');
  assert.equal((notices.items as { text: string }[]).filter((n) => n.text === text).length, 1);

  // the stored document, as the server has it
  const { body: after } = await call(page, 'GET', `/api/offers/${lot.id}`);
  assert.deepEqual(after.documents_state, {
    state: 'expiring',
    missing: [],
    expired: [],
    blocking: [],
    expires_on: until,
    days_left: 10,
  });
  assert.deepEqual(
    after.documents.map(
      (d: { type: { name: string }; number: string; valid_until: string; shareable: boolean; name: string }) => [
        d.type.name,
        d.number,
        d.valid_until,
        d.shareable,
        d.name,
      ],
    ),
    [['Фитосанитарный сертификат', 'ФС-2026/118', until, true, 'фитосертификат.pdf']],
  );
});
