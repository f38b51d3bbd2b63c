// One offer's card as the record pipeline runs it: read with its ids and documents, created and changed under
// the shared schema, with the figures recomputed here whatever the client sent (the import creates offers
// through the same hooks).
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import {
  OFFER_FIELD_VISIBILITY,
  OFFER_FORM_FIELDS,
  OFFER_MSG,
  OFFER_SCHEMA_CONTEXT,
  OFFER_WRITE_MSG,
  SUM_MAX,
  hiddenOfferFormFields,
  offerSchema,
  unitMoved,
} from '../../../domain/offers/schema';
import { fieldwiseValidator } from '../../../domain/schemas/fieldwise';
import { OFFER_FIELDS, offersResource, type OfferFieldKey, type OfferFields } from '../../../domain/offers/resource';
import type { StoredValues } from '../../../domain/resource';
import type { FieldKind } from '../../../domain/fields';
import { isHarvestYear, yearOfDay } from '../../../domain/offers/harvestYear';
import { RUBLE } from '../../../domain/offers/purchase';
import { pricePurchase, ratesOfDay, type RateReader } from './purchase';
import { todayOf } from '../../db/businessDay';
import { OFFER_REFERENCES } from '../../../domain/offers/references';
import { OFFER_RESERVES_MSG } from '../../../domain/reserves/messages';
import { offerFigures, offerSellingBand, storedUnitWeight } from '../../../domain/offers/figures';
import type { BusinessSettings } from '../../../domain/settings';
import { readBusinessSettings } from '../../settings';
import { money } from '../../../domain/numbers';
import { badRequest, conflict } from '../../errors';
import { rowsOf as rows, returningRows, select, selectFirst, selectRows } from '../../db/rows';
import { offers, reserves } from '../../db/schema';
import { attachFiles, fileIdsOf } from '../../records/files';
import type { BulkOutcome, BulkRow, RecordSection, Row } from '../../records/pipeline';
import { goneReferences, type ReferencingWrite } from '../../records/liveReferences';
import { offersSpec } from './list';
import { unitAmountChange } from './stock';
import { adoptDocuments } from './documentAdoption';
import { documentsJson } from './documentReads';
import { documentsStateOf, documentsStateSql, refreshDocumentsState } from '../../records/documentsState';
import { LOT } from '../../../domain/offers/lot';
import { lockOfferReserves, moveReservesWithArrival, type LotWay } from './logistics';

/** What makes two active offers the same (the card's 409 rule). */
export type DuplicateKey = Pick<
  Row,
  'supplier_id' | 'product_id' | 'variety_id' | 'packing_id' | 'harvest_year' | 'city_id'
>;

/** The tables under the aliases the offers' statements give them. */
const O = alias(offers, 'o');
const R = alias(reserves, 'r');

/** Keys looked up per query: well inside PostgreSQL's 65 535 parameters. */
const DUPLICATE_BATCH = 1000;

/** For each offer, the id of an active offer with the same supplier, product, variety, packing, harvest year and
 * city (the card's 409 rule), or null: one query per thousand offers, so an import of thousands of rows does not
 * ask one by one. Ids are positive, so coalesce(id, 0) compares like IS NOT DISTINCT FROM and can be hashed. */
export async function findDuplicates(
  db: Database,
  values: DuplicateKey[],
  except?: number | number[],
): Promise<(number | null)[]> {
  const exceptIds = except === undefined ? [] : ([] as number[]).concat(except);
  const found: (number | null)[] = values.map(() => null);
  for (let from = 0; from < values.length; from += DUPLICATE_BATCH) {
    const keys = sql.join(
      values.slice(from, from + DUPLICATE_BATCH).map(
        (v, i) => sql`(${from + i}::int,
      ${v.supplier_id ?? null}::int, ${v.product_id}::int, ${v.variety_id ?? null}::int, ${v.packing_id ?? null}::int,
      ${v.harvest_year ?? null}::text, ${v.city_id ?? null}::int)`,
      ),
      sql`, `,
    );
    // k: the keys asked, by their index
    const dups = await selectRows(
      db,
      select({ i: sql<number>`k.i`, id: sql<number>`min(${O.id})` }),
      sql`
      FROM (VALUES ${keys}) AS k(i, supplier_id, product_id, variety_id, packing_id, harvest_year, city_id)
      JOIN ${offers} ${O} ON ${O.status} = 'active' AND ${O.product_id} = k.product_id
        AND coalesce(${O.supplier_id}, 0) = coalesce(k.supplier_id, 0) AND coalesce(${O.variety_id}, 0) = coalesce(k.variety_id, 0)
        AND coalesce(${O.packing_id}, 0) = coalesce(k.packing_id, 0) AND coalesce(${O.city_id}, 0) = coalesce(k.city_id, 0)
        AND coalesce(${O.harvest_year}, '') = coalesce(k.harvest_year, '')
        ${exceptIds.length ? sql`AND ${O.id} <> ALL(${`{${exceptIds.join(',')}}`}::int[])` : sql``}
      GROUP BY k.i`,
    );
    for (const dup of dups) found[Number(dup.i)] = Number(dup.id);
  }
  return found;
}

