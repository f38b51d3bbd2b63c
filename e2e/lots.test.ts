// Scenario of issue 40, in Debian's Chromium against the real server and demo data: a lot in transit with two
// reserves (the reserve card says it waits for the lot), 'Принять поступление' with less than was reserved, and
// the later reserve cut (first come, first served, the business setting's default).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import dayjs from 'dayjs';
import { artifacts, scenario, signedInPage, assertSoon } from './harness';

const ctx = scenario();

async function call(page: Page, method: string, url: string, body?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const res = await fetch(`${ctx.app.url}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

test('a lot in transit, two reserves, a short arrival: the later reserve is cut', async () => {
  const page = await signedInPage(ctx, 'admin@nutdesk.demo', { width: 1440, height: 1100 });
  // the references of a demo offer, for a lot of 100 kg at 300 ₽ expected in 20 days
  const { body: list } = await call(page, 'GET', '/api/offers?statuses_ids=active&perPage=20');
  const { body: model } = await call(page, 'GET', `/api/offers/${list.data[0].id}`);
  const arrival = dayjs().add(20, 'day').format('YYYY-MM-DD');
  const created = await call(page, 'POST', '/api/offers', {
    product_id: model.product_id,
    packing_id: model.packing_id,
    city_id: model.city_id,
    supplier_id: model.supplier_id,
    harvest_year: '2011',
    origin_country: 'Иран',
    unit_measure: 'кг',
    unit_weight: '1',
    units_per_pack: '10',
    unit_amount: '100',
    unit_price: '300',
    warehouse_cost: '0',
    loading_address: 'Новороссийск, морской порт',
    logistics_state: 'in_transit',
    expected_arrival: arrival,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const lot = created.body;
  const { body: settings } = await call(page, 'POST', '/api/settings', ['delivery_cost_default']);
  const { body: employees } = await call(page, 'GET', '/api/lists/employees/items');
  const reserve = async (amount: string) => {
    const res = await call(page, 'POST', '/api/reserves', {
      offer_id: lot.id,
      amount,
      unit_selling_price: lot.max_unit_price,
      estimated_date_implementation: dayjs(arrival).add(3, 'day').format('YYYY-MM-DD'),
      buyer_name: 'ООО «Орех»',
      buyer_phone: '+7 (912) 345-67-89',
      city_id: model.city_id,
      delivery_address: 'Казань, ул. Баумана, 5',
      delivery_cost: settings.delivery_cost_default,
      delivery_days: '3',
      responsible_id: employees[0].id,
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as number;
  };
  const first = await reserve('40');
  const second = await reserve('50');

  // the reserve card says it waits for the lot
  await page.goto(`${ctx.app.url}/reserves/${first}`);
  await page.getByText(`Под поступление, ожидается ${dayjs(arrival).format('DD.MM.YYYY')}`, { exact: true }).waitFor();

  // the offer card: in transit, expected that day; 70 of the 100 came
  await page.goto(`${ctx.app.url}/offers/${lot.id}`);
  await page.getByRole('tab', { name: `Предложение № ${lot.id}` }).waitFor();
  await assertSoon(
    async () => await page.locator('input[name="expected_arrival"]').inputValue(),
    dayjs(arrival).format('DD.MM.YYYY'),
  );
  await page.getByRole('button', { name: 'Принять поступление' }).click();
  const dialog = page.getByRole('dialog', { name: 'Принять поступление' });
  // the expected weight prefilled; typed with the Russian comma it is taken as well (issue 35)
  assert.equal(await dialog.getByLabel('Получено, кг').inputValue(), '100');
  await dialog.getByLabel('Получено, кг').fill('70,0');
  await page.screenshot({ path: path.join(artifacts, 'lot-arrival.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Принять' }).click();
  await page.getByText('Поступление принято. Сокращены резервы: 1', { exact: true }).waitFor();
  // the card goes on from the offer on stock: its quantity is what came, the button is gone
  await assertSoon(async () => await page.getByLabel('Количество', { exact: true }).inputValue(), '70');
  await assertSoon(async () => await page.getByRole('button', { name: 'Принять поступление' }).count(), 0);

  // 90 reserved, 70 came: the later reserve gives 20 of its 50, the earlier keeps its 40
  await page.goto(`${ctx.app.url}/reserves/${second}`);
  await page.getByRole('tab', { name: `Резерв № ${second}` }).waitFor();
  await assertSoon(async () => await page.getByLabel('Количество', { exact: true }).inputValue(), '30');
  await assertSoon(async () => await page.getByText(/^Под поступление/).count(), 0);
  await page.screenshot({ path: path.join(artifacts, 'lot-reserve-cut.png'), fullPage: true });
  await page.goto(`${ctx.app.url}/reserves/${first}`);
  await page.getByRole('tab', { name: `Резерв № ${first}` }).waitFor();
  await assertSoon(async () => await page.getByLabel('Количество', { exact: true }).inputValue(), '40');

  const { body: after } = await call(page, 'GET', `/api/offers/${lot.id}`);
  assert.deepEqual(
    [after.logistics_state, after.unit_amount, after.reserved_amount, after.available_amount],
    ['stock', '70.00', '70.00', '0.00'],
  );
});
