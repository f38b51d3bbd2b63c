// 'Маржа под риском' on the analytics page: the active reserves the margins' check marked, by their lot's currency,
// worked out by hand on reserves in two currencies; the money at risk is their selling sums, beside their margin at
// today's rate as the check stored it. Role 1 sees its own reserves; role 8 and a supplier's user get no such chart.
import { sql } from 'drizzle-orm';
import { createTestApp, insertRoles, type TestContext } from './testApp';
import { analyticsCallers, firstSheet } from './analyticsCallers';

let ctx: TestContext;
const tokens: Record<string, string> = {};

async function get(who: string, url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });
  return {
    status: res.statusCode,
    body: res.headers['content-type']?.toString().includes('json') ? res.json() : undefined,
    raw: res.rawPayload,
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const { db } = ctx;
  await insertRoles(db);
  await db.execute(sql`INSERT INTO products (id, name) VALUES (1, 'Фисташки'), (2, 'Фундук')`);
  await db.execute(sql`INSERT INTO cities (id, name) VALUES (1, 'Москва')`);
  await db.execute(sql`INSERT INTO suppliers (id, name, inn) VALUES (1, 'Орехпром', '7701234567')`);
  await db.execute(sql`INSERT INTO employees (id, full_name) VALUES (1, 'Иванов Иван'), (2, 'Петров Пётр')`);
  Object.assign(tokens, await analyticsCallers(db, ctx.app));
  // a lot of pistachios bought in USD and one of hazelnuts bought in TRY, both at the daily rate
  await db.execute(sql`INSERT INTO offers (id, product_id, supplier_id, city_id, unit_measure, unit_weight, unit_amount,
      unit_price, warehouse_cost, reserved_amount, status) VALUES
    (1, 1, 1, 1, 'кг', 1, 20000, 810, 10, 700, 'active'),
    (2, 2, 1, 1, 'кг', 1, 5000, 450, 10, 100, 'active')`);
  // R1, R2 (USD) and R3 (TRY) marked; R4 active unmarked; R5 marked but completed since: only the active marked count
  await db.execute(sql`INSERT INTO reserves (id, offer_id, status, amount, unit_selling_price, total_selling_sum,
      marginality, delivery_cost, offer_price_kg, costs_per_kg, unit_weight, responsible_id, buyer_name, city_id,
      margin_at_risk, risk_margin_sum, risk_currency, risk_rate) VALUES
    (1, 1, 'active',    200, 900,    180000,    9.00, 15, 810, 12, 1, 1, 'ООО «Орех»',   1, true,  5580.00, 'USD', 90),
    (2, 1, 'active',    300, 850.05, 255015,    4.20, 15, 810, 12, 1, 2, 'ИП Сидоров',   1, true, -1493.55, 'USD', 90),
    (3, 2, 'active',    100, 480,     48000,    3.10, 15, 450, 12, 1, 1, 'ЗАО «Фрукты»', 1, true,   300.25, 'TRY', 2.6),
    (4, 1, 'active',    100, 1000,   100000,   15.00, 15, 810, 12, 1, 1, 'ООО «Орех»',   1, false, NULL,    NULL,  NULL),
    (5, 1, 'completed', 100, 880,     88000,    5.00, 15, 810, 12, 1, 1, 'ООО «Орех»',   1, true,  1000.00, 'USD', 90)`);
});

afterAll(async () => {
  await ctx?.close();
});

test('by currency: the selling sums of the marked active reserves and their margin at today’s rate, the larger first', async () => {
  const { status, body } = await get('admin', '/api/analytics/margin_risk');
  expect(status).toBe(200);
  expect(body.fields).toEqual(['currency', 'selling_sum', 'margin_sum', 'reserves_count']);
  // USD: R1 180 000,00 + R2 255 015,00 = 435 015,00 ₽ sold on a margin at risk; 5 580,00 − 1 493,55 = 4 086,45 ₽
  // of margin left at today's rate. TRY: R3 alone. R4 is not marked, R5 is no longer active.
  expect(body.rows).toEqual([
    { currency: 'USD', selling_sum: '435015.00', margin_sum: '4086.45', reserves_count: 2 },
    { currency: 'TRY', selling_sum: '48000.00', margin_sum: '300.25', reserves_count: 1 },
  ]);
  // the responsible filter narrows it: Петров's R2 alone
  const narrowed = await get('admin', '/api/analytics/margin_risk?responsible_ids=2');
  expect(narrowed.body.rows).toEqual([
    { currency: 'USD', selling_sum: '255015.00', margin_sum: '-1493.55', reserves_count: 1 },
  ]);
  const file = await get('admin', '/api/analytics/margin_risk/xlsx');
  expect(file.status).toBe(200);
  const sheet = await firstSheet(file.raw as Buffer);
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    'Валюта',
    'Сумма продаж под риском',
    'Маржа по курсу дня',
    'Резервов под риском',
  ]);
  expect([sheet.getCell('A2').value, sheet.getCell('B2').value, sheet.getCell('C2').value]).toEqual([
    'USD',
    435015,
    4086.45,
  ]);
});

test("role 1 sees its own reserves' (Иванов's R1 and R3); role 8 and a supplier's user get no such chart", async () => {
  const own = await get('manager', '/api/analytics/margin_risk');
  expect(own.status).toBe(200);
  expect(own.body.rows.map((r: Record<string, unknown>) => [r.currency, r.selling_sum, r.reserves_count])).toEqual([
    ['USD', '180000.00', 1],
    ['TRY', '48000.00', 1],
  ]);
  for (const who of ['warehouse', 'supplier']) {
    for (const url of ['/api/analytics/margin_risk', '/api/analytics/margin_risk/xlsx']) {
      const res = await get(who, url);
      expect([who, url, res.status, res.body?.message]).toEqual([who, url, 403, 'Диаграмма недоступна для вашей роли']);
    }
  }
});