/** The id of an active offer the same as this one (the card's 409 rule), or null. */
export async function findDuplicate(db: Database, v: DuplicateKey, exceptId?: number): Promise<number | null> {
  return (await findDuplicates(db, [v], exceptId))[0];
}

/** The form's check per set of hidden fields, business year and kept harvest year, field by field: an import, a
 * price list or a bulk change checks thousands of forms that share most of their values, each distinct value
 * checked once by the schema's rules. */
const validators = new Map<string, (form: Row) => Row>();
/** Validators kept before they are forgotten (a few role sets, a year, the rare old harvest years kept). */
const VALIDATORS_KEPT = 200;
/** …and the hidden fields per signed-in user's permissions, so that a file's thousands of rows do not work them out again. */
const byPermissions = new WeakMap<object, { hidden: Set<string>; key: string }>();
function validatorFor(auth: AuthenticatedUser, today: string, keptYear: string | null) {
  let known = byPermissions.get(auth.permissions);
  if (!known) {
    const hidden = hiddenOfferFormFields(auth.permissions);
    byPermissions.set(auth.permissions, (known = { hidden, key: [...hidden].sort().join(',') }));
  }
  // the schema reads the business day for its year alone
  const key = JSON.stringify([known.key, yearOfDay(today), keptYear]);
  let validate = validators.get(key);
  if (!validate) {
    if (validators.size >= VALIDATORS_KEPT) validators.clear();
    validators.set(
      key,
      (validate = fieldwiseValidator(offerSchema(today, known.hidden, keptYear), OFFER_SCHEMA_CONTEXT)),
    );
  }
  return validate;
}

/** Validated values with the figures computed here; the harvest year judged on the business day `today` (an
 * edit's unchanged old one, `keptYear`, kept as it is). */
async function prepare(
  auth: AuthenticatedUser,
  values: Row,
  today: string,
  rates: RateReader,
  keptYear: string | null = null,
) {
  const valid = validatorFor(auth, today, keptYear)(values);
  const unit = String(valid.unit_measure);
  // a lot bought in a currency: its ruble price is its currency price at the rate, whatever was typed
  const priced = pricePurchase(valid, today, rates);
  // the figures are computed from the values as they are stored (the weight to the gram), never from what was typed
  const stored = {
    unit_weight: storedUnitWeight(unit, valid.unit_weight as number | undefined),
    units_per_pack: money(valid.units_per_pack as number),
    unit_amount: money(valid.unit_amount as number),
    unit_price: priced.unit_price ?? money(valid.unit_price as number),
  };
  const figures = offerFigures({ ...stored, unit_measure: unit });
  // the form's own rule (the card checks it on the whole form; the server's fieldwise check sees one field at a time)
  if ((figures.total_sum ?? 0) > SUM_MAX) throw badRequest(OFFER_MSG.sumTooLarge);
  const form = Object.fromEntries(
    OFFER_FIELDS.map(({ key, kind }) => [key, storedValue(kind, valid[key])]),
  ) as StoredValues<OfferFields, OfferFieldKey>;
  // a rate keeps its digits (numeric(20, 10)), not the kopecks of an amount; a lot with no currency is a ruble one
  form.fixed_rate = (valid.fixed_rate as string | null | undefined) ?? null;
  form.purchase_currency ??= RUBLE;
  return {
    ...form,
    ...stored,
    total_sum: money(figures.total_sum),
    kg_price: money(figures.kg_price),
    purchase_rate: priced.purchase_rate,
    purchase_rate_date: priced.purchase_rate_date,
  };
}

