// GET /api/{section}/export: the list as it stands (the same filter, sort and scope as the page, the caller's
// visible columns in their order, with their Russian titles) as XLSX or CSV. Rows stream from the database to the
// response in keyset pages through the engine's own query, so 100 000 offers never sit in memory at once.
import { PassThrough, type Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { scopeOf, isColumnVisible } from '../../domain/permissions';
import type { ColumnDef } from '../../domain/lists';
import { SECTION, statusTitle } from '../../domain/sections';
import { formatPhone } from '../../domain/format';
import { inertText } from '../../domain/spreadsheet';
import { badRequest, forbidden } from '../errors';
import { rowsOf } from '../http/rows';
import { columnOf, listParts, raw, selectColumns, stripHidden } from './engine';
import type { SectionSpec } from '../spec/section';
import type { ExportFormat, RawQuery } from '../../domain/listQuery';

export const EXPORT_MSG = {
  forbidden: 'Недостаточно прав для экспорта этого списка',
  column: (key: string) => `Нельзя выгрузить столбец «${key}»`,
  noColumns: 'Выберите хотя бы один столбец для выгрузки',
} as const;

/** Cells a spreadsheet cannot hold (photos) stay out of the export. */
const NOT_EXPORTED = new Set(['image', 'gallery']);
/** Rows fetched per keyset page: small enough to keep memory flat, large enough to keep round trips few. */
export const EXPORT_PAGE_SIZE = 500;

/** The columns to export, in order: the keys asked for (read by the codec), each a visible column of the section; else every
 * visible column in the section's order. Unknown and hidden keys get the same answer, so a hidden field's name
 * is not confirmed; photos, which a cell cannot hold, are left out. */
export function exportColumns(spec: SectionSpec, auth: AuthenticatedUser, keys: string[] | undefined): ColumnDef[] {
  const visible = spec.columnDefs.filter(
    (c) => Object.hasOwn(spec.columns, c.key) && isColumnVisible(auth.permissions, spec.section, columnOf(spec, c.key)),
  );
  let chosen = visible;
  if (keys !== undefined) {
    chosen = [...new Set(keys)].map((key) => {
      const column = visible.find((c) => c.key === key);
      if (!column) throw badRequest(EXPORT_MSG.column(key));
      return column;
    });
  }
  const exported = chosen.filter((c) => !NOT_EXPORTED.has(c.type));
  if (!exported.length) throw badRequest(EXPORT_MSG.noColumns);
  return exported;
}

// ---- values as a spreadsheet holds them
const blank = (v: unknown) => v === null || v === undefined || v === '';
const nameOf = (v: unknown) => (v && typeof v === 'object' && 'name' in v ? String((v as { name: unknown }).name ?? '') : '');

/** A date as the calendar day the office saw (server time), at UTC midnight: Excel stores no time zone. */
function calendarDay(v: unknown): Date | null {
  const d = v instanceof Date ? v : new Date(String(v));
  if (Number.isNaN(d.getTime())) return null;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(`${v}T00:00:00Z`);
  return new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()));
}

type Cell = string | number | Date | null;

function cellOf(section: SectionSpec['section'], column: ColumnDef, v: unknown): Cell {
  if (blank(v)) return null;
  switch (column.type) {
    case 'number':
    case 'money':
    case 'action':
    case 'id_link': {
      const n = Number(v);
      return Number.isFinite(n) ? n : String(v);
    }
    case 'date':
      return calendarDay(v);
    case 'entity_link':
      return nameOf(v) || null;
    case 'entity_list':
    case 'multi_text':
      return Array.isArray(v) ? v.map((item) => (typeof item === 'object' ? nameOf(item) : String(item))).join(', ') : String(v);
    case 'comments':
      return Array.isArray(v) ? v.map((c) => String((c as { text?: unknown }).text ?? '')).join('\n') : null;
    case 'status':
      return statusTitle(section, String(v));
    case 'phone':
      return formatPhone(String(v));
    default:
      // a reference shown as text (an offer's variety, its packaging) travels as {id, name}
      return typeof v === 'object' ? nameOf(v) || null : String(v);
  }
}

/** CSV as Russian Excel reads it: decimal comma, no digit grouping, dates dd.MM.yyyy. */
function csvText(column: ColumnDef, cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) {
    const dd = String(cell.getUTCDate()).padStart(2, '0');
    const mm = String(cell.getUTCMonth() + 1).padStart(2, '0');
    return `${dd}.${mm}.${cell.getUTCFullYear()}`;
  }
  if (typeof cell === 'number') return (column.type === 'money' ? cell.toFixed(2) : String(cell)).replace('.', ',');
  // what a user typed never runs as a formula in the reader's spreadsheet (XLSX cells are typed text already)
  return inertText(cell);
}

// ---- the rows, page by page
/** The condition for rows after the last one sent, in the list's order (sort value, then id). */
function after(a: SQL, sort: { expr: SQL; asc: boolean } | undefined, last: { id: number; sort: string | null }): SQL {
  if (!sort) return sql`${a}.id < ${last.id}`;
  const { expr } = sort;
  if (sort.asc) {
    // ASC NULLS FIRST, id ASC
    return last.sort === null
      ? sql`((${expr}) IS NULL AND ${a}.id > ${last.id} OR (${expr}) IS NOT NULL)`
      : sql`((${expr}) > ${last.sort} OR (${expr}) = ${last.sort} AND ${a}.id > ${last.id})`;
  }
  // DESC NULLS LAST, id DESC
  return last.sort === null
    ? sql`((${expr}) IS NULL AND ${a}.id < ${last.id})`
    : sql`((${expr}) < ${last.sort} OR (${expr}) = ${last.sort} AND ${a}.id < ${last.id} OR (${expr}) IS NULL)`;
}

