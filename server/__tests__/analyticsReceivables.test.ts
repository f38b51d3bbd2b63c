// The receivables chart (issue 37): what buyers owe on the business day by days past due, and the top buyers by
// sales in the period and by debt, on buyers, completed reserves and payments whose figures are worked out by hand
// below; role 8 (no money, no buyers) and a supplier's user are refused it.
import { sql } from 'drizzle-orm';
import { createTestApp, insertRoles, type TestContext } from './testApp';
import { analyticsCallers, firstSheet } from './analyticsCallers';
import { todayOf } from '../db/businessDay';
import { addDays } from '../../domain/businessDay';

let ctx: TestContext;
let today: string;
let period: string;
const tokens: Record<string, string> = {};

async function get(who: string, url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });
  return {
    status: res.statusCode,
    body: res.headers['content-type']?.toString().includes('json') ? res.json() : undefined,
    raw: res.rawPayload,
  };
}
const receivables = (who: string, query = period) => get(who, `/api/analytics/receivables?${query}`);

beforeAll(async () => {
  ctx = await createTestApp();
  const { db } = ctx;
  await insertRoles(db);
  today = await todayOf(db);
  const ago = (days: number) => addDays(today, -days);
  period = `from=${ago(30)}&to=${today}`;
  await db.execute(sql`INSERT INTO products (id, name) VALUES (1, 'Миндаль')`);
  await db.execute(sql`INSERT INTO cities (id, name) VALUES (1, 'Москва')`);
  await db.execute(sql`INSERT INTO suppliers (id, name, inn) VALUES (1, 'Орехпром', '7701234567')`);
  await db.execute(sql`INSERT INTO employees (id, full_name) VALUES (1, 'Иванов Иван'), (2, 'Петров Пётр')`);
  Object.assign(tokens, await analyticsCallers(db, ctx.app));

  await db.execute(sql`INSERT INTO offers (id, product_id, supplier_id, city_id, harvest_year, unit_measure, unit_weight, unit_amount, unit_price,
      warehouse_cost, reserved_amount, purchased_amount, status) VALUES (1, 1, 1, 1, '2026', 'кг', 1, 10000, 500, 10, 0, 0, 'active')`);
  // B1 on 30 days' deferral, B2 on prepayment (due on completion), B3 on 10 days' deferral
  await db.execute(sql`INSERT INTO buyers (id, name, payment_terms, deferral_days) VALUES
    (1, 'ООО «Ядро»', 'deferral', 30), (2, 'ИП Орлов', 'prepay', NULL), (3, 'АО «Курага»', 'deferral', 10)`);
  // reserve: buyer, status, completed on, selling sum, responsible
  const reserves: [number, number, string, string | null, string, number][] = [
    [1, 1, 'completed', ago(20), '100000.00', 1], // due today + 10: not due
    [2, 1, 'completed', ago(75), '50000.50', 1], // due 45 days ago
    [3, 2, 'completed', today, '33333.33', 2], // due today: not due
    [4, 2, 'completed', ago(5), '20000.00', 2], // paid in full
    [5, 3, 'completed', ago(100), '15000.10', 2], // due 90 days ago
    [6, 3, 'completed', ago(131), '9999.99', 2], // due 121 days ago
    [7, 3, 'active', null, '50000.00', 2], // not a sale
    [8, 2, 'completed', ago(1), '1000.01', 2], // due yesterday: 1 day
  ];
  for (const [id, buyer, status, sold, sum, responsible] of reserves) {
    await db.execute(sql`INSERT INTO reserves (id, offer_id, buyer_id, buyer_name, status, created_at, actual_date_implementation, amount,
        unit_selling_price, total_selling_sum, marginality, responsible_id, city_id)
      VALUES (${id}, 1, ${buyer}, (SELECT name FROM buyers WHERE id = ${buyer}), ${status}, ${`${sold ?? today}T06:00:00Z`}, ${sold}, 1,
        ${sum}, ${sum}, 10, ${responsible}, 1)`);
  }
  await db.execute(sql`INSERT INTO payments (reserve_id, date, amount, deleted) VALUES
    (1, ${ago(10)}, 30000.00, false), (2, ${ago(40)}, 10000.25, false), (4, ${ago(5)}, 20000.00, false),
    (5, ${ago(50)}, 5000.05, false), (5, ${ago(40)}, 1000.00, true)`);
});

