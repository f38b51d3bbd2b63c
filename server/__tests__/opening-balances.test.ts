// Issue 49, 'a buyer's history starts true': sales completed before buyers were a section are settled by migration
// 0037 (an upgraded customer who could buy the day before still can), and an opening balance the finance right
// imports (POST /api/buyers/opening-balances: ИНН, balance, as-of date) counts in the buyer's ledger
// ('Начальное сальдо'), his debt and overdue in the list, and the reserve's credit check. PGlite by default, the
// demo part on PostgreSQL with DATABASE_URL (the upgrade runs on PGlite, as the other migrations' tests).
import { sql } from 'drizzle-orm';
import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { firstRow, rowsOf } from '../db/rows';
import { beforeMigration } from './migrations';
import { importUpload } from './importUpload';
import { businessToday, TIME_ZONE_DEFAULT } from '../../domain/businessDay';
import { buyerTerms, creditStateOf, ledgerOf } from '../sections/buyers/ledger';
import { creditRefusals } from '../../domain/buyers/credit';
import type { Database } from '../db/client';

const day = () => dayjs(businessToday(TIME_ZONE_DEFAULT));
const iso = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
const ru = (d: dayjs.Dayjs) => d.format('DD.MM.YYYY');

test("upgrade: sales completed before buyers existed are settled, and the old customer's next reserve meets no overdue debt", async () => {
  await beforeMigration(
    (tag) => tag.endsWith('_buyers'),
    async (db, rest) => {
      await db.execute(sql`INSERT INTO products (id, name) VALUES (1, 'Кешью')`);
      await db.execute(sql`INSERT INTO cities (id, name) VALUES (1, 'Москва')`);
      await db.execute(
        sql`INSERT INTO offers (id, product_id, unit_measure, unit_weight, unit_amount, unit_price, kg_price) VALUES (1, 1, 'кг', 1, 1000, 300, 300)`,
      );
      // two sales to an old customer, 200 and 20 days back, and an active reserve; a cancelled one owes nothing
      await db.execute(sql`INSERT INTO reserves (id, offer_id, amount, status, buyer_name, buyer_phone, city_id, total_selling_sum, actual_date_implementation, created_at) VALUES
      (1, 1, 10, 'completed', 'ООО «Старый клиент»', '79120000001', 1, 4000, ${iso(day().subtract(200, 'day'))}, ${iso(day().subtract(201, 'day'))}),
      (2, 1, 10, 'completed', 'ООО «Старый клиент»', '79120000001', 1, 4123.45, ${iso(day().subtract(20, 'day'))}, ${iso(day().subtract(21, 'day'))}),
      (3, 1, 10, 'active', 'ООО «Старый клиент»', '79120000001', 1, 4000, NULL, ${iso(day().subtract(2, 'day'))}),
      (4, 1, 10, 'cancelled', 'ООО «Старый клиент»', '79120000001', 1, 4000, NULL, ${iso(day().subtract(3, 'day'))})`);
      await rest();
      const buyer = firstRow<{ id: number }>(
        await db.execute(sql`SELECT id FROM buyers WHERE name = 'ООО «Старый клиент»'`),
      )!;
      // each sale paid on its day by what was left of it, saying why
      expect(
        rowsOf(
          await db.execute(
            sql`SELECT reserve_id, date::text AS date, amount::text AS amount, comment, created_by FROM payments ORDER BY reserve_id`,
          ),
        ),
      ).toEqual([
        {
          reserve_id: 1,
          date: iso(day().subtract(200, 'day')),
          amount: '4000.00',
          comment: 'Продажа до учета взаиморасчетов: считается оплаченной',
          created_by: null,
        },
        {
          reserve_id: 2,
          date: iso(day().subtract(20, 'day')),
          amount: '4123.45',
          comment: 'Продажа до учета взаиморасчетов: считается оплаченной',
          created_by: null,
        },
      ]);
      const terms = (await buyerTerms(db as unknown as Database, buyer.id))!;
      const ledger = await ledgerOf(db as unknown as Database, terms);
      expect(ledger).toMatchObject({
        sales: '8123.45',
        payments: '8123.45',
        balance: '0.00',
        overdue: '0.00',
        overdue_since: null,
      });
      // the credit check a new reserve of 4 000,00 meets: nothing refuses it (it counts the active reserve's 4 000,00)
      const state = await creditStateOf(db as unknown as Database, terms);
      expect(state).toMatchObject({ balance: '0.00', overdue: '0.00', reserved: '4000.00' });
      expect(creditRefusals(state, '4000.00')).toEqual([]);
    },
  );
}, 120_000);

