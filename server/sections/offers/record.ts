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

async function findDuplicate(db: Database, v: Row, exceptId?: number): Promise<number | null> {
  const [dup] = rows<{ id: number }>(await db.execute(sql`
    SELECT id FROM offers WHERE status = 'active'
      AND supplier_id IS NOT DISTINCT FROM ${v.supplier_id ?? null}::int AND product_id = ${v.product_id}::int
      AND variety_id IS NOT DISTINCT FROM ${v.variety_id ?? null}::int AND packing_id IS NOT DISTINCT FROM ${v.packing_id ?? null}::int
      AND harvest_year IS NOT DISTINCT FROM ${v.harvest_year ?? null}::text AND city_id IS NOT DISTINCT FROM ${v.city_id ?? null}::int
      ${exceptId ? sql`AND id <> ${exceptId}` : sql``}
    ORDER BY id LIMIT 1`));
  return dup?.id ?? null;
}

/** Validated values with the figures computed here. */
async function prepare(auth: AuthenticatedUser, values: Row) {
  const valid = (await offerSchema(hiddenSet(auth)).validate(values, { abortEarly: false, stripUnknown: true })) as Row;
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
async function requireOfferedProduct(db: Database, productId: number) {
  const [product] = rows<{ status: string }>(await db.execute(sql`SELECT status FROM products WHERE id = ${productId}`));
  if (product?.status !== 'active') throw badRequest(PRODUCT_MSG.notOffered);
}

export async function createOffer(db: Database, auth: AuthenticatedUser, body: Row): Promise<Row> {
  if (!can(auth.permissions, 'offers', 'create')) throw forbidden();
  refuseHidden(auth, body);
  const values = await prepare(auth, body);
  // a supplier's user offers only its own goods
  if (auth.user.supplier_id !== null) values.supplier_id = auth.user.supplier_id;
  await requireOfferedProduct(db, values.product_id);
  const existing = await findDuplicate(db, values);
  if (existing) throw conflict(OFFER_WRITE_MSG.duplicate(auth.permissions), 'Предложение', existing);
  const band = withSellingBand(values, await readBusinessSettings(db));
  const id = await db.transaction(async (tx) => {
    const [created] = rows<{ id: number }>(await tx.execute(sql`
      INSERT INTO offers (product_id, variety_id, packing_id, city_id, supplier_id, harvest_year, origin_country, unit_measure,
        unit_weight, units_per_pack, unit_amount, unit_price, warehouse_cost, loading_address, total_sum, kg_price,
        min_unit_price, max_unit_price, created_by)
      VALUES (${values.product_id}, ${values.variety_id}, ${values.packing_id}, ${values.city_id}, ${values.supplier_id},
        ${values.harvest_year}, ${values.origin_country}, ${values.unit_measure}, ${values.unit_weight}, ${values.units_per_pack},
        ${values.unit_amount}, ${values.unit_price}, ${values.warehouse_cost}, ${values.loading_address}, ${values.total_sum},
        ${values.kg_price}, ${band.min_unit_price}, ${band.max_unit_price}, ${auth.user.id})
      RETURNING id`));
    await addComments(tx as unknown as Database, auth, 'offers', created.id, body.comments);
    await attachFiles(tx as unknown as Database, auth, 'offers', created.id, [...fileIdsOf(body.images), ...fileIdsOf(body.documents)]);
    await recordCreated(tx as unknown as Database, auth.user.id, 'offers', created.id);
    return created.id;
  });
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