/** A form field's checked value as the offer stores it, by its kind: an id, a text trimmed, a choice, an amount or
 * a sum to the kopeck, a date's day; null when empty. */
function storedValue(kind: FieldKind, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'reference':
    case 'count':
      return Number(value);
    case 'amount':
    case 'money':
      return money(value as number);
    case 'date':
      return String(value).slice(0, 10);
    case 'text':
      return String(value).trim() || null;
    default:
      return String(value);
  }
}

/** The offer's selling band (min/max unit price) from its stored figures and today's business settings:
 * computed after hidden fields took their stored values, so it always matches what is saved. */
function withSellingBand(values: Awaited<ReturnType<typeof prepare>>, settings: BusinessSettings, stored?: Row) {
  // a lot's landed cost is its shipment's to write: the card keeps the stored one
  const band = offerSellingBand({ ...values, landed_kg_cost: stored?.landed_kg_cost as string | null }, settings);
  return { ...values, min_unit_price: money(band.min_unit_price), max_unit_price: money(band.max_unit_price) };
}

/** A new offer, or an offer moved to another product, loading city or supplier, needs it active (none is
 * put on a deleted one); an offer coming back keeps none that was deleted. Locks them till commit
 * (records/liveReferences.ts). Answers each write's refusal or null. */
export const goneOfferReferences = (tx: Database, writes: ReferencingWrite[]) =>
  goneReferences(tx, OFFER_REFERENCES, writes);

/** The same for one write: 400 with the field's own words. */
async function requireLiveReferences(tx: Database, write: ReferencingWrite) {
  const [refused] = await goneOfferReferences(tx, [write]);
  if (refused) throw badRequest(refused);
}

/** A new offer's values as the card's POST and the import check them: the shared schema (its yup ValidationError
 * lists every problem), the figures computed here, a supplier's user's own supplier. Fields hidden from the role
 * were refused before (the pipeline; the import leaves their columns out). Duplicates are checked against the
 * database by the caller, the references' being live by insertOffers. */
export async function newOfferValues(auth: AuthenticatedUser, body: Row, today: string, rates: RateReader) {
  const values = await prepare(auth, body, today, rates);
  // a supplier's user offers only its own goods
  if (auth.user.supplier_id !== null) values.supplier_id = auth.user.supplier_id;
  return values;
}

export type NewOffer = Awaited<ReturnType<typeof newOfferValues>>;

/** A new offer checked, with the business settings its selling band is computed from. */
export interface OfferToInsert {
  values: NewOffer;
  settings: BusinessSettings;
}

/** The stock the stock writer alone moves (./stock.ts): a new offer's starts at the columns' defaults. */
const STOCK: ReadonlySet<string> = new Set(['reserved_amount', 'purchased_amount', 'available_amount']);

/** The offer's own columns a new offer is written with: its stored fields but the stock (the form's values, the
 * figures and the selling band computed here). */
const NEW_OFFER_FIELDS = offersResource.stored.filter((f) => !STOCK.has(f.key));

/** The column type jsonb_to_recordset reads a field's value as (the table's own). */
const SQL_TYPE: Record<FieldKind, string> = {
  reference: 'int',
  count: 'int',
  amount: 'numeric',
  money: 'numeric',
  date: 'date',
  text: 'text',
  choice: 'text',
  phone: 'text',
  email: 'text',
};
const NEW_OFFER_COLUMNS = sql.join(
  NEW_OFFER_FIELDS.map((f) => sql`${sql.identifier(f.key)} ${sql.raw(SQL_TYPE[f.kind])}`),
  sql`, `,
);
const NEW_OFFER_NAMES = sql.join(
  NEW_OFFER_FIELDS.map((f) => sql.identifier(f.key)),
  sql`, `,
);
const NEW_OFFER_VALUES = sql.join(
  NEW_OFFER_FIELDS.map((f) => sql`r.${sql.identifier(f.key)}`),
  sql`, `,
);

/** Writes checked offers, each with its selling band, in one INSERT whose rows travel as one JSON parameter (a
 * statement of thousands of bound values costs more to build and bind than to run), with their photos and
 * documents; answers their ids in the order given (the rows are inserted in that order, numbered from the
 * sequence as they go, so their ids ascend with it). */
