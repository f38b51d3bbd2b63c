// One product: created with its comments, renamed, deactivated and reactivated (a deactivated product is not
// offered for new offers; existing offers keep it), and its varieties, the list the offer card's 'Сорт' offers.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { PRODUCT_MSG, PRODUCT_STATUSES, hasDuplicateName, productSchema, varietySchema } from '../../../domain/products/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { columnsOf, namesOf, returningRows, select, selectFirst, selectRows, type RowOf } from '../../db/rows';
import { offers, products, varieties } from '../../db/schema';
import type { FieldChange } from '../../../domain/history';
import { findTwins, refuseActiveTwin, refuseDuplicate, validateCard } from '../../records/card';
import { restoreTwins } from '../../records/formRecord';
import { readRecord, recordPartWrite, type BulkOutcome, type BulkRow, type RecordSection, type Row } from '../../records/pipeline';
import { isRefVisible } from '../../../domain/permissions';
import { productsSpec } from './list';

/** The tables under the aliases the varieties' list gives them. */
const V = alias(varieties, 'v');
const O = alias(offers, 'o');

const VARIETY = columnsOf(V, 'id', 'name', 'product_id');
/** How many offers name a variety: such a variety cannot be removed. */
const NAMED_BY = sql<number>`(SELECT count(*)::int FROM ${offers} ${O} WHERE ${O.variety_id} = ${V.id})`;

/** A variety as its list answers it; `offers` is left out for a caller who does not read every offer. */
export type Variety = RowOf<typeof VARIETY> & { offers?: number };

const ID_OF = { products: select({ id: products.id }), varieties: select({ id: varieties.id }), offers: select({ id: offers.id }) };

const sameName = (name: string) => sql`lower(name) = lower(${name})`;

/** A change's name and status over the stored product: the shared schema's name, a status the card lets a user set. */
async function changedProduct(before: Row, body: Row): Promise<{ name: string; status: string }> {
  const { name } = await validateCard(productSchema(), { name: body.name ?? before.name });
  let status = String(before.status);
  if (body.status !== undefined && body.status !== null) {
    if (!(PRODUCT_STATUSES as readonly unknown[]).includes(body.status)) throw badRequest(PRODUCT_MSG.badStatus);
    status = String(body.status);
  }
  return { name: String(name), status };
}

/** The products' bulk edit as sets (the dialog moves the status): each one's name and status checked as its card
 * checks them, the duplicate rule for the chunk in one statement. The dialog never renames, so each product is
 * compared with the table as it stands, as the card would. */
async function changeProducts(tx: Database, rows: BulkRow[]): Promise<BulkOutcome[]> {
  const outcomes = new Map<number, BulkOutcome>();
  const checked: { id: number; name: string; status: string }[] = [];
  for (const { id, before, body } of rows) {
    try {
      checked.push({ id, ...(await changedProduct(before, body)) });
    } catch (e) {
      outcomes.set(id, { id, refused: e });
    }
  }
  const twins = await findTwins(tx, 'products', checked.map((c) => ({ id: c.id, condition: sameName(c.name) })), { active: false, among: [] });
  for (const { id, name, status } of checked) {
    const twin = twins.get(id)?.twin ?? null;
    outcomes.set(id, twin !== null ? { id, refused: conflict(PRODUCT_MSG.duplicate, PRODUCT_MSG.conflictText, twin) } : { id, set: { name, status } });
  }
  return rows.map((r) => outcomes.get(r.id)!);
}

/** A product's card: its name (and, when created, its varieties); a change may also move its status. */
export const productRecord: RecordSection<{ name: string; varieties: string[] }, 'products'> = {
  spec: productsSpec,
  fields: ['name'],
  // issue 39: the document types its lots need
  readColumns: { document_type_ids: sql`ARRAY(SELECT pdt.type_id FROM product_document_types pdt WHERE pdt.product_id = ${sql.raw(productsSpec.alias)}.id ORDER BY pdt.type_id)` },
  async prepareCreate(db, _auth, body) {
    const { name } = await validateCard(productSchema(), body);
    const varieties = await validVarieties(body.varieties);
    await refuseDuplicate(db, sameName(String(name)), 'products', PRODUCT_MSG.duplicate, PRODUCT_MSG.conflictText);
    return { name: String(name), varieties };
  },
  async insert(tx, auth, { name, varieties }) {
    const [created] = await returningRows(tx, sql`INSERT INTO ${products} (${namesOf(products.name, products.created_by)}) VALUES (${name}, ${auth.user.id})`, ID_OF.products);
    if (varieties.length) await tx.execute(sql`INSERT INTO varieties (name, product_id) VALUES ${sql.join(varieties.map((v) => sql`(${v}, ${created.id})`), sql`, `)}`);
    return created.id;
  },
  async change(tx, _auth, { id, before, body }) {
    const { name, status } = await changedProduct(before, body);
    await refuseDuplicate(tx, sameName(name), 'products', PRODUCT_MSG.duplicate, PRODUCT_MSG.conflictText, id);
    return { set: sql`name = ${name}, status = ${status}` };
  },
  changeMany: (tx, _auth, rows) => changeProducts(tx, rows),
  beforeRestore: (tx, _auth, record) =>
    refuseActiveTwin(tx, sameName(String(record.name)), 'products', PRODUCT_MSG.duplicate, PRODUCT_MSG.conflictText, Number(record.id)),
  restoreMany: (tx, _auth, rows) =>
    restoreTwins(tx, 'products', rows, (record) => sameName(String(record.name)), (twin) => conflict(PRODUCT_MSG.duplicate, PRODUCT_MSG.conflictText, twin)),
};

