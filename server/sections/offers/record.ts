// One offer: read with its files and comments, created and updated under the shared schema, with the
// figures recomputed here whatever the client sent. Both record the offer's history in their transaction (the
// import creates offers through createOffer too).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { can, isFieldVisible } from '../../../domain/permissions';
import { OFFER_FIELD_VISIBILITY, OFFER_FORM_FIELDS, OFFER_WRITE_MSG, hiddenOfferFormFields, offerSchema } from '../../../domain/offers/schema';
import { PRODUCT_MSG } from '../../../domain/products/schema';
import { offerFigures, offerSellingBand } from '../../../domain/offers/figures';
import type { BusinessSettings } from '../../../domain/settings';
import { readBusinessSettings } from '../../admin/businessSettings';
import { money, toNumber } from '../../../domain/numbers';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { rowsOf as rows } from '../../http/rows';
import { stripHidden } from '../../lists/engine';
import { mayColumn, scopeCondition } from '../../records/access';
import { attachFiles, fileIdsOf } from '../../records/files';
import { addComments } from '../../records/comments';
import { changeRecord, lockedRecord, recordCreated } from '../../records/history';
import { offersSpec } from './list';
import { setUnitAmount } from './stock';

type Row = Record<string, unknown>;

/** The caller may see the offer (its read scope); throws 404 when not, so ids do not leak. */
export async function readOffer(db: Database, auth: AuthenticatedUser, id: number, withDeleted: boolean): Promise<Row> {
  const readable = scopeCondition(offersSpec, auth, 'read');
  const select = sql.join(Object.entries(offersSpec.columns).map(([k, e]) => sql`${e} AS ${sql.identifier(k)}`), sql`, `);
  const [row] = rows<Row>(await db.execute(sql`SELECT ${select},
      o.product_id, o.variety_id, o.packing_id, o.city_id, o.supplier_id,
      o.status <> 'deleted' AND ${mayColumn(offersSpec, auth, 'update')} AS can_update,
      (SELECT coalesce(json_agg(json_build_object('id', f.id, 'url', '/api/files/' || f.id, 'name', f.original_name, 'size', f.size, 'mime', f.mime) ORDER BY f.id), '[]'::json)
         FROM files f WHERE f.entity_type = 'offers' AND f.entity_id = o.id AND f.kind = 'document') AS documents
    ${offersSpec.from} WHERE o.id = ${id} AND ${readable}`));
  if (!row || (row.status === 'deleted' && !withDeleted)) throw notFound();
  const [stripped] = stripHidden([row], auth.permissions, offersSpec);
  for (const [field, visibleAs] of Object.entries(OFFER_FIELD_VISIBILITY)) {
    if (!isFieldVisible(auth.permissions, 'offers', visibleAs)) delete stripped[field];
  }
  return stripped;
}

function refuseHidden(auth: AuthenticatedUser, body: Row) {
  const hidden = hiddenOfferFormFields(auth.permissions);
  for (const field of [...OFFER_FORM_FIELDS, 'status']) {
    if (body[field] === undefined || body[field] === null || body[field] === '') continue;
    if (hidden.has(field)) throw forbidden(OFFER_WRITE_MSG.hiddenField(field));
  }
}

const hiddenSet = (auth: AuthenticatedUser) => hiddenOfferFormFields(auth.permissions);

/** What makes two active offers the same (the card's 409 rule). */
export type DuplicateKey = Pick<Row, 'supplier_id' | 'product_id' | 'variety_id' | 'packing_id' | 'harvest_year' | 'city_id'>;

/** Keys looked up per query: well inside PostgreSQL's 65 535 parameters. */
const DUPLICATE_BATCH = 1000;

/** For each offer, the id of an active offer with the same supplier, product, variety, packing, harvest year and
 * city (the card's 409 rule), or null: one query per thousand offers, so an import of thousands of rows does not
 * ask one by one. Ids are positive, so coalesce(id, 0) compares like IS NOT DISTINCT FROM and can be hashed. */
