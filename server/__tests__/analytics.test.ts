// The analytics charts (issue 24) on a small data set whose figures are worked out by hand below, as the admin
// and as the three narrower callers: role 1 (its own reserves), role 8 (amounts and counts, no money at all) and a
// supplier's user (its own offers' stock and sold amounts; no reserves, buyers or margins).
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, insertRoles, type TestContext } from './testApp';
import { analyticsCallers, firstSheet } from './analyticsCallers';
import { CHARTS, MONEY_KEYS, type Chart } from '../../domain/analytics';
import { businessToday, TIME_ZONE_DEFAULT } from '../../domain/businessDay';
import { clock } from '../db/businessDay';

let ctx: TestContext;
const tokens: Record<string, string> = {};
/** The business day's year (the crops are aged on it, in the business zone, the default Europe/Moscow). */
const Y = Number(businessToday(TIME_ZONE_DEFAULT).slice(0, 4));
const PERIOD = 'from=2026-10-05&to=2026-10-25';

async function get(who: string, url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });
  return {
    status: res.statusCode,
    body: res.headers['content-type']?.toString().includes('json') ? res.json() : undefined,
    raw: res.rawPayload,
  };
}
const chart = (who: string, name: Chart, query = PERIOD) => get(who, `/api/analytics/${name}?${query}`);

beforeAll(async () => {
  ctx = await createTestApp();
  const { db } = ctx;
  await insertRoles(db);
  await db.execute(sql`INSERT INTO products (id, name) VALUES (1, 'Миндаль'), (2, 'Кешью')`);
  await db.execute(sql`INSERT INTO cities (id, name) VALUES (1, 'Москва'), (2, 'Казань')`);
  await db.execute(
    sql`INSERT INTO suppliers (id, name, inn) VALUES (1, 'Орехпром', '7701234567'), (2, 'Сухофрукт', '7707654321')`,
  );
  await db.execute(sql`INSERT INTO employees (id, full_name) VALUES (1, 'Иванов Иван'), (2, 'Петров Пётр')`);
  Object.assign(tokens, await analyticsCallers(db, ctx.app));

  // offers: O1 and O3 are supplier 1's (the supplier's user's), O3 in pieces of 0.5 kg
  await db.execute(sql`INSERT INTO offers (id, product_id, supplier_id, city_id, harvest_year, unit_measure, unit_weight, unit_amount, unit_price,
      warehouse_cost, reserved_amount, purchased_amount, status, created_at) VALUES
    (1, 1, 1, 1, ${String(Y)},     'кг', 1,   1000, 500, 10, 100, 300, 'active',    '2026-09-01T10:00:00Z'),
    (2, 1, 2, 2, ${String(Y - 1)}, 'кг', 1,    200, 450, 10,   0,   0, 'active',    '2026-09-01T10:00:00Z'),
    (3, 2, 1, 1, ${String(Y - 1)}, 'шт', 0.5,  400, 100, 10,   0, 400, 'completed', '2026-09-20T10:00:00Z'),
    (4, 2, 2, 2, ${String(Y - 2)}, 'кг', 1,     50, 800, 10,   0,  50, 'completed', '2026-10-01T10:00:00Z'),
    (5, 2, 2, 2, ${String(Y - 2)}, 'кг', 1,    300, 700, 10,   0,   0, 'active',    '2026-09-01T10:00:00Z')`);
  // O3 sold out on 14.10 as the stock writer records it (its history); O4 has no history: its last sale is 21.10
  await db.execute(sql`INSERT INTO record_history (section, record_id, action, at, changes) VALUES
    ('offers', 3, 'stock', '2026-10-14T12:00:00Z', '[{"field": "purchased_amount", "old": 0, "new": 400}, {"field": "status", "old": "active", "new": "completed"}]'::jsonb)`);
  // reserves: status, placed, sold, amount, selling price and sum, margin %, terms (delivery, kg price, costs, weight)
  await db.execute(sql`INSERT INTO reserves (id, offer_id, status, created_at, actual_date_implementation, amount, unit_selling_price,
      total_selling_sum, marginality, delivery_cost, offer_price_kg, costs_per_kg, unit_weight, responsible_id, buyer_name, city_id) VALUES
    (1, 1, 'completed', '2026-10-05T10:00:00Z', '2026-10-07', 200, 600, 120000, 12.17, 15, 500, 12, 1,   1, 'ООО «Орех»', 2),
    (2, 1, 'completed', '2026-10-06T10:00:00Z', '2026-10-13', 100, 580,  58000,  9.14, 15, 500, 12, 1,   2, 'ИП Сидоров', 2),
    (3, 3, 'completed', '2026-10-08T10:00:00Z', '2026-10-14', 400, 130,  52000, 12.69, 15, 200, 12, 0.5, 1, 'ООО «Орех»', 2),
    (4, 4, 'completed', '2026-10-12T10:00:00Z', '2026-10-21',  50, 900,  45000, 10.00, NULL, NULL, NULL, NULL, 2, 'ЗАО «Фрукты»', 2),
    (5, 1, 'active',    '2026-10-13T10:00:00Z', NULL,         100, 600,  60000, 12.17, 15, 500, 12, 1,   1, 'ООО «Орех»', 2),
    (6, 2, 'cancelled', '2026-10-14T10:00:00Z', NULL,          50, 600,  30000, 10.00, 15, 450, 12, 1,   2, 'ИП Сидоров', 2),
    (7, 2, 'expired',   '2026-10-20T10:00:00Z', NULL,          30, 600,  18000, 10.00, 15, 450, 12, 1,   1, 'ООО «Орех»', 2),
    (8, 5, 'cancelled', '2026-09-10T10:00:00Z', NULL,          10, 900,   9000, 10.00, 15, 700, 12, 1,   1, 'ООО «Орех»', 2),
    (9, 1, 'deleted',   '2026-10-07T10:00:00Z', NULL,          10, 600,   6000, 10.00, 15, 500, 12, 1,   1, 'ООО «Орех»', 2)`);
});