export const readProduct = (db: Database, auth: AuthenticatedUser, id: number, withDeleted: boolean) => readRecord(db, auth, productRecord, id, withDeleted);

/** A new product's variety names, each checked by the shared variety schema, none twice. */
async function validVarieties(input: unknown): Promise<string[]> {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) throw badRequest(PRODUCT_MSG.varietyName);
  const names: string[] = [];
  for (const name of input) names.push(String((await validateCard(varietySchema(), { name })).name));
  if (hasDuplicateName(names)) throw badRequest(PRODUCT_MSG.varietyDuplicate);
  return names;
}

export async function listVarieties(db: Database, auth: AuthenticatedUser, productId: number, withDeleted: boolean): Promise<Variety[]> {
  await readProduct(db, auth, productId, withDeleted);
  // the count is a figure over every offer: only for a caller who reads them all and is not a supplier's user
  // (a supplier would learn what other suppliers offer); without it the removal of one in use is refused by the server
  const counted = isRefVisible(auth.permissions, 'offers.*');
  return selectRows(db, select(counted ? { ...VARIETY, offers: NAMED_BY } : VARIETY),
    sql`FROM ${varieties} ${V} WHERE ${V.product_id} = ${productId} ORDER BY ${V.name}, ${V.id}`);
}

async function checkedName(db: Database, productId: number, body: unknown, exceptId?: number): Promise<string> {
  const { name } = await validateCard(varietySchema(), (body ?? {}) as Row);
  const v = varieties;
  const dup = await selectFirst(db, ID_OF.varieties,
    sql`FROM ${v} WHERE ${v.product_id} = ${productId} AND lower(${v.name}) = lower(${String(name)}) ${exceptId ? sql`AND ${v.id} <> ${exceptId}` : sql``} LIMIT 1`);
  if (dup) throw badRequest(PRODUCT_MSG.varietyDuplicate);
  return String(name);
}

async function varietyOf(db: Database, productId: number, varietyId: number) {
  const row = await selectFirst(db, select(columnsOf(varieties, 'id', 'name')), sql`FROM ${varieties} WHERE ${varieties.id} = ${varietyId} AND ${varieties.product_id} = ${productId}`);
  if (!row) throw notFound();
  return row;
}

/** A variety added (old null), renamed or removed (new null): a change of the product, in its history. */
const varietyChange = (old: string | null, name: string | null): FieldChange[] => (old === name ? [] : [{ field: 'varieties', old, new: name }]);

/** A write of the product's varieties, as a change of the product (records/pipeline.ts, recordPartWrite): the right
 * to change it, the version the card read (`?version=`), the product locked while its varieties are checked and
 * written, its version moved and its history told. Answers the varieties as they are after it. */
async function varietiesWrite(db: Database, auth: AuthenticatedUser, productId: number, version: number | undefined,
  write: (tx: Database) => Promise<FieldChange[]>): Promise<Variety[]> {
  await recordPartWrite(db, auth, productRecord, productId, { version, write });
  return listVarieties(db, auth, productId, false);
}

export const addVariety = (db: Database, auth: AuthenticatedUser, productId: number, body: unknown, version?: number) =>
  varietiesWrite(db, auth, productId, version, async (tx) => {
    const name = await checkedName(tx, productId, body);
    await tx.execute(sql`INSERT INTO varieties (name, product_id) VALUES (${name}, ${productId})`);
    return varietyChange(null, name);
  });

export const renameVariety = (db: Database, auth: AuthenticatedUser, productId: number, varietyId: number, body: unknown, version?: number) =>
  varietiesWrite(db, auth, productId, version, async (tx) => {
    const old = await varietyOf(tx, productId, varietyId);
    const name = await checkedName(tx, productId, body, varietyId);
    await tx.execute(sql`UPDATE varieties SET name = ${name} WHERE id = ${varietyId}`);
    return varietyChange(old.name, name);
  });

/** A variety no offer names can be removed; one in use stays (offers keep what they were made with). */
export const removeVariety = (db: Database, auth: AuthenticatedUser, productId: number, varietyId: number, version?: number) =>
  varietiesWrite(db, auth, productId, version, async (tx) => {
    const old = await varietyOf(tx, productId, varietyId);
    const used = await selectFirst(tx, ID_OF.offers, sql`FROM ${offers} WHERE ${offers.variety_id} = ${varietyId} LIMIT 1`);
    if (used) throw badRequest(PRODUCT_MSG.varietyInUse);
    await tx.execute(sql`DELETE FROM varieties WHERE id = ${varietyId}`);
    return varietyChange(old.name, null);
  });
