// An offer's form values as the card checks them: the shared schema per role's hidden fields and business year, the
// stored value of each field by its kind, the selling band, and a change's values over the stored offer.
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthenticatedUser } from '../../accounts/users';
import {
  OFFER_FORM_FIELDS,
  OFFER_MSG,
  OFFER_SCHEMA_CONTEXT,
  OFFER_WRITE_MSG,
  SUM_MAX,
  hiddenOfferFormFields,
  offerSchema,
} from '../../../domain/offers/schema';
import { fieldwiseValidator } from '../../../domain/schemas/fieldwise';
import { OFFER_FIELDS, type OfferFieldKey, type OfferFields } from '../../../domain/offers/resource';
import type { StoredValues } from '../../../domain/resource';
import type { FieldKind } from '../../../domain/fields';
import { isHarvestYear, yearOfDay } from '../../../domain/offers/harvestYear';
import { RUBLE } from '../../../domain/offers/purchase';
import { pricePurchase, type RateReader } from './purchase';
import { offerFigures, offerSellingBand, storedUnitWeight } from '../../../domain/offers/figures';
import type { BusinessSettings } from '../../../domain/settings';
import { money } from '../../../domain/numbers';
import { badRequest } from '../../errors';
import { reserves } from '../../db/schema';
import type { Row } from '../../records/pipeline';

const R = alias(reserves, 'r');

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
export function withSellingBand(values: Awaited<ReturnType<typeof prepare>>, settings: BusinessSettings, stored?: Row) {
  // a lot's landed cost is its shipment's to write: the card keeps the stored one
  const band = offerSellingBand({ ...values, landed_kg_cost: stored?.landed_kg_cost as string | null }, settings);
  return { ...values, min_unit_price: money(band.min_unit_price), max_unit_price: money(band.max_unit_price) };
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

/** A change's values over the stored offer: what the form does not send (or the role cannot see) keeps its stored
 * value; the schema and the figures as a create's; a supplier's user's own supplier. A harvest year stored before
 * the rule stays while the change leaves it as it is: only a new one is judged. */
export async function changedValues(
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
  for (const field of hidden) if (field in values) Object.assign(values, { [field]: stored[field] ?? null });
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
export function changedStatus(stored: Row, body: Row, values: { unit_amount?: unknown }): string {
  if (body.status === undefined) {
    const raised = Number(values.unit_amount) > Number(stored.unit_amount);
    return stored.status === 'completed' && raised ? 'active' : String(stored.status);
  }
  if (body.status !== 'active' && body.status !== 'completed') throw badRequest(OFFER_WRITE_MSG.badStatus);
  return body.status;
}

/** The offer's reserves holding or having bought its goods (active and completed): what its unit counts. */
export const HELD_RESERVES = (offerId: SQL) =>
  sql<number>`(SELECT count(*)::int FROM ${reserves} ${R} WHERE ${R.offer_id} = ${offerId} AND ${R.status} IN ('active', 'completed'))`;
