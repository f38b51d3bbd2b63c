// Import of a section's rows from a spreadsheet: the limits, the modes, the per-row report and its
// Russian messages, shared by the server that checks a file and the dialog that shows the report.
import { plural } from './plural';
import { SECTION, type Section } from './sections';

/** Refused with a 400 before a row is read: a file larger than this, or with more data rows. */
export const IMPORT_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxRows: 5000,
  /** Longest text a cell may hold: a line of a card's form (the card's own JSON schema bounds its texts alike). */
  maxCell: 500,
  /** Widest header read: a file with more columns is no price list of ours. */
  maxColumns: 100,
} as const;

export const IMPORT_TYPES = ['xlsx', 'csv'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

/** all: nothing is written until every row is valid; valid: the valid rows are written, the others reported. */
export const IMPORT_MODES = ['all', 'valid'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** One problem of one row: the spreadsheet's row number (the header is row 1), the column's title, the message. */
export interface ImportProblem {
  row: number;
  /** The column's title as the template names it; '' for a problem of the whole row (a duplicate). */
  column: string;
  message: string;
}

export interface ImportReport {
  mode: ImportMode;
  /** Data rows in the file (blank rows not counted). */
  total: number;
  /** Rows with no problem. */
  valid: number;
  /** Rows written: `valid` or 0. */
  imported: number;
  /** The new records' ids, in the file's order. */
  ids: number[];
  problems: ImportProblem[];
}

/** A column of an import template: the record's field it fills, its title, other titles it is known by (the list's
 * column title, so an exported file reads back), and an example value for the template. */
export interface ImportColumn {
  key: string;
  title: string;
  aliases?: string[];
  /** The header must have it (unless the caller's role may not see the field). */
  required?: boolean;
  example: string | number;
  /** A note for the template's second sheet: what the column takes. */
  note?: string;
}

const fmt = (n: number) => n.toLocaleString('ru-RU').replace(/\u00a0/g, ' ');

export const IMPORT_MSG = {
  forbidden: 'Недостаточно прав для импорта в этот раздел',
  noFile: 'Выберите файл XLSX или CSV',
  type: 'Загрузить можно только файл XLSX или CSV',
  size: `Файл больше ${IMPORT_LIMITS.maxBytes / 1024 / 1024} МБ: разделите его на части`,
  unpacked: 'Файл распаковывается в слишком большой объём данных: разделите его на части',
  rows: `В файле больше ${fmt(IMPORT_LIMITS.maxRows)} строк: разделите его на части`,
  columns: `В файле больше ${IMPORT_LIMITS.maxColumns} столбцов`,
  unreadable: 'Не удалось прочитать файл: он повреждён или не в формате XLSX/CSV',
  empty: 'В файле нет строк для загрузки',
  mode: 'Режим загрузки может быть только all или valid',
  unknownColumn: (title: string) => `Неизвестный столбец «${title}»: названия столбцов — как в шаблоне`,
  repeatedColumn: (title: string) => `Столбец «${title}» указан дважды`,
  missingColumns: (titles: string[]) =>
    `В файле нет ${titles.length > 1 ? 'столбцов' : 'столбца'} ${titles.map((t) => `«${t}»`).join(', ')}`,
  hiddenColumn: (title: string) => `Столбец «${title}» недоступен для вашей роли`,
  // row problems
  notInList: (list: string, value: string) => `«${value}» нет в списке ${list}`,
  ambiguous: (list: string, value: string, hint: string) => `В списке ${list} несколько записей «${value}»: ${hint}`,
  tooLong: `Не больше ${IMPORT_LIMITS.maxCell} символов`,
  badCharacters: 'Недопустимые символы',
  /** A value a spreadsheet would run ('=HYPERLINK(…)'): refused, never stored. */
  formula: (value: string) =>
    `Значение «${value.length > 60 ? `${value.slice(0, 60)}…` : value}» начинается как формула: уберите «${value.trim()[0]}» в начале`,
  // the outcome
  /** In the section's own noun and plural: 'Загружено: 2 предложения из 3'. */
  imported: (section: Section, n: number, total: number) =>
    `Загружено: ${fmt(n)} ${plural(n, SECTION[section].forms)} из ${fmt(total)}`,
  nothingImported: (rows: number, total: number) =>
    `Ошибки в строках: ${fmt(rows)} из ${fmt(total)}. Ничего не загружено: исправьте файл или загрузите только строки без ошибок`,
} as const;

/** The number of distinct rows a report names. */
export const rowsWithProblems = (problems: ImportProblem[]) => new Set(problems.map((p) => p.row)).size;

/** The report's table as a file has it: a header and one line per problem. */
export const REPORT_HEADER = ['Строка', 'Столбец', 'Ошибка'] as const;
export const reportRows = (problems: ImportProblem[]): (string | number)[][] =>
  problems.map((p) => [p.row, p.column || '—', p.message]);

/** The report as CSV the way a Russian Excel opens it: UTF-8 with a byte order mark, ';' between fields, a field
 * quoted when it holds ';', a quote or a line break. */
export function reportCsv(problems: ImportProblem[]): string {
  const field = (v: string | number) => {
    const text = String(v);
    return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${[[...REPORT_HEADER], ...reportRows(problems)].map((r) => r.map(field).join(';')).join('\r\n')}\r\n`;
}
