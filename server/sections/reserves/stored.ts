// A reserve as stored and as its card reads it: the offer it is placed against with its figures (what the card
// computes its bounds from), the stored reserve a change starts from, and the card's columns beside its list row.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { isFieldVisible } from '../../../domain/permissions';
import {
  RESERVE_FIELD_VISIBILITY,
  RESERVE_FORM_FIELDS,
  RESERVE_WRITE_MSG,
  STEP_FROM,
  type ReserveStep,
} from '../../../domain/reserves/schema';
import { STOCK_MSG } from '../../../domain/reserves/messages';
import { TERM_VISIBILITY } from '../../../domain/reserves/terms';
import { toNumber } from '../../../domain/numbers';
import { badRequest } from '../../errors';
import { columnsOf, roundedOf, select, selectFirst, selectRows, textOf, type SelectedRow } from '../../db/rows';
import { offers, reserves as reservesTable } from '../../db/schema';
import { isRow, type Row } from '../../records/pipeline';
import { reservesSpec } from './list';
import { documentsStateSql } from '../../records/documentsState';
import { RESERVE_BUYER } from '../../../domain/reserves/buyerFields';

/** The tables under the aliases the reserves' statements give them. */
const O = alias(offers, 'o');
const R = alias(reservesTable, 'r');

/** The offer a reserve is placed against, as the form's bounds need it (its logistics state: on stock, or on its
 * way and expected that day). */
const OFFER_FIGURES = select({
  id: O.id,
  status: O.status,
  // generated from NOT NULL amounts: never null
  available_amount: sql<string>`round(${O.available_amount}, 2)::text`,
  unit_price: roundedOf(O.unit_price),
  kg_price: roundedOf(O.kg_price),
  unit_weight: textOf(O.unit_weight),
  units_per_pack: textOf(O.units_per_pack),
  unit_measure: O.unit_measure,
  logistics_state: O.logistics_state,
  expected_arrival: textOf(O.expected_arrival),
  // what a new reserve keeps of the lot for good (frozen.ts)
  landed_kg_cost: roundedOf(O.landed_kg_cost),
  purchase_rate: textOf(O.purchase_rate),
  purchase_rate_date: textOf(O.purchase_rate_date),
});
export type ReservedOffer = SelectedRow<typeof OFFER_FIGURES>;

/** A reserve's stored terms as text, exactly as kept (domain/reserves/terms.ts): what its card reads and a change
 * starts from. */
const TERM_COLUMNS = {
  offer_price_kg: textOf(R.offer_price_kg),
  unit_weight: textOf(R.unit_weight),
  costs_per_kg: textOf(R.costs_per_kg),
  min_markup: textOf(R.min_markup),
  max_markup: textOf(R.max_markup),
};

/** The columns of a reserve's card beside its list row: the ids its selects show, its selling band, the terms it
 * is judged by, and the offer's figures as they stand now (what a re-pricing would take). */
const readColumns = {
  city_id: sql`r.city_id`,
  responsible_id: sql`r.responsible_id`,
  buyer_id: sql`r.buyer_id`,
  min_selling_price: sql`round(r.min_selling_price, 2)::text`,
  max_selling_price: sql`round(r.max_selling_price, 2)::text`,
  ...TERM_COLUMNS,
  offer: sql`json_build_object('id', o.id, 'status', o.status, 'product', ${reservesSpec.columns.product},
    'unit_measure', o.unit_measure, 'unit_weight', o.unit_weight::text, 'units_per_pack', o.units_per_pack::text,
    'unit_price', round(o.unit_price, 2)::text, 'kg_price', round(o.kg_price, 2)::text,
    'available_amount', round(o.available_amount, 2)::text, 'city_id', o.city_id,
    'documents_state', ${documentsStateSql('o')},
    'logistics_state', o.logistics_state, 'expected_arrival', o.expected_arrival::text)`,
};

/** What the read leaves out beyond the form's hidden fields: the list's names of them (the responsible by
 * 'responsible_id'), and the offer's loading city, which is the offer's field, for the roles that may not see it. */
function finishReserveRead(auth: AuthenticatedUser, row: Row): Row {
  for (const [field, visibleAs] of Object.entries({ ...RESERVE_FIELD_VISIBILITY, ...TERM_VISIBILITY })) {
    if (field in row && !isFieldVisible(auth.permissions, 'reserves', visibleAs)) delete row[field];
  }
  const { offer } = row;
  if (isRow(offer) && !isFieldVisible(auth.permissions, 'offers', 'city')) delete offer.city_id;
  return row;
}