/** The list's rows in its order, only the exported columns (each already checked visible, and stripped again as the
 * page strips), a page at a time. */
async function* exportRows(
  db: Database, spec: SectionSpec, auth: AuthenticatedUser, columns: ColumnDef[], parts: ReturnType<typeof listParts>, pageSize: number, isCancelled: () => boolean,
) {
  const a = raw(spec.alias);
  const { conditions, orderBy, sort } = parts;
  let last: { id: number; sort: string | null } | undefined;
  while (!isCancelled()) {
    const all = last ? [...conditions, after(a, sort, last)] : conditions;
    const where = sql`WHERE ${sql.join(all, sql` AND `)}`;
    const sortKey = sort ? sql`, (${sort.expr})::text AS "__sort"` : sql``;
    const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`SELECT ${selectColumns(spec, columns.map((c) => c.key))}, ${a}.id AS "__id"${sortKey} ${spec.from}
      WHERE ${a}.id IN (SELECT ${a}.id ${spec.from} ${where} ORDER BY ${orderBy} LIMIT ${pageSize})
      ORDER BY ${orderBy}`));
    if (!rows.length) return;
    const tail = rows[rows.length - 1];
    last = { id: Number(tail.__id), sort: (tail.__sort as string | null | undefined) ?? null };
    yield stripHidden(rows, auth.permissions, spec);
    if (rows.length < pageSize) return;
  }
}

/** Waits while the reader is behind, so a slow download holds back the database, not memory. */
function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

export interface ExportRequest {
  format: ExportFormat;
  /** Column keys, as decodeExport reads them; every visible column when absent. */
  columns?: string[];
  /** The list's query without paging, for the engine to decode. */
  query: RawQuery;
  /** Rows per database page; EXPORT_PAGE_SIZE unless a test pages through ties and blanks. */
  pageSize?: number;
}

export interface PreparedExport {
  fileName: string;
  contentType: string;
  total: number;
  /** Starts writing; the stream ends when the last row is out, or is destroyed on a failure. */
  stream: PassThrough;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** Checks everything (rights, columns, filter, sort) before a byte is sent, so a refusal is a plain 403/400. */
export async function prepareExport(db: Database, spec: SectionSpec, auth: AuthenticatedUser, request: ExportRequest): Promise<PreparedExport> {
  if (scopeOf(auth.permissions, spec.section, 'read') === 'none' || scopeOf(auth.permissions, spec.section, 'export') === 'none') {
    throw forbidden(EXPORT_MSG.forbidden);
  }
  const columns = exportColumns(spec, auth, request.columns);
  const parts = listParts(spec, auth, request.query, ['read', 'export']);
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`SELECT count(*)::int AS total ${spec.from} WHERE ${sql.join(parts.conditions, sql` AND `)}`),
  );

  const stream = new PassThrough();
  const cancelled = () => stream.destroyed;
  const rows = exportRows(db, spec, auth, columns, parts, request.pageSize ?? EXPORT_PAGE_SIZE, cancelled);
  const write = request.format === 'xlsx' ? writeXlsx : writeCsv;
  write(stream, spec, columns, rows).catch((error: Error) => stream.destroy(error));

  const date = new Date().toISOString().slice(0, 10);
  return { fileName: `${SECTION[spec.section].title} ${date}.${request.format}`, contentType: CONTENT_TYPES[request.format], total, stream };
}

type Rows = AsyncGenerator<Record<string, unknown>[]>;

async function writeXlsx(out: PassThrough, spec: SectionSpec, columns: ColumnDef[], rows: Rows) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(SECTION[spec.section].title.slice(0, 31));
  sheet.columns = columns.map((c) => ({
    key: c.key,
    header: c.title,
    width: Math.max(10, Math.round((c.width ?? 120) / 8)),
    style: c.type === 'money' ? { numFmt: '#,##0.00' } : c.type === 'date' ? { numFmt: 'dd.mm.yyyy' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const page of rows) {
    for (const row of page) sheet.addRow(columns.map((c) => cellOf(spec.section, c, row[c.key]))).commit();
    await drained(out);
    if (out.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}

async function writeCsv(out: PassThrough, spec: SectionSpec, columns: ColumnDef[], rows: Rows) {
  // The byte order mark tells Excel the file is UTF-8; ';' is the list separator of a Russian Windows.
  out.write('\uFEFF');
  const csv = stringify({ delimiter: ';', record_delimiter: '\r\n' });
  csv.pipe(out);
  csv.write(columns.map((c) => c.title));
  for await (const page of rows) {
    for (const row of page) csv.write(columns.map((c) => csvText(c, cellOf(spec.section, c, row[c.key]))));
    await drained(csv);
    await drained(out);
    if (out.destroyed) return;
  }
  csv.end();
}

/** Content-Disposition for a Russian file name: an ASCII fallback and the real name (RFC 5987 / 6266). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
