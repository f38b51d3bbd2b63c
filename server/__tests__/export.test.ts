// GET /api/{section}/export on the seeded demo data: the file holds the list as it stands (filter, sort, the asked
// columns in order with their titles), typed cells in XLSX, Russian Excel's CSV, and never a hidden field.
import { execFile } from 'node:child_process';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext, type DemoUser } from './testApp';
import { comments, offers, rolePermissions, roles, users } from '../db/schema';
import { loadPermissions } from '../accounts/users';
import { rowsOf } from '../db/rows';
import { SECTION_SPECS } from '../sections';
import { stringify } from 'csv-stringify/sync';
import { prepareExport } from '../lists/export';
import { cellOf, csvFieldOf, csvText } from '../lists/export/cells';
import { formatDate } from '../../domain/format';
import { statusTitle } from '../../domain/sections';
import type { ColumnDef } from '../../domain/lists';

let ctx: DemoContext;

beforeAll(async () => {
  ctx = await createDemoApp();
  // the warehouse (role 8) and the supplier may export offers here, so what they get can be checked
  await ctx.db
    .update(rolePermissions)
    .set({ scope: 'all' })
    .where(
      and(eq(rolePermissions.role_id, 8), eq(rolePermissions.resource, 'offers'), eq(rolePermissions.action, 'export')),
    );
  const [supplierRole] = await ctx.db.select().from(roles).where(eq(roles.name, 'Поставщик'));
  await ctx.db
    .update(rolePermissions)
    .set({ scope: 'own' })
    .where(
      and(
        eq(rolePermissions.role_id, supplierRole.id),
        eq(rolePermissions.resource, 'offers'),
        eq(rolePermissions.action, 'export'),
      ),
    );
}, 120_000);

afterAll(() => ctx?.close());

