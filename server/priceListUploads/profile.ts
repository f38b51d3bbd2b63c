// The supplier's price-list profile: how its files read (sheet, header row, columns, defaults, name answers),
// checked against an upload and kept.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { FileStores } from '../db/fileStores';
import type { AuthenticatedUser } from '../accounts/users';
import { IMPORT_LIMITS } from '../../domain/import';
import {
  PRICE_LIST_MSG,
  PRICE_LIST_TARGETS,
  TARGET_FIELD,
  DEFAULT_FIELDS,
  NOT_MATCHED,
  mappingProblem,
  type NameAnswer,
  type PriceListDefaults,
  type PriceListProfile,
  type PriceListTarget,
} from '../../domain/suppliers/priceList';
import { nameKey } from '../../domain/suppliers/supplierWriting';
import { type PriceListUpload as UploadAnswer } from '../../domain/suppliers/priceListPreview';
import { LOT } from '../../domain/offers/lot';
import { hiddenOfferFormFields } from '../../domain/offers/schema';
import { hiddenFieldMessage } from '../../domain/schemas/card';
import { badRequest, forbidden, notFound } from '../errors';
import { select, selectFirst } from '../db/rows';
import { cities } from '../db/schema';
import { defaultsOf, readProfile, requireSupplier, type Specs } from './access';
import { describe } from './describe';
import { loadReferences } from './names';
import { PLU, fullSheet, headerIndex, loadUpload } from './stored';

const ORIGIN = LOT.origin.field;

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
export async function saveProfile(
  db: Database,
  stores: FileStores,
  specs: Specs,
  auth: AuthenticatedUser,
  supplierId: number,
  body: ProfileBody,
): Promise<UploadAnswer> {
  const supplier = await requireSupplier(db, specs, auth, supplierId);
  const uploadId =
    body.upload_id ??
    (
      await selectFirst(
        db,
        select({ id: sql<number | null>`max(${PLU.id})` }),
        sql`FROM ${PLU} WHERE ${PLU.supplier_id} = ${supplierId}`,
      )
    )?.id;
  if (!uploadId) throw badRequest(PRICE_LIST_MSG.uploadGone);
  const { upload } = await loadUpload(db, specs, auth, Number(uploadId));
  if (upload.supplier_id !== supplierId) throw notFound(PRICE_LIST_MSG.uploadGone);
  const sheet = await fullSheet(db, stores, upload, body.sheet);
  if (!sheet) throw badRequest(PRICE_LIST_MSG.noSheet(body.sheet));
  const index = headerIndex(sheet, null, body.header_row);
  const header = sheet.rows[index].cells;
  const columns: Record<string, PriceListTarget> = {};
  const titles: Record<string, string> = {};
  for (const [key, target] of Object.entries(body.columns)) {
    if (target === null) continue;
    if (!/^\d+$/.test(key) || Number(key) < 1 || Number(key) > IMPORT_LIMITS.maxColumns)
      throw badRequest(PRICE_LIST_MSG.badColumn(key));
    if (!PRICE_LIST_TARGETS.includes(target)) throw badRequest(PRICE_LIST_MSG.badTarget(String(target)));
    columns[String(Number(key))] = target;
    titles[String(Number(key))] = header[Number(key) - 1] ?? '';
  }
  const hidden = hiddenOfferFormFields(auth.permissions);
  for (const target of Object.values(columns))
    if (hidden.has(TARGET_FIELD[target])) throw forbidden(hiddenFieldMessage(TARGET_FIELD[target]));
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
    if (
      answer.variety_id !== null &&
      !refs.varieties.some((v) => v.id === answer.variety_id && v.product_id === answer.product_id)
    ) {
      throw badRequest(`${name}: ${PRICE_LIST_MSG.varietyOther}`);
    }
    names[key] = {
      product_id: answer.product_id,
      variety_id: answer.variety_id ?? null,
      [ORIGIN]: answer[ORIGIN]?.trim() || null,
    };
  }
  const profile: PriceListProfile = {
    sheet: sheet.name,
    header_row: sheet.rows[index].line,
    columns,
    titles,
    defaults,
    names,
    full: saved?.full ?? false,
  };
  await db.execute(sql`INSERT INTO price_list_profiles (supplier_id, profile, updated_by) VALUES (${supplierId}, ${JSON.stringify(profile)}::jsonb, ${auth.user.id})
    ON CONFLICT (supplier_id) DO UPDATE SET profile = EXCLUDED.profile, updated_by = EXCLUDED.updated_by, updated_at = now()`);
  return describe(db, stores, auth, upload, supplier, profile);
}

async function checkedDefaults(db: Database, d: PriceListDefaults): Promise<PriceListDefaults> {
  if (
    d.city_id !== null &&
    !(await selectFirst(
      db,
      select({ one: sql<number>`1` }),
      sql`FROM ${cities} WHERE ${cities.id} = ${d.city_id} AND ${cities.status} = 'active'`,
    ))
  ) {
    throw badRequest(PRICE_LIST_MSG.noCity);
  }
  const unit = d[LOT.unit.field];
  if (unit !== null && unit !== 'шт' && unit !== 'кг') throw badRequest(PRICE_LIST_MSG.unit(String(unit)));
  // the texts trimmed, an empty one none
  return Object.fromEntries(
    DEFAULT_FIELDS.map((key) => {
      const value = d[key];
      return [key, typeof value === 'string' ? value.trim() || null : value];
    }),
  ) as PriceListDefaults;
}
