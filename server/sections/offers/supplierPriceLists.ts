// A supplier's own price list (issue 41): the file is read once (every sheet, streamed within the import's limits)
// and kept with the upload; the supplier's profile (sheet, header row, columns, units, name answers, defaults) says
// how to read it; the preview compares its lots with the supplier's active offers before anything moves; apply
// writes the chosen groups in one transaction through the offers' record pipeline: new offers through
// insertRecords, changed ones through the set-based bulk change (records/bulk.ts changeChunk: the card's rules,
// versions, history 'Обновлено из прайса …'), gone ones through the bulk delete (an offer with active reserves is
// kept). A refusal at apply time (the offers moved since the preview) rolls everything back.
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { FileStores } from '../../db/fileStores';
import type { AuthenticatedUser } from '../../accounts/users';
import { IMPORT_LIMITS, IMPORT_MSG } from '../../../domain/import';
import {
  PRICE_LIST_MSG, PRICE_LIST_TARGETS, PRICE_LIST_UPLOADS_PER_DAY, PREVIEW_GROUPS, TARGET_FIELD, TARGET_TITLES, HEADER_SEARCH_ROWS, carriedColumns, changePercent,
  findHeaderRow, guessColumns, layoutFits, mappingProblem, nameKey, packingKey, packingName, parsePacking, readRow, skippedRow,
  type NameAnswer, type MatchedName, type PreviewGroup, type PreviewedRows, GROUP_TITLES, type PreviewProblem, type PreviewRow, type PriceListDefaults, type PriceListPreview,
  type PriceListProfile, type PriceListTarget, type PriceListUpload as UploadAnswer, type PriceListColumn as ColumnInfo,
  type PriceListApplied as ApplyAnswer, type PriceListUploadItem as UploadListItem, DEFAULT_FIELDS, noDefaults, NOT_MATCHED,
} from '../../../domain/suppliers/priceList';
import { OFFER_FIELDS, OFFER_LOADING_ADDRESS } from '../../../domain/offers/resource';
import { LOT, LOT_FIELDS, lotOf, type LotFieldKey, type LotText } from '../../../domain/offers/lot';
import { OFFER_WRITE_MSG, hiddenOfferFormFields } from '../../../domain/offers/schema';
import { hiddenFieldMessage } from '../../../domain/schemas/card';
import { NOTIFICATION_TEXT } from '../../../domain/notifications';
import { formatMoney } from '../../../domain/format';
import { isRefVisible } from '../../../domain/permissions';
import { badRequest, forbidden, notFound } from '../../errors';
import { columnsOf, namesOf, returningRows, select, selectFirst, selectRows, textOf, type SelectedRow } from '../../db/rows';
import { cities, files, offers, packing as packingTable, priceListProfiles, priceListUploads, products as productsTable, reserves, suppliers, users, varieties as varietiesTable } from '../../db/schema';
import { readSheets, type NamedSheet, type SheetRow, type UploadedFile } from '../../lists/import';
import { deleteLocked } from '../../lists/delete';
import { storeUpload } from '../../records/files';
import { recordVisible } from '../../records/access';
import { changeChunk } from '../../records/bulk';
import { hiddenFields, insertRecords, type RecordSection, type Row } from '../../records/pipeline';
import type { RefusedRow } from '../../../domain/bulk';
import { notifyMany } from '../../records/notify';
import { dayStartSql, todayOf } from '../../db/businessDay';
import { yearOfDay } from '../../../domain/offers/harvestYear';
import { readBusinessSettings } from '../../admin/businessSettings';
import { addReference } from '../../admin/references';
import type { SectionSpec } from '../../contract/section';
import type { Section } from '../../../domain/sections';
import { findDuplicates, newOfferValues, offerRecord, type NewOffer } from './record';
import { offersSpec } from './list';
import { requireImportRight } from './import';
import { fieldProblems } from '../../http/validation';

type Specs = Record<Section, SectionSpec>;

/** The lot's harvest year and origin, as the offer's fields. */
const YEAR = LOT.year.field;
const ORIGIN = LOT.origin.field;

/** The supplier with where its lots load by default: its city, and the loading address its card keeps for its
 * offers (a column of its own named as the offers' field). */
const SUPPLIER = select(columnsOf(suppliers, 'id', 'name', 'city_id', OFFER_LOADING_ADDRESS));
type Supplier = SelectedRow<typeof SUPPLIER>;

/**
 * The supplier whose price list the caller works with: a supplier's user its own only, anyone else a supplier it
 * may read (404 otherwise); the import right on offers; and the offer fields a price list writes visible to the
 * role (whose offers they are, where they load, at what price), else 403 naming the field.
 */
export async function requireSupplier(db: Database, specs: Specs, auth: AuthenticatedUser, id: number): Promise<Supplier> {
  requireImportRight(auth);
  const own = auth.user.supplier_id !== null;
  if (own ? auth.user.supplier_id !== id : !(await recordVisible(db, specs.suppliers, auth, id))) throw notFound();
  const hidden = hiddenOfferFormFields(auth.permissions);
  for (const field of ['supplier_id', 'city_id', 'unit_price', 'unit_amount', 'product_id']) {
    // a supplier's user has its own supplier set for it
    if (hidden.has(field) && !(own && field === 'supplier_id')) throw forbidden(hiddenFieldMessage(field));
  }
  const supplier = await selectFirst(db, SUPPLIER, sql`FROM ${suppliers} WHERE ${suppliers.id} = ${id} AND ${suppliers.status} <> 'deleted'`);
  if (!supplier) throw notFound();
  return supplier;
}

// ---- the upload and what it shows
const PLU = priceListUploads;
/** An upload as stored: its sheets as read (jsonb), when it was applied. */
const UPLOAD_ROW = select({ ...columnsOf(PLU, 'id', 'supplier_id', 'file_name'), sheets: sql<NamedSheet[]>`${PLU.sheets}`, applied_at: PLU.applied_at });
type UploadRow = SelectedRow<typeof UPLOAD_ROW>;

const SAMPLES = 5;

async function readProfile(db: Database, supplierId: number): Promise<PriceListProfile | null> {
  const p = priceListProfiles;
  return (await selectFirst(db, select({ profile: sql<PriceListProfile>`${p.profile}` }), sql`FROM ${p} WHERE ${p.supplier_id} = ${supplierId}`))?.profile ?? null;
}