async function download(url: string, who: DemoUser = 'admin') {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ctx.tokens[who]}` } });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, text: res.body };
}

async function sheetOf(raw: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(raw as never);
  const sheet = workbook.worksheets[0];
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return { sheet, rows };
}

/** The same list through the page API, every row. */
async function listed(query: string, who: DemoUser = 'admin') {
  const res = await ctx.call('GET', `/api/offers?perPage=200&${query}`, who);
  expect(res.status).toBe(200);
  expect(res.body.pagination.pageCount).toBe(1);
  return res.body.data as Record<string, unknown>[];
}

const QUERY = 'unit_price_from=300&unit_price_to=900&statuses_ids=active,completed&sort=unit_price&order=asc';

test('XLSX: the filtered, sorted list with the asked columns in order, numbers as numbers, dates as dates', async () => {
  const res = await download(
    `/api/offers/export?format=xlsx&${QUERY}&columns=unit_price,product,images,id,unit_amount,created_at,status`,
  );
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="[^"]+\.xlsx"; filename\*=UTF-8''%D0%9F%D1%80%D0%B5%D0%B4%D0%BB%D0%BE%D0%B6%D0%B5%D0%BD%D0%B8%D1%8F%20\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  const expected = await listed(QUERY);
  expect(expected.length).toBeGreaterThan(5);
  expect(res.headers['x-total-count']).toBe(String(expected.length));

  const { sheet, rows } = await sheetOf(res.raw);
  expect(rows[0]).toEqual(['Цена за единицу', 'Товар', '№', 'Количество', 'Дата создания', 'Статус']);
  expect(rows.slice(1)).toEqual(
    expected.map((o) => {
      const created = new Date(o.created_at as string);
      return [
        Number(o.unit_price),
        (o.product as { name: string }).name,
        o.id,
        Number(o.unit_amount),
        new Date(Date.UTC(created.getFullYear(), created.getMonth(), created.getDate())),
        statusTitle('offers', o.status as string),
      ];
    }),
  );
  expect(rows.slice(1).map((r) => r[5])).toContain('Выполнен');
  // money shown with 2 decimals, dates as dd.MM.yyyy
  expect(sheet.getRow(2).getCell(1).numFmt).toBe('#,##0.00');
  expect(sheet.getRow(2).getCell(5).numFmt).toBe('dd.mm.yyyy');
  expect(typeof rows[1][0]).toBe('number');
  expect(rows[1][4]).toBeInstanceOf(Date);
});

test('CSV: UTF-8 with BOM, ; between fields, decimal comma, dd.MM.yyyy, quoted where a value needs it', async () => {
  const query = 'statuses_ids=active&unit_price_from=300&unit_price_to=600&sort=created_at&order=desc';
  const res = await download(
    `/api/offers/export?format=csv&${query}&columns=id&columns=unit_price&columns=created_at&columns=comments`,
  );
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect([...res.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const quote = (s: string) => (/[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const expected = (await listed(query)).map((o) =>
    [
      String(o.id),
      Number(o.unit_price).toFixed(2).replace('.', ','),
      formatDate(o.created_at as string),
      quote((o.comments as { text: string }[]).map((c) => c.text).join('\n')),
    ].join(';'),
  );
  expect(res.text).toBe(
    `\uFEFF№;Цена за единицу;Дата создания;Комментарии\r\n${expected.map((line) => `${line}\r\n`).join('')}`,
  );
  expect(expected.length).toBeGreaterThan(3);
});

async function adminAuth() {
  const [admin] = await ctx.db.select().from(users).where(eq(users.email, 'admin@nutdesk.demo'));
  return { user: admin, permissions: await loadPermissions(ctx.db, admin) };
}

/** The same export read from the cursor `pageSize` rows a FETCH: its text, read whole. */
async function exportedIn(pageSize: number, query: Record<string, string>) {
  const file = await prepareExport(ctx.db, SECTION_SPECS.offers, await adminAuth(), {
    format: 'csv',
    columns: ['id'],
    query,
    pageSize,
  });
  let text = '';
  for await (const chunk of file.stream) text += String(chunk);
  return text;
}

test("the cursor's file is the file the keyset pages wrote: a manager's filtered, sorted list, hidden fields left out, byte for byte and cell for cell", async () => {
  // what the export wrote before the cursor: the list's own rows (here through the page API, as the manager reads
  // them), each cell as cellOf makes it, the CSV through csv-stringify with ';' and CRLF after a byte order mark
  const query = 'statuses_ids=active,completed&unit_price_from=300&unit_price_to=900&sort=product&order=desc';
  // four comments on one offer of the list: the cell shows the latest three. Two were written in one transaction
  // (one time, the later written first) before the two added from the card, one with the separator and quotes: a
  // cell CSV must quote over lines; a tab and a backslash, which PostgreSQL's COPY writes escaped, come back as typed
  const [first] = await listed(query, 'manager');
  await ctx.db.insert(comments).values(
    ['Тот же миг: первый', 'Тот же миг: второй'].map((text) => ({
      entity_type: 'offers',
      entity_id: Number(first.id),
      text,
      created_at: new Date('2026-01-05T10:00:00Z'),
    })),
  );
  await ctx.call('POST', `/api/offers/${first.id}/comments`, 'admin', { text: 'Сорт; "экстра"' });
  await ctx.call('POST', `/api/offers/${first.id}/comments`, 'admin', { text: 'Проверено\tпартия C:\\2026\\N' });
  const rows = await listed(query, 'manager');
  expect(rows.length).toBeGreaterThan(5);
  const columns = SECTION_SPECS.offers.columnDefs.filter(
    (c) => c.key in rows[0] && c.type !== 'image' && c.type !== 'gallery',
  );
  const titles = columns.map((c) => c.title);
  for (const hidden of ['Поставщик', 'Город погрузки', 'Адрес погрузки', 'Создал'])
    expect(titles).not.toContain(hidden);
  // every kind of cell is there: money, amounts, references, status, dates, comments
  for (const type of ['money', 'entity_link', 'status', 'date', 'comments'])
    expect(columns.map((c) => c.type)).toContain(type);
  const cells = rows.map((o) => columns.map((c) => cellOf('offers', c, o[c.key])));

  const csv = await download(`/api/offers/export?format=csv&${query}`, 'manager');
  expect(csv.status).toBe(200);
  const before = `\uFEFF${stringify([titles, ...cells.map((line) => line.map((cell, i) => csvText(columns[i], cell)))], { delimiter: ';', record_delimiter: '\r\n' })}`;
  expect(csv.text).toBe(before);
  expect(csv.raw.equals(Buffer.from(before, 'utf8'))).toBe(true);
  // the comments spanning lines are quoted, their quotes doubled
  expect(csv.text).toContain(';"Проверено\tпартия C:\\2026\\N\nСорт; ""экстра""\nТот же миг: второй"\r\n');

  const xlsx = await download(`/api/offers/export?format=xlsx&${query}`, 'manager');
  const { sheet, rows: read } = await sheetOf(xlsx.raw);
  expect(read[0]).toEqual(titles);
  // a cell left empty (an empty text too) reads back as a hole
  expect(read.slice(1).map((line) => columns.map((_, i) => line[i] ?? null))).toEqual(
    cells.map((line) => line.map((cell) => (cell === '' ? null : cell))),
  );
  columns.forEach((c, i) => {
    if (c.type === 'money') expect(sheet.getRow(2).getCell(i + 1).numFmt).toBe('#,##0.00');
    if (c.type === 'date') expect(sheet.getRow(2).getCell(i + 1).numFmt).toBe('dd.mm.yyyy');
  });
});

test('read through the cursor a few rows a FETCH or all at once, the file holds every row in the list order, over ties and blanks', async () => {
  // blanks among the sort values: nulls come first going up and last going down
  await ctx.db
    .update(offers)
    .set({ harvest_year: null })
    .where(sql`id % 5 = 0`);
  for (const sort of [
    {} as Record<string, string>,
    { sort: 'product', order: 'desc' },
    { sort: 'status', order: 'asc' },
    { sort: 'harvest_year', order: 'asc' },
    { sort: 'harvest_year', order: 'desc' },
    { sort: 'unit_price', order: 'desc' },
    { sort: 'created_at', order: 'asc' },
  ]) {
    const query = { withDeleted: 'true', ...sort };
    const whole = await exportedIn(10_000, query);
    const ids = whole.replace('\uFEFF', '').trim().split('\r\n').slice(1);
    expect(ids.length).toBe((await ctx.db.select({ n: sql<number>`count(*)::int` }).from(offers))[0].n);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await exportedIn(7, query)).toBe(whole);
  }
  // and the whole equals the list's own order
  const page = (await listed('sort=product&order=desc&statuses_ids=completed')).map((o) => String(o.id));
  const exported = (
    await download('/api/offers/export?format=csv&columns=id&sort=product&order=desc&statuses_ids=completed')
  ).text;
  expect(exported.replace('\uFEFF', '').trim().split('\r\n').slice(1)).toEqual(page);
});

test('no columns asked: every visible column in the section order, photos left out', async () => {
  const { rows } = await sheetOf((await download('/api/offers/export?format=xlsx&statuses_ids=completed')).raw);
  expect(rows[0]).toContain('Поставщик');
  expect(rows[0]).not.toContain('Фото');
  expect(rows[0][0]).toBe('№');
  expect(rows.length - 1).toBe(
    (
      await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(offers)
        .where(eq(offers.status, 'completed'))
    )[0].n,
  );
});

test('fields hidden from roles 1 and 8 never leave, even asked for by name', async () => {
  const manager = await sheetOf((await download('/api/offers/export?format=xlsx', 'manager')).raw);
  expect(manager.rows[0]).toEqual(expect.arrayContaining(['Цена за единицу', 'Товар']));
  for (const title of ['Поставщик', 'Город погрузки', 'Адрес погрузки', 'Создал'])
    expect(manager.rows[0]).not.toContain(title);

  const warehouse = await sheetOf((await download('/api/offers/export?format=xlsx', 'warehouse')).raw);
  for (const title of ['Поставщик', 'Доставка на склад', 'Мин. цена продажи', 'Макс. цена продажи', 'Создал'])
    expect(warehouse.rows[0]).not.toContain(title);
  expect(warehouse.rows[0]).toContain('Количество');

  const askedSupplier = await download('/api/offers/export?format=csv&columns=id,supplier', 'manager');
  expect(askedSupplier.status).toBe(400);
  expect(JSON.parse(askedSupplier.text).messages).toEqual(['Нельзя выгрузить столбец «supplier»']);
  // a column that does not exist gets the same answer: the hidden one is not confirmed
  expect(
    JSON.parse((await download('/api/offers/export?format=csv&columns=nonsense', 'manager')).text).messages,
  ).toEqual(['Нельзя выгрузить столбец «nonsense»']);
  const askedCost = await download('/api/offers/export?format=xlsx&columns=warehouse_cost', 'warehouse');
  expect(askedCost.status).toBe(400);
  const sortedByCost = await download('/api/offers/export?format=xlsx&columns=id&sort=min_unit_price', 'warehouse');
  expect(sortedByCost.status).toBe(400);
  expect(JSON.parse(sortedByCost.text).messages).toEqual(['Нельзя сортировать по полю «min_unit_price»']);
  const filteredBySupplier = await download('/api/offers/export?format=xlsx&columns=id&suppliers_ids=1', 'warehouse');
  expect(filteredBySupplier.status).toBe(403);
  expect(JSON.parse(filteredBySupplier.text).message).toBe('Фильтр «Поставщик» вам недоступен');
});

test("'own' export: a supplier's file holds its own offers only", async () => {
  const res = await download('/api/offers/export?format=csv&columns=id&withDeleted=true', 'supplier');
  expect(res.status).toBe(200);
  const ids = res.text
    .replace('\uFEFF', '')
    .trim()
    .split('\r\n')
    .slice(1)
    .map(Number)
    .sort((a, b) => a - b);
  const me = (await ctx.call('GET', '/api/permissions', 'supplier')).body;
  const own = await ctx.db
    .select({ id: offers.id })
    .from(offers)
    .where(eq(offers.supplier_id, me.supplier_id))
    .orderBy(offers.id);
  expect(own.length).toBeGreaterThan(0);
  expect(ids).toEqual(own.map((o) => o.id));
  // its own offers' file leaves out the trader's selling band, also asked for by name
  const header = (await download('/api/offers/export?format=csv', 'supplier')).text
    .replace('\uFEFF', '')
    .split('\r\n')[0]
    .split(';');
  expect(header).toEqual(expect.arrayContaining(['Цена за единицу', 'Количество']));
  for (const title of ['Мин. цена продажи', 'Макс. цена продажи']) expect(header).not.toContain(title);
  const asked = await download('/api/offers/export?format=csv&columns=id,max_unit_price', 'supplier');
  expect([asked.status, JSON.parse(asked.text).messages]).toEqual([400, ['Нельзя выгрузить столбец «max_unit_price»']]);
});

test('no export right: 403 in Russian; a bad format: 400', async () => {
  const refused = await download('/api/reserves/export?format=xlsx', 'warehouse');
  expect(refused.status).toBe(403);
  expect(JSON.parse(refused.text)).toEqual({
    status: 'error',
    error: 'forbidden',
    message: 'Недостаточно прав для экспорта этого списка',
  });
  expect((await download('/api/employees/export?format=csv', 'manager')).status).toBe(403);
  const badFormat = await download('/api/offers/export?format=pdf');
  expect(badFormat.status).toBe(400);
  expect(JSON.parse(badFormat.text).messages).toEqual(['Формат выгрузки может быть только xlsx или csv']);
  expect(JSON.parse((await download('/api/offers/export?format=csv&columns=images')).text).messages).toEqual([
    'Выберите хотя бы один столбец для выгрузки',
  ]);
  expect(JSON.parse((await download('/api/offers/export')).text).messages).toEqual([
    'Формат выгрузки может быть только xlsx или csv',
  ]);
});

test('every section has its export', async () => {
  for (const section of ['offers', 'reserves', 'employees', 'suppliers', 'products', 'cities']) {
    const res = await download(`/api/${section}/export?format=xlsx`);
    expect(res.status).toBe(200);
    const { rows } = await sheetOf(res.raw);
    expect(rows.length).toBeGreaterThan(1);
  }
});

test('CSV: a text that a spreadsheet would run as a formula is written as text, and an import reads it back', async () => {
  const [offer] = await ctx.db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.status, 'active'),
        sql`NOT EXISTS (SELECT 1 FROM comments c WHERE c.entity_type = 'offers' AND c.entity_id = ${offers.id})`,
      ),
    )
    .limit(1);
  const evil = '=HYPERLINK("http://evil.example/","Иран")';
  await ctx.db.update(offers).set({ origin_country: evil }).where(eq(offers.id, offer.id));
  await ctx.call('POST', `/api/offers/${offer.id}/comments`, 'admin', { text: '@SUM(1+1)*cmd' });
  const res = await download(`/api/offers/export?format=csv&offers_ids=${offer.id}&columns=id,origin_country,comments`);
  expect(res.status).toBe(200);
  const [, line] = res.text.replace(/^\uFEFF/, '').split('\r\n');
  // the apostrophe makes each cell text; the quotes inside the formula are CSV-doubled
  expect(line).toBe(`${offer.id};"'=HYPERLINK(""http://evil.example/"",""Иран"")";'@SUM(1+1)*cmd`);
  const { inertText, textOfInert } = await import('../../domain/spreadsheet');
  for (const text of ['+7 (912) 345-67-89', '-5', '@x', '\tx', '\rx', evil])
    expect(textOfInert(inertText(text))).toBe(text);
  expect(inertText('Иран')).toBe('Иран');
  expect(textOfInert("'обычный текст")).toBe("'обычный текст");
});