afterAll(async () => {
  await ctx?.close();
});

test('the debt by age and the top buyers by sales and by debt, to the kopeck', async () => {
  const { status, body } = await receivables('admin');
  expect(status).toBe(200);
  expect(body.fields).toEqual(['part', 'label', 'debt_sum', 'selling_sum', 'buyers_count']);
  // left to pay: R1 100 000.00 − 30 000.00 = 70 000.00 (due in 10 days); R2 50 000.50 − 10 000.25 = 40 000.25 (45 days late);
  // R3 33 333.33 (due today); R4 paid; R5 15 000.10 − 5 000.05 = 10 000.05 (90 days late; the deleted payment does not count);
  // R6 9 999.99 (121 days late); R8 1 000.01 (1 day late)
  const ages = body.rows.filter((r: { part: string }) => r.part === 'Возраст долга');
  expect(ages).toEqual([
    { part: 'Возраст долга', label: 'Не наступил срок', debt_sum: '103333.33', selling_sum: '0.00', buyers_count: 2 },
    { part: 'Возраст долга', label: '1–30 дней', debt_sum: '1000.01', selling_sum: '0.00', buyers_count: 1 },
    { part: 'Возраст долга', label: '31–60 дней', debt_sum: '40000.25', selling_sum: '0.00', buyers_count: 1 },
    { part: 'Возраст долга', label: '61–90 дней', debt_sum: '10000.05', selling_sum: '0.00', buyers_count: 1 },
    { part: 'Возраст долга', label: 'Более 90 дней', debt_sum: '9999.99', selling_sum: '0.00', buyers_count: 1 },
  ]);
  // sales in the last 30 days: B1 R1 100 000.00; B2 R3 + R4 + R8 = 54 333.34; B3 none
  // debt: B1 70 000.00 + 40 000.25 = 110 000.25; B2 33 333.33 + 1 000.01 = 34 333.34; B3 10 000.05 + 9 999.99 = 20 000.04
  const top = (part: string) =>
    body.rows
      .filter((r: { part: string }) => r.part === part)
      .map((r: Record<string, unknown>) => [r.label, r.selling_sum, r.debt_sum, r.buyers_count]);
  expect(top('Крупнейшие по продажам')).toEqual([
    ['ООО «Ядро»', '100000.00', '110000.25', null],
    ['ИП Орлов', '54333.34', '34333.34', null],
  ]);
  expect(top('Крупнейшие должники')).toEqual([
    ['ООО «Ядро»', '100000.00', '110000.25', null],
    ['ИП Орлов', '54333.34', '34333.34', null],
    ['АО «Курага»', '0.00', '20000.04', null],
  ]);
  // the ages add up to the debtors' total
  expect(ages.reduce((s: number, r: { debt_sum: string }) => s + Math.round(Number(r.debt_sum) * 100), 0)).toBe(
    16433363,
  );
});

test("the responsible filter narrows it to that employee's reserves; a period before any sale keeps the debt", async () => {
  const mine = (await receivables('admin', `${period}&responsible_ids=1`)).body.rows;
  expect(
    mine
      .filter((r: { debt_sum: string }) => r.debt_sum !== '0.00')
      .map((r: Record<string, unknown>) => [r.part, r.label, r.debt_sum]),
  ).toEqual([
    ['Возраст долга', 'Не наступил срок', '70000.00'],
    ['Возраст долга', '31–60 дней', '40000.25'],
    ['Крупнейшие по продажам', 'ООО «Ядро»', '110000.25'],
    ['Крупнейшие должники', 'ООО «Ядро»', '110000.25'],
  ]);
  const before = (await receivables('admin', 'from=2020-01-06&to=2020-03-01')).body.rows;
  expect(
    before.filter((r: { part: string }) => r.part !== 'Возраст долга').map((r: { label: string }) => r.label),
  ).toEqual(['ООО «Ядро»', 'ИП Орлов', 'АО «Курага»']);
});

