// Import of a section's rows from a spreadsheet, the part every section shares: reading an XLSX or CSV
// file within the limits (domain/import.ts), matching its header to the section's import columns (a column hidden
// from the role cannot be imported), and writing the template. What a row means is the section's business
// (server/sections/offers/import.ts for offers).
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_LIMITS, IMPORT_MSG, type ImportColumn, type ImportType } from '../../domain/import';
import { looksLikeFormula, textOfInert } from '../../domain/spreadsheet';
import { badRequest, forbidden } from '../errors';
import { isStorableText } from '../http/input';
import { MAX_UNZIPPED, unzippedSize } from './unzipped';

export interface UploadedFile {
  filename: string;
  content: Buffer;
  /** The upload went past the size limit and was cut. */
  truncated?: boolean;
}

/** A data row: its number in the spreadsheet (the header is row 1 of a template) and its cells as text. */
export interface SheetRow {
  line: number;
  cells: string[];
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The file's kind by its name and, for XLSX, its first bytes (a zip): the name alone does not make a spreadsheet. */
export function importType(file: UploadedFile): ImportType {
  const ext = /\.([a-z]+)$/i.exec(file.filename)?.[1]?.toLowerCase();
  if (ext === 'xlsx') {
    if (!file.content.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest(IMPORT_MSG.unreadable);
    return 'xlsx';
  }
  if (ext === 'csv') return 'csv';
  throw badRequest(IMPORT_MSG.type);
}

/** Checks a file before it is read: its type and size. */
export function checkUpload(file: UploadedFile | undefined): ImportType {
  if (!file || !Buffer.isBuffer(file.content) || !file.filename) throw badRequest(IMPORT_MSG.noFile);
  if (file.truncated || file.content.length > IMPORT_LIMITS.maxBytes) throw badRequest(IMPORT_MSG.size);
  if (!file.content.length) throw badRequest(IMPORT_MSG.empty);
  return importType(file);
}

// ---- cells as text
const pad = (n: number) => String(n).padStart(2, '0');

/** A cell's value as the text a user typed: numbers in plain digits, dates dd.MM.yyyy, a formula's result. */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return textOfInert(value.trim());
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date)
    return `${pad(value.getUTCDate())}.${pad(value.getUTCMonth() + 1)}.${value.getUTCFullYear()}`;
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result);
  if ('text' in value) return cellText((value as { text: ExcelJS.CellValue }).text);
  if ('error' in value) return String(value.error);
  return '';
}

/** A cell as read: past the import's longest text it is cut one character beyond it, so it still reads as too
 * long (the row's problem) and no cell holds more. */
const capped = (text: string): string =>
  text.length > IMPORT_LIMITS.maxCell ? text.slice(0, IMPORT_LIMITS.maxCell + 1) : text;

/** Most text one reading keeps over all its sheets' cells: a supplier's 5 000 lines of a dozen columns are well under
 * a million characters. A workbook whose every cell points to one long shared string (1.4 MB of zip, gigabytes read
 * whole) is refused as it passes this, not after. */
export const MAX_READ_CHARS = 4_000_000;

/** The text a reading has kept so far, refused past MAX_READ_CHARS. */
class ReadBudget {
  private chars = 0;
  take(cells: string[]): void {
    for (const c of cells) this.chars += c?.length ?? 0; // a sparse row has holes
    if (this.chars > MAX_READ_CHARS) throw new ReadTooBig();
  }
}
class ReadTooBig extends Error {}

/** A row's cells as text, each capped, counted against the reading's budget. */
function rowTexts(values: ExcelJS.CellValue[], budget: ReadBudget): string[] {
  const cells = values.slice(1, IMPORT_LIMITS.maxColumns + 2).map((v) => capped(cellText(v)));
  budget.take(cells);
  return cells;
}

/** A sheet (a CSV is one, named after the file): the non-blank rows kept, how many were read (up to `enough`). */
export interface NamedSheet {
  name: string;
  rows: SheetRow[];
  count?: number;
}