test("each CSV field is the one the cell's rule writes, through the fast paths too: the database's decimals, repeated texts", () => {
  // the rule: cellOf, csvText, then quoted as csv-stringify quotes with ';'
  const byRule = (column: ColumnDef, v: unknown) =>
    stringify([[csvText(column, cellOf('offers', column, v))]], { delimiter: ';', record_delimiter: '\n' }).replace(
      /\n$/,
      '',
    );
  const values = [
    '1234.50',
    '0.50',
    '10.000',
    '0.0',
    '100.10',
    '25000.00',
    '-5.00',
    '-0.00',
    '0.000001',
    '0.0000001',
    '123456789012345',
    '1234567890123456',
    '12345678901234.56',
    '1e5',
    '',
    ' 1',
    '007',
    'abc',
    '=1+1',
    'Сорт; "экстра"',
    'active',
    'deleted',
    '2026-11-01 09:00:00+00',
    '2026-11-01',
    5,
    5.5,
    1e21,
    0,
    null,
    undefined,
    Number.NaN,
  ];
  for (const type of [
    'money',
    'number',
    'action',
    'id_link',
    'text',
    'status',
    'entity_link',
    'date',
    'phone',
  ] as const) {
    const column = { key: 'x', title: 'x', type } as ColumnDef;
    const field = csvFieldOf('offers', column);
    // twice: the second time from the column's memo
    for (const v of [...values, ...values]) expect([type, v, field(v)]).toEqual([type, v, byRule(column, v)]);
  }
  // what a reader sees: the decimal comma, no trailing zeros on an amount, two places on money
  expect(csvFieldOf('offers', { key: 'p', title: 'p', type: 'money' } as ColumnDef)('1234.50')).toBe('1234,50');
  expect(csvFieldOf('offers', { key: 'a', title: 'a', type: 'number' } as ColumnDef)('10.500')).toBe('10,5');
  expect(csvFieldOf('offers', { key: 'a', title: 'a', type: 'number' } as ColumnDef)('10.000')).toBe('10');
});

