// GET /api/{section}/export: the list as it stands (the same filter, sort and scope as the page, the caller's
// visible columns in their order, with their Russian titles) as XLSX or CSV. The database builds the rows in one
// query (the engine's own filters, scopes and sort) read through a cursor a page at a time, streamed to the
// response, so 100 000 offers never sit in memory at once.
import { randomBytes } from 'node:crypto';
import { PassThrough, type Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { serverPool, type Database } from '../db/client';
import { copyOutPages } from '../db/copyOut';
import type { AuthenticatedUser } from '../accounts/users';
import { scopeOf, isColumnVisible } from '../../domain/permissions';
import type { ColumnDef } from '../../domain/lists';
import { SECTION, statusTitle } from '../../domain/sections';
import { formatPhone } from '../../domain/format';
import { documentsStateText, isDocumentsState } from '../../domain/offers/documents';
import { inertText } from '../../domain/spreadsheet';
import { badRequest, forbidden } from '../errors';
import { rowsOf } from '../http/rows';
import { listParts } from './engine';
import { columnOf } from '../spec/visible';
import { selectList } from '../db/select';
import type { SectionSpec } from '../spec/section';
import type { ExportFormat, RawQuery } from '../../domain/listQuery';
import { businessToday, TIME_ZONE_DEFAULT, zoneOffsetMinutes } from '../../domain/businessDay';
import { clock, readTimeZone } from '../db/businessDay';

export const EXPORT_MSG = {
  forbidden: 'Недостаточно прав для экспорта этого списка',
  column: (key: string) => `Нельзя выгрузить столбец «${key}»`,
  noColumns: 'Выберите хотя бы один столбец для выгрузки',
} as const;

/** Cells a spreadsheet cannot hold (photos) stay out of the export. */
const NOT_EXPORTED = new Set(['image', 'gallery']);
/** Rows per FETCH from PGlite's cursor: small enough to keep memory flat, large enough to keep round trips few. */
export const EXPORT_PAGE_SIZE = 1000;
/** Rows handed to the writer at once from PostgreSQL's COPY, which has no round trips to save: pages of 1000 rows
 * made the XLSX writer's garbage outlive the young generation, and the peak RSS grew by 100–130 MB where it grows
 * by 20 MB now (the time the same). */
export const COPY_PAGE_SIZE = 500;

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

/** A date as the business day it fell on (setting time_zone, never the server's zone), at UTC midnight: Excel
 * stores no time zone. */
function calendarDay(v: unknown, zone: string): Date | null {
  const d = v instanceof Date ? v : new Date(String(v));
  if (Number.isNaN(d.getTime())) return null;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(`${v}T00:00:00Z`);
  const day = new Date(d.getTime() + zoneOffsetMinutes(zone, d.getTime()) * 60_000);
  day.setUTCHours(0, 0, 0, 0);
  return day;
}

type Cell = string | number | Date | null;

export function cellOf(section: SectionSpec['section'], column: ColumnDef, v: unknown, zone: string = TIME_ZONE_DEFAULT): Cell {
  if (blank(v)) return null;
  if (column.titles && typeof v === 'string') return column.titles[v] ?? v;
  switch (column.type) {
    case 'number':
    case 'money':
    case 'action':
    case 'id_link': {
      const n = Number(v);
      return Number.isFinite(n) ? n : String(v);
    }
    case 'date':
      return calendarDay(v, zone);
    case 'entity_link':
      // the export reads a reference's name alone (SectionSpec.exportColumns); a row of the page is {id, name}
      return (typeof v === 'string' ? v : nameOf(v)) || null;
    case 'entity_list':
    case 'multi_text':
      return Array.isArray(v) ? v.map((item) => (typeof item === 'object' ? nameOf(item) : String(item))).join(', ') : String(v);
    case 'comments':
      // the export's comments arrive as one text (exportComments); the page's as objects
      if (typeof v === 'string') return v;
      return Array.isArray(v) ? v.map((c) => String((c as { text?: unknown }).text ?? '')).join('\n') : null;
    case 'status':
      return statusTitle(section, String(v));
    case 'phone':
      return formatPhone(String(v));
    default:
      // an offer's documents state (issue 39) reads as the list shows it: 'Истекает через 10 дн. · до 07.12.2026'
      if (isDocumentsState(v)) return documentsStateText(v);
      // a reference shown as text (an offer's variety, its packaging) travels as {id, name}
      return typeof v === 'object' ? nameOf(v) || null : String(v);
  }
}

/** CSV as Russian Excel reads it: decimal comma, no digit grouping, dates dd.MM.yyyy. */
export function csvText(column: ColumnDef, cell: Cell): string {
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

// ---- the rows, through a cursor
const EXPORTED_COMMENTS = sql.identifier('export_comments');

/** A record's latest three comments as one text, newest first (as the page's comments cell lists them), for every
 * record of the section at once: one pass over the comments joined by hash, where a sub-select per row cost more
 * than the rest of the query. `only` (an int[]) narrows it to the ids of a page. */
function exportComments(spec: SectionSpec, only?: SQL) {
  return sql`LEFT JOIN (
    SELECT entity_id, string_agg(text, E'\n' ORDER BY created_at DESC, id DESC) AS texts
    FROM (SELECT entity_id, text, created_at, id, row_number() OVER (PARTITION BY entity_id ORDER BY created_at DESC, id DESC) AS n
      FROM comments WHERE entity_type = ${spec.section} ${only ? sql`AND entity_id = ANY(${only})` : sql``}) latest
    WHERE n <= 3 GROUP BY entity_id) ${EXPORTED_COMMENTS} ON ${EXPORTED_COMMENTS}.entity_id = ${sql.raw(spec.alias)}.id`;
}

/** The export's SELECT list and FROM: each column as a cell reads it (exportColumns), the comments joined once. */
function exportQuery(spec: SectionSpec, columns: ColumnDef[], only?: SQL) {
  const withComments = columns.some((c) => c.type === 'comments');
  const select = selectList(Object.fromEntries(columns.map((c) => [c.key,
    c.type === 'comments' ? sql`${EXPORTED_COMMENTS}.texts` : spec.exportColumns?.[c.key] ?? spec.columns[c.key]])));
  return { select, from: withComments ? sql`${spec.from} ${exportComments(spec, only)}` : spec.from };
}

/** What a page of rows is handed to: written out, and the reader waited for. A row is its values in the exported
 * columns' order. */
type EachPage = (rows: unknown[][]) => Promise<void>;
/** Runs `each` on the list's rows in order, a page at a time, until they end or the download is cancelled. */
type Rows = (each: EachPage) => Promise<void>;


/**
 * The list's rows in its order, only the exported columns (each checked visible by exportColumns, as the page
 * strips what is hidden), `pageSize` rows at a time, so memory holds one page.
 *
 * On PostgreSQL it is ONE query, the database building every row (the engine's FROM, filters, scopes and sort),
 * streamed by COPY (server/db/copyOut.ts) in a read-only transaction on a connection of its own.
 *
 * PGlite is one connection inside this process: a transaction there would hold every other request back for as
 * long as the download takes (a slow reader, for minutes), and whatever the database sorts or keeps lands in the
 * process's own memory. So there the cursor is declared WITH HOLD outside a transaction and holds only the ids in
 * the list's order (a narrow sort the database keeps in its working memory), other requests run between the
 * fetches, and each fetched page of ids is built into rows by one query of its own.
 */
function cursorRows(db: Database, spec: SectionSpec, columns: ColumnDef[], parts: ReturnType<typeof listParts>,
  pageSize: number | undefined, isCancelled: () => boolean): Rows {
  const { conditions, orderBy } = parts;
  const a = sql.raw(spec.alias);
  const where = sql`WHERE ${sql.join(conditions, sql` AND `)}`;
  const pool = serverPool(db);
  if (pool) {
    const { select, from } = exportQuery(spec, columns);
    // the JIT compiles a statement this size for longer than it then saves
    return (each) => copyOutPages(pool, sql`SELECT ${select} ${from} ${where} ORDER BY ${orderBy}`, each,
      { pageSize: pageSize ?? COPY_PAGE_SIZE, isCancelled, settings: [sql`SET LOCAL jit = off`] });
  }
  const keys = columns.map((c) => c.key);
  // a page's rows by their ids, in the cursor's order
  const rowsOfIds = async (ids: number[]): Promise<unknown[][]> => {
    // an array the planner sees the size of (an index scan per id, the comments of these ids alone), where a
    // set-returning function made it join every record before keeping the page's
    const idList = sql`${`{${ids.join(',')}}`}::int[]`;
    const { select, from } = exportQuery(spec, columns, idList);
    // the page comes back as one JSON value: PGlite hands each row to JS through a callback of its own and parses
    // it field by field, which cost more than building the rows (4.4 s of 7 s for 100 000 offers)
    const [{ page }] = rowsOf<{ page: Record<string, unknown>[] }>(await db.execute(sql`SELECT coalesce(json_agg(built), '[]'::json) AS page
      FROM (SELECT ${select}, ${a}.id AS "__id" ${from} WHERE ${a}.id = ANY(${idList})) built`));
    const built = typeof page === 'string' ? JSON.parse(page) as Record<string, unknown>[] : page;
    const byId = new Map(built.map((row) => [Number(row.__id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [keys.map((key) => row[key])] : [];
    });
  };
  const cursor = sql.identifier(`export_${randomBytes(8).toString('hex')}`);
  const fetched = pageSize ?? EXPORT_PAGE_SIZE;
  const nextPage = async () => {
    const ids = rowsOf<{ id: number }>(await db.execute(sql`FETCH ${sql.raw(String(fetched))} FROM ${cursor}`)).map((r) => Number(r.id));
    return { last: ids.length < fetched, rows: ids.length ? await rowsOfIds(ids) : [] };
  };
  return async (each) => {
    await db.execute(sql`DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR SELECT ${a}.id ${spec.from} ${where} ORDER BY ${orderBy}`);
    // the next page is read while this one is written out
    let next = nextPage();
    try {
      while (!isCancelled()) {
        const page = await next;
        if (!page.last) next = nextPage();
        if (page.rows.length) await each(page.rows);
        if (page.last) return;
      }
    } finally {
      // a page read ahead for a download that ended: its answer waited for, so the cursor is closed after it
      await next.catch(() => undefined);
      await db.execute(sql`CLOSE ${cursor}`);
    }
  };
}

/** Where a download is written, and how long its reader may take nothing before it is left. */
interface Out {
  stream: PassThrough;
  stallMs: number;
}

/** Waits while the reader is behind (the streams given, the download's own among them), so a slow download holds
 * back the database, not memory; a reader that takes nothing for out.stallMs is left: the download's stream is
 * destroyed, which stops the rows and frees the database connection. */
async function caughtUp(out: Out, streams: Writable[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      out.stream.destroy(new Error(STALLED));
      resolve();
    }, out.stallMs);
  });
  try {
    await Promise.race([Promise.all(streams.map(drained)), stalled]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits while one stream is behind. */
function drained(stream: Writable): Promise<void> {
  // the zip's entry streams are readable-stream's (archiver 5), which keep the flag in their state alone
  const needDrain = stream.writableNeedDrain ?? (stream as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain;
  if (!needDrain || stream.destroyed) return Promise.resolve();
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
  /** Rows per page (both engines); EXPORT_PAGE_SIZE or COPY_PAGE_SIZE unless a test pages through ties and blanks. */
  pageSize?: number;
  /** A reader that takes nothing for this long is left (the stream destroyed, the database given up); a minute
   * unless the configuration says otherwise. */
  stallMs?: number;
}

/** The error a download ends with when its reader stopped taking it. */
export const STALLED = 'the reader took nothing for too long: the download is ended';
const DEFAULT_STALL_MS = 60_000;

export interface PreparedExport {
  fileName: string;
  contentType: string;
  total: number;
  /** Starts writing; the stream ends when the last row is out, or is destroyed on a failure. */
  stream: PassThrough;
  /** Settles once the writer is done with the database: after the last row, a failure, or a reader that left. */
  done: Promise<void>;
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

  const zone = await readTimeZone(db);
  const stream = new PassThrough();
  const cancelled = () => stream.destroyed;
  const rows = cursorRows(db, spec, columns, parts, request.pageSize, cancelled);
  const write = request.format === 'xlsx' ? writeXlsx : writeCsv;
  const out = { stream, stallMs: request.stallMs ?? DEFAULT_STALL_MS };
  const done = write(out, spec, columns, rows, zone).catch((error: Error) => { stream.destroy(error); });

  const date = businessToday(zone, clock.now());
  return { fileName: `${SECTION[spec.section].title} ${date}.${request.format}`, contentType: CONTENT_TYPES[request.format], total, stream, done };
}

/** The zip entry streams the sheet's rows go to. exceljs (4.4) hands them its 64 KB buffers without waiting for
 * them: rows made faster than they are deflated piled up there (the whole sheet's XML, 100 MB for 100 000 offers),
 * so a page waits for them as it waits for the reader. */
const zipEntries = (sheet: ExcelJS.Worksheet): Writable[] =>
  (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? [];

async function writeXlsx(out: Out, spec: SectionSpec, columns: ColumnDef[], rows: Rows, zone: string) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out.stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(SECTION[spec.section].title.slice(0, 31));
  sheet.columns = columns.map((c) => ({
    key: c.key,
    header: c.title,
    width: Math.max(10, Math.round((c.width ?? 120) / 8)),
    style: c.type === 'money' ? { numFmt: '#,##0.00' } : c.type === 'date' ? { numFmt: 'dd.mm.yyyy' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  // exceljs gives each new cell a style object of its own and works out its style id again from it (rendering it
  // as XML to look it up), which cost more than the rest of the export; it remembers an id by the object, so each
  // column's cells share one object per kind of value (a number's id differs from a text's where no number format
  // is set): the same ids, worked out once
  const shared = columns.map((_, i) => {
    const style = sheet.getColumn(i + 1).style ?? {};
    return { number: { ...style }, other: { ...style } };
  });
  await rows(async (page) => {
    for (const row of page) {
      const values = columns.map((c, i) => cellOf(spec.section, c, row[i], zone));
      const added = sheet.addRow(values);
      values.forEach((value, i) => { added.getCell(i + 1).style = typeof value === 'number' ? shared[i].number : shared[i].other; });
      added.commit();
    }
    await caughtUp(out, [out.stream, ...zipEntries(sheet)]);
  });
  if (out.stream.destroyed) return;
  sheet.commit();
  await workbook.commit();
}

/** A CSV field as csv-stringify writes it with ';': quoted, its quotes doubled, where it holds ; " or a line break. */
const csvField = (text: string) => (/[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** A page of CSV lines: the fields joined by ';', each line ended by CRLF. */
const csvLines = (lines: string[][]) => lines.map((fields) => `${fields.map(csvField).join(';')}\r\n`).join('');

/** Distinct values a column's memo keeps: a list repeats its statuses, products, cities and countries, each written
 * once; a column of ever new values (addresses, times) stops adding at this many. */
const MEMO_LIMIT = 5000;
/** Money as the database writes `round(x, 2)::text`: its CSV field is the text with a decimal comma. */
const MONEY_TEXT = /^\d{1,13}\.\d\d$/;
/** A plain decimal of at most 15 digits (a double holds it exactly), not so small that JS would write it with an
 * exponent: String(Number(text)) is the text without its trailing zeros. */
const DECIMAL_TEXT = /^(?:[1-9]\d{0,14}|0)(?:\.\d{1,14})?$/;

/** A timestamp with time zone as PostgreSQL writes it (ISO DateStyle), from year 1000 on: 2026-11-01 09:00:00+03,
 * with a fraction of a second, an offset in minutes too. */
const TIMESTAMPTZ_TEXT = /^([1-9]\d{3})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.\d{1,6})?([+-])(\d\d)(?::(\d\d))?$/;

/** A column's CSV field of a value: always csvField(csvText(column, cellOf(…))) (the test compares them over every
 * kind of value), found faster: the column's type looked up once, the database's own decimal and timestamp text
 * read as it stands, and text a list repeats formatted once per export. */
export function csvFieldOf(section: SectionSpec['section'], column: ColumnDef, zone: string = TIME_ZONE_DEFAULT): (v: unknown) => string {
  const generic = (v: unknown) => csvField(csvText(column, cellOf(section, column, v, zone)));
  if (column.type === 'money') {
    return (v) => (typeof v === 'string' && MONEY_TEXT.test(v) ? `${v.slice(0, -3)},${v.slice(-2)}` : generic(v));
  }
  if (column.type === 'number' || column.type === 'action' || column.type === 'id_link') {
    return (v) => {
      if (typeof v === 'number' && Number.isInteger(v)) return String(v);
      if (typeof v !== 'string' || v.length > 16 || !DECIMAL_TEXT.test(v) || v.startsWith('0.000000')) return generic(v);
      const dot = v.indexOf('.');
      if (dot === -1) return v;
      // the trailing zeros of the fraction dropped, and its point with them when nothing is left
      let end = v.length;
      while (v.charCodeAt(end - 1) === 48) end--;
      return end === dot + 1 ? v.slice(0, dot) : `${v.slice(0, dot)},${v.slice(dot + 1, end)}`;
    };
  }
  const memo = new Map<string, string>();
  const remembered = (v: unknown) => {
    if (typeof v !== 'string') return generic(v);
    let field = memo.get(v);
    if (field === undefined) {
      field = generic(v);
      if (memo.size < MEMO_LIMIT) memo.set(v, field);
    }
    return field;
  };
  if (column.type === 'date') {
    // the instant read from the text's parts, not by parsing the text as a Date; its day and text are the rule's
    return (v) => {
      const parts = typeof v === 'string' ? TIMESTAMPTZ_TEXT.exec(v) : null;
      if (!parts) return remembered(v);
      const [, year, month, day, hours, minutes, seconds, sign, offsetHours, offsetMinutes] = parts;
      const offset = (Number(offsetHours) * 60 + Number(offsetMinutes ?? 0)) * (sign === '-' ? -1 : 1);
      const at = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds)) - offset * 60_000);
      return csvText(column, calendarDay(at, zone));
    };
  }
  return remembered;
}

/** Characters per write of CSV: chunks the size of the stream's buffer stay short-lived garbage, where a page
 * written at once (a third of a megabyte) is kept by the heap until a full collection. */
const CSV_CHUNK = 16 * 1024;

async function writeCsv({ stream: out, ...rest }: Out, spec: SectionSpec, columns: ColumnDef[], rows: Rows, zone: string) {
  // The byte order mark tells Excel the file is UTF-8; ';' is the list separator of a Russian Windows.
  out.write(`\uFEFF${csvLines([columns.map((c) => c.title)])}`);
  const fields = columns.map((c) => csvFieldOf(spec.section, c, zone));
  // lines joined into chunks: csv-stringify's per-record machinery cost more than the database
  await rows(async (page) => {
    let chunk = '';
    for (const row of page) {
      let line = fields[0](row[0]);
      for (let i = 1; i < fields.length; i++) line += `;${fields[i](row[i])}`;
      chunk += `${line}\r\n`;
      if (chunk.length >= CSV_CHUNK) {
        out.write(chunk);
        chunk = '';
      }
    }
    if (chunk) out.write(chunk);
    await caughtUp({ stream: out, ...rest }, [out]);
  });
  if (!out.destroyed) out.end();
}

/** Content-Disposition for a Russian file name: an ASCII fallback and the real name (RFC 5987 / 6266). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