test('upgrade after the ledger was in use: only the sales before its first payment are settled', async () => {
  await beforeMigration(
    (tag) => tag.endsWith('_opening_balances'),
    async (db, rest) => {
      await db.execute(sql`INSERT INTO products (id, name) VALUES (1, 'Кешью')`);
      await db.execute(sql`INSERT INTO cities (id, name) VALUES (1, 'Москва')`);
      await db.execute(
        sql`INSERT INTO offers (id, product_id, unit_measure, unit_weight, unit_amount, unit_price, kg_price) VALUES (1, 1, 'кг', 1, 1000, 300, 300)`,
      );
      await db.execute(sql`INSERT INTO buyers (id, name, payment_terms) VALUES (1, 'ООО «Давний»', 'prepay')`);
      await db.execute(sql`INSERT INTO reserves (id, offer_id, amount, status, buyer_name, buyer_id, city_id, total_selling_sum, actual_date_implementation, created_at) VALUES
      (1, 1, 10, 'completed', 'ООО «Давний»', 1, 1, 5000, ${iso(day().subtract(60, 'day'))}, ${iso(day().subtract(61, 'day'))}),
      (2, 1, 10, 'completed', 'ООО «Давний»', 1, 1, 3000, ${iso(day().subtract(40, 'day'))}, ${iso(day().subtract(41, 'day'))}),
      (3, 1, 10, 'completed', 'ООО «Давний»', 1, 1, 2000, ${iso(day().subtract(10, 'day'))}, ${iso(day().subtract(11, 'day'))})`);
      // the ledger's first payment, 30 days back: sales before it are the old books', the one after is owed
      await db.execute(
        sql`INSERT INTO payments (reserve_id, date, amount, created_at) VALUES (2, ${iso(day().subtract(30, 'day'))}, 1000, ${iso(day().subtract(30, 'day'))}::timestamptz)`,
      );
      await rest();
      expect(
        rowsOf(
          await db.execute(
            sql`SELECT reserve_id, amount::text AS amount FROM payments WHERE created_by IS NULL AND comment IS NOT NULL ORDER BY reserve_id`,
          ),
        ),
      ).toEqual([
        { reserve_id: 1, amount: '5000.00' },
        { reserve_id: 2, amount: '2000.00' },
      ]);
      const ledger = await ledgerOf(db as unknown as Database, (await buyerTerms(db as unknown as Database, 1))!);
      expect(ledger).toMatchObject({
        balance: '2000.00',
        overdue: '2000.00',
        overdue_since: iso(day().subtract(9, 'day')),
      });
    },
  );
}, 120_000);