/** Each text's CSV field for a date column in the business zone `zone`, by the fast path and by the rule, in a node
 * process whose own time zone is `tz` (the zone is read when the process starts: jest's process.env is the sandbox's
 * own copy). */
function dateFieldsIn(tz: string, zone: string, texts: string[]): Promise<[string, string, string][]> {
  const script = `
    const { csvFieldOf, csvText, cellOf } = require(${JSON.stringify(require.resolve('../lists/export/cells'))});
    const date = { key: 'created_at', title: 'Дата создания', type: 'date' };
    const field = csvFieldOf('offers', date, process.env.ZONE);
    const texts = JSON.parse(process.env.TEXTS);
    process.stdout.write(JSON.stringify(texts.map((t) => [t, field(t), csvText(date, cellOf('offers', date, t, process.env.ZONE))])));`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '-e', script],
      { env: { ...process.env, TZ: tz, ZONE: zone, TEXTS: JSON.stringify(texts) } },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))),
    );
  });
}

test("a date's CSV field is the business day (setting time_zone), never the server's zone, through the fast path too: offsets, midnight, fractions", async () => {
  const texts = [
    '2026-11-01 00:00:00+00',
    '2026-10-31 23:59:59.999999+00',
    '2026-11-01 02:30:00+03',
    '2026-11-01 20:59:59+00',
    '2026-11-01 21:00:00+00',
    '2026-03-29 01:59:59.5+00',
    '2026-11-01 05:29:00+05:30',
    '2026-11-01 18:30:00-03:30',
    '2024-02-29 23:00:00-01',
    '1999-12-31 23:59:59+14',
    '1000-01-01 12:00:00+00',
    '2026-11-01',
    '2026-11-01 09:00:00+02:30:17',
    '0999-01-01 00:00:00+00',
    '2026-11-01 09:00:00+00 BC',
    'infinity',
    'вчера',
  ];
  // the server's own zone changes nothing: whole and half hours on both sides of Greenwich, one business zone
  const servers = ['UTC', 'Asia/Kolkata', 'America/St_Johns'];
  const fields = await Promise.all([
    ...servers.map((tz) => dateFieldsIn(tz, 'Europe/Moscow', texts)),
    dateFieldsIn('UTC', 'America/St_Johns', texts),
  ]);
  for (const [z, list] of fields.entries()) {
    expect(list.map(([text]) => text)).toEqual(texts);
    for (const [text, fast, rule] of list) expect([z, text, fast]).toEqual([z, text, rule]);
  }
  // (a year before 1000 is no timestamp PostgreSQL writes in this form: Date's parser reads it in the process's zone)
  const real = (list: [string, string, string][]) => list.filter(([text]) => !text.startsWith('0999'));
  expect(real(fields[1])).toEqual(real(fields[0]));
  expect(real(fields[2])).toEqual(real(fields[0]));
  const moscow = new Map(fields[0].map(([text, fast]) => [text, fast]));
  expect([moscow.get('2026-11-01 20:59:59+00'), moscow.get('2026-11-01 21:00:00+00')]).toEqual([
    '01.11.2026',
    '02.11.2026',
  ]);
  const stJohns = new Map(fields[3].map(([text, fast]) => [text, fast]));
  expect(stJohns.get('2026-11-01 02:30:00+03')).toBe('31.10.2026');
}, 60_000);

