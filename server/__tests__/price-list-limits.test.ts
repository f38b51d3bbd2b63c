// A supplier's price list read within bounds (issue 50): the attack first, a 1.3 MB workbook of 5 000 rows × 100 cells
// each pointing to one 30 000-character shared string (15 000 000 000 characters read whole), built here with
// exceljs; then a cell past the longest text cut and named as the row's problem; then the day's cap of uploads.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext, type DemoUser } from './testApp';
import { firstRow } from '../db/rows';
import { readSheets } from '../lists/sheets';
import { PRICE_LIST_UPLOADS_PER_DAY } from '../../domain/suppliers/priceList';
import { importUpload } from './importUpload';

let ctx: DemoContext;
let supplierId: number;
const count = async (q: ReturnType<typeof sql>) => Number(firstRow<{ n: number }>(await ctx.db.execute(q))!.n);

beforeAll(async () => {
  ctx = await createDemoApp();
  const cityId = firstRow<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM cities WHERE status = 'active' ORDER BY id LIMIT 1`),
  )!.id;
  supplierId = firstRow<{ id: number }>(
    await ctx.db.execute(sql`INSERT INTO suppliers (name, inn, city_id, loading_address)
    VALUES ('Поставщик с длинным прайсом', '7709876543', ${cityId}, 'Склад, ул. Промышленная, 1') RETURNING id`),
  )!.id;
}, 120_000);

afterAll(() => ctx?.close());

/** One long shared string in every cell: exceljs's streaming writer keeps the text once in sharedStrings.xml. */
async function attackFile(): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: false });
  const sheet = book.addWorksheet('Прайс');
  const long = 'Орех '.repeat(6000);
  for (let r = 0; r < 5000; r++) sheet.addRow(Array.from({ length: 100 }, () => long)).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

// the file sent as the dialog sends it, through the import tests' multipart helper
const upload = (file: Buffer, filename: string, who: DemoUser = 'admin') =>
  importUpload(ctx, `/api/suppliers/${supplierId}/price-lists`, file, filename, undefined, who);

async function smallFile(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Прайс');
  sheet.addRow(['Наименование', 'Фасовка', 'Цена, руб/кг', 'Остаток, т']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('a price list of one long shared string in every cell', () => {
  it('is refused while it is read, nothing stored, the heap not filled', async () => {
    const file = await attackFile();
    expect(file.length).toBeGreaterThan(1_000_000);
    expect(file.length).toBeLessThan(5 * 1024 * 1024); // within the upload's size limit: only the reading can stop it
    const heapBefore = process.memoryUsage().heapUsed;
    const res = await upload(file, 'прайс.xlsx');
    expect(res).toEqual({
      status: 400,
      body: expect.objectContaining({
        messages: ['Файл распаковывается в слишком большой объём данных: разделите его на части'],
      }),
    });
    // the reading stopped at 4 000 000 characters (8 MB of text), not at 15 000 000 000
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
    expect(await count(sql`SELECT count(*)::int AS n FROM price_list_uploads WHERE supplier_id = ${supplierId}`)).toBe(
      0,
    );
    expect(await count(sql`SELECT count(*)::int AS n FROM files WHERE original_name = 'прайс.xlsx'`)).toBe(0);
  }, 120_000);

  it('the reading itself keeps every cell at most one character past the longest text', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Прайс').addRow(['a'.repeat(2000), 'b']);
    const sheets = await readSheets({ filename: 'x.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) }, 0);
    expect(sheets[0].rows[0].cells.map((c) => c.length)).toEqual([501, 1]);
  });
});

describe('a cell past the longest text', () => {
  it("is shown cut and named as its row's problem; the other rows read", async () => {
    const res = await upload(
      await smallFile([
        ['Миндаль Нонпарель', 'мешок 25 кг', 900, 1],
        ['Миндаль '.repeat(100), 'мешок 25 кг', 900, 1],
      ]),
      'длинная строка.xlsx',
    );
    expect(res.status).toBe(200);
    expect(res.body.columns[0].samples[1]).toHaveLength(501);
    // the long name is no question to answer
    expect(res.body.unmatched).toEqual([]);
    const profile = await ctx.call('PUT', `/api/suppliers/${supplierId}/price-list-profile`, 'admin', {
      upload_id: res.body.upload_id,
      sheet: 'Прайс',
      header_row: 1,
      columns: { 1: 'product', 2: 'packing', 3: 'price_per_kg', 4: 'amount_t' },
      defaults: { harvest_year: '2025', origin_country: 'США' },
    });
    expect(profile.status).toBe(200);
    expect(profile.body.preview.new).toEqual([
      expect.objectContaining({ line: 2, product: 'Миндаль', variety: 'Нонпарель' }),
    ]);
    expect(profile.body.preview.problems).toEqual([
      {
        line: 3,
        name: 'Миндаль '.repeat(100).slice(0, 501).trim(),
        column: 'Наименование',
        message: 'Не больше 500 символов',
      },
    ]);
  });
});

describe('a workbook of many long sheets', () => {
  it("keeps only each sheet's first rows with the upload; the sheet mapped is read again from the stored file", async () => {
    // 6 sheets × 2 000 rows × 15 cells of distinct text, about 3 million characters: within the reading's budget
    const book = new ExcelJS.Workbook();
    const notes = (s: number, r: number) => Array.from({ length: 11 }, (_, j) => `склад ${s}, строка ${r}, ${j + 1}`);
    for (let s = 1; s <= 6; s++) {
      const sheet = book.addWorksheet(`Склад ${s}`);
      sheet.addRow([
        'Наименование',
        'Фасовка',
        'Цена, руб/кг',
        'Остаток, т',
        ...Array.from({ length: 11 }, (_, j) => `Примечание ${j + 1}`),
      ]);
      for (let r = 2; r <= 2001; r++)
        sheet.addRow(['Миндаль Нонпарель', 'мешок 25 кг', 900 + s, r === 2001 ? 'много' : 1, ...notes(s, r)]);
    }
    const res = await upload(Buffer.from(await book.xlsx.writeBuffer()), 'шесть складов.xlsx');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      sheets: ['Склад 1', 'Склад 2', 'Склад 3', 'Склад 4', 'Склад 5', 'Склад 6'],
      sheet: 'Склад 1',
      header_row: 1,
    });
    // what the upload keeps in the database: the sheets' first rows, not 12 000 rows parsed again at every look
    const stored = await count(
      sql`SELECT octet_length(sheets::text) AS n FROM price_list_uploads WHERE id = ${res.body.upload_id}`,
    );
    expect(stored).toBeLessThan(200_000);
    // the last sheet, mapped: every row of it read from the file (906 ₽/kg × 25 kg a bag, 1 t = 40 bags), its last
    // row's problem named
    const mapped = await ctx.call('PUT', `/api/suppliers/${supplierId}/price-list-profile`, 'admin', {
      upload_id: res.body.upload_id,
      sheet: 'Склад 6',
      header_row: 1,
      columns: { 1: 'product', 2: 'packing', 3: 'price_per_kg', 4: 'amount_t' },
      defaults: { harvest_year: '2025', origin_country: 'США' },
    });
    expect(mapped.status).toBe(200);
    expect(mapped.body.columns[4].samples).toEqual([
      'склад 6, строка 2, 1',
      'склад 6, строка 3, 1',
      'склад 6, строка 4, 1',
      'склад 6, строка 5, 1',
      'склад 6, строка 6, 1',
    ]);
    expect(mapped.body.preview.new).toEqual([
      expect.objectContaining({
        line: 2,
        product: 'Миндаль',
        variety: 'Нонпарель',
        packing: 'Мешок 25 кг',
        unit_price: '22650.00',
        unit_amount: '40.00',
      }),
    ]);
    const problems = mapped.body.preview.problems as { line: number; message: string }[];
    expect(problems).toHaveLength(1999);
    expect(problems[0]).toMatchObject({ line: 3, message: 'Та же партия, что в строке 2' });
    expect(problems[1998]).toMatchObject({ line: 2001, column: 'Остаток, т' });
    const preview = await ctx.call('GET', `/api/price-list-uploads/${res.body.upload_id}/preview`, 'admin');
    expect(preview.body).toEqual(mapped.body.preview);
  }, 120_000);
});

describe('uploads of one supplier in a business day', () => {
  it(`are capped at ${PRICE_LIST_UPLOADS_PER_DAY}: the next one is refused in Russian and not stored`, async () => {
    const done = await count(sql`SELECT count(*)::int AS n FROM price_list_uploads WHERE supplier_id = ${supplierId}`);
    // the day's earlier uploads (yesterday's do not count)
    await ctx.db.execute(sql`INSERT INTO price_list_uploads (supplier_id, file_name, sheets, uploaded_at)
      SELECT ${supplierId}, 'вчера.xlsx', '[]'::jsonb, now() - interval '2 days' FROM generate_series(1, 5)`);
    await ctx.db.execute(sql`INSERT INTO price_list_uploads (supplier_id, file_name, sheets)
      SELECT ${supplierId}, 'ранее.xlsx', '[]'::jsonb FROM generate_series(1, ${PRICE_LIST_UPLOADS_PER_DAY - done - 1}::int)`);
    const file = await smallFile([['Миндаль Нонпарель', 'мешок 25 кг', 900, 1]]);
    expect((await upload(file, 'последний.xlsx')).status).toBe(200);
    const refused = await upload(file, 'лишний.xlsx');
    expect(refused).toEqual({
      status: 400,
      body: expect.objectContaining({
        messages: [
          `Сегодня уже загружено ${PRICE_LIST_UPLOADS_PER_DAY} прайсов этого поставщика: следующий можно загрузить завтра`,
        ],
      }),
    });
    expect(await count(sql`SELECT count(*)::int AS n FROM files WHERE original_name = 'лишний.xlsx'`)).toBe(0);
  });
});

describe('who uploaded a price list', () => {
  it("is named to staff who see who made offers, never to a supplier's account (the people rule)", async () => {
    const own = firstRow<{ supplier_id: number }>(
      await ctx.db.execute(sql`SELECT supplier_id FROM users WHERE email = 'supplier@nutdesk.demo'`),
    )!.supplier_id;
    await ctx.db.execute(sql`UPDATE role_permissions SET scope = 'own' WHERE resource = 'offers' AND action = 'import'
      AND role_id = (SELECT id FROM roles WHERE name = 'Поставщик')`);
    const admin = firstRow<{ id: number; name: string }>(
      await ctx.db.execute(sql`SELECT id, coalesce(name, email) AS name FROM users WHERE email = 'admin@nutdesk.demo'`),
    )!;
    await ctx.db.execute(
      sql`INSERT INTO price_list_uploads (supplier_id, file_name, sheets, uploaded_by) VALUES (${own}, 'от менеджера.xlsx', '[]'::jsonb, ${admin.id})`,
    );
    const asAdmin = await ctx.call('GET', `/api/suppliers/${own}/price-lists`, 'admin');
    expect(asAdmin.body[0]).toMatchObject({ file_name: 'от менеджера.xlsx', uploaded_by: admin.name });
    const asSupplier = await ctx.call('GET', `/api/suppliers/${own}/price-lists`, 'supplier');
    expect(asSupplier.status).toBe(200);
    expect(asSupplier.body[0]).toMatchObject({ file_name: 'от менеджера.xlsx', uploaded_by: null });
    expect(JSON.stringify(asSupplier.body)).not.toContain(admin.name);
  });
});
