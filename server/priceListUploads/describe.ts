// What the mapping screen shows of an upload: the upload itself (read, capped per supplier and day, stored), and the
// upload described again, previewed, or with one of its new packings added.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { FileStores } from '../db/fileStores';
import type { AuthenticatedUser } from '../accounts/users';
import { IMPORT_LIMITS, IMPORT_MSG } from '../../domain/import';
import {
  PRICE_LIST_MSG,
  PRICE_LIST_UPLOADS_PER_DAY,
  HEADER_SEARCH_ROWS,
  carriedColumns,
  guessColumns,
  layoutFits,
  mappingProblem,
  type PriceListProfile,
} from '../../domain/suppliers/priceList';
import {
  type PriceListPreview,
  type PriceListUpload as UploadAnswer,
  type PriceListColumn as ColumnInfo,
} from '../../domain/suppliers/priceListPreview';
import { badRequest } from '../errors';
import { namesOf, returningRows, select, selectFirst } from '../db/rows';
import type { UploadedFile } from '../lists/import';
import { readSheets } from '../lists/sheets';
import { storeUpload } from '../records/files';
import { dayStartSql, todayOf } from '../db/businessDay';
import { addReference } from '../admin/references';
import { defaultsOf, readProfile, requireSupplier, withCardDefaults, type Specs, type Supplier } from './access';
import { candidatesFor, fileNames, loadReferences } from './names';
import { computePlan, planSheet } from './plan';
import {
  GLIMPSE_ROWS,
  PLU,
  UPLOAD_ROW,
  fullSheet,
  glimpseOf,
  headerIndex,
  keepFullSheet,
  loadUpload,
  sheetOf,
  type UploadRow,
} from './stored';

const SAMPLES = 5;

/** What the mapping screen shows of an upload, with the profile's mapping (or a guess) and, when the file reads
 * with no question left, its preview. */
export async function describe(
  db: Database,
  stores: FileStores,
  auth: AuthenticatedUser,
  upload: UploadRow,
  supplier: Supplier,
  profile: PriceListProfile | null,
  moved: { sheet?: string; header_row?: number } = {},
): Promise<UploadAnswer> {
  if (moved.sheet !== undefined && !upload.sheets.some((s) => s.name === moved.sheet))
    throw badRequest(PRICE_LIST_MSG.noSheet(moved.sheet));
  const sheet = (await fullSheet(db, stores, upload, sheetOf(upload.sheets, moved.sheet ?? profile?.sheet).name))!;
  const index = headerIndex(sheet, profile, moved.header_row);
  const header = sheet.rows[index]?.cells ?? [];
  const rows = sheet.rows.slice(index + 1);
  const width = Math.max(header.length, ...rows.slice(0, SAMPLES).map((r) => r.cells.length));
  const columns: ColumnInfo[] = Array.from({ length: width }, (_, i) => ({
    index: i + 1,
    title: header[i] ?? '',
    samples: rows.slice(0, SAMPLES).map((r) => r.cells[i] ?? ''),
  }));
  const fits = profile !== null && profile.sheet === sheet.name && layoutFits(profile, header);
  const mapping: UploadAnswer['mapping'] = {
    sheet: sheet.name,
    header_row: sheet.rows[index]?.line ?? 1,
    columns: profile ? (fits ? profile.columns : carriedColumns(profile, header)) : guessColumns(header),
    defaults: profile ? withCardDefaults(profile.defaults, supplier) : defaultsOf(supplier),
    names: profile?.names ?? {},
    full: profile?.full ?? false,
  };
  const problem = mappingProblem(mapping.columns);
  const answer: UploadAnswer = {
    upload_id: upload.id,
    file_name: upload.file_name,
    sheets: upload.sheets.map((s) => s.name),
    sheet: sheet.name,
    header_row: mapping.header_row,
    columns,
    rows: rows.slice(0, SAMPLES).map((r) => Array.from({ length: width }, (_, i) => r.cells[i] ?? '')),
    mapping,
    layout_changed: profile !== null && !fits,
    unmatched: [],
    not_matched: [],
    mapping_problem: problem,
  };
  if (problem || rows.length === 0) return answer;
  const refs = await loadReferences(db);
  const names = fileNames(rows, mapping, refs);
  answer.unmatched = await candidatesFor(db, refs, names.unanswered);
  answer.not_matched = names.notMatched;
  // the supplier's next file in the same layout, every name answered: straight to the preview
  if (fits && !answer.unmatched.length)
    answer.preview = (await computePlan(db, auth, upload, supplier, profile, sheet)).preview;
  return answer;
}

/** Refused once the supplier's uploads of the business day reach their cap. */
async function requireUploadsLeft(db: Database, supplierId: number): Promise<void> {
  const today = await todayOf(db);
  const done = await selectFirst(
    db,
    select({ n: sql<number>`count(*)::int` }),
    sql`FROM ${PLU} WHERE ${PLU.supplier_id} = ${supplierId} AND ${PLU.uploaded_at} >= ${dayStartSql(today)}`,
  );
  if ((done?.n ?? 0) >= PRICE_LIST_UPLOADS_PER_DAY) throw badRequest(PRICE_LIST_MSG.perDay);
}