async function insertOffers(
  tx: Database,
  auth: AuthenticatedUser,
  items: { values: OfferToInsert; body: Row }[],
): Promise<number[]> {
  // the product, city and supplier active, and locked so that none is deleted under the new offers
  const refused = (
    await goneOfferReferences(
      tx,
      items.map(({ values }) => ({ values: values.values })),
    )
  ).find((r) => r !== null);
  if (refused) throw badRequest(refused);
  const rowsJson = JSON.stringify(
    items.map(({ values: { values, settings } }, i) => ({ ...withSellingBand(values, settings), i })),
  );
  // each written with its documents state (its product's and origin's required types, none attached yet: files
  // come below and `written` brings those offers' state up to date), not written and then rewritten
  const today = await todayOf(tx);
  const lots = sql`SELECT r.i AS id, r.product_id, r.${sql.raw(LOT.origin.field)} AS origin FROM r`;
  const created = await returningRows(
    tx,
    sql`
    WITH r AS (SELECT * FROM jsonb_to_recordset(${rowsJson}::jsonb) AS r(i int, ${NEW_OFFER_COLUMNS})),
      ds AS (${documentsStateOf(lots, sql`${today}::date`, false)})
    INSERT INTO offers (${NEW_OFFER_NAMES}, created_by, documents_state, documents_missing, documents_expired,
      documents_blocking, documents_expires_on, documents_turns_on)
    SELECT ${NEW_OFFER_VALUES}, ${auth.user.id}::int, ds.state, ds.missing, ds.expired, ds.blocking, ds.expires_on, ds.turns_on
    FROM r JOIN ds ON ds.id = r.i ORDER BY r.i`,
    select({ id: offers.id }),
  );
  const ids = created.map((c) => Number(c.id)).sort((a, b) => a - b);
  for (const [i, { body }] of items.entries()) {
    const files = [...fileIdsOf(body.images), ...fileIdsOf(body.documents)];
    if (files.length) await attachFiles(tx, auth, 'offers', ids[i], files);
  }
  // the card's documents come in untyped: 'Другое' until typed on the card
  if (items.some(({ body }) => fileIdsOf(body.documents).length)) await adoptDocuments(tx, auth.user.id, ids);
  return ids;
}

/** The columns of the offer's card beside its list row: the ids its selects show, and its documents. */
const readColumns = {
  product_id: sql`o.product_id`,
  variety_id: sql`o.variety_id`,
  packing_id: sql`o.packing_id`,
  city_id: sql`o.city_id`,
  supplier_id: sql`o.supplier_id`,
  // typed and dated, with the state of the lot's papers
  documents: documentsJson('o'),
  documents_state: documentsStateSql('o'),
};

/** A change's values over the stored offer: what the form does not send (or the role cannot see) keeps its stored
 * value; the schema and the figures as a create's; a supplier's user's own supplier. A harvest year stored before
 * the rule stays while the change leaves it as it is: only a new one is judged. */
async function changedValues(
  auth: AuthenticatedUser,
  stored: Row,
  body: Row,
  hidden: ReadonlySet<string>,
  today: string,
  rates: RateReader,
) {
  const merged: Row = {};
  for (const field of OFFER_FORM_FIELDS) merged[field] = body[field] !== undefined ? body[field] : stored[field];
  const storedYear = typeof stored.harvest_year === 'string' ? stored.harvest_year.trim() : '';
  const unchanged =
    storedYear !== '' && typeof merged.harvest_year === 'string' && merged.harvest_year.trim() === storedYear;
  const values = await prepare(
    auth,
    merged,
    today,
    rates,
    unchanged && !isHarvestYear(storedYear, today) ? storedYear : null,
  );
  for (const field of hidden) if (field in values) (values as Row)[field] = stored[field] ?? null;
  // a price the role does not see stays with the rate it was made at
  if (hidden.has('unit_price')) {
    values.purchase_rate = (stored.purchase_rate as string | null) ?? null;
    values.purchase_rate_date = (stored.purchase_rate_date as string | null) ?? null;
  }
  if (auth.user.supplier_id !== null) values.supplier_id = auth.user.supplier_id;
  return values;
}