/** How far a reading goes: each sheet up to `enough` non-blank rows (the header, the data rows the import takes, one
 * more to tell the file is too long); `all` sheets or the first only; of each sheet the first `keep(name)` rows kept
 * (every row read by default); `last`: the sheet after which the reading stops. */
export interface SheetsReading {
  enough: number;
  all: boolean;
  keep?(name: string): number;
  last?: string;
}

/** The sheets' rows, streamed, so a sheet of a million rows is never held and a sheet passed over is not kept.
 * Every cell read counts against the reading's budget, kept or not. */
export async function xlsxSheets(content: Buffer, reading: SheetsReading): Promise<NamedSheet[]> {
  const { enough, all } = reading;
  const size = await unzippedSize(content, MAX_UNZIPPED);
  if (size === null) throw badRequest(IMPORT_MSG.unreadable);
  if (size > MAX_UNZIPPED) throw badRequest(IMPORT_MSG.unpacked);
  const sheets: NamedSheet[] = [];
  const budget = new ReadBudget();
  try {
    // styles are read for the number formats that tell a date from a number
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([content]), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      const name = (sheet as unknown as { name: string }).name;
      const keep = reading.keep?.(name) ?? enough;
      const rows: SheetRow[] = [];
      let count = 0;
      for await (const row of sheet) {
        if (count >= enough) {
          if (!all) break;
          continue; // the rest of a long sheet is passed over to reach the next sheet, not kept
        }
        const cells = rowTexts(row.values as ExcelJS.CellValue[], budget);
        if (!cells.some((c) => c !== '')) continue;
        count++;
        if (rows.length < keep) rows.push({ line: row.number, cells: Array.from(cells, (c) => c ?? '') });
      }
      sheets.push({ name, rows, count });
      if (!all || name === reading.last) break;
    }
  } catch (error) {
    throw badRequest(error instanceof ReadTooBig ? IMPORT_MSG.unpacked : IMPORT_MSG.unreadable);
  }
  return sheets;
}

/** The first sheet's rows (the template's import). */
async function xlsxRows(content: Buffer): Promise<SheetRow[]> {
  const [first] = await xlsxSheets(content, { enough: IMPORT_LIMITS.maxRows + 2, all: false });
  if (!first?.rows.length) throw badRequest(IMPORT_MSG.empty);
  return first.rows;
}

/** UTF-8 (with or without a byte order mark), else Windows-1251, in which a Russian Excel saves 'CSV (разделители)'. */
export function decodeText(content: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    text = new TextDecoder('windows-1251').decode(content);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The separator of the header line: ';' as a Russian Excel writes, else ',' or a tab, whichever it holds most of. */
export function csvDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => firstLine.split(c).length - 1;
  return [';', ',', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ';');
}

export async function csvRows(
  content: Buffer,
  enough = IMPORT_LIMITS.maxRows + 2,
): Promise<{ line: number; cells: string[] }[]> {
  const text = decodeText(content);
  const workbook = new ExcelJS.Workbook();
  let sheet: ExcelJS.Worksheet;
  try {
    // exceljs reads CSV with fast-csv (quotes, separators and line breaks inside quotes); every value kept as text
    sheet = await workbook.csv.read(Readable.from([text]), {
      parserOptions: { delimiter: csvDelimiter(text), maxRows: enough },
      map: (value: unknown) => value,
    } as never);
  } catch {
    throw badRequest(IMPORT_MSG.unreadable);
  }
  const rows: { line: number; cells: string[] }[] = [];
  const budget = new ReadBudget();
  try {
    sheet.eachRow((row, line) => {
      rows.push({ line, cells: rowTexts(row.values as ExcelJS.CellValue[], budget) });
    });
  } catch (error) {
    if (error instanceof ReadTooBig) throw badRequest(IMPORT_MSG.unpacked);
    throw error;
  }
  return rows;
}