export async function uploadPriceList(
  db: Database,
  stores: FileStores,
  specs: Specs,
  auth: AuthenticatedUser,
  supplierId: number,
  file: UploadedFile,
): Promise<UploadAnswer> {
  const supplier = await requireSupplier(db, specs, auth, supplierId);
  await requireUploadsLeft(db, supplier.id);
  const profile = await readProfile(db, supplier.id);
  // every sheet read, and kept only as far as the upload keeps it, but the profile's sheet (the supplier's next file
  // in the same layout goes straight to its preview)
  const sheets = await readSheets(file, HEADER_SEARCH_ROWS, (name) =>
    name === profile?.sheet ? Infinity : GLIMPSE_ROWS,
  );
  // the dialog promises the row limit: a longer sheet is refused here, before it is stored or mapped
  const sheet = sheetOf(sheets, profile?.sheet);
  if (sheet.count! - headerIndex(sheet, profile) - 1 > IMPORT_LIMITS.maxRows) throw badRequest(IMPORT_MSG.rows);
  const stored = await storeUpload(db, stores, auth, {
    kind: 'document',
    name: file.filename,
    content: file.content,
    mime: /\.csv$/i.test(file.filename)
      ? 'text/csv'
      : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const upload = await db.transaction(async (tx) => {
    // the supplier's uploads counted again under its row's lock: parallel uploads cannot pass the day's cap together
    await tx.execute(sql`SELECT id FROM suppliers WHERE id = ${supplier.id} FOR UPDATE`);
    await requireUploadsLeft(tx, supplier.id);
    const [row] = await returningRows(
      tx,
      sql`INSERT INTO ${PLU} (${namesOf(PLU.supplier_id, PLU.file_id, PLU.file_name, PLU.sheets, PLU.uploaded_by)})
      VALUES (${supplier.id}, ${stored.id}, ${file.filename}, ${JSON.stringify(glimpseOf(sheets))}::jsonb, ${auth.user.id})`,
      UPLOAD_ROW,
    );
    // the file belongs to the upload: kept (never swept as an abandoned upload) and served by its route only
    await tx.execute(
      sql`UPDATE files SET entity_type = 'price_list_uploads', entity_id = ${row.id} WHERE id = ${stored.id}`,
    );
    return row;
  });
  if (sheet.rows.length === sheet.count) keepFullSheet(upload.id, sheet);
  return describe(db, stores, auth, upload, supplier, profile);
}

/** The upload as the mapping screen shows it; `moved`: the user chose another sheet or moved the header row. */
export async function describeUpload(
  db: Database,
  stores: FileStores,
  specs: Specs,
  auth: AuthenticatedUser,
  uploadId: number,
  moved: { sheet?: string; header_row?: number } = {},
): Promise<UploadAnswer> {
  const { upload, supplier } = await loadUpload(db, specs, auth, uploadId);
  return describe(db, stores, auth, upload, supplier, await readProfile(db, supplier.id), moved);
}

export async function previewUpload(
  db: Database,
  stores: FileStores,
  specs: Specs,
  auth: AuthenticatedUser,
  uploadId: number,
): Promise<PriceListPreview> {
  const { upload, supplier } = await loadUpload(db, specs, auth, uploadId);
  const profile = await readProfile(db, supplier.id);
  if (!profile) throw badRequest(PRICE_LIST_MSG.noProfile);
  return (await computePlan(db, auth, upload, supplier, profile, await planSheet(db, stores, upload, profile))).preview;
}

/** POST /api/price-list-uploads/{id}/packings: one of the preview's new packings ('Мешок 22,68 кг') added to our list
 * in one click, by whoever works with the supplier's price list (the settings' log names who and from which file);
 * answered with the preview read again. Only a packing the file holds back is added. */
export async function addPacking(
  db: Database,
  stores: FileStores,
  specs: Specs,
  auth: AuthenticatedUser,
  uploadId: number,
  name: string,
): Promise<PriceListPreview> {
  const { upload, supplier } = await loadUpload(db, specs, auth, uploadId);
  const profile = await readProfile(db, supplier.id);
  if (!profile) throw badRequest(PRICE_LIST_MSG.noProfile);
  const sheet = await planSheet(db, stores, upload, profile);
  const before = (await computePlan(db, auth, upload, supplier, profile, sheet)).preview;
  if (!before.new_packings.some((p) => p.name === name)) throw badRequest(PRICE_LIST_MSG.packingNotInFile(name));
  await addReference(db, auth, 'packing', name, false, `из прайса «${upload.file_name}» поставщика «${supplier.name}»`);
  return (await computePlan(db, auth, upload, supplier, profile, sheet)).preview;
}