export async function findDuplicates(db: Database, values: DuplicateKey[], exceptId?: number): Promise<(number | null)[]> {
  const found: (number | null)[] = values.map(() => null);
  for (let from = 0; from < values.length; from += DUPLICATE_BATCH) {
    const keys = sql.join(values.slice(from, from + DUPLICATE_BATCH).map((v, i) => sql`(${from + i}::int,
      ${v.supplier_id ?? null}::int, ${v.product_id}::int, ${v.variety_id ?? null}::int, ${v.packing_id ?? null}::int,
      ${v.harvest_year ?? null}::text, ${v.city_id ?? null}::int)`), sql`, `);
    const dups = rows<{ i: number; id: number }>(await db.execute(sql`
      SELECT k.i, min(o.id) AS id
      FROM (VALUES ${keys}) AS k(i, supplier_id, product_id, variety_id, packing_id, harvest_year, city_id)
      JOIN offers o ON o.status = 'active' AND o.product_id = k.product_id
        AND coalesce(o.supplier_id, 0) = coalesce(k.supplier_id, 0) AND coalesce(o.variety_id, 0) = coalesce(k.variety_id, 0)
        AND coalesce(o.packing_id, 0) = coalesce(k.packing_id, 0) AND coalesce(o.city_id, 0) = coalesce(k.city_id, 0)
        AND coalesce(o.harvest_year, '') = coalesce(k.harvest_year, '')
        ${exceptId ? sql`AND o.id <> ${exceptId}` : sql``}
      GROUP BY k.i`));
    for (const dup of dups) found[Number(dup.i)] = Number(dup.id);
  }
  return found;
}

/** The id of an active offer the same as this one (the card's 409 rule), or null. */
export async function findDuplicate(db: Database, v: DuplicateKey, exceptId?: number): Promise<number | null> {
  return (await findDuplicates(db, [v], exceptId))[0];
}

/** The form's schema per set of hidden fields: yup schemas are immutable, and building one costs more than
 * checking a form with it (an import checks thousands). */
const schemas = new Map<string, ReturnType<typeof offerSchema>>();
function schemaFor(auth: AuthenticatedUser) {
  const hidden = hiddenSet(auth);
  const key = [...hidden].sort().join(',');
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = offerSchema(hidden)));
  return schema;
}

/** Validated values with the figures computed here. */
async function prepare(auth: AuthenticatedUser, values: Row) {
  const valid = (await schemaFor(auth).validate(values, { abortEarly: false, stripUnknown: true })) as Row;
  const unit = String(valid.unit_measure);
  const unitWeight = unit === 'кг' ? 1 : toNumber(valid.unit_weight as string);
  const figures = offerFigures({ ...valid, unit_measure: unit, unit_weight: unitWeight } as never);
  return {
    product_id: Number(valid.product_id),
    variety_id: valid.variety_id ?? null,
    packing_id: Number(valid.packing_id),
    city_id: valid.city_id ?? null,
    supplier_id: valid.supplier_id ?? null,
    harvest_year: String(valid.harvest_year).trim(),
    origin_country: String(valid.origin_country).trim(),
    unit_measure: unit,
    unit_weight: money(unitWeight),
    units_per_pack: money(toNumber(valid.units_per_pack as string)),
    unit_amount: money(toNumber(valid.unit_amount as string)),
    unit_price: money(toNumber(valid.unit_price as string)),
    warehouse_cost: money(toNumber(valid.warehouse_cost as string)),
    loading_address: valid.loading_address ? String(valid.loading_address).trim() : null,
    total_sum: money(figures.total_sum),
    kg_price: money(figures.kg_price),
  };
}

/** The offer's selling band (min/max unit price) from its stored figures and today's business settings:
 * computed after hidden fields took their stored values, so it always matches what is saved. */
function withSellingBand(values: Awaited<ReturnType<typeof prepare>>, settings: BusinessSettings) {
  const band = offerSellingBand(values, settings);
  return { ...values, min_unit_price: money(band.min_unit_price), max_unit_price: money(band.max_unit_price) };
}

/** A new offer (or an offer switched to another product) needs an active product. */
export async function requireOfferedProduct(db: Database, productId: number) {
  const [product] = rows<{ status: string }>(await db.execute(sql`SELECT status FROM products WHERE id = ${productId}`));
  if (product?.status !== 'active') throw badRequest(PRODUCT_MSG.notOffered);
}

/** A new offer's values as the card's POST checks them: no field hidden from the role, the shared schema (its yup
 * ValidationError lists every problem), the figures computed here, a supplier's user's own supplier. The product's
 * being on offer and duplicates are checked against the database by the caller. */
export async function newOfferValues(auth: AuthenticatedUser, body: Row) {
  refuseHidden(auth, body);
  const values = await prepare(auth, body);
  // a supplier's user offers only its own goods
  if (auth.user.supplier_id !== null) values.supplier_id = auth.user.supplier_id;
  return values;
}