test('as XLSX: its rows under the Russian titles, money as numbers', async () => {
  const res = await get('admin', `/api/analytics/receivables/xlsx?${period}`);
  expect(res.status).toBe(200);
  const sheet = await firstSheet(res.raw);
  expect(sheet.name).toBe('Дебиторская задолженность');
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    'Раздел',
    'Срок или покупатель',
    'Долг',
    'Сумма продаж',
    'Покупателей',
  ]);
  expect((sheet.getRow(4).values as unknown[]).slice(1)).toEqual(['Возраст долга', '31–60 дней', 40000.25, 0, 1]);
});

test("role 8 (no money, no buyers), role 1 without buyers and a supplier's user are refused it, with no figure", async () => {
  for (const who of ['warehouse', 'manager', 'supplier']) {
    const res = await receivables(who);
    expect([who, res.status, res.body.message]).toEqual([who, 403, 'Диаграмма недоступна для вашей роли']);
    expect(JSON.stringify(res.body)).not.toMatch(/debt|Ядро|\d{4,}\.\d\d/);
    expect((await get(who, `/api/analytics/receivables/xlsx?${period}`)).status).toBe(403);
  }
});

test("a sale deleted when it was completed still is owed, and so is an opening balance, as the buyers' ledger counts them", async () => {
  const ago = (days: number) => addDays(today, -days);
  // R9: B3's sale of 2 000,00 two days ago, then deleted: due in 8 days (10 days' deferral)
  await ctx.db
    .execute(sql`INSERT INTO reserves (id, offer_id, buyer_id, buyer_name, status, deleted_from, created_at, actual_date_implementation, amount,
      unit_selling_price, total_selling_sum, marginality, responsible_id, city_id)
    VALUES (9, 1, 3, 'АО «Курага»', 'deleted', 'completed', ${`${ago(2)}T06:00:00Z`}, ${ago(2)}, 1, 2000, 2000, 10, 2, 1)`);
  // B2 (prepayment) carried 5 000,00 into the ledger 45 days ago: due that day, 45 days late
  await ctx.db.execute(
    sql`INSERT INTO buyer_opening_balances (buyer_id, amount, as_of) VALUES (2, 5000.00, ${ago(45)})`,
  );
  try {
    const ages = (await receivables('admin')).body.rows
      .filter((r: { part: string }) => r.part === 'Возраст долга')
      .map((r: Record<string, unknown>) => [r.label, r.debt_sum, r.buyers_count]);
    // not due: 103 333,33 + 2 000,00 = 105 333,33 of B1, B2, B3; 31–60 days: 40 000,25 + 5 000,00 = 45 000,25 of B1 and B2
    expect(ages).toEqual([
      ['Не наступил срок', '105333.33', 3],
      ['1–30 дней', '1000.01', 1],
      ['31–60 дней', '45000.25', 2],
      ['61–90 дней', '10000.05', 1],
      ['Более 90 дней', '9999.99', 1],
    ]);
    // B2's debt: 34 333,34 + 5 000,00; B3's: 20 000,04 + 2 000,00
    const debtors = (await receivables('admin')).body.rows
      .filter((r: { part: string }) => r.part === 'Крупнейшие должники')
      .map((r: Record<string, unknown>) => [r.label, r.debt_sum]);
    expect(debtors).toEqual([
      ['ООО «Ядро»', '110000.25'],
      ['ИП Орлов', '39333.34'],
      ['АО «Курага»', '22000.04'],
    ]);
    // narrowed to one responsible, the opening balance (nobody's reserve) is left out
    const mine = (await receivables('admin', `${period}&responsible_ids=1`)).body.rows
      .filter((r: { part: string; debt_sum: string }) => r.part === 'Возраст долга' && r.debt_sum !== '0.00')
      .map((r: Record<string, unknown>) => [r.label, r.debt_sum]);
    expect(mine).toEqual([
      ['Не наступил срок', '70000.00'],
      ['31–60 дней', '40000.25'],
    ]);
  } finally {
    await ctx.db.execute(sql`DELETE FROM buyer_opening_balances`);
    await ctx.db.execute(sql`DELETE FROM reserves WHERE id = 9`);
  }
});