export const reserveReadShape = {
  spec: reservesSpec,
  fields: RESERVE_FORM_FIELDS,
  visibleAs: RESERVE_FIELD_VISIBILITY,
  readColumns,
  /** Only an active reserve changes; its steps say why not in the reserve's own words. */
  changeable: sql`r.status = 'active'`,
  refuseStatus: (status: string, step: string) =>
    (STEP_FROM[step as ReserveStep] ?? ['active']).includes(status)
      ? null
      : RESERVE_WRITE_MSG.notActive(status, step as ReserveStep),
  finishRead: (_db: Database, auth: AuthenticatedUser, row: Row) => finishReserveRead(auth, row),
};

/** The stored reserve a change starts from: its figures as text (money rounded to two places), its buyer fields
 * (domain/reserves/buyerFields.ts) and the terms it was made on. */
const STORED = select({
  ...columnsOf(R, 'id', 'offer_id', 'status'),
  amount: roundedOf(R.amount),
  unit_price: roundedOf(R.unit_price),
  packs_amount: textOf(R.packs_amount),
  unit_selling_price: roundedOf(R.unit_selling_price),
  estimated_date_implementation: textOf(R.estimated_date_implementation),
  reserved_until: textOf(R.reserved_until),
  ...columnsOf(R, 'buyer_id', ...Object.values(RESERVE_BUYER), 'city_id'),
  total_selling_sum: roundedOf(R.total_selling_sum),
  delivery_cost: roundedOf(R.delivery_cost),
  route_delivery_cost: roundedOf(R.route_delivery_cost),
  ...columnsOf(R, 'delivery_days', 'responsible_id'),
  ...TERM_COLUMNS,
});
export type StoredReserve = SelectedRow<typeof STORED>;

export async function storedReserve(db: Database, id: number, lock = false): Promise<StoredReserve | undefined> {
  return selectFirst(
    db,
    STORED,
    sql`FROM ${reservesTable} ${R} WHERE ${R.id} = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
}

/** Many stored reserves in one statement (a bulk edit's chunk, locked by it already), by id. */
export async function storedReserves(db: Database, ids: number[]): Promise<Map<number, StoredReserve>> {
  if (!ids.length) return new Map();
  const found = await selectRows(
    db,
    STORED,
    sql`FROM ${reservesTable} ${R} WHERE ${R.id} = ANY(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(found.map((r) => [Number(r.id), r]));
}

export async function offerOfReserve(db: Database, offerId: number): Promise<ReservedOffer | undefined> {
  return selectFirst(db, OFFER_FIGURES, sql`FROM ${offers} ${O} WHERE ${O.id} = ${offerId}`);
}

/** The offers of many reserves in one statement, by id. */
export async function offersOfReserves(db: Database, offerIds: number[]): Promise<Map<number, ReservedOffer>> {
  const ids = [...new Set(offerIds)];
  if (!ids.length) return new Map();
  const found = await selectRows(
    db,
    OFFER_FIGURES,
    sql`FROM ${offers} ${O} WHERE ${O.id} = ANY(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(found.map((o) => [Number(o.id), o]));
}

/** The offer named by a new reserve's form: 400 when there is none, it was deleted or is no longer active. */
export async function offerToReserve(db: Database, offerId: unknown): Promise<ReservedOffer> {
  const id = Number(offerId);
  if (
    offerId === undefined ||
    offerId === null ||
    offerId === '' ||
    !Number.isInteger(id) ||
    id < 1 ||
    id > 2147483647
  ) {
    throw badRequest(RESERVE_WRITE_MSG.offerRequired);
  }
  const offer = await offerOfReserve(db, id);
  if (!offer) throw badRequest(STOCK_MSG.offerMissing);
  if (offer.status === 'deleted') throw badRequest(STOCK_MSG.offerDeleted);
  if (offer.status !== 'active') throw badRequest(STOCK_MSG.offerNotActive);
  if ((toNumber(offer.available_amount) ?? 0) <= 0) throw badRequest(STOCK_MSG.notEnough(offer.available_amount));
  return offer;
}
