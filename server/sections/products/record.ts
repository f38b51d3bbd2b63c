// One product: created with its comments, renamed, deactivated and reactivated (a deactivated product is not
// offered for new offers; existing offers keep it), and its varieties, the list the offer card's 'Сорт' offers.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import {
  PRODUCT_FIELD_VISIBILITY,
  PRODUCT_FORM_FIELDS,
  PRODUCT_MSG,
  PRODUCT_STATUSES,
  hasDuplicateName,
  productSchema,
  varietySchema,
} from '../../../domain/products/schema';
import { badRequest, notFound } from '../../errors';
import { columnsOf, select, selectFirst, selectRows, type RowOf } from '../../db/rows';
import { offers, varieties } from '../../db/schema';
import type { FieldChange } from '../../../domain/history';
import { validateCard } from '../../records/card';
import { formRecordSection } from '../../records/formRecord';
import { isRow, readRecord, type BulkOutcome, type RecordSection, type Row } from '../../records/pipeline';
import { recordPartWrite } from '../../records/recordWrites';
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

const ID_OF = { varieties: select({ id: varieties.id }), offers: select({ id: offers.id }) };

const sameName = (name: string) => sql`lower(name) = lower(${name})`;

/** The status a change moves the product to: one the card lets a user set, else the stored one. */
function changedStatus(before: Row, body: Row): string {
  if (body.status === undefined || body.status === null) return String(before.status);
  if (!(PRODUCT_STATUSES as readonly unknown[]).includes(body.status)) throw badRequest(PRODUCT_MSG.badStatus);
  return String(body.status);
}

/** A product's form fields as its resource declares them, checked by the shared schema; another product of the
 * same name, whatever the case, deleted or not, is its duplicate. */
const productForm = formRecordSection({
  spec: productsSpec,
  fields: PRODUCT_FORM_FIELDS,
  visibleAs: PRODUCT_FIELD_VISIBILITY,
  schema: productSchema,
  references: [],
  duplicate: {
    of: (values) => (values.name ? sameName(String(values.name)) : null),
    message: PRODUCT_MSG.duplicate,
    text: PRODUCT_MSG.conflictText,
  },
  // the document types its lots need
  readColumns: {
    document_type_ids: sql`ARRAY(SELECT pdt.type_id FROM product_document_types pdt WHERE pdt.product_id = ${sql.raw(productsSpec.alias)}.id ORDER BY pdt.type_id)`,
  },
});

/** A product's card: its form (and, when created, its varieties); a change may also move its status. */
export const productRecord: RecordSection<Row, 'products'> = {
  ...productForm,
  async prepareCreate(db, auth, body, hidden) {
    // the varieties are checked before the duplicate's 409, as the card shows their message first
    const varieties = await validVarieties(body.varieties);
    return { ...(await productForm.prepareCreate(db, auth, body, hidden)), varieties };
  },
  async insert(tx, auth, values, body) {
    const id = await productForm.insert(tx, auth, values, body);
    const names = values.varieties as string[];
    if (names.length)
      await tx.execute(
        sql`INSERT INTO varieties (name, product_id) VALUES ${sql.join(
          names.map((v) => sql`(${v}, ${id})`),
          sql`, `,
        )}`,
      );
    return id;
  },
  async change(tx, auth, context) {
    const status = changedStatus(context.before, context.body);
    const { set } = await productForm.change(tx, auth, context);
    return { set: sql`${set}, status = ${status}` };
  },
  // the bulk dialog moves the status: each product's form checked as its card checks it, the duplicate rule for the
  // chunk in one statement
  async changeMany(tx, auth, rows, hidden) {
    const statuses = new Map<number, BulkOutcome>();
    for (const { id, before, body } of rows) {
      try {
        statuses.set(id, { id, set: { status: changedStatus(before, body) } });
      } catch (e) {
        statuses.set(id, { id, refused: e });
      }
    }
    const formed = await productForm.changeMany!(
      tx,
      auth,
      rows.filter((r) => 'set' in statuses.get(r.id)!),
      hidden,
    );
    for (const outcome of formed) {
      const status = statuses.get(outcome.id)!;
      statuses.set(
        outcome.id,
        'set' in outcome && 'set' in status ? { id: outcome.id, set: { ...outcome.set, ...status.set } } : outcome,
      );
    }
    return rows.map((r) => statuses.get(r.id)!);
  },
};

export const readProduct = (db: Database, auth: AuthenticatedUser, id: number, withDeleted: boolean) =>
  readRecord(db, auth, productRecord, id, withDeleted);

