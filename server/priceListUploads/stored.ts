// An upload as stored: the file, and of each of its sheets the first rows (where a header is looked for) with how
// many it has. The sheet worked with is read again from the file, streamed, every row of it, and kept a while.
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { FileStores } from '../db/fileStores';
import type { AuthenticatedUser } from '../accounts/users';
import { IMPORT_LIMITS, IMPORT_MSG } from '../../domain/import';
import {
  HEADER_SEARCH_ROWS,
  PRICE_LIST_MSG,
  findHeaderRow,
  layoutFits,
  type PriceListProfile,
} from '../../domain/suppliers/priceList';
import { badRequest, notFound } from '../errors';
import { columnsOf, select, selectFirst, type SelectedRow } from '../db/rows';
import { files, priceListUploads } from '../db/schema';
import type { NamedSheet, SheetRow } from '../lists/import';
import { readOneSheet } from '../lists/sheets';
import { requireSupplier, type Specs, type Supplier } from './access';

export const PLU = priceListUploads;
/** An upload as stored: its sheets' first rows as read (jsonb), its file, when it was applied. */
export const UPLOAD_ROW = select({
  ...columnsOf(PLU, 'id', 'supplier_id', 'file_name'),
  file_id: sql<number | null>`${PLU.file_id}`,
  sheets: sql<NamedSheet[]>`${PLU.sheets}`,
  applied_at: PLU.applied_at,
});
export type UploadRow = SelectedRow<typeof UPLOAD_ROW>;

export async function loadUpload(
  db: Database,
  specs: Specs,
  auth: AuthenticatedUser,
  uploadId: number,
): Promise<{ upload: UploadRow; supplier: Supplier }> {
  const upload = await selectFirst(db, UPLOAD_ROW, sql`FROM ${PLU} WHERE ${PLU.id} = ${uploadId}`);
  if (!upload) throw notFound(PRICE_LIST_MSG.uploadGone);
  // what the caller may not read is as good as not there
  const supplier = await requireSupplier(db, specs, auth, upload.supplier_id).catch((e: unknown) => {
    throw (e as { statusCode?: number }).statusCode === 404 ? notFound(PRICE_LIST_MSG.uploadGone) : e;
  });
  return { upload, supplier };
}

/** The sheet a file is read from: the profile's when the file has it, else the first whose header is found (a
 * sheet of terms before the price sheet is passed over), else the first with data. */
export function sheetOf(sheets: NamedSheet[], name: string | undefined): NamedSheet {
  return (
    sheets.find((s) => s.name === name) ??
    sheets.find((s) => findHeaderRow(s.rows) >= 0) ??
    sheets.find((s) => s.rows.length) ??
    sheets[0]
  );
}

/** The header's index among the sheet's rows: the profile's row when it still fits, else found, else the first. */
export function headerIndex(sheet: NamedSheet, profile: PriceListProfile | null, line?: number): number {
  if (line !== undefined) {
    const i = sheet.rows.findIndex((r) => r.line === line);
    if (i < 0) throw badRequest(PRICE_LIST_MSG.headerRow(line));
    return i;
  }
  if (profile) {
    const i = sheet.rows.findIndex((r) => r.line === profile.header_row);
    if (i >= 0 && layoutFits(profile, sheet.rows[i].cells)) return i;
  }
  return Math.max(0, findHeaderRow(sheet.rows));
}

/** The data rows under the header, within the import's row limit. */
export function dataRows(sheet: NamedSheet, index: number): SheetRow[] {
  const rows = sheet.rows.slice(index + 1);
  if (rows.length > IMPORT_LIMITS.maxRows) throw badRequest(IMPORT_MSG.rows);
  if (!rows.length) throw badRequest(PRICE_LIST_MSG.noData);
  return rows;
}

/** Of each sheet, what an upload keeps: the first rows, where a header is looked for and the mapping screen shows
 * its samples, and how many it has. A file of many long sheets is a few kilobytes in the database, not megabytes
 * that every look at the upload parses again. */
export const GLIMPSE_ROWS = HEADER_SEARCH_ROWS + 10;
export const glimpseOf = (sheets: NamedSheet[]): NamedSheet[] =>
  sheets.map((s) => ({ name: s.name, rows: s.rows.slice(0, GLIMPSE_ROWS), count: s.count ?? s.rows.length }));

/** Sheets read again lately, every row (at most the reading's budget each), by upload and sheet: the mapping
 * screen, its preview and the apply read the file once between them on an instance. */
const fullSheets = new Map<string, NamedSheet>();
const FULL_SHEETS_KEPT = 2;

export function keepFullSheet(uploadId: number, sheet: NamedSheet): void {
  const key = `${uploadId}\u0000${sheet.name}`;
  fullSheets.delete(key);
  if (fullSheets.size >= FULL_SHEETS_KEPT) fullSheets.delete(fullSheets.keys().next().value!);
  fullSheets.set(key, sheet);
}

/** The upload's sheet with every row: read again from the stored file, streamed, the sheets after it not read. An
 * upload stored before its sheets were cut (no count) holds them whole already. Undefined: no such sheet. */
export async function fullSheet(
  db: Database,
  stores: FileStores,
  upload: UploadRow,
  name: string,
): Promise<NamedSheet | undefined> {
  const kept = upload.sheets.find((s) => s.name === name);
  if (!kept || kept.count === undefined || kept.count <= kept.rows.length) return kept;
  const known = fullSheets.get(`${upload.id}\u0000${name}`);
  if (known) return known;
  const file =
    upload.file_id === null
      ? null
      : await selectFirst(
          db,
          select(columnsOf(files, 'store', 'storage_path')),
          sql`FROM ${files} WHERE ${files.id} = ${upload.file_id}`,
        );
  const stored = file && (await stores.of(file.store).get(file.storage_path));
  if (!stored) throw notFound(PRICE_LIST_MSG.uploadGone);
  const sheet = await readOneSheet(
    { filename: upload.file_name, content: await buffer(stored.body) },
    HEADER_SEARCH_ROWS,
    name,
  );
  if (!sheet) throw badRequest(PRICE_LIST_MSG.noSheet(name));
  keepFullSheet(upload.id, sheet);
  return sheet;
}