afterAll(async () => {
  await ctx?.close();
});

describe('the charts as the admin sees them', () => {
  test('sales per week: completed reserves by their sale week, placed/cancelled/expired by the week they were placed', async () => {
    const { status, body } = await chart('admin', 'sales');
    expect(status).toBe(200);
    expect(body.fields).toEqual([
      'week',
      'selling_sum',
      'margin_sum',
      'completed_kg',
      'completed_count',
      'placed_count',
      'cancelled_count',
      'expired_count',
    ]);
    // week of 05.10: placed R1, R2, R3 (R9 is deleted); sold R1: 200 kg × 600 = 120 000, margin 120 000 − 200 × (15 + 500 + 12) = 14 600
    // week of 12.10: placed R4, R5, R6 (R6 cancelled); sold R2 (58 000, margin 58 000 − 100 × 527 = 5 300) and R3 (400 pieces of
    //   0.5 kg = 200 kg, 52 000, margin 52 000 − 400 × (15 + 200 + 12) × 0.5 = 6 600): 110 000, margin 11 900, 300 kg
    // week of 19.10: placed R7, expired; sold R4 (no terms stored: margin by its 10 %: 4 500), 45 000, 50 kg
    expect(body.rows).toEqual([
      {
        week: '2026-10-05',
        selling_sum: '120000.00',
        margin_sum: '14600.00',
        completed_kg: '200.00',
        completed_count: 1,
        placed_count: 3,
        cancelled_count: 0,
        expired_count: 0,
      },
      {
        week: '2026-10-12',
        selling_sum: '110000.00',
        margin_sum: '11900.00',
        completed_kg: '300.00',
        completed_count: 2,
        placed_count: 3,
        cancelled_count: 1,
        expired_count: 0,
      },
      {
        week: '2026-10-19',
        selling_sum: '45000.00',
        margin_sum: '4500.00',
        completed_kg: '50.00',
        completed_count: 1,
        placed_count: 1,
        cancelled_count: 0,
        expired_count: 1,
      },
    ]);
  });

  test('margin by manager: sums and average margin %, the larger margin first', async () => {
    const { body } = await chart('admin', 'managers');
    // Иванов: R1 + R3 = 172 000, margin 14 600 + 6 600 = 21 200, (12.17 + 12.69) / 2 = 12.43 %
    // Петров: R2 + R4 = 103 000, margin 5 300 + 4 500 = 9 800, (9.14 + 10.00) / 2 = 9.57 %
    expect(body.rows).toEqual([
      {
        responsible: { id: 1, name: 'Иванов Иван' },
        margin_sum: '21200.00',
        selling_sum: '172000.00',
        margin_avg: '12.43',
        completed_count: 2,
      },
      {
        responsible: { id: 2, name: 'Петров Пётр' },
        margin_sum: '9800.00',
        selling_sum: '103000.00',
        margin_avg: '9.57',
        completed_count: 2,
      },
    ]);
  });

  test('stock ageing: the available stock of active offers by product and harvest year, with its age', async () => {
    const { body } = await chart('admin', 'stock');
    // Кешью Y−2: O5 300 kg × 700 = 210 000; Миндаль Y: O1 1 000 − 100 − 300 = 600 kg × 500 = 300 000, 300 kg sold; Миндаль Y−1: O2 200 × 450
    expect(body.rows).toEqual([
      {
        product: { id: 2, name: 'Кешью' },
        harvest_year: String(Y - 2),
        age: 2,
        available_kg: '300.00',
        available_value: '210000.00',
        sold_kg: '0.00',
        offers_count: 1,
      },
      {
        product: { id: 1, name: 'Миндаль' },
        harvest_year: String(Y - 1),
        age: 1,
        available_kg: '200.00',
        available_value: '90000.00',
        sold_kg: '0.00',
        offers_count: 1,
      },
      {
        product: { id: 1, name: 'Миндаль' },
        harvest_year: String(Y),
        age: 0,
        available_kg: '600.00',
        available_value: '300000.00',
        sold_kg: '300.00',
        offers_count: 1,
      },
    ]);
  });

  test("a season ages by its first year and sorts after it; a value stored before the rule has no age; the age is the business day's (issue 33)", async () => {
    // two more lots of Миндаль, 100 kg at 400 ₽ each: the season Y−1/Y and one saved before the rule
    const season = `${Y - 1}/${String(Y % 100).padStart(2, '0')}`;
    await ctx.db
      .execute(sql`INSERT INTO offers (id, product_id, supplier_id, city_id, harvest_year, unit_measure, unit_weight, unit_amount, unit_price,
        warehouse_cost, reserved_amount, purchased_amount, status, created_at) VALUES
      (6, 1, 2, 2, ${season}, 'кг', 1, 100, 400, 10, 0, 0, 'active', '2026-09-01T10:00:00Z'),
      (7, 1, 2, 2, 'Pwe8281', 'кг', 1, 100, 400, 10, 0, 0, 'active', '2026-09-01T10:00:00Z')`);
    const realNow = clock.now;
    try {
      const lot = { available_kg: '100.00', available_value: '40000.00', sold_kg: '0.00', offers_count: 1 };
      const almonds = async () =>
        (await chart('admin', 'stock')).body.rows
          .filter((r: { product: { id: number } }) => r.product.id === 1)
          .map((r: { harvest_year: string; age: number | null }) => [r.harvest_year, r.age]);
      expect((await chart('admin', 'stock')).body.rows).toContainEqual({
        product: { id: 1, name: 'Миндаль' },
        harvest_year: season,
        age: 1,
        ...lot,
      });
      expect(await almonds()).toEqual([
        [String(Y - 1), 1],
        [season, 1],
        [String(Y), 0],
        ['Pwe8281', null],
      ]);
      // 00:30 on 1 January Y+1 in Moscow, still 31 December Y by UTC: the business day has turned the year
      clock.now = () => new Date(`${Y}-12-31T21:30:00Z`);
      expect(await almonds()).toEqual([
        [String(Y - 1), 2],
        [season, 2],
        [String(Y), 1],
        ['Pwe8281', null],
      ]);
    } finally {
      clock.now = realNow;
      await ctx.db.execute(sql`DELETE FROM offers WHERE id IN (6, 7)`);
    }
  });

  test("lots' turnover: days from the offer's creation to its sell-out, by its history or else its last sale", async () => {
    const { body } = await chart('admin', 'turnover');
    // O3: 20.09 → 14.10 (history) = 24 days; O4: 01.10 → 21.10 (its last reserve's sale) = 20 days
    expect(body.rows).toEqual([
      { product: { id: 2, name: 'Кешью' }, avg_days: 22, min_days: 20, max_days: 24, lots: 2 },
    ]);
  });

  test('top buyers by selling sum', async () => {
    const { body } = await chart('admin', 'buyers');
    expect(body.rows).toEqual([
      { buyer_name: 'ООО «Орех»', selling_sum: '172000.00', completed_kg: '400.00', completed_count: 2 },
      { buyer_name: 'ИП Сидоров', selling_sum: '58000.00', completed_kg: '100.00', completed_count: 1 },
      { buyer_name: 'ЗАО «Фрукты»', selling_sum: '45000.00', completed_kg: '50.00', completed_count: 1 },
    ]);
  });

  test('the funnel of the reserves placed in the period (R1–R7; R8 earlier, R9 deleted)', async () => {
    const { body } = await chart('admin', 'funnel');
    expect(body.rows).toEqual([
      { stage: 'Размещено', count: 7 },
      { stage: 'Активные', count: 1 },
      { stage: 'Завершено', count: 4 },
      { stage: 'Отменено', count: 1 },
      { stage: 'Просрочено', count: 1 },
    ]);
  });

  test('filters: a product, a city and a responsible narrow every chart', async () => {
    // Кешью only: R3 (week of 12.10) and R4 (19.10)
    const sales = (await chart('admin', 'sales', `${PERIOD}&products_ids=2`)).body.rows;
    expect(sales.map((r: Record<string, unknown>) => r.selling_sum)).toEqual(['0.00', '52000.00', '45000.00']);
    // loaded in Казань: O2, O4, O5 — of the stock only O2 and O5
    const stock = (await chart('admin', 'stock', `${PERIOD}&cities_ids=2`)).body.rows;
    expect(stock.map((r: Record<string, unknown>) => r.available_kg)).toEqual(['300.00', '200.00']);
    // Петров's reserves: R2, R4, R6 placed in the period
    const funnel = (await chart('admin', 'funnel', `${PERIOD}&responsible_ids=2`)).body.rows;
    expect(funnel[0]).toEqual({ stage: 'Размещено', count: 3 });
  });

  test("an empty period answers no rows (the page says 'Нет данных за период')", async () => {
    for (const name of ['sales', 'managers', 'turnover', 'buyers', 'funnel'] as const) {
      const { status, body } = await chart('admin', name, 'from=2025-01-06&to=2025-02-02');
      expect([name, status, body.rows]).toEqual([name, 200, []]);
    }
  });

  test('a bad period or chart is a 400 in Russian', async () => {
    expect((await chart('admin', 'sales', 'from=2026-10-25&to=2026-10-05')).body.messages).toEqual([
      'Начало периода позже его конца',
    ]);
    expect((await chart('admin', 'sales', 'from=2026-02-30&to=2026-03-05')).body.messages).toEqual([
      'Начало периода: введите дату в формате ГГГГ-ММ-ДД',
    ]);
    expect((await chart('admin', 'sales', 'from=2020-01-01&to=2026-03-05')).body.messages).toEqual([
      'Период не может быть длиннее трёх лет',
    ]);
    expect((await chart('admin', 'sales', `${PERIOD}&products_ids=abc`)).body.messages).toEqual([
      'Фильтр «Товары»: неверное значение',
    ]);
    const unknown = await get('admin', '/api/analytics/profits');
    expect(unknown.status).toBe(400);
    expect(unknown.body.messages[0]).toMatch(/^Неизвестная диаграмма/);
  });

  test("a chart's data as XLSX: the figures under their titles, money as numbers", async () => {
    const res = await get('admin', `/api/analytics/sales/xlsx?${PERIOD}`);
    expect(res.status).toBe(200);
    const sheet = await firstSheet(res.raw);
    expect(sheet.name).toBe('Продажи по неделям');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Неделя',
      'Сумма продаж',
      'Маржа',
      'Продано, кг',
      'Завершено',
      'Размещено',
      'Отменено',
      'Просрочено',
    ]);
    const second = (sheet.getRow(3).values as unknown[]).slice(1);
    expect(second).toEqual([new Date('2026-10-12T00:00:00Z'), 110000, 11900, 300, 2, 3, 1, 0]);
    expect(sheet.getCell('B3').numFmt).toBe('#,##0.00');
  });
});

