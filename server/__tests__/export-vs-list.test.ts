// Every section's export holds what its list shows, column by column: the admin's first rows of each section
// through the page API and through CSV and XLSX, each cell as the cell rule reads the page's value, and never a
// blank where the page shows something (a reserve's lot was exported empty while the list answered offer_id: 7).
import ExcelJS from 'exceljs';
import { createDemoApp, type DemoContext } from './testApp';
import { SECTION_SPECS } from '../sections';
import { cellOf, csvText } from '../lists/export/cells';
import type { ColumnDef } from '../../domain/lists';
import { SECTIONS } from '../../domain/sections';

let ctx: DemoContext;
beforeAll(async () => {
  ctx = await createDemoApp();
  // the demo data has no shipment yet: one, so that section's export has a row to hold against its page
  const shipment = await ctx.call('POST', '/api/shipments', 'admin', {
    name: 'Контейнер MSCU 1234567',
    supplier_id: 1,
    dt_number: '10702070/051226/3012345',
    dt_date: '2026-12-05',
  });
  expect(shipment.status).toBe(201);
}, 120_000);
afterAll(() => ctx?.close());

const blank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

async function download(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ctx.tokens.admin}` } });
  expect(res.statusCode).toBe(200);
  return res;
}

/** CSV lines split on ; outside quotes (a comments cell spans lines inside its quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}

const sections = SECTIONS.filter((s) => s in SECTION_SPECS);

test.each(sections)('%s: the CSV and XLSX exports hold the list page, column by column', async (section) => {
  const query = 'perPage=20&sort=id&order=asc&withDeleted=true';
  const list = await ctx.call('GET', `/api/${section}?${query}`, 'admin');
  expect(list.status).toBe(200);
  const rows = list.body.data as Record<string, unknown>[];
  expect(rows.length).toBeGreaterThan(0);
  const ids = rows.map((r) => `${section}_ids=${r.id}`).join('&');
  const exportQuery = `sort=id&order=asc&withDeleted=true&${ids}`;

  const csv = csvRows((await download(`/api/${section}/export?format=csv&${exportQuery}`)).body.replace('\uFEFF', ''));
  const spec = SECTION_SPECS[section];
  const columns = csv[0].map((title) => spec.columnDefs.find((c) => c.title === title) as ColumnDef);
  expect(columns.every(Boolean)).toBe(true);
  expect(csv.length - 1).toBe(rows.length);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await download(`/api/${section}/export?format=xlsx&${exportQuery}`)).rawPayload as never);
  const sheet: ExcelJS.CellValue[][] = [];
  workbook.worksheets[0].eachRow((row) => sheet.push((row.values as ExcelJS.CellValue[]).slice(1)));
  expect(sheet[0]).toEqual(csv[0]);

  const mismatches: string[] = [];
  rows.forEach((row, r) =>
    columns.forEach((column, c) => {
      const value = row[column.key];
      const cell = cellOf(section, column, value);
      const where = `${section} № ${row.id}, «${column.title}» (${column.key}) = ${JSON.stringify(value)}`;
      if (!blank(value) && (cell === null || cell === '')) mismatches.push(`${where}: the cell rule drops it`);
      if (csv[r + 1][c] !== csvText(column, cell))
        mismatches.push(`${where}: CSV '${csv[r + 1][c]}', expected '${csvText(column, cell)}'`);
      const xlsx = sheet[r + 1][c] ?? null;
      if (JSON.stringify(xlsx) !== JSON.stringify(cell === '' ? null : cell))
        mismatches.push(`${where}: XLSX ${JSON.stringify(xlsx)}`);
    }),
  );
  expect(mismatches).toEqual([]);
  if (section === 'reserves') {
    // the lot each reserve is on, as the list answers offer_id: its number, in both files
    const at = csv[0].indexOf('Предложение');
    expect(at).toBeGreaterThan(-1);
    expect(csv.slice(1).map((line) => line[at])).toEqual(rows.map((row) => String(row.offer_id)));
    expect(sheet.slice(1).map((line) => line[at])).toEqual(rows.map((row) => Number(row.offer_id)));
  }
});