/** The status a change sets: the stored one, or 'Активный' / 'Выполнен' as sent (400 for any other). A completed
 * offer whose quantity is raised has goods to sell again: 'Активный'. */
function changedStatus(stored: Row, body: Row, values: { unit_amount?: unknown }): string {
  if (body.status === undefined) {
    const raised = Number(values.unit_amount) > Number(stored.unit_amount);
    return stored.status === 'completed' && raised ? 'active' : String(stored.status);
  }
  if (body.status !== 'active' && body.status !== 'completed') throw badRequest(OFFER_WRITE_MSG.badStatus);
  return body.status;
}

/** The offer's reserves holding or having bought its goods (active and completed): what its unit counts. */
const HELD_RESERVES = (offerId: SQL) =>
  sql<number>`(SELECT count(*)::int FROM ${reserves} ${R} WHERE ${R.offer_id} = ${offerId} AND ${R.status} IN ('active', 'completed'))`;

/** What makes two offers the same, as one text (a twin has the same). */
const keyOf = (v: Row) =>
  [v.supplier_id, v.product_id, v.variety_id, v.packing_id, v.harvest_year, v.city_id]
    .map((x) => String(x ?? ''))
    .join('\u0001');

/** The duplicate rule over a chunk of offers written together (`stored`: the chunk's offers as they stand), each
 * judged in id order as the card would judge it had the ones before it been written one by one: its twin is an
 * offer outside the chunk (`outside`, found in one statement) or an active offer of the chunk as it stands then
 * (written if it was accepted, else as stored). `to` is what the offer becomes, null when not active (no twin to
 * look for). Answers the twin of each offer refused. */
function chunkTwins(
  stored: Row[],
  items: { id: number; to: Row | null; outside: number | null }[],
): Map<number, number> {
  const active = new Map<string, Set<number>>();
  const place = (key: string, id: number) => (active.get(key) ?? active.set(key, new Set()).get(key)!).add(id);
  const keys = new Map(stored.map((r) => [Number(r.id), keyOf(r)]));
  for (const r of stored) if (r.status === 'active') place(keyOf(r), Number(r.id));
  const refused = new Map<number, number>();
  for (const item of [...items].sort((x, y) => x.id - y.id)) {
    if (!item.to) {
      active.get(keys.get(item.id)!)?.delete(item.id);
      continue;
    }
    const key = keyOf(item.to);
    const inside = [...(active.get(key) ?? [])].filter((id) => id !== item.id);
    const twin = [item.outside, ...inside].filter((x): x is number => typeof x === 'number').sort((x, y) => x - y)[0];
    if (twin) {
      refused.set(item.id, twin);
    } else {
      active.get(keys.get(item.id)!)?.delete(item.id);
      place(key, item.id);
    }
  }
  return refused;
}

/** The offers' bulk edit as sets: the card's change (changedValues, changedStatus, the product on offer, no
 * completion while reserves hold goods, the quantity not below what is taken, the selling band, the duplicate
 * rule) for a chunk of locked offers, the database asked once per rule for all of them. Each offer is judged as
 * the card would judge it had the offers before it (in id order) been changed one by one: a duplicate is checked
 * against the other offers as they stand and the earlier ones of the chunk as they were changed. */