/** The file's first sheet: the first non-blank row is the header, the blank rows after it are skipped. */
export async function readSheet(file: UploadedFile): Promise<Sheet> {
  const type = checkUpload(file);
  const all = (type === 'xlsx' ? await xlsxRows(file.content) : await csvRows(file.content)).filter((r) =>
    r.cells.some((c) => c !== ''),
  );
  if (!all.length) throw badRequest(IMPORT_MSG.empty);
  const [header, ...rows] = all;
  if (header.cells.length > IMPORT_LIMITS.maxColumns) throw badRequest(IMPORT_MSG.columns);
  if (rows.length > IMPORT_LIMITS.maxRows) throw badRequest(IMPORT_MSG.rows);
  if (!rows.length) throw badRequest(IMPORT_MSG.empty);
  return { header: header.cells, rows };
}

// ---- the header
const normal = (title: string) =>
  title.trim().replace(/\s+/g, ' ').replace(/ё/g, 'е').replace(/Ё/g, 'Е').toLocaleLowerCase('ru');

/**
 * Where each import column is in the file, by its title (or another title it is known by). Refused: a title that
 * is no column (unless `ignored`: a computed column of an exported list), one given twice, a column the role may
 * not see (403, as the card refuses the field), a required column missing.
 */
export function matchHeader(
  header: string[],
  columns: ImportColumn[],
  options: { ignored?: string[]; hidden(column: ImportColumn): boolean },
): Map<string, number> {
  const byTitle = new Map<string, ImportColumn>();
  for (const column of columns)
    for (const title of [column.title, ...(column.aliases ?? [])]) byTitle.set(normal(title), column);
  const ignored = new Set((options.ignored ?? []).map(normal));
  const found = new Map<string, number>();
  header.forEach((title, index) => {
    if (!title.trim() || ignored.has(normal(title))) return;
    const column = byTitle.get(normal(title));
    if (!column) throw badRequest(IMPORT_MSG.unknownColumn(title.trim()));
    if (options.hidden(column)) throw forbidden(IMPORT_MSG.hiddenColumn(column.title));
    if (found.has(column.key)) throw badRequest(IMPORT_MSG.repeatedColumn(column.title));
    found.set(column.key, index);
  });
  const missing = columns.filter((c) => c.required && !options.hidden(c) && !found.has(c.key)).map((c) => c.title);
  if (missing.length) throw badRequest(IMPORT_MSG.missingColumns(missing));
  return found;
}

// ---- the template
/** An XLSX with the columns the caller may fill, an example row, and a sheet of notes on what each column takes. */
export async function templateXlsx(sheetName: string, columns: ImportColumn[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({
    key: c.key,
    header: c.title,
    width: Math.max(12, c.title.length + 4, String(c.example).length + 4),
    style: typeof c.example === 'number' ? { numFmt: Number.isInteger(c.example) ? '0' : '0.00' } : { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(columns.map((c) => c.example));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const notes = workbook.addWorksheet('Подсказки');
  notes.columns = [
    { header: 'Столбец', width: 34 },
    { header: 'Что указать', width: 60 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const c of columns)
    notes.addRow([c.title, [c.required ? 'обязательно' : '', c.note ?? ''].filter(Boolean).join('; ')]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A data row's cells as the card's form body, by the matched columns: a cell too long or with characters no text
 * may hold is the row's problem under its field instead. */
export function rowCells(
  columns: Map<string, number>,
  cells: string[],
): { body: Record<string, unknown>; problems: Map<string, string> } {
  const problems = new Map<string, string>();
  const body: Record<string, unknown> = {};
  for (const [field, index] of columns) {
    const value = cells[index] ?? '';
    if (value.length > IMPORT_LIMITS.maxCell) problems.set(field, IMPORT_MSG.tooLong);
    else if (!isStorableText(value)) problems.set(field, IMPORT_MSG.badCharacters);
    else if (looksLikeFormula(value)) problems.set(field, IMPORT_MSG.formula(value));
    else body[field] = value;
  }
  return { body, problems };
}
