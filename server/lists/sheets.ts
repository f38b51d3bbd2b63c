// A workbook whose header is found later (a supplier's own price list): every sheet read at once within the import's
// limits, each kept only as far as asked; and one sheet read again from the stored file when it is worked with.
import { IMPORT_LIMITS, IMPORT_MSG } from '../../domain/import';
import { badRequest } from '../errors';
import { checkUpload, csvRows, xlsxSheets, type NamedSheet, type UploadedFile } from './import';

/** Every sheet of the file with its non-blank rows, each read up to `extraRows` rows beyond the import's limit (a
 * title block above the header); of each, the first `keep(name)` rows kept (all by default), and `count` read. */
export async function readSheets(
  file: UploadedFile,
  extraRows: number,
  keep?: (name: string) => number,
): Promise<NamedSheet[]> {
  const type = checkUpload(file);
  const enough = IMPORT_LIMITS.maxRows + extraRows + 1;
  const sheets =
    type === 'xlsx'
      ? await xlsxSheets(file.content, { enough, all: true, keep })
      : [await csvSheet(file, enough, keep)];
  if (!sheets.some((s) => s.count)) throw badRequest(IMPORT_MSG.empty);
  return sheets;
}

async function csvSheet(file: UploadedFile, enough: number, keep?: (name: string) => number): Promise<NamedSheet> {
  const name = file.filename.replace(/\.[^.]*$/, '');
  const rows = (await csvRows(file.content, enough)).filter((r) => r.cells.some((c) => c !== ''));
  return { name, rows: rows.slice(0, keep?.(name) ?? rows.length), count: rows.length };
}

/** One sheet of a file read before (readSheets), every row of it kept; the sheets before it are read past, the ones
 * after it not read. Undefined when the file has no such sheet. */
export async function readOneSheet(
  file: UploadedFile,
  extraRows: number,
  name: string,
): Promise<NamedSheet | undefined> {
  const type = checkUpload(file);
  const enough = IMPORT_LIMITS.maxRows + extraRows + 1;
  const sheets =
    type === 'xlsx'
      ? await xlsxSheets(file.content, { enough, all: true, keep: (n) => (n === name ? enough : 0), last: name })
      : [await csvSheet(file, enough)];
  return sheets.find((s) => s.name === name);
}