async function changeOffers(
  tx: Database,
  auth: AuthenticatedUser,
  batch: BulkRow[],
  hidden: ReadonlySet<string>,
): Promise<BulkOutcome[]> {
  const settings = await readBusinessSettings(tx);
  const today = await todayOf(tx);
  const rates = await ratesOfDay(tx, today);
  const outcomes = new Map<number, BulkOutcome>();
  const refuse = (id: number, refused: unknown) => outcomes.set(id, { id, refused });
  const checked: { id: number; stored: Row; status: string; values: Awaited<ReturnType<typeof changedValues>> }[] = [];
  for (const { id, before, body } of batch) {
    try {
      const values = await changedValues(auth, before, body, hidden, today, rates);
      checked.push({ id, stored: before, values, status: changedStatus(before, body, values) });
    } catch (e) {
      refuse(id, e);
    }
  }
  // the product on offer, the reserves holding goods and the stock taken, for every offer in one statement
  // v: the changed offers' ids and new quantities
  const facts = new Map(
    (
      await selectRows(
        tx,
        select({
          id: sql<number>`v.id`,
          taken: sql<string>`round(${O.reserved_amount} + ${O.purchased_amount}, 2)::text`,
          below: sql<boolean>`v.unit_amount < ${O.reserved_amount} + ${O.purchased_amount}`,
          active_reserves: sql<number>`(SELECT count(*)::int FROM ${reserves} ${R} WHERE ${R.offer_id} = v.id AND ${R.status} = 'active')`,
          held: HELD_RESERVES(sql`v.id`),
        }),
        sql`
    FROM jsonb_to_recordset(${JSON.stringify(checked.map((c) => ({ id: c.id, unit_amount: c.values.unit_amount })))}::jsonb)
      AS v(id int, unit_amount numeric)
    JOIN ${offers} ${O} ON ${O.id} = v.id`,
      )
    ).map((f) => [Number(f.id), f]),
  );
  const gone = await goneOfferReferences(
    tx,
    checked.map((c) => ({ values: c.values, stored: c.stored })),
  );
  const passed: typeof checked = [];
  for (const [i, c] of checked.entries()) {
    const fact = facts.get(c.id)!;
    if (gone[i]) refuse(c.id, badRequest(gone[i]!));
    else if (c.status === 'completed' && c.stored.status !== 'completed' && fact.active_reserves > 0)
      refuse(c.id, badRequest(OFFER_RESERVES_MSG.completeWithActive(fact.active_reserves)));
    else if (fact.held > 0 && unitMoved(c.stored, c.values))
      refuse(c.id, badRequest(OFFER_WRITE_MSG.unitFixed(fact.held)));
    else if (fact.below) refuse(c.id, badRequest(OFFER_WRITE_MSG.belowReserved(fact.taken)));
    else passed.push(c);
  }
  // duplicates: the offers outside the chunk in one statement; inside it, as the earlier ones were changed
  const active = passed.filter((c) => c.status === 'active');
  const outside = await findDuplicates(
    tx,
    active.map((c) => c.values),
    batch.map((r) => r.id),
  );
  const outsideOf = new Map(active.map((c, i) => [c.id, outside[i]]));
  const twins = chunkTwins(
    batch.map((r) => r.before),
    passed.map((c) => ({
      id: c.id,
      to: c.status === 'active' ? c.values : null,
      outside: outsideOf.get(c.id) ?? null,
    })),
  );
  const accepted = new Set(passed.map((c) => c.id));
  for (const [id, twin] of twins) {
    refuse(id, conflict(OFFER_WRITE_MSG.duplicate(auth.permissions), 'Предложение', twin));
    accepted.delete(id);
  }
  for (const c of passed) {
    if (!accepted.has(c.id)) continue;
    outcomes.set(c.id, { id: c.id, set: { ...withSellingBand(c.values, settings, c.stored), status: c.status } });
  }
  return batch.map((r) => outcomes.get(r.id)!);
}

/** An offer's card. The figures are computed here whatever the client sent; the quantity goes through the stock
 * writer, which never lets it below what is reserved and purchased. */