export type NewOffer = Awaited<ReturnType<typeof newOfferValues>>;

/** Writes a checked new offer inside the caller's transaction: its selling band from the business settings, its
 * comments and files. The card's POST and the import both create offers here. */
export async function insertOffer(tx: Database, auth: AuthenticatedUser, values: NewOffer, settings: BusinessSettings, body: Row): Promise<number> {
  const band = withSellingBand(values, settings);
  const [created] = rows<{ id: number }>(await tx.execute(sql`
    INSERT INTO offers (product_id, variety_id, packing_id, city_id, supplier_id, harvest_year, origin_country, unit_measure,
      unit_weight, units_per_pack, unit_amount, unit_price, warehouse_cost, loading_address, total_sum, kg_price,
      min_unit_price, max_unit_price, created_by)
    VALUES (${values.product_id}, ${values.variety_id}, ${values.packing_id}, ${values.city_id}, ${values.supplier_id},
      ${values.harvest_year}, ${values.origin_country}, ${values.unit_measure}, ${values.unit_weight}, ${values.units_per_pack},
      ${values.unit_amount}, ${values.unit_price}, ${values.warehouse_cost}, ${values.loading_address}, ${values.total_sum},
      ${values.kg_price}, ${band.min_unit_price}, ${band.max_unit_price}, ${auth.user.id})
    RETURNING id`));
  await addComments(tx, auth, 'offers', created.id, body.comments);
  await attachFiles(tx, auth, 'offers', created.id, [...fileIdsOf(body.images), ...fileIdsOf(body.documents)]);
  await recordCreated(tx, auth.user.id, 'offers', created.id);
  return created.id;
}

export async function createOffer(db: Database, auth: AuthenticatedUser, body: Row): Promise<Row> {
  if (!can(auth.permissions, 'offers', 'create')) throw forbidden();
  const values = await newOfferValues(auth, body);
  await requireOfferedProduct(db, values.product_id);
  const existing = await findDuplicate(db, values);
  if (existing) throw conflict(OFFER_WRITE_MSG.duplicate(auth.permissions), 'Предложение', existing);
  const settings = await readBusinessSettings(db);
  const id = await db.transaction((tx) => insertOffer(tx as unknown as Database, auth, values, settings, body));
  return readOffer(db, auth, id, false);
}

export async function updateOffer(db: Database, auth: AuthenticatedUser, id: number, body: Row): Promise<Row> {
  const current = await readOffer(db, auth, id, false);
  if (!current.can_update) throw forbidden();
  refuseHidden(auth, body);
  // what the form does not send (or the role cannot see) keeps its stored value
  const [stored] = rows<Row>(await db.execute(sql`SELECT * FROM offers WHERE id = ${id}`));
  const merged: Row = {};
  for (const field of OFFER_FORM_FIELDS) merged[field] = body[field] !== undefined ? body[field] : stored[field];
  const values = await prepare(auth, merged);
  for (const field of hiddenSet(auth)) if (field in values) (values as Row)[field] = stored[field] ?? null;
  if (auth.user.supplier_id !== null) values.supplier_id = auth.user.supplier_id;
  // an offer keeps a product deactivated since; it cannot be switched to one
  if (values.product_id !== Number(stored.product_id)) await requireOfferedProduct(db, values.product_id);
  let status = current.status as string;
  if (body.status !== undefined) {
    if (body.status !== 'active' && body.status !== 'completed') throw badRequest(OFFER_WRITE_MSG.badStatus);
    status = body.status;
  }
  const settings = await readBusinessSettings(db);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // the offer as it was, locked: the history compares the whole edit with it, quantity included
    const before = await lockedRecord(t, 'offers', id);
    // the quantity goes through the stock writer: the offer row is locked and checked against what is taken
    const { unit_amount, ...rest } = withSellingBand(values, settings);
    await setUnitAmount(t, id, unit_amount!);
    if (status === 'active') {
      const existing = await findDuplicate(t, values, id);
      if (existing) throw conflict(OFFER_WRITE_MSG.duplicate(auth.permissions), 'Предложение', existing);
    }
    const set = Object.entries(rest);
    await changeRecord(t, auth.user.id, 'offers', id, sql`${sql.join(set.map(([k, v]) => sql`${sql.identifier(k)} = ${v}`), sql`, `)}, status = ${status}`, { before });
    await attachFiles(t, auth, 'offers', id, [...fileIdsOf(body.images), ...fileIdsOf(body.documents)]);
  });
  return readOffer(db, auth, id, false);
}