describe('opening balances', () => {
  let ctx: DemoContext;
  let trade: Trade;
  let managerEmployee: number;
  let inns = 0;
  const call: DemoContext['call'] = (...args) => ctx.call(...args);

  function nextInn(): string {
    const body = `78${String(7_000_000 + inns++).padStart(7, '0')}`;
    const sum = [2, 4, 10, 3, 5, 9, 4, 6, 8].reduce((s, w, i) => s + w * Number(body[i]), 0);
    return body + ((sum % 11) % 10);
  }
  async function newBuyer(patch: Record<string, unknown> = {}) {
    const res = await call('POST', '/api/buyers', 'admin', {
      name: `ООО «Сальдо ${inns}»`,
      inn: nextInn(),
      city_id: trade.cityIds[1],
      delivery_address: 'Казань, ул. Пушкина, 1',
      phone: `+7 (914) 555-${String(10 + inns).slice(-2)}-00`,
      responsible_id: managerEmployee,
      payment_terms: 'deferral',
      deferral_days: '10',
      ...patch,
    });
    expect(res.status).toBe(201);
    return res.body as { id: number; name: string; inn: string };
  }
  async function xlsx(rows: (string | number | Date)[][], header = ['ИНН', 'Сальдо, ₽', 'На дату']) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Сальдо');
    sheet.addRow(header);
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }
  const upload = async (file: Buffer, who: 'admin' | 'manager' = 'admin') =>
    importUpload(ctx, '/api/buyers/opening-balances', file, 'сальдо.xlsx', undefined, who);
  const ledger = async (id: number) => (await call('GET', `/api/buyers/${id}/ledger`, 'admin')).body;

  beforeAll(async () => {
    ctx = await createDemoApp();
    trade = await kilogramTrade(ctx, 2000);
    managerEmployee = firstRow<{ id: number }>(
      await ctx.db.execute(sql`SELECT employee_id AS id FROM users WHERE email = 'manager@nutdesk.demo'`),
    )!.id;
  }, 120_000);
  afterAll(() => ctx?.close());

  test("imported: in the ledger as 'Начальное сальдо', the list's debt and overdue, and the credit check; the responsible told", async () => {
    const late = await newBuyer();
    const fresh = await newBuyer({ credit_limit: '20000' });
    const ahead = await newBuyer();
    // 12 345,67 owed 30 days back on 10 days' deferral: overdue since 19 days back; 15 000,00 owed today: not yet due;
    // -500,00: paid ahead
    const res = await upload(
      await xlsx([
        [late.inn, 12345.67, ru(day().subtract(30, 'day'))],
        [fresh.inn, '15 000,00', iso(day())],
        [ahead.inn, -500, ru(day().subtract(1, 'day'))],
      ]),
    );
    expect([res.status, res.body.imported]).toEqual([200, 3]);
    const lines = (await ledger(late.id)).lines;
    expect(lines).toEqual([
      expect.objectContaining({
        kind: 'opening',
        reserve_id: null,
        date: iso(day().subtract(30, 'day')),
        sale: '12345.67',
        balance: '12345.67',
        due_date: iso(day().subtract(20, 'day')),
      }),
    ]);
    expect(await ledger(late.id)).toMatchObject({
      opening: '12345.67',
      balance: '12345.67',
      overdue: '12345.67',
      overdue_since: iso(day().subtract(19, 'day')),
    });
    expect(await ledger(fresh.id)).toMatchObject({ balance: '15000.00', overdue: '0.00' });
    expect(await ledger(ahead.id)).toMatchObject({ balance: '-500.00', overdue: '0.00' });
    // the list's columns (the same SQL the filters and sorts read)
    const card = (await call('GET', `/api/buyers/${late.id}`, 'admin')).body;
    expect([card.balance, card.overdue]).toEqual(['12345.67', '12345.67']);
    // the credit check: overdue refuses; 15 000,00 + a reserve of 8 000,00 passes the limit of 20 000,00
    const offer = await trade.newOffer('10000');
    const reserveOn = (buyerId: number) =>
      call(
        'POST',
        '/api/reserves',
        'manager',
        reserveForm(trade, offer.id, {
          buyer_id: buyerId,
          buyer_name: '',
          buyer_phone: '',
          city_id: '',
          delivery_address: '',
          unit_selling_price: '400',
          responsible_id: managerEmployee,
        }),
      );
    const overdue = await reserveOn(late.id);
    expect([overdue.status, overdue.body.messages]).toEqual([
      409,
      [`У покупателя просроченный долг 12 345,67 ₽ (с ${ru(day().subtract(19, 'day'))})`],
    ]);
    const over = await reserveOn(fresh.id);
    expect([over.status, over.body.messages]).toEqual([
      409,
      ['Превышен кредитный лимит: лимит 20 000,00 ₽, долг и резервы 15 000,00 ₽, этот резерв 8 000,00 ₽'],
    ]);
    expect((await reserveOn(ahead.id)).status).toBe(201);
    // a new balance replaces the old one: paid off, the buyer buys again; his history keeps both, his responsible told
    expect((await upload(await xlsx([[late.inn, 0, ru(day())]]))).status).toBe(200);
    expect(await ledger(late.id)).toMatchObject({ balance: '0.00', overdue: '0.00' });
    expect((await reserveOn(late.id)).status).toBe(201);
    const history = rowsOf<{ changes: unknown }>(
      await ctx.db.execute(
        sql`SELECT changes FROM record_history WHERE section = 'buyers' AND record_id = ${late.id} AND action = 'update' ORDER BY id`,
      ),
    );
    expect(history.map((h) => h.changes)).toEqual([
      [{ field: 'opening_balance', old: null, new: `12345.67 на ${ru(day().subtract(30, 'day'))}` }],
      [{ field: 'opening_balance', old: `12345.67 на ${ru(day().subtract(30, 'day'))}`, new: `0.00 на ${ru(day())}` }],
    ]);
    const told = rowsOf<{ text: string }>(
      await ctx.db.execute(sql`SELECT n.text FROM notifications n JOIN users u ON u.id = n.user_id
      WHERE u.employee_id = ${managerEmployee} AND n.kind = 'buyer_finance' AND n.record_id = ${late.id} ORDER BY n.id`),
    ).map((n) => n.text);
    expect(told[0]).toMatch(
      new RegExp(`^Покупатель «${late.name}»: начальный остаток долга 12 345,67 ₽ на ${ru(day().subtract(30, 'day'))}`),
    );
  }, 120_000);

  test('refused: without the finance right (403); a bad row names its line and nothing is written', async () => {
    const buyer = await newBuyer();
    const file = await xlsx([[buyer.inn, 1000, ru(day())]]);
    const manager = await upload(file, 'manager');
    expect([manager.status, manager.body.message]).toEqual([
      403,
      'Начальное сальдо покупателей вносит только роль с правом «Финансы»',
    ]);
    const bad = await upload(
      await xlsx([
        [buyer.inn, 1000, ru(day())],
        ['7700000000', 'много', ru(day().add(1, 'day'))],
        ['', 100, '31.02.2026'],
        ['7707083893', 100, ru(day())],
        [buyer.inn, 5, ru(day())],
      ]),
    );
    expect([bad.status, bad.body.messages]).toEqual([
      400,
      [
        'Строка 3: сальдо должно быть числом в рублях, не больше 2 знаков после запятой, дата не может быть позже сегодняшней',
        'Строка 4: не указан ИНН, дата должна быть в виде дд.мм.гггг',
        'Строка 5: покупатель с ИНН 7707083893 не найден',
        `Строка 6: ИНН ${buyer.inn} уже есть в строке 2`,
      ],
    ]);
    expect(
      firstRow(
        await ctx.db.execute(sql`SELECT count(*)::int AS n FROM buyer_opening_balances WHERE buyer_id = ${buyer.id}`),
      ),
    ).toEqual({ n: 0 });
  }, 60_000);
});