export const offerRecord: RecordSection<OfferToInsert, 'offers'> = {
  spec: offersSpec,
  fields: [...OFFER_FORM_FIELDS, 'status'],
  visibleAs: OFFER_FIELD_VISIBILITY,
  readColumns,
  // an edit may move the dates of the offer's reserves (its expected arrival): they are locked before the offer
  lockFirst: lockOfferReserves,
  async prepareCreate(db, auth, body) {
    const today = await todayOf(db);
    const values = await newOfferValues(auth, body, today, await ratesOfDay(db, today));
    const existing = await findDuplicate(db, values);
    if (existing) throw conflict(OFFER_WRITE_MSG.duplicate(auth.permissions), 'Предложение', existing);
    return { values, settings: await readBusinessSettings(db) };
  },
  async insert(tx, auth, item, body) {
    const [id] = await insertOffers(tx, auth, [{ values: item, body }]);
    return id;
  },
  insertMany: insertOffers,
  changeMany: changeOffers,
  // a new offer's papers, and a changed one's (its product or origin may need other types): the write announces it
  async written(tx, ids) {
    await refreshDocumentsState(tx, sql`o.id = ANY(${`{${ids.join(',')}}`}::int[])`, false);
  },
  async change(tx, auth, { id, body, hidden, before }) {
    const [stored] = rows<Row>(await tx.execute(sql`SELECT * FROM offers WHERE id = ${id}`));
    // a date as its day's text (the locked record's JSON has it so), whatever the driver makes of a date column
    stored.expected_arrival = before.expected_arrival ?? null;
    stored.fixed_rate_date = before.fixed_rate_date ?? null;
    stored.purchase_rate_date = before.purchase_rate_date ?? null;
    const today = await todayOf(tx);
    const values = await changedValues(auth, stored, body, hidden, today, await ratesOfDay(tx, today));
    // an offer keeps a product deactivated since; it cannot be moved to one, nor to a deleted city or supplier
    await requireLiveReferences(tx, { values, stored });
    const status = changedStatus(stored, body, values);
    // the reserves and purchases count in the offer's unit: a new unit or unit weight would re-count them
    if (unitMoved(stored, values)) {
      const { held } = (await selectFirst(tx, select({ held: HELD_RESERVES(sql`${id}`) })))!;
      if (held > 0) throw badRequest(OFFER_WRITE_MSG.unitFixed(held));
    }
    // 'Выполнен' by hand only when no reserve still holds its goods (the offer is locked: none is made meanwhile)
    if (status === 'completed' && stored.status !== 'completed') {
      const { count } = (await selectFirst(
        tx,
        select({ count: sql<number>`count(*)::int` }),
        sql`FROM ${reserves} WHERE ${reserves.offer_id} = ${id} AND ${reserves.status} = 'active'`,
      ))!;
      if (count > 0) throw badRequest(OFFER_RESERVES_MSG.completeWithActive(count));
    }
    const { unit_amount, ...rest } = withSellingBand(values, await readBusinessSettings(tx), stored);
    // the quantity goes through the stock writer: the offer row is locked and checked against what is taken
    const quantity = await unitAmountChange(tx, id, unit_amount!);
    if (status === 'active') {
      const existing = await findDuplicate(tx, values, id);
      if (existing) throw conflict(OFFER_WRITE_MSG.duplicate(auth.permissions), 'Предложение', existing);
    }
    await attachFiles(tx, auth, 'offers', id, [...fileIdsOf(body.images), ...fileIdsOf(body.documents)]);
    if (fileIdsOf(body.documents).length) await adoptDocuments(tx, auth.user.id, [id]);
    // the lot expected later: its reserves' dates move with it, their responsibles are told
    await moveReservesWithArrival(tx, auth.user.id, id, before as LotWay, values);
    return {
      set: sql`${quantity}, ${sql.join(
        Object.entries(rest).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`),
        sql`, `,
      )}, status = ${status}`,
    };
  },
  // the same for a chunk at once: the twins outside it in one statement, inside it as they came back one by one
  async restoreMany(tx, auth, rows) {
    // an offer coming back active keeps no product, city or supplier deleted meanwhile
    const gone = new Map(
      (
        await goneOfferReferences(
          tx,
          rows.map((r) => ({ values: r.record, back: r.status === 'active' })),
        )
      ).map((refused, i) => [rows[i].id, refused]),
    );
    const back = rows.filter((r) => r.status === 'active' && !gone.get(r.id));
    const outside = await findDuplicates(
      tx,
      back.map((r) => r.record as DuplicateKey),
      rows.map((r) => r.id),
    );
    const twins = chunkTwins(
      rows.map((r) => r.record),
      back.map((r, i) => ({ id: r.id, to: r.record, outside: outside[i] })),
    );
    return rows.map(({ id }) => {
      const refused = gone.get(id);
      if (refused) return { id, refused: badRequest(refused) };
      const twin = twins.get(id);
      return twin
        ? { id, refused: conflict(OFFER_WRITE_MSG.duplicate(auth.permissions), 'Предложение', twin) }
        : { id };
    });
  },
  // an offer coming back active must not be the twin of an active one (the card's 409 rule); a deleted offer held
  // no reserved stock (bulk delete keeps those), so no stock moves
  async beforeRestore(tx, auth, record, status) {
    if (status !== 'active') return;
    await requireLiveReferences(tx, { values: record, back: true });
    const existing = await findDuplicate(tx, record as DuplicateKey, Number(record.id));
    if (existing) throw conflict(OFFER_WRITE_MSG.duplicate(auth.permissions), 'Предложение', existing);
  },
};