/** A new product's variety names, each checked by the shared variety schema, none twice. */
async function validVarieties(input: unknown): Promise<string[]> {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) throw badRequest(PRODUCT_MSG.varietyName);
  const names: string[] = [];
  for (const name of input) names.push(String((await validateCard(varietySchema(), { name })).name));
  if (hasDuplicateName(names)) throw badRequest(PRODUCT_MSG.varietyDuplicate);
  return names;
}

export async function listVarieties(
  db: Database,
  auth: AuthenticatedUser,
  productId: number,
  withDeleted: boolean,
): Promise<Variety[]> {
  await readProduct(db, auth, productId, withDeleted);
  // the count is a figure over every offer: only for a caller who reads them all and is not a supplier's user
  // (a supplier would learn what other suppliers offer); without it the removal of one in use is refused by the server
  const counted = isRefVisible(auth.permissions, 'offers.*');
  return selectRows(
    db,
    select(counted ? { ...VARIETY, offers: NAMED_BY } : VARIETY),
    sql`FROM ${varieties} ${V} WHERE ${V.product_id} = ${productId} ORDER BY ${V.name}, ${V.id}`,
  );
}

async function checkedName(db: Database, productId: number, body: unknown, exceptId?: number): Promise<string> {
  const { name } = await validateCard(varietySchema(), isRow(body) ? body : {});
  const v = varieties;
  const dup = await selectFirst(
    db,
    ID_OF.varieties,
    sql`FROM ${v} WHERE ${v.product_id} = ${productId} AND lower(${v.name}) = lower(${String(name)}) ${exceptId ? sql`AND ${v.id} <> ${exceptId}` : sql``} LIMIT 1`,
  );
  if (dup) throw badRequest(PRODUCT_MSG.varietyDuplicate);
  return String(name);
}

async function varietyOf(db: Database, productId: number, varietyId: number) {
  const row = await selectFirst(
    db,
    select(columnsOf(varieties, 'id', 'name')),
    sql`FROM ${varieties} WHERE ${varieties.id} = ${varietyId} AND ${varieties.product_id} = ${productId}`,
  );
  if (!row) throw notFound();
  return row;
}

/** A variety added (old null), renamed or removed (new null): a change of the product, in its history. */
const varietyChange = (old: string | null, name: string | null): FieldChange[] =>
  old === name ? [] : [{ field: 'varieties', old, new: name }];

/** A write of the product's varieties, as a change of the product (records/pipeline.ts, recordPartWrite): the right
 * to change it, the version the card read (`?version=`), the product locked while its varieties are checked and
 * written, its version moved and its history told. Answers the varieties as they are after it. */
async function varietiesWrite(
  db: Database,
  auth: AuthenticatedUser,
  productId: number,
  version: number | undefined,
  write: (tx: Database) => Promise<FieldChange[]>,
): Promise<Variety[]> {
  await recordPartWrite(db, auth, productRecord, productId, { version, write });
  return listVarieties(db, auth, productId, false);
}

export const addVariety = (db: Database, auth: AuthenticatedUser, productId: number, body: unknown, version?: number) =>
  varietiesWrite(db, auth, productId, version, async (tx) => {
    const name = await checkedName(tx, productId, body);
    await tx.execute(sql`INSERT INTO varieties (name, product_id) VALUES (${name}, ${productId})`);
    return varietyChange(null, name);
  });

export const renameVariety = (
  db: Database,
  auth: AuthenticatedUser,
  productId: number,
  varietyId: number,
  body: unknown,
  version?: number,
) =>
  varietiesWrite(db, auth, productId, version, async (tx) => {
    const old = await varietyOf(tx, productId, varietyId);
    const name = await checkedName(tx, productId, body, varietyId);
    await tx.execute(sql`UPDATE varieties SET name = ${name} WHERE id = ${varietyId}`);
    return varietyChange(old.name, name);
  });

/** A variety no offer names can be removed; one in use stays (offers keep what they were made with). */
export const removeVariety = (
  db: Database,
  auth: AuthenticatedUser,
  productId: number,
  varietyId: number,
  version?: number,
) =>
  varietiesWrite(db, auth, productId, version, async (tx) => {
    const old = await varietyOf(tx, productId, varietyId);
    const used = await selectFirst(
      tx,
      ID_OF.offers,
      sql`FROM ${offers} WHERE ${offers.variety_id} = ${varietyId} LIMIT 1`,
    );
    if (used) throw badRequest(PRODUCT_MSG.varietyInUse);
    await tx.execute(sql`DELETE FROM varieties WHERE id = ${varietyId}`);
    return varietyChange(old.name, null);
  });