describe('role 1: its own reserves (the ones it is responsible for), the loading city hidden', () => {
  test('sales count only Иванов’s reserves', async () => {
    const { body } = await chart('manager', 'sales');
    // R1 (sold 05.10 week), R3 (placed 05.10 week, sold 12.10 week), R5 (placed 12.10), R7 (placed 19.10, expired)
    expect(
      body.rows.map((r: Record<string, unknown>) => [r.week, r.selling_sum, r.placed_count, r.expired_count]),
    ).toEqual([
      ['2026-10-05', '120000.00', 2, 0],
      ['2026-10-12', '52000.00', 1, 0],
      ['2026-10-19', '0.00', 1, 1],
    ]);
  });

  test('the city filter reads the offer’s hidden city: refused as the lists refuse it', async () => {
    const res = await chart('manager', 'stock', `${PERIOD}&cities_ids=1`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Фильтр «Города» вам недоступен');
  });
});

describe('role 8: amounts and counts, no money field in any answer', () => {
  test('every answer and every file is scanned for money', async () => {
    const answered: string[] = [];
    for (const name of CHARTS) {
      const res = await chart('warehouse', name);
      if (res.status === 403) {
        expect(res.body.message).toBe('Диаграмма недоступна для вашей роли');
        continue;
      }
      expect(res.status).toBe(200);
      answered.push(name);
      const keys = new Set([...res.body.fields, ...res.body.rows.flatMap((r: object) => Object.keys(r))]);
      for (const money of [...MONEY_KEYS, 'margin_avg', 'buyer_name'])
        expect([name, keys.has(money)]).toEqual([name, false]);
      const file = await get('warehouse', `/api/analytics/${name}/xlsx?${PERIOD}`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.raw as unknown as ArrayBuffer);
      const header = (workbook.worksheets[0].getRow(1).values as unknown[]).join('|');
      expect(header).not.toMatch(/Сумма|Маржа|стоимость|Покупатель/);
    }
    // the manager (hidden responsible) and buyers (hidden buyer) charts are not its
    expect(answered).toEqual(['sales', 'stock', 'turnover', 'funnel']);
  });

  test('sales: placed, cancelled and expired counts; a sale’s date is hidden from it, so no sold figure', async () => {
    const { body } = await chart('warehouse', 'sales');
    expect(body.fields).toEqual(['week', 'placed_count', 'cancelled_count', 'expired_count']);
    expect(body.rows[1]).toEqual({ week: '2026-10-12', placed_count: 3, cancelled_count: 1, expired_count: 0 });
  });

  test('stock in kilograms without its purchase value; turnover by history alone', async () => {
    const stock = await chart('warehouse', 'stock');
    expect(stock.body.rows[2]).toEqual({
      product: { id: 1, name: 'Миндаль' },
      harvest_year: String(Y),
      age: 0,
      available_kg: '600.00',
      sold_kg: '300.00',
      offers_count: 1,
    });
    // O4's sell-out would be read from its reserves' sale dates, hidden from role 8: only O3 (24 days) counts
    const turnover = await chart('warehouse', 'turnover');
    expect(turnover.body.rows).toEqual([
      { product: { id: 2, name: 'Кешью' }, avg_days: 24, min_days: 24, max_days: 24, lots: 1 },
    ]);
  });
});

describe("a supplier's user: its own offers' stock and sold amounts, no buyers, no margins", () => {
  test('no chart of reserves: sales, managers, buyers and the funnel are refused', async () => {
    for (const name of ['sales', 'managers', 'buyers', 'funnel'] as const) {
      const res = await chart('supplier', name);
      expect([name, res.status, res.body.message]).toEqual([name, 403, 'Диаграмма недоступна для вашей роли']);
    }
  });

  test('stock and turnover of its own offers only (O1 and O3 of supplier 1)', async () => {
    const stock = await chart('supplier', 'stock');
    expect(stock.body.rows).toEqual([
      {
        product: { id: 1, name: 'Миндаль' },
        harvest_year: String(Y),
        age: 0,
        available_kg: '600.00',
        available_value: '300000.00',
        sold_kg: '300.00',
        offers_count: 1,
      },
    ]);
    const turnover = await chart('supplier', 'turnover');
    expect(turnover.body.rows).toEqual([
      { product: { id: 2, name: 'Кешью' }, avg_days: 24, min_days: 24, max_days: 24, lots: 1 },
    ]);
    const text = JSON.stringify([stock.body, turnover.body]);
    expect(text).not.toMatch(/buyer|margin|selling|Сухофрукт|Казань/);
  });
});

test("margins by manager are the trade's: on the route's cost where a lower delivery cost was typed", async () => {
  // R2 was typed at 15 ₽/kg where its route costs 40: on the route 58 000 − 100 × (40 + 500 + 12) = 2 800,
  // 2 800 / 58 000 × 100 = 4.827… → 4.83 %; Петров: 2 800 + 4 500 = 7 300, (4.83 + 10.00) / 2 = 7.415 → 7.42 %
  await ctx.db.execute(sql`UPDATE reserves SET route_delivery_cost = 40, route_marginality = 4.83 WHERE id = 2`);
  try {
    const { body } = await chart('admin', 'managers');
    expect(body.rows[1]).toEqual({
      responsible: { id: 2, name: 'Петров Пётр' },
      margin_sum: '7300.00',
      selling_sum: '103000.00',
      margin_avg: '7.42',
      completed_count: 2,
    });
  } finally {
    await ctx.db.execute(sql`UPDATE reserves SET route_delivery_cost = NULL, route_marginality = NULL WHERE id = 2`);
  }
});
