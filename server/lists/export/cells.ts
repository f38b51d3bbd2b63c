// A value as a spreadsheet cell holds it (XLSX) and as a CSV field writes it: the cell rules of an export.
import type { ColumnDef } from '../../../domain/lists';
import { statusTitle } from '../../../domain/sections';
import { formatPhone } from '../../../domain/format';
import { documentsStateText, isDocumentsState } from '../../../domain/offers/documents';
import { inertText } from '../../../domain/spreadsheet';
import { TIME_ZONE_DEFAULT, zoneOffsetMinutes } from '../../../domain/businessDay';
import type { SectionSpec } from '../../contract/section';

const blank = (v: unknown) => v === null || v === undefined || v === '';
const nameOf = (v: unknown) =>
  v && typeof v === 'object' && 'name' in v ? String((v as { name: unknown }).name ?? '') : '';

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

export function cellOf(
  section: SectionSpec['section'],
  column: ColumnDef,
  v: unknown,
  zone: string = TIME_ZONE_DEFAULT,
): Cell {
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
      // the export reads a reference's name alone (SectionSpec.exportColumns); a row of the page is {id, name};
      // a bare id (a reserve's lot, which the page links as '№ 7') is that number
      if (typeof v === 'number') return v;
      return (typeof v === 'string' ? v : nameOf(v)) || null;
    case 'entity_list':
    case 'multi_text':
      return Array.isArray(v)
        ? v.map((item) => (typeof item === 'object' ? nameOf(item) : String(item))).join(', ')
        : String(v);
    case 'comments':
      // the export's comments arrive as one text (exportComments); the page's as objects
      if (typeof v === 'string') return v;
      return Array.isArray(v) ? v.map((c) => String((c as { text?: unknown }).text ?? '')).join('\n') : null;
    case 'status':
      return statusTitle(section, String(v));
    case 'phone':
      return formatPhone(String(v));
    default:
      // an offer's documents state reads as the list shows it: 'Истекает через 10 дн. · до 07.12.2026'
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

/** A CSV field as csv-stringify writes it with ';': quoted, its quotes doubled, where it holds ; " or a line break. */
export const csvField = (text: string) => (/[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

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
export function csvFieldOf(
  section: SectionSpec['section'],
  column: ColumnDef,
  zone: string = TIME_ZONE_DEFAULT,
): (v: unknown) => string {
  const generic = (v: unknown) => csvField(csvText(column, cellOf(section, column, v, zone)));
  if (column.type === 'money') {
    return (v) => (typeof v === 'string' && MONEY_TEXT.test(v) ? `${v.slice(0, -3)},${v.slice(-2)}` : generic(v));
  }
  if (column.type === 'number' || column.type === 'action' || column.type === 'id_link') {
    return (v) => {
      if (typeof v === 'number' && Number.isInteger(v)) return String(v);
      if (typeof v !== 'string' || v.length > 16 || !DECIMAL_TEXT.test(v) || v.startsWith('0.000000'))
        return generic(v);
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
      const at = new Date(
        Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds)) -
          offset * 60_000,
      );
      return csvText(column, calendarDay(at, zone));
    };
  }
  return remembered;
}