test('a download the reader leaves half-way stops the database too: nothing left running, and the next export is whole', async () => {
  // more offers than a page (the COPY itself, stopped while it waits on a full socket, is copyOut.test.ts's)
  const copied = rowsOf<{ column_name: string }>(
    await ctx.db.execute(sql`SELECT column_name FROM information_schema.columns
    WHERE table_name = 'offers' AND column_name <> 'id' AND is_generated = 'NEVER' AND column_default IS DISTINCT FROM 'nextval(''offers_id_seq''::regclass)'`),
  ).map((c) => sql.identifier(c.column_name));
  await ctx.db.execute(
    sql`INSERT INTO offers (${sql.join(copied, sql`, `)}) SELECT ${sql.join(copied, sql`, `)} FROM offers, generate_series(1, 20)`,
  );
  const [{ total }] = rowsOf<{ total: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS total FROM offers`));
  expect(total).toBeGreaterThan(1_000);

  const file = await prepareExport(ctx.db, SECTION_SPECS.offers, await adminAuth(), {
    format: 'csv',
    query: { withDeleted: 'true' },
    pageSize: 100,
  });
  let received = 0;
  // leaving the loop destroys the stream, as a closed connection does in the route
  for await (const chunk of file.stream) {
    received += (chunk as Buffer).length;
    break;
  }
  expect(received).toBeGreaterThan(0);
  // the writer gives the database up (a reader that left is not an error), and nothing of it runs on: a COPY on
  // PostgreSQL, the cursor on PGlite
  await file.done;
  const [{ n: running }] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`SELECT
    (SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE 'COPY%')
    + (SELECT count(*)::int FROM pg_cursors WHERE name LIKE 'export_%') AS n`),
  );
  expect(running).toBe(0);
  const whole = await exportedIn(1000, { withDeleted: 'true' });
  expect(whole.replace('\uFEFF', '').trim().split('\r\n').length - 1).toBe(total);
}, 60_000);