async function loadUpload(db: Database, specs: Specs, auth: AuthenticatedUser, uploadId: number): Promise<{ upload: UploadRow; supplier: Supplier }> {
  const upload = await selectFirst(db, UPLOAD_ROW, sql`FROM ${PLU} WHERE ${PLU.id} = ${uploadId}`);
  if (!upload) throw notFound(PRICE_LIST_MSG.uploadGone);
  // what the caller may not read is as good as not there
  const supplier = await requireSupplier(db, specs, auth, upload.supplier_id).catch((e: unknown) => {
    throw (e as { statusCode?: number }).statusCode === 404 ? notFound(PRICE_LIST_MSG.uploadGone) : e;
  });
  return { upload, supplier };
}

const defaultsOf = (supplier: Supplier): PriceListDefaults => ({
  ...noDefaults(), city_id: supplier.city_id, [OFFER_LOADING_ADDRESS]: supplier[OFFER_LOADING_ADDRESS],
});

/** A profile's defaults with the supplier card's city and loading address where the profile has none: the card's
 * address is the lots' default as its city is. */
const withCardDefaults = (defaults: PriceListDefaults, supplier: Supplier): PriceListDefaults => ({
  ...defaults, city_id: defaults.city_id ?? supplier.city_id, [OFFER_LOADING_ADDRESS]: defaults[OFFER_LOADING_ADDRESS] ?? supplier[OFFER_LOADING_ADDRESS],
});

/** The sheet a file is read from: the profile's when the file has it, else the first whose header is found (a
 * sheet of terms before the price sheet is passed over), else the first with data. */
function sheetOf(sheets: NamedSheet[], name: string | undefined): NamedSheet {
  return sheets.find((s) => s.name === name) ?? sheets.find((s) => findHeaderRow(s.rows) >= 0) ?? sheets.find((s) => s.rows.length) ?? sheets[0];
}

