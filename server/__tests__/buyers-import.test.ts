// POST /api/buyers/import and its template (issue 37) on the demo data: a file with good and bad rows gives the
// per-row report in the buyer card's Russian messages (under their columns), an INN another buyer has or an earlier
// row of the file has is refused, and exactly the good rows are written (mode=valid) or none (mode=all); the city and
// the responsible are found by name; role 8 may not import buyers.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { firstRow, rowsOf } from '../db/rows';
import { BUYER_IMPORT_COLUMNS } from '../../domain/buyers/import';
import { importUpload } from './importUpload';

let ctx: DemoContext;
let taken: { id: number; inn: string };
let city: string;
let employee: string;

beforeAll(async () => {
  ctx = await createDemoApp();
  taken = firstRow<{ id: number; inn: string }>(
    await ctx.db.execute(
      sql`SELECT id, inn FROM buyers WHERE inn IS NOT NULL AND status = 'active' ORDER BY id LIMIT 1`,
    ),
  )!;
  city = firstRow<{ name: string }>(
    await ctx.db.execute(sql`SELECT name FROM cities WHERE status = 'active' ORDER BY id LIMIT 1`),
  )!.name;
  employee = firstRow<{ full_name: string }>(
    await ctx.db.execute(sql`SELECT full_name FROM employees WHERE status = 'active' ORDER BY id LIMIT 1`),
  )!.full_name;
}, 120_000);
afterAll(() => ctx?.close());

