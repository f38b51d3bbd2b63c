// The XLSX export writes its rows' XML itself (lists/export/sheetRows.ts) where exceljs built a model of every row
// and cell: the sheet and its styles must be the very bytes exceljs' own row writer made of the same rows.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { col, type ColumnDef } from '../../domain/lists';
import { SECTION } from '../../domain/sections';
import type { SectionSpec } from '../contract/section';
import { cellOf } from '../lists/export/cells';
import type { Rows } from '../lists/export/rows';
import { writeXlsx } from '../lists/export/writers';
import { xmlText } from '../lists/export/sheetRows';

const spec = { section: 'offers' } as SectionSpec;
const ZONE = 'Europe/Moscow';

/** Forty columns (past Z, so two-letter addresses), every kind an export writes: numbers, money, dates, texts. */
const KINDS: ColumnDef[] = [
  col('id', '№', 'id_link'),
  col('unit_price', 'Цена', 'money'),
  col('created_at', 'Создано', 'date'),
  col('loading_address', 'Адрес', 'text'),
  col('unit_amount', 'Количество', 'number'),
];
const COLUMNS: ColumnDef[] = Array.from({ length: 40 }, (_, i) => ({ ...KINDS[i % 5], key: `c${i}` }));

/** Raw values as the database hands them, odd ones among them: blanks, texts to escape, control characters. */
const RAW: unknown[][] = [
  ['1', '1234.50', '2026-11-01 09:00:00+03', 'Москва, ул. "Складская" & <2>', '10.500'],
  [null, null, null, null, null],
  ['3', '-0.01', '2026-03-29 00:30:00.5+00', "O'Brien\u0001\u007f\ttab\nline\r\n", '0'],
  ['4', '99999999999.99', '1999-12-31 23:59:59+05:30', '=SUM(A1)', '1e3'],
  [7, 0, new Date('2026-06-01T12:00:00Z'), 'plain', 123456789012],
  ['abc', 'NaN', 'not a date', '', '-5.25'],
];
/** Rows of those values mixed across the columns; every seventh row blank throughout. */
const rowsOf = (count: number): unknown[][] =>
  Array.from({ length: count }, (_, r) =>
    COLUMNS.map((_, i) => (r % 7 === 1 ? null : RAW[(r + Math.floor(i / 5)) % RAW.length][i % 5])),
  );

const pages =
  (all: unknown[][], size: number): Rows =>
  async (each) => {
    for (let i = 0; i < all.length; i += size) await each(all.slice(i, i + size));
  };

/** The writer as it was: every row through exceljs' addRow, its cells' shared style objects, commit. */
async function exceljsRows(out: PassThrough, columns: ColumnDef[], rows: unknown[][]) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(SECTION[spec.section].title.slice(0, 31));
  sheet.columns = columns.map((c) => ({
    key: c.key,
    header: c.title,
    width: Math.max(10, Math.round((c.width ?? 120) / 8)),
    style: c.type === 'money' ? { numFmt: '#,##0.00' } : c.type === 'date' ? { numFmt: 'dd.mm.yyyy' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const shared = columns.map((_, i) => {
    const style = sheet.getColumn(i + 1).style ?? {};
    return { number: { ...style }, other: { ...style } };
  });
  for (const row of rows) {
    const values = columns.map((c, i) => cellOf(spec.section, c, row[i], ZONE));
    const added = sheet.addRow(values);
    values.forEach((value, i) => {
      added.getCell(i + 1).style = typeof value === 'number' ? shared[i].number : shared[i].other;
    });
    added.commit();
  }
  sheet.commit();
  await workbook.commit();
}

async function collect(write: (out: PassThrough) => Promise<unknown>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await write(out);
  await ended;
  return Buffer.concat(chunks);
}

async function parts(file: Buffer) {
  const zip = await JSZip.loadAsync(file);
  const names = Object.keys(zip.files).sort();
  const text = (name: string) => zip.file(name)!.async('string');
  return { names, sheet: await text('xl/worksheets/sheet1.xml'), styles: await text('xl/styles.xml') };
}

test.each([
  ['a few rows, a page each', 6, 1],
  ['3 000 rows in pages of 500', 3000, 500],
])("the sheet's XML and its styles are exceljs' own, byte for byte: %s", async (_, count, size) => {
  const rows = rowsOf(count);
  const before = await parts(await collect((out) => exceljsRows(out, COLUMNS, rows)));
  const now = await parts(
    await collect((out) => writeXlsx({ stream: out, stallMs: 60_000 }, spec, COLUMNS, pages(rows, size), ZONE)),
  );
  expect(now.names).toEqual(before.names);
  expect(now.styles).toBe(before.styles);
  expect(now.sheet.length).toBe(before.sheet.length);
  expect(now.sheet).toBe(before.sheet);
  // what the comparison covers: a skipped empty row, two-letter addresses, styled blanks, escaped and dropped text
  expect(now.sheet).not.toContain('<row r="3"');
  expect(now.sheet).toMatch(/<c r="AN\d+"/);
  expect(now.sheet).toContain('&quot;Складская&quot; &amp; &lt;2&gt;');
  expect(now.sheet).toContain('O&apos;Brien\ttab\nline');
});

test('a text as exceljs escapes it: quotes, ampersand, angle brackets; control characters but tab and line ends dropped', () => {
  expect(xmlText('a<b>&"c\'')).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
  expect(xmlText('x\u0000\u0008\t\n\u000b\u000c\r\u001f\u007fy')).toBe('x\t\n\ry');
  expect(xmlText('Москва')).toBe('Москва');
});