/** The header's index among the sheet's rows: the profile's row when it still fits, else found, else the first. */
function headerIndex(sheet: NamedSheet, profile: PriceListProfile | null, line?: number): number {
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
function dataRows(sheet: NamedSheet, index: number): SheetRow[] {
  const rows = sheet.rows.slice(index + 1);
  if (rows.length > IMPORT_LIMITS.maxRows) throw badRequest(IMPORT_MSG.rows);
  if (!rows.length) throw badRequest(PRICE_LIST_MSG.noData);
  return rows;
}

/** What the mapping screen shows of an upload, with the profile's mapping (or a guess) and, when the file reads
 * with no question left, its preview. */
async function describe(db: Database, auth: AuthenticatedUser, upload: UploadRow, supplier: Supplier, profile: PriceListProfile | null,
  moved: { sheet?: string; header_row?: number } = {}): Promise<UploadAnswer> {
  if (moved.sheet !== undefined && !upload.sheets.some((s) => s.name === moved.sheet)) throw badRequest(PRICE_LIST_MSG.noSheet(moved.sheet));
  const sheet = sheetOf(upload.sheets, moved.sheet ?? profile?.sheet);
  const index = headerIndex(sheet, profile, moved.header_row);
  const header = sheet.rows[index]?.cells ?? [];
  const rows = sheet.rows.slice(index + 1);
  const width = Math.max(header.length, ...rows.slice(0, SAMPLES).map((r) => r.cells.length));
  const columns: ColumnInfo[] = Array.from({ length: width }, (_, i) => ({
    index: i + 1, title: header[i] ?? '', samples: rows.slice(0, SAMPLES).map((r) => r.cells[i] ?? ''),
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
    upload_id: upload.id, file_name: upload.file_name, sheets: upload.sheets.map((s) => s.name), sheet: sheet.name,
    header_row: mapping.header_row, columns, rows: rows.slice(0, SAMPLES).map((r) => Array.from({ length: width }, (_, i) => r.cells[i] ?? '')),
    mapping, layout_changed: profile !== null && !fits, unmatched: [], not_matched: [], mapping_problem: problem,
  };
  if (problem || rows.length === 0) return answer;
  const refs = await loadReferences(db);
  const names = fileNames(rows, mapping, refs);
  answer.unmatched = await candidatesFor(db, refs, names.unanswered);
  answer.not_matched = names.notMatched;
  // the supplier's next file in the same layout, every name answered: straight to the preview
  if (fits && !answer.unmatched.length) answer.preview = (await computePlan(db, auth, upload, supplier, profile)).preview;
  return answer;
}

/** Refused once the supplier's uploads of the business day reach their cap. */
async function requireUploadsLeft(db: Database, supplierId: number): Promise<void> {
  const today = await todayOf(db);
  const done = await selectFirst(db, select({ n: sql<number>`count(*)::int` }),
    sql`FROM ${PLU} WHERE ${PLU.supplier_id} = ${supplierId} AND ${PLU.uploaded_at} >= ${dayStartSql(today)}`);
  if ((done?.n ?? 0) >= PRICE_LIST_UPLOADS_PER_DAY) throw badRequest(PRICE_LIST_MSG.perDay);
}

export async function uploadPriceList(db: Database, stores: FileStores, specs: Specs, auth: AuthenticatedUser, supplierId: number, file: UploadedFile): Promise<UploadAnswer> {
  const supplier = await requireSupplier(db, specs, auth, supplierId);
  await requireUploadsLeft(db, supplier.id);
  const sheets = await readSheets(file, HEADER_SEARCH_ROWS);
  // the dialog promises the row limit: a longer sheet is refused here, before it is stored or mapped
  const profile = await readProfile(db, supplier.id);
  const sheet = sheetOf(sheets, profile?.sheet);
  if (sheet.rows.length - headerIndex(sheet, profile) - 1 > IMPORT_LIMITS.maxRows) throw badRequest(IMPORT_MSG.rows);
  const stored = await storeUpload(db, stores, auth, {
    kind: 'document', name: file.filename, content: file.content,
    mime: /\.csv$/i.test(file.filename) ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const upload = await db.transaction(async (tx) => {
    // the supplier's uploads counted again under its row's lock: parallel uploads cannot pass the day's cap together
    await tx.execute(sql`SELECT id FROM suppliers WHERE id = ${supplier.id} FOR UPDATE`);
    await requireUploadsLeft(tx, supplier.id);
    const [row] = await returningRows(tx, sql`INSERT INTO ${PLU} (${namesOf(PLU.supplier_id, PLU.file_id, PLU.file_name, PLU.sheets, PLU.uploaded_by)})
      VALUES (${supplier.id}, ${stored.id}, ${file.filename}, ${JSON.stringify(sheets)}::jsonb, ${auth.user.id})`, UPLOAD_ROW);
    // the file belongs to the upload: kept (never swept as an abandoned upload) and served by its route only
    await tx.execute(sql`UPDATE files SET entity_type = 'price_list_uploads', entity_id = ${row.id} WHERE id = ${stored.id}`);
    return row;
  });
  return describe(db, auth, upload, supplier, profile);
}

/** The upload as the mapping screen shows it; `moved`: the user chose another sheet or moved the header row. */
export async function describeUpload(db: Database, specs: Specs, auth: AuthenticatedUser, uploadId: number, moved: { sheet?: string; header_row?: number } = {}): Promise<UploadAnswer> {
  const { upload, supplier } = await loadUpload(db, specs, auth, uploadId);
  return describe(db, auth, upload, supplier, await readProfile(db, supplier.id), moved);
}

// ---- the profile
export interface ProfileBody {
  upload_id?: number;
  sheet: string;
  header_row: number;
  columns: Record<string, PriceListTarget | null>;
  defaults: Partial<PriceListDefaults>;
  names?: Record<string, NameAnswer | null>;
}

/** PUT /api/suppliers/{id}/price-list-profile: checked against the upload (the latest one unless named), kept,
 * and answered as that upload reads with it. Name answers are added to the ones kept (null forgets one). */
export async function saveProfile(db: Database, specs: Specs, auth: AuthenticatedUser, supplierId: number, body: ProfileBody): Promise<UploadAnswer> {
  const supplier = await requireSupplier(db, specs, auth, supplierId);
  const uploadId = body.upload_id
    ?? (await selectFirst(db, select({ id: sql<number | null>`max(${PLU.id})` }), sql`FROM ${PLU} WHERE ${PLU.supplier_id} = ${supplierId}`))?.id;
  if (!uploadId) throw badRequest(PRICE_LIST_MSG.uploadGone);
  const { upload } = await loadUpload(db, specs, auth, Number(uploadId));
  if (upload.supplier_id !== supplierId) throw notFound(PRICE_LIST_MSG.uploadGone);
  const sheet = upload.sheets.find((s) => s.name === body.sheet);
  if (!sheet) throw badRequest(PRICE_LIST_MSG.noSheet(body.sheet));
  const index = headerIndex(sheet, null, body.header_row);
  const header = sheet.rows[index].cells;
  const columns: Record<string, PriceListTarget> = {};
  const titles: Record<string, string> = {};
  for (const [key, target] of Object.entries(body.columns)) {
    if (target === null) continue;
    if (!/^\d+$/.test(key) || Number(key) < 1 || Number(key) > IMPORT_LIMITS.maxColumns) throw badRequest(PRICE_LIST_MSG.badColumn(key));
    if (!PRICE_LIST_TARGETS.includes(target)) throw badRequest(PRICE_LIST_MSG.badTarget(String(target)));
    columns[String(Number(key))] = target;
    titles[String(Number(key))] = header[Number(key) - 1] ?? '';
  }
  const hidden = hiddenOfferFormFields(auth.permissions);
  for (const target of Object.values(columns)) if (hidden.has(TARGET_FIELD[target])) throw forbidden(hiddenFieldMessage(TARGET_FIELD[target]));
  const problem = mappingProblem(columns);
  if (problem) throw badRequest(problem);
  const defaults = await checkedDefaults(db, { ...defaultsOf(supplier), ...body.defaults });
  const saved = await readProfile(db, supplierId);
  const names: Record<string, NameAnswer> = { ...(saved?.names ?? {}) };
  const refs = await loadReferences(db);
  for (const [name, answer] of Object.entries(body.names ?? {})) {
    const key = nameKey(name);
    if (!key) continue;
    if (answer === null) {
      delete names[key];
      continue;
    }
    // 'Не сопоставлять' is an answer too: the name's rows are skipped and it is not asked again
    if (answer.product_id === null) {
      names[key] = NOT_MATCHED;
      continue;
    }
    const product = refs.products.find((p) => p.id === answer.product_id && p.status === 'active');
    if (!product) throw badRequest(`${name}: ${PRICE_LIST_MSG.productGone}`);
    if (answer.variety_id !== null && !refs.varieties.some((v) => v.id === answer.variety_id && v.product_id === answer.product_id)) {
      throw badRequest(`${name}: ${PRICE_LIST_MSG.varietyOther}`);
    }
    names[key] = { product_id: answer.product_id, variety_id: answer.variety_id ?? null, [ORIGIN]: answer[ORIGIN]?.trim() || null };
  }
  const profile: PriceListProfile = { sheet: sheet.name, header_row: sheet.rows[index].line, columns, titles, defaults, names, full: saved?.full ?? false };
  await db.execute(sql`INSERT INTO price_list_profiles (supplier_id, profile, updated_by) VALUES (${supplierId}, ${JSON.stringify(profile)}::jsonb, ${auth.user.id})
    ON CONFLICT (supplier_id) DO UPDATE SET profile = EXCLUDED.profile, updated_by = EXCLUDED.updated_by, updated_at = now()`);
  return describe(db, auth, upload, supplier, profile);
}

async function checkedDefaults(db: Database, d: PriceListDefaults): Promise<PriceListDefaults> {
  if (d.city_id !== null && !(await selectFirst(db, select({ one: sql<number>`1` }), sql`FROM ${cities} WHERE ${cities.id} = ${d.city_id} AND ${cities.status} = 'active'`))) {
    throw badRequest(PRICE_LIST_MSG.noCity);
  }
  const unit = d[LOT.unit.field];
  if (unit !== null && unit !== 'шт' && unit !== 'кг') throw badRequest(PRICE_LIST_MSG.unit(String(unit)));
  // the texts trimmed, an empty one none
  return Object.fromEntries(DEFAULT_FIELDS.map((key) => {
    const value = d[key];
    return [key, typeof value === 'string' ? value.trim() || null : value];
  })) as PriceListDefaults;
}

// ---- names and packings
const PRODUCT = select(columnsOf(productsTable, 'id', 'name', 'status'));
const VARIETY = select(columnsOf(varietiesTable, 'id', 'name', 'product_id'));
const PACKING = select(columnsOf(packingTable, 'id', 'name'));

interface References {
  products: SelectedRow<typeof PRODUCT>[];
  varieties: SelectedRow<typeof VARIETY>[];
  /** Our packings by kind and weight (packingKey). */
  packing: Map<string, SelectedRow<typeof PACKING>>;
  /** product by its name's key; product and variety by 'product variety' */
  exact: Map<string, { product_id: number; variety_id: number | null }>;
}

async function loadReferences(db: Database): Promise<References> {
  const products = await selectRows(db, PRODUCT, sql`FROM ${productsTable} WHERE ${productsTable.status} <> 'deleted'`);
  const varieties = await selectRows(db, VARIETY, sql`FROM ${varietiesTable}`);
  const packing = new Map<string, SelectedRow<typeof PACKING>>();
  for (const p of await selectRows(db, PACKING, sql`FROM ${packingTable} ORDER BY ${packingTable.id}`)) {
    const read = parsePacking(p.name);
    if (read && !packing.has(packingKey(read))) packing.set(packingKey(read), p);
  }
  const exact = new Map<string, { product_id: number; variety_id: number | null }>();
  const active = products.filter((p) => p.status === 'active');
  for (const p of active) exact.set(nameKey(p.name), { product_id: p.id, variety_id: null });
  for (const v of varieties) {
    const p = active.find((x) => x.id === v.product_id);
    if (p) exact.set(nameKey(`${p.name} ${v.name}`), { product_id: p.id, variety_id: v.id });
  }
  return { products, varieties, packing, exact };
}

/** A row's name as our product (and variety): the supplier's answer, else the exact name. */
function answerOf(name: string, mapping: Pick<PriceListProfile, 'names'>, refs: References): NameAnswer | null {
  const key = nameKey(name);
  return mapping.names[key] ?? refs.exact.get(key) ?? null;
}

/** The file's names no answer matches yet (the questions), and those answered 'Не сопоставлять', each once. */
function fileNames(rows: SheetRow[], mapping: Pick<PriceListProfile, 'columns' | 'names' | 'defaults'>, refs: References): { unanswered: string[]; notMatched: string[] } {
  const unanswered = new Map<string, string>();
  const notMatched = new Map<string, string>();
  for (const r of rows) {
    if (skippedRow(r.cells, mapping.columns)) continue;
    const { name } = readRow(r.line, r.cells, mapping.columns, mapping.defaults);
    // a name past the longest text is the row's problem, not a question
    if (!name || name.length > IMPORT_LIMITS.maxCell) continue;
    const answer = answerOf(name, mapping, refs);
    const into = !answer ? unanswered : answer.product_id === null ? notMatched : null;
    if (into && !into.has(nameKey(name))) into.set(nameKey(name), name);
  }
  return { unanswered: [...unanswered.values()], notMatched: [...notMatched.values()] };
}

/** How many unanswered names get their candidates in one answer (the screen asks them a page at a time). */
const CANDIDATE_NAMES = 500;

/** The closest products and varieties of each name by trigram similarity (pg_trgm), best three; the name's words
 * beyond the product's and the variety's are offered as its origin ('Кешью W-320 Вьетнам' → Вьетнам). */
async function candidatesFor(db: Database, refs: References, names: string[]): Promise<UploadAnswer['unmatched']> {
  if (!names.length) return [];
  const combos = refs.products.filter((p) => p.status === 'active').flatMap((p) => [
    { product_id: p.id, variety_id: null as number | null, key: nameKey(p.name) },
    ...refs.varieties.filter((v) => v.product_id === p.id).map((v) => ({ product_id: p.id, variety_id: v.id, key: nameKey(`${p.name} ${v.name}`) })),
  ]);
  const asked = names.slice(0, CANDIDATE_NAMES).map((name, i) => ({ i, key: nameKey(name) }));
  // over the names asked (n) and their best combos (c), no table's columns
  const found = await selectRows(db, select({
    i: sql<number>`n.i`, product_id: sql<number>`c.product_id`, variety_id: sql<number | null>`c.variety_id`, similarity: sql<number>`c.similarity`,
  }), sql`FROM jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) AS n(i int, key text)
    CROSS JOIN LATERAL (
      SELECT k.product_id, k.variety_id, round(similarity(n.key, k.key)::numeric, 2)::float8 AS similarity
      FROM jsonb_to_recordset(${JSON.stringify(combos)}::jsonb) AS k(product_id int, variety_id int, key text)
      WHERE similarity(n.key, k.key) > 0 ORDER BY similarity(n.key, k.key) DESC, k.product_id, k.variety_id NULLS FIRST LIMIT 3) c
    ORDER BY n.i, c.similarity DESC`);
  const productName = new Map(refs.products.map((p) => [p.id, p.name]));
  const varietyName = new Map(refs.varieties.map((v) => [v.id, v.name]));
  return names.map((name, i) => ({
    name,
    candidates: found.filter((f) => Number(f.i) === i).map((f) => {
      const product = productName.get(Number(f.product_id))!;
      const variety = f.variety_id === null ? null : varietyName.get(Number(f.variety_id)) ?? null;
      const ours = new Set(nameKey(`${product} ${variety ?? ''}`).split(' '));
      const rest = nameKey(name).split(' ').filter((w) => !ours.has(w) && /^\p{L}+$/u.test(w));
      const origin = rest.length ? rest.map((w) => w[0].toLocaleUpperCase('ru') + w.slice(1)).join(' ') : null;
      return { product_id: Number(f.product_id), product, variety_id: f.variety_id === null ? null : Number(f.variety_id), variety, [ORIGIN]: origin, similarity: Number(f.similarity) };
    }),
  }));
}

// ---- the preview
/** One of the supplier's active offers: its lot (ids, and texts as the preview shows them) and figures. */
/** The tables under the aliases the plan's statement gives them. */
const O = alias(offers, 'o');
const R = alias(reserves, 'r');
const P = alias(productsTable, 'p');
const V = alias(varietiesTable, 'v');
const PK = alias(packingTable, 'pk');

/** The lot's texts an offer stores (the year, the origin, the unit), as its columns under the alias o. */
const STORED_LOT = Object.fromEntries(LOT_FIELDS.filter((fd) => !fd.reference).map((fd) => [fd.key, sql.raw(`o.${fd.field}`)])) as
  { [K in Exclude<keyof LotText, 'product' | 'variety' | 'packing'>]: SQL<LotText[K]> };

/** The supplier's active lot as the plan compares a file's row with it: its references, the lot's texts it stores,
 * its figures as text and its references' names (the variety and the packing left-joined: null where it has none). */
const EXISTING = select({
  ...columnsOf(O, 'id', 'product_id', 'variety_id', 'packing_id'), ...STORED_LOT,
  unit_price: textOf(O.unit_price), unit_amount: textOf(O.unit_amount), unit_weight: textOf(O.unit_weight),
  // generated from NOT NULL amounts
  taken: sql<string>`(${O.reserved_amount} + ${O.purchased_amount})::text`,
  active_reserves: sql<number>`(SELECT count(*)::int FROM ${reserves} ${R} WHERE ${R.offer_id} = ${O.id} AND ${R.status} = 'active')`,
  product: P.name, variety: sql<string | null>`${V.name}`, packing: sql<string | null>`${PK.name}`,
});
type Existing = SelectedRow<typeof EXISTING>;

/** A lot's key: the offers a file's row is the same lot as (product, variety, packing, harvest year, origin). */
type Lot = { product_id: unknown } & { [K in LotFieldKey]?: unknown };
const lotKey = (v: Lot) => [v.product_id, v.variety_id ?? '', v.packing_id ?? '', String(v[YEAR] ?? '').trim(), nameKey(String(v[ORIGIN] ?? ''))].join('|');

interface Plan {
  preview: PriceListPreview;
  create: { line: number; values: NewOffer }[];
  change: { id: number; unit_price: string; unit_amount: string; unit_weight: string | null; old_price: string; new_price: string; reserves: number }[];
  gone: number[];
}

const same = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Number(a) === Number(b));

/** The file's rows as lots, before any offer is looked at: each row read and checked by the card's own schema
 * (its messages), the rows with problems, and the lot key of every row whose name is answered. */
interface ReadFile {
  problems: PreviewProblem[];
  /** The lot of each row whose name is answered, whatever else is wrong with it (its lot is not taken for gone). */
  named: string[];
  candidates: { line: number; name: string; values: NewOffer; key: string }[];
  /** Rows with no lot: totals and subtotals, empty ones. */
  skipped: PriceListPreview['skipped'];
  /** Packings of the file our list lacks, by the name our list would give them. */
  newPackings: PriceListPreview['new_packings'];
}

/** Files read lately, by everything their reading depends on (the upload, the profile, our products, varieties
 * and packings, the fields the role may not see, the supplier): the preview the upload shows, the preview asked
 * again and the apply read a file once. A few are kept: a file of 5 000 rows is a few MB once read. */
const readFiles = new Map<string, ReadFile>();
const READ_FILES_KEPT = 4;

async function readFile(auth: AuthenticatedUser, uploadId: number, rows: SheetRow[], supplier: Supplier, profile: PriceListProfile,
  refs: References, titleOf: (target: PriceListTarget | null) => string, fieldTitle: (field: string) => string, today: string): Promise<ReadFile> {
  // the harvest years are judged on the business day's year
  const cacheKey = JSON.stringify([uploadId, supplier.id, supplier.city_id, supplier[OFFER_LOADING_ADDRESS], profile, refs.products, refs.varieties, [...refs.packing], [...hiddenOfferFormFields(auth.permissions)].sort(),
    auth.user.supplier_id, yearOfDay(today)]);
  const known = readFiles.get(cacheKey);
  if (known) return known;
  const read: ReadFile = { problems: [], named: [], candidates: [], skipped: { totals: 0, empty: 0, not_matched: 0 }, newPackings: [] };
  const problem = (line: number, name: string, column: string, message: string) => read.problems.push({ line, name, column, message });
  const seen = new Map<string, number>();
  // the reader leaves out rows with nothing in them: the gaps in the line numbers are the file's empty rows
  let previous = profile.header_row;
  for (const r of rows) {
    read.skipped.empty += Math.max(0, r.line - previous - 1);
    previous = r.line;
    const skipped = skippedRow(r.cells, profile.columns);
    if (skipped) {
      read.skipped[skipped === 'total' ? 'totals' : 'empty']++;
      continue;
    }
    const row = readRow(r.line, r.cells, profile.columns, profile.defaults);
    const answered = row.name ? answerOf(row.name, profile, refs) : null;
    // a name the user answered 'Не сопоставлять' holds no lot of ours: skipped and counted, never a problem
    if (answered?.product_id === null) {
      read.skipped.not_matched++;
      continue;
    }
    const answer = answered as MatchedName | null;
    const rowProblems: PreviewProblem[] = row.problems.map((p) => ({ line: r.line, name: row.name, column: titleOf(p.target), message: p.message }));
    // a cell the reading cut (past the longest text a card's line takes) is refused as the import refuses it
    const tooLong = Object.keys(profile.columns).filter((i) => (r.cells[Number(i) - 1] ?? '').length > IMPORT_LIMITS.maxCell);
    rowProblems.push(...tooLong.map((i) => ({ line: r.line, name: row.name, column: titleOf(profile.columns[i]), message: IMPORT_MSG.tooLong })));
    if (row.name && !answer && row.name.length <= IMPORT_LIMITS.maxCell) rowProblems.push({ line: r.line, name: row.name, column: titleOf('product'), message: PRICE_LIST_MSG.unanswered1(row.name) });
    let varietyId = answer?.variety_id ?? null;
    if (answer && row.variety) {
      const v = refs.varieties.find((x) => x.product_id === answer.product_id && nameKey(x.name) === nameKey(row.variety!));
      if (v) varietyId = v.id;
      else rowProblems.push({ line: r.line, name: row.name, column: titleOf('variety'), message: IMPORT_MSG.notInList('сортов товара', row.variety) });
    }
    // our packing of the same kind and weight ('мешок 22,68 кг' is 'Мешок 22,68 кг', never 'Коробка 22,68 кг')
    const packing = row.packing ? refs.packing.get(packingKey(row.packing)) : undefined;
    if (row.packing && !packing) {
      // read as its kind and weight, it is offered as a new packing of our list (one click in the preview)
      const name = packingName(row.packing);
      rowProblems.push({ line: r.line, name: row.name, column: titleOf('packing'), message: PRICE_LIST_MSG.packingUnknown(row.packingText!, name ?? undefined) });
      if (name) {
        const known = read.newPackings.find((p) => p.name === name);
        if (known) known.rows++;
        else read.newPackings.push({ name, rows: 1 });
      }
    }
    const origin = row[ORIGIN] ?? answer?.[ORIGIN] ?? profile.defaults[ORIGIN];
    if (answer) {
      read.named.push(lotKey({ product_id: answer.product_id, variety_id: varietyId, packing_id: packing?.id ?? null, [YEAR]: row[YEAR], [ORIGIN]: origin }));
    }
    if (rowProblems.length || !answer) {
      read.problems.push(...rowProblems);
      continue;
    }
    const body: Row = {
      product_id: answer.product_id, variety_id: varietyId, packing_id: packing?.id ?? null, city_id: profile.defaults.city_id ?? supplier.city_id,
      supplier_id: supplier.id, [YEAR]: row[YEAR] ?? '', [ORIGIN]: origin ?? '', unit_measure: row.unit_measure,
      unit_weight: row.unit_weight, units_per_pack: '1', unit_amount: row.unit_amount ?? '', unit_price: row.unit_price ?? '',
      [OFFER_LOADING_ADDRESS]: profile.defaults[OFFER_LOADING_ADDRESS] ?? supplier[OFFER_LOADING_ADDRESS] ?? '', comments: [],
    };
    let values: NewOffer;
    try {
      values = await newOfferValues(auth, body, today);
      values.supplier_id = supplier.id;
    } catch (error) {
      for (const [field, message] of fieldProblems(error)) problem(r.line, row.name, fieldTitle(field), message);
      continue;
    }
    const key = lotKey(values);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problem(r.line, row.name, '', PRICE_LIST_MSG.twinInFile(earlier));
      continue;
    }
    seen.set(key, r.line);
    read.candidates.push({ line: r.line, name: row.name, values: Object.freeze(values), key });
  }
  if (readFiles.size >= READ_FILES_KEPT) readFiles.delete(readFiles.keys().next().value!);
  readFiles.set(cacheKey, read);
  return read;
}

/** The file against the supplier's active offers, nothing written: the file read (readFile), new / changed /
 * unchanged lots, the supplier's lots the file no longer has, and the rows with problems. Inside apply's
 * transaction it is computed again on the offers as they stand. */
async function computePlan(db: Database, auth: AuthenticatedUser, upload: UploadRow, supplier: Supplier, profile: PriceListProfile): Promise<Plan> {
  const sheet = upload.sheets.find((s) => s.name === profile.sheet);
  if (!sheet) throw badRequest(PRICE_LIST_MSG.noSheet(profile.sheet));
  const index = sheet.rows.findIndex((r) => r.line === profile.header_row);
  if (index < 0 || !layoutFits(profile, sheet.rows[index].cells)) throw badRequest(PRICE_LIST_MSG.changedLayout);
  const rows = dataRows(sheet, index);
  const refs = await loadReferences(db);
  const existing = await selectRows(db, EXISTING, sql`
    FROM ${offers} ${O} JOIN ${productsTable} ${P} ON ${P.id} = ${O.product_id} LEFT JOIN ${varietiesTable} ${V} ON ${V.id} = ${O.variety_id}
      LEFT JOIN ${packingTable} ${PK} ON ${PK.id} = ${O.packing_id}
    WHERE ${O.supplier_id} = ${supplier.id} AND ${O.status} = 'active' ORDER BY ${O.id}`);
  const byKey = new Map<string, Existing[]>();
  for (const e of existing) byKey.set(lotKey(e), [...(byKey.get(lotKey(e)) ?? []), e]);
  const titleOf = (target: PriceListTarget | null) => {
    const i = target && Object.keys(profile.columns).find((k) => profile.columns[k] === target);
    return i ? profile.titles[i] || TARGET_TITLES[target!] : '';
  };
  const fieldTitle = (field: string) => {
    const target = (Object.keys(TARGET_FIELD) as PriceListTarget[]).find((t) => TARGET_FIELD[t] === field && Object.values(profile.columns).includes(t));
    return target ? titleOf(target) : OFFER_FIELDS.find((f) => f.key === field)?.label ?? '';
  };
  // a new lot's texts: its references' names, its other lot fields as checked
  const names: Record<string, Map<number, string>> = {
    products: new Map(refs.products.map((p) => [p.id, p.name])),
    varieties: new Map(refs.varieties.map((v) => [v.id, v.name])),
    packing: new Map([...refs.packing.values()].map((p) => [p.id, p.name])),
  };
  const lotTextOf = (values: NewOffer) => Object.fromEntries(LOT_FIELDS.map((fd) => {
    const value = values[fd.field];
    if (!fd.reference) return [fd.key, value ?? null];
    // the product is always named ('' where it is gone), the others null
    const empty = fd.part === 'product' ? '' : null;
    return [fd.key, value ? names[fd.reference.list]?.get(Number(value)) ?? empty : empty];
  })) as LotText;

  const read = await readFile(auth, upload.id, rows, supplier, profile, refs, titleOf, fieldTitle, await todayOf(db));
  const { candidates } = read;
  const plan: Plan = {
    preview: { new: [], changed: [], unchanged: [], gone: [], problems: [...read.problems], skipped: { ...read.skipped }, new_packings: read.newPackings.map((p) => ({ ...p })) },
    create: [], change: [], gone: [],
  };
  const problem = (line: number, name: string, column: string, message: string) => plan.preview.problems.push({ line, name, column, message });
  // a row whose lot is known keeps its lot from being taken for gone, whatever else is wrong with it
  const matched = new Set<number>();
  for (const key of read.named) {
    const lot = byKey.get(key)?.[0];
    if (lot) matched.add(lot.id);
  }

  const newOnes: typeof candidates = [];
  for (const c of candidates) {
    const lot = byKey.get(c.key)?.[0];
    const shown: PreviewRow = {
      line: c.line, offer_id: lot?.id ?? null, name: c.name, ...lotTextOf(c.values),
      unit_price: String(c.values.unit_price), old_unit_price: lot?.unit_price ?? null, price_change_percent: null,
      unit_amount: String(c.values.unit_amount), old_unit_amount: lot?.unit_amount ?? null,
    };
    if (!lot) {
      newOnes.push(c);
      plan.preview.new.push(shown);
      continue;
    }
    const unitPrice = String(c.values.unit_price);
    const unitAmount = String(c.values.unit_amount);
    const weight = c.values.unit_weight === null || c.values.unit_weight === undefined ? null : String(c.values.unit_weight);
    if (same(lot.unit_price, unitPrice) && same(lot.unit_amount, unitAmount) && same(lot.unit_weight, weight)) {
      plan.preview.unchanged.push(shown);
      continue;
    }
    // the card's rule: the quantity is never below what reserves and purchases took
    if (Number(unitAmount) < Number(lot.taken)) {
      problem(c.line, c.name, fieldTitle('unit_amount'), OFFER_WRITE_MSG.belowReserved(lot.taken));
      continue;
    }
    shown.price_change_percent = changePercent(lot.unit_price, unitPrice);
    plan.preview.changed.push(shown);
    plan.change.push({ id: lot.id, unit_price: unitPrice, unit_amount: unitAmount, unit_weight: weight, old_price: lot.unit_price, new_price: unitPrice, reserves: lot.active_reserves });
  }
  // a new lot whose twin by the card's duplicate rule (same supplier, product, variety, packing, year and city) is
  // there under another origin is refused as the card refuses it
  const twins = await findDuplicates(db, newOnes.map((c) => c.values));
  newOnes.forEach((c, i) => {
    if (twins[i]) {
      problem(c.line, c.name, '', `${OFFER_WRITE_MSG.duplicate(auth.permissions)} — предложение № ${twins[i]}`);
      plan.preview.new = plan.preview.new.filter((n) => n.line !== c.line);
    } else {
      plan.create.push({ line: c.line, values: c.values });
    }
  });
  const inFile = new Set(candidates.map((c) => c.key));
  for (const e of existing) {
    if (matched.has(e.id) || inFile.has(lotKey(e))) continue;
    plan.gone.push(e.id);
    plan.preview.gone.push({
      line: null, offer_id: e.id, name: '', ...lotOf(e), unit_price: null, old_unit_price: e.unit_price, price_change_percent: null,
      unit_amount: null, old_unit_amount: e.unit_amount, ...(e.active_reserves > 0 && { kept: true }),
    });
  }
  plan.preview.problems.sort((a, b) => a.line - b.line);
  return plan;
}

export async function previewUpload(db: Database, specs: Specs, auth: AuthenticatedUser, uploadId: number): Promise<PriceListPreview> {
  const { upload, supplier } = await loadUpload(db, specs, auth, uploadId);
  const profile = await readProfile(db, supplier.id);
  if (!profile) throw badRequest(PRICE_LIST_MSG.noProfile);
  return (await computePlan(db, auth, upload, supplier, profile)).preview;
}

/** POST /api/price-list-uploads/{id}/packings: one of the preview's new packings ('Мешок 22,68 кг') added to our list
 * in one click, by whoever works with the supplier's price list (the settings' log names who and from which file);
 * answered with the preview read again. Only a packing the file holds back is added. */
export async function addPacking(db: Database, specs: Specs, auth: AuthenticatedUser, uploadId: number, name: string): Promise<PriceListPreview> {
  const { upload, supplier } = await loadUpload(db, specs, auth, uploadId);
  const profile = await readProfile(db, supplier.id);
  if (!profile) throw badRequest(PRICE_LIST_MSG.noProfile);
  const before = (await computePlan(db, auth, upload, supplier, profile)).preview;
  if (!before.new_packings.some((p) => p.name === name)) throw badRequest(PRICE_LIST_MSG.packingNotInFile(name));
  await addReference(db, auth, 'packing', name, false, `из прайса «${upload.file_name}» поставщика «${supplier.name}»`);
  return (await computePlan(db, auth, upload, supplier, profile)).preview;
}

// ---- apply
export interface ApplyBody {
  groups?: PreviewGroup[];
  /** 'Это полный прайс', kept in the profile; the profile's (false unless said) when absent. */
  full?: boolean;
  /** What the preview showed: apply refuses, naming the rows, when the file no longer reads so. */
  expected?: PreviewedRows;
}

/** Why the plan is not what the preview showed, row by row: the lines and offers of the applied groups that left or
 * joined them since, each with its problem now where it has one. */
function movedSincePreview(plan: Plan, expected: PreviewedRows, want: Set<PreviewGroup>): string[] {
  const now: PreviewedRows = { new: plan.create.map((c) => c.line), changed: plan.preview.changed.map((c) => c.line!), gone: plan.gone };
  const nameOf = new Map<number, string>();
  for (const group of ['new', 'changed', 'unchanged'] as const) for (const r of plan.preview[group]) nameOf.set(r.line!, r.name);
  const problemOf = new Map<number, PreviewProblem>();
  for (const p of plan.preview.problems) if (!problemOf.has(p.line)) problemOf.set(p.line, p);
  const moved: string[] = [];
  for (const group of ['new', 'changed', 'gone'] as const) {
    if (!want.has(group)) continue;
    const before = new Set(expected[group]);
    const after = new Set(now[group]);
    for (const x of expected[group]) {
      if (after.has(x)) continue;
      if (group === 'gone') {
        moved.push(PRICE_LIST_MSG.goneMoved(x, PRICE_LIST_MSG.notInGroupNow(GROUP_TITLES.gone)));
        continue;
      }
      const problem = problemOf.get(x);
      moved.push(PRICE_LIST_MSG.lineMoved(x, problem?.name ?? nameOf.get(x) ?? '', problem?.message ?? PRICE_LIST_MSG.notInGroupNow(GROUP_TITLES[group])));
    }
    for (const x of now[group]) {
      if (before.has(x)) continue;
      moved.push(group === 'gone' ? PRICE_LIST_MSG.goneMoved(x, PRICE_LIST_MSG.newInGroup(GROUP_TITLES.gone))
        : PRICE_LIST_MSG.lineMoved(x, nameOf.get(x) ?? '', PRICE_LIST_MSG.newInGroup(GROUP_TITLES[group])));
    }
  }
  return moved;
}

export async function applyUpload(db: Database, specs: Specs, auth: AuthenticatedUser, uploadId: number, body: ApplyBody = {}): Promise<ApplyAnswer> {
  for (const g of body.groups ?? []) if (!PREVIEW_GROUPS.includes(g)) throw badRequest(PRICE_LIST_MSG.badGroup(g));
  const { upload, supplier } = await loadUpload(db, specs, auth, uploadId);
  const saved = await readProfile(db, supplier.id);
  if (!saved) throw badRequest(PRICE_LIST_MSG.noProfile);
  const full = body.full ?? saved.full ?? false;
  const profile: PriceListProfile = { ...saved, full };
  // a partial file (the default) removes nothing: the supplier's other lots are not in it
  const groups = body.groups ?? PREVIEW_GROUPS.filter((g) => g !== 'gone' || full);
  if (groups.includes('gone') && !full) throw badRequest(PRICE_LIST_MSG.notFull);
  const settings = await readBusinessSettings(db);
  const day = await todayOf(db);
  const hidden = hiddenFields(offerRecord, auth);
  return db.transaction(async (tx) => {
    // one apply of an upload: the row is locked, and a second apply waits and is refused
    const locked = await selectFirst(tx, select({ applied_at: PLU.applied_at }), sql`FROM ${PLU} WHERE ${PLU.id} = ${uploadId} FOR UPDATE`);
    if (locked?.applied_at) throw badRequest(PRICE_LIST_MSG.applied);
    // the supplier's offers are locked for the plan: no reserve or edit moves them between the plan and the writes
    await tx.execute(sql`SELECT id FROM offers WHERE supplier_id = ${supplier.id} AND status = 'active' ORDER BY id FOR UPDATE`);
    const plan = await computePlan(tx, auth, { ...upload }, supplier, profile);
    const want = new Set(groups);
    // all or nothing: every row the preview showed in an applied group is applied, or none is, the moved ones named
    const moved = body.expected ? movedSincePreview(plan, body.expected, want) : [];
    if (moved.length) throw badRequest(PRICE_LIST_MSG.movedSincePreview, ...moved);
    if (body.full !== undefined && body.full !== (saved.full ?? false)) {
      await tx.execute(sql`UPDATE price_list_profiles SET profile = profile || ${JSON.stringify({ full })}::jsonb, updated_by = ${auth.user.id}, updated_at = now()
        WHERE supplier_id = ${supplier.id}`);
    }
    const refused: RefusedRow[] = [];
    const created = want.has('new')
      ? (await insertRecords(tx, auth, offerRecord, plan.create.map((c) => ({ values: { values: c.values, settings }, body: { comments: [] } })))).map((c) => c.id)
      : [];
    const changed: number[] = [];
    if (want.has('changed') && plan.change.length) {
      const bodies = new Map(plan.change.map((c) => [c.id, c]));
      const via = { section: 'price_lists' as const, step: 'apply' as const, file: upload.file_name, day };
      const ids = plan.change.map((c) => c.id).sort((a, b) => a - b);
      // one chunk: the whole file is one transaction already (a file's rows are within the import's limit), and
      // each chunk would lock, check, write and record its lots in statements of its own
      changed.push(...(await changeChunk(tx, auth, offerRecord as RecordSection<unknown>, ids, (_stored, id) => {
        const c = bodies.get(id)!;
        return { unit_price: c.unit_price, unit_amount: c.unit_amount, ...(c.unit_weight !== null && { unit_weight: c.unit_weight }) };
      }, hidden, refused, via)));
    }
    // all or nothing: a lot the card refuses now (it moved since the preview) leaves the whole file unapplied
    if (refused.length) throw badRequest(...refused.map((r) => `Предложение № ${r.id}: ${r.reason}`));
    let deleted: number[] = [];
    const kept = plan.preview.gone.filter((g) => g.kept).map((g) => g.offer_id!);
    if (want.has('gone')) {
      const goes = plan.gone.filter((id) => !kept.includes(id));
      if (goes.length) deleted = (await deleteLocked(tx, offersSpec, auth, goes)).ids;
    }
    // the responsibles of active reserves on a re-priced lot are told (their reserves keep their terms)
    const written = new Set(changed);
    const repriced = plan.change.filter((x) => x.reserves > 0 && written.has(x.id) && !same(x.old_price, x.new_price));
    await notifyMany(tx, repriced.map((c) => ({ recordId: c.id, text: NOTIFICATION_TEXT.offer_repriced(c.id, formatMoney(c.old_price), formatMoney(c.new_price)) })), {
      to: sql`u.employee_id IN (SELECT responsible_id FROM reserves WHERE offer_id = n.record_id AND status = 'active')`,
      kind: 'offer_repriced', section: 'offers', by: auth.user.id,
    });
    const counts = { new: created.length, changed: changed.length, gone: deleted.length, kept: want.has('gone') ? kept.length : 0 };
    await tx.execute(sql`UPDATE price_list_uploads SET applied_at = now(), applied_by = ${auth.user.id}, counts = ${JSON.stringify(counts)}::jsonb WHERE id = ${uploadId}`);
    return { created, changed, deleted, kept: want.has('gone') ? kept : [], counts };
  });
}

// ---- the supplier card's list of uploads
const PU = alias(priceListUploads, 'pu');
const U = alias(users, 'u');
const F = alias(files, 'f');

export async function listUploads(db: Database, specs: Specs, auth: AuthenticatedUser, supplierId: number): Promise<UploadListItem[]> {
  await requireSupplier(db, specs, auth, supplierId);
  const rows = await selectRows(db, select({
    ...columnsOf(PU, 'id', 'file_name', 'uploaded_at'), uploaded_by: sql<string | null>`coalesce(${U.name}, ${U.email})`, applied_at: PU.applied_at,
    counts: sql<UploadListItem['counts']>`${PU.counts}`, uploader_id: sql<number | null>`${PU.uploaded_by}`,
  }), sql`
    FROM ${priceListUploads} ${PU} LEFT JOIN ${users} ${U} ON ${U.id} = ${PU.uploaded_by}
    WHERE ${PU.supplier_id} = ${supplierId} ORDER BY ${PU.id} DESC LIMIT 100`);
  // who uploaded is a person: named where the role sees who made the offers an upload writes (the people rule), or
  // to the uploader itself
  const people = isRefVisible(auth.permissions, 'offers.created_by');
  return rows.map(({ uploader_id, ...r }) => ({
    ...r, uploaded_by: people || Number(uploader_id) === auth.user.id ? r.uploaded_by : null, uploaded_at: new Date(r.uploaded_at).toISOString(), applied_at: r.applied_at ? new Date(r.applied_at).toISOString() : null,
  }));
}

/** The uploaded file itself, for who may work with the supplier's price lists. */
export async function uploadFile(db: Database, specs: Specs, auth: AuthenticatedUser, uploadId: number) {
  await loadUpload(db, specs, auth, uploadId);
  return selectFirst(db, select(columnsOf(F, 'id', 'original_name', 'mime', 'store', 'storage_path')),
    sql`FROM ${priceListUploads} ${PU} JOIN ${files} ${F} ON ${F.id} = ${PU.file_id} WHERE ${PU.id} = ${uploadId}`);
}