const TITLES = BUYER_IMPORT_COLUMNS.map((c) => c.title);
const row = (patch: Record<string, string | number | null> = {}) => {
  const base: Record<string, string | number | null> = {
    Название: 'ООО «Импорт Кедр»',
    ИНН: '7707083893',
    КПП: '770701001',
    Город: city,
    'Адрес доставки': 'ул. Складская, 4',
    'Контактное лицо': 'Иванов Иван',
    Телефон: '+7 (912) 000-11-22',
    Email: 'Buy@Kedr.ru',
    Ответственный: employee,
    'Условия оплаты': 'Отсрочка',
    'Дней отсрочки': 14,
    'Кредитный лимит, ₽': 1000000.5,
    Комментарий: 'Из старой базы',
  };
  return TITLES.map((t) => (t in patch ? patch[t] : base[t]));
};
async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Лист1');
  sheet.addRow(TITLES);
  rows.forEach((r) => sheet.addRow(r));
  return Buffer.from(await book.xlsx.writeBuffer());
}
const count = async () => firstRow<{ n: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM buyers`))!.n;

/** Rows 2 and 6 are good; 3 to 5 and 7 each wrong in a way the card refuses. */
const mixed = () => [
  row(), // 2
  row({ Название: 'О', ИНН: '7707083894', 'Дней отсрочки': 0 }), // 3
  row({ ИНН: taken.inn, Город: 'Атлантида' }), // 4: not in the cities
  row({ ИНН: taken.inn }), // 5: another buyer has it
  row({
    Название: 'ИП Орехов',
    ИНН: '500100732259',
    'Условия оплаты': null,
    'Дней отсрочки': null,
    'Кредитный лимит, ₽': null,
    Ответственный: null,
  }), // 6
  row({ Название: 'ООО «Кедр-2»' }), // 7: row 2's INN
];
const problems = () => [
  { row: 3, column: 'Название', message: 'Минимум 2 символа' },
  { row: 3, column: 'ИНН', message: 'Неверное контрольное число ИНН' },
  { row: 3, column: 'Дней отсрочки', message: 'Отсрочка от 1 до 180 дней' },
  { row: 4, column: 'Город', message: '«Атлантида» нет в списке городов' },
  { row: 5, column: '', message: `Покупатель с таким ИНН уже есть — покупатель № ${taken.id}` },
  { row: 7, column: 'ИНН', message: 'Покупатель с таким ИНН уже есть — строка 2 этого файла' },
];

test("mode=all: the report per row in the card's words, and nothing written", async () => {
  const before = await count();
  const res = await importUpload(ctx, '/api/buyers/import', await xlsx(mixed()), 'покупатели.xlsx', 'all');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ mode: 'all', total: 6, valid: 2, imported: 0, ids: [], problems: problems() });
  expect(await count()).toBe(before);
});

test('mode=valid: the good rows are written with their city, responsible, terms, limit and comment', async () => {
  const res = await importUpload(ctx, '/api/buyers/import', await xlsx(mixed()), 'покупатели.xlsx', 'valid');
  expect(res.body).toMatchObject({ mode: 'valid', total: 6, valid: 2, imported: 2, problems: problems() });
  const made = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`SELECT b.name, b.inn, b.kpp, c.name AS city, b.phone, b.email, e.full_name AS responsible,
      b.payment_terms, b.deferral_days, b.credit_limit::text AS credit_limit,
      (SELECT string_agg(text, '|') FROM comments WHERE entity_type = 'buyers' AND entity_id = b.id) AS comments
    FROM buyers b LEFT JOIN cities c ON c.id = b.city_id LEFT JOIN employees e ON e.id = b.responsible_id WHERE b.id IN (${sql.join(res.body.ids, sql`, `)}) ORDER BY b.id`),
  );
  expect(made).toEqual([
    {
      name: 'ООО «Импорт Кедр»',
      inn: '7707083893',
      kpp: '770701001',
      city,
      phone: '79120001122',
      email: 'buy@kedr.ru',
      responsible: employee,
      payment_terms: 'deferral',
      deferral_days: 14,
      credit_limit: '1000000.50',
      comments: 'Из старой базы',
    },
    // no terms: prepayment; no limit: none; no responsible named: the administrator has no employee, so none
    {
      name: 'ИП Орехов',
      inn: '500100732259',
      kpp: '770701001',
      city,
      phone: '79120001122',
      email: 'buy@kedr.ru',
      responsible: null,
      payment_terms: 'prepay',
      deferral_days: null,
      credit_limit: null,
      comments: 'Из старой базы',
    },
  ]);
});

test("the template names the card's columns; role 8 may not import buyers", async () => {
  const template = await ctx.app.inject({
    method: 'GET',
    url: '/api/buyers/import/template',
    headers: { authorization: `Bearer ${ctx.tokens.admin}` },
  });
  expect(template.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
  expect((book.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(TITLES);
  const refused = await importUpload(
    ctx,
    '/api/buyers/import',
    await xlsx([row()]),
    'покупатели.xlsx',
    'all',
    'warehouse',
  );
  expect([refused.status, refused.body.message]).toEqual([403, 'Недостаточно прав для импорта в этот раздел']);
});

test('a value that a spreadsheet would run is refused at the import with its row and column named, a phone and a dash are not', async () => {
  const before = await count();
  const res = await importUpload(
    ctx,
    '/api/buyers/import',
    await xlsx([
      row({ Название: 'ООО «Формула»', ИНН: null, 'Адрес доставки': '=HYPERLINK("http://evil.example/","Склад")' }), // 2
      row({ Название: 'ООО «Собака»', ИНН: null, Комментарий: '@SUM(1+1)*cmd' }), // 3
      row({ Название: 'ООО «Тире»', ИНН: null, Комментарий: '-', Телефон: '+7 (912) 000-11-23' }), // 4
    ]),
    'покупатели.xlsx',
    'all',
  );
  expect(res.body.problems).toEqual([
    {
      row: 2,
      column: 'Адрес доставки',
      message: 'Значение «=HYPERLINK("http://evil.example/","Склад")» начинается как формула: уберите «=» в начале',
    },
    { row: 3, column: 'Комментарий', message: 'Значение «@SUM(1+1)*cmd» начинается как формула: уберите «@» в начале' },
  ]);
  expect(await count()).toBe(before);
});
