// One reserve: read with its offer's figures (what the card computes its bounds from), and a form's values
// turned into the row to write: checked against the shared yup schema for the offer being reserved and today's
// business settings, with every figure computed here whatever the client sent.
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { todayOf } from '../../db/businessDay';
import { routeOf } from './delivery';
import { deliveredCost } from '../../../domain/reserves/delivery';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { canChooseResponsible, isFieldVisible, scopeOf } from '../../../domain/permissions';
import {
  RESERVE_FIELD_VISIBILITY,
  RESERVE_FORM_FIELDS,
  RESERVE_MSG,
  RESERVE_WRITE_MSG,
  STEP_FROM,
  defaultReservedUntil,
  hiddenReserveFormFields,
  reserveSchema,
  type ReserveStep,
} from '../../../domain/reserves/schema';
import { reserveFigures } from '../../../domain/reserves/figures';
import { packsOf } from '../../../domain/offers/figures';
import { RESPONSIBLE_MSG, STOCK_MSG } from '../../../domain/reserves/messages';
import { pendingArrival } from '../../../domain/offers/logistics';
import { currentTerms, keptTerms, pricedBy, TERM_VISIBILITY, type ReserveTerms } from '../../../domain/reserves/terms';
import { money, toNumber } from '../../../domain/numbers';
import { readBusinessSettings } from '../../settings';
import { badRequest } from '../../errors';
import { columnsOf, roundedOf, select, selectFirst, selectRows, textOf, type SelectedRow } from '../../db/rows';
import {
  buyers as buyersTable,
  cities as citiesTable,
  employees as employeesTable,
  offers,
  reserves as reservesTable,
} from '../../db/schema';
import type { BusinessSettings } from '../../../domain/settings';
import type { Row } from '../../records/pipeline';
import { reservesSpec } from './list';
import { buyerValues, plainValues } from './formValues';
import { documentsStateSql } from '../../records/documentsState';
import { buyerReadable } from '../buyers';
import { CREDIT_MSG } from '../../../domain/buyers/credit';
import { FILLED_FROM, RESERVE_BUYER } from '../../../domain/reserves/buyerFields';

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
  const offer = row.offer as Row;
  if (!isFieldVisible(auth.permissions, 'offers', 'city')) delete offer.city_id;
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

/** The buyer card's columns a reserve reads: its state and terms, and the fields that fill the reserve's. */
const BUYER_COLUMNS = select(
  columnsOf(buyersTable, 'id', 'status', ...Object.values(FILLED_FROM), 'city_id', 'payment_terms'),
);

/** The buyer a reserve names, as its form reads it. */
type PickedBuyer = SelectedRow<typeof BUYER_COLUMNS>;

/** What a reserve's form is checked against besides its offer: today's business settings and day, the buyers,
 * employees and cities it names. The card asks the database as it goes (dbFacts); a bulk edit reads them for a
 * whole chunk in a few statements first (chunkFacts), asking again only for one it did not foresee. */
export interface ReserveFacts {
  settings(): Promise<BusinessSettings>;
  today(): Promise<string>;
  buyer(id: number): Promise<PickedBuyer | undefined>;
  /** An employee's status, undefined when there is none. */
  employeeStatus(id: number): Promise<string | undefined>;
  /** Whether a city is there and not deleted. */
  cityLive(id: number): Promise<boolean>;
}

/** The facts as the card reads them: one question each, when it comes. */
export function dbFacts(db: Database): ReserveFacts {
  let settings: Promise<BusinessSettings> | undefined;
  let today: Promise<string> | undefined;
  return {
    settings: () => (settings ??= readBusinessSettings(db)),
    today: () => (today ??= todayOf(db)),
    buyer: (id) => selectFirst(db, BUYER_COLUMNS, sql`FROM ${buyersTable} WHERE ${buyersTable.id} = ${id}`),
    employeeStatus: async (id) =>
      (await db.select({ status: employeesTable.status }).from(employeesTable).where(eq(employeesTable.id, id)))[0]
        ?.status,
    cityLive: async (id) =>
      (await selectFirst(
        db,
        select({
          live: sql<boolean>`EXISTS (SELECT 1 FROM ${citiesTable} WHERE ${citiesTable.id} = ${id} AND ${citiesTable.status} <> 'deleted')`,
        }),
      ))!.live,
  };
}

const idList = (ids: Iterable<unknown>) =>
  `{${[...new Set([...ids].filter((id) => id !== null && id !== undefined && id !== '').map(Number))].filter((id) => Number.isInteger(id)).join(',')}}`;

/** The facts of a chunk of reserves read at once: the settings and the day once, the buyers, employees and cities
 * the stored reserves and `employees` name in one statement each; anything else is asked as the card asks it. */
export async function chunkFacts(db: Database, reserves: StoredReserve[], employees: unknown[]): Promise<ReserveFacts> {
  const asked = dbFacts(db);
  const [settings, today] = [await asked.settings(), await asked.today()];
  const buyers = new Map(
    (
      await selectRows(
        db,
        BUYER_COLUMNS,
        sql`FROM ${buyersTable} WHERE ${buyersTable.id} = ANY(${idList(reserves.map((r) => r.buyer_id))}::int[])`,
      )
    ).map((b) => [Number(b.id), b]),
  );
  const staff = new Map(
    (
      await selectRows(
        db,
        select(columnsOf(employeesTable, 'id', 'status')),
        sql`FROM ${employeesTable}
    WHERE ${employeesTable.id} = ANY(${idList([...reserves.map((r) => r.responsible_id), ...employees])}::int[])`,
      )
    ).map((e) => [Number(e.id), e.status]),
  );
  const cities = new Map(
    (
      await selectRows(
        db,
        select({ id: citiesTable.id, live: sql<boolean>`${citiesTable.status} <> 'deleted'` }),
        sql`FROM ${citiesTable}
    WHERE ${citiesTable.id} = ANY(${idList([...reserves.map((r) => r.city_id), ...[...buyers.values()].map((b) => b.city_id)])}::int[])`,
      )
    ).map((c) => [Number(c.id), c.live]),
  );
  return {
    settings: async () => settings,
    today: async () => today,
    buyer: async (id) => buyers.get(id) ?? asked.buyer(id),
    employeeStatus: async (id) => (staff.has(id) ? staff.get(id) : asked.employeeStatus(id)),
    cityLive: async (id) => cities.get(id) ?? asked.cityLive(id),
  };
}

/** A term as stored: the database's own text where it came from there (the offer's '300.00'), else the number. */
const termValue = (n: unknown) => (toNumber(n as string) === null ? null : typeof n === 'string' ? n : String(n));

/** The reserve's row to write: validated values and computed figures. `current` is the reserve being changed
 * (its amount is the caller's to move, its hidden fields keep their stored values); it keeps the terms it was
 * made on unless `reprice` takes the offer's and today's settings on purpose. */
export async function prepareReserve(
  db: Database,
  auth: AuthenticatedUser,
  offer: ReservedOffer,
  body: Row,
  current?: StoredReserve,
  reprice = false,
  heldTerms?: ReserveTerms,
  facts: ReserveFacts = dbFacts(db),
) {
  const hidden = hiddenReserveFormFields(auth.permissions);
  const values: Row = {};
  for (const field of RESERVE_FORM_FIELDS) values[field] = body[field] !== undefined ? body[field] : current?.[field];
  const buyer = await pickedBuyer(db, facts, auth, hidden, values, current, body);
  // packs follow the amount (spec point 5: packs = amount / units per pack, 1 decimal)
  if (toNumber(values.amount as string) !== null)
    values.packs_amount = packsOf(values.amount as string, offer.units_per_pack);

  // the responsible: the caller's own employee where the role may not choose (role 1) or may not see the field (role 8)
  const own = auth.user.employee_id;
  const locked =
    !canChooseResponsible(auth.permissions) ||
    hidden.has('responsible_id') ||
    scopeOf(auth.permissions, 'reserves', current ? 'update' : 'create') === 'own';
  if (locked && !current) {
    if (
      body.responsible_id !== undefined &&
      body.responsible_id !== null &&
      body.responsible_id !== '' &&
      Number(body.responsible_id) !== own
    ) {
      throw badRequest(RESERVE_WRITE_MSG.responsibleLocked);
    }
    values.responsible_id = own;
  } else if (
    locked &&
    body.responsible_id !== undefined &&
    Number(body.responsible_id) !== Number(current!.responsible_id)
  ) {
    throw badRequest(RESERVE_WRITE_MSG.responsibleLocked);
  }
  // a reserve whose responsible was deleted changes only with another one, whom an administrator chooses
  if (current && !blank(current.responsible_id) && Number(values.responsible_id) === Number(current.responsible_id)) {
    if ((await facts.employeeStatus(Number(current.responsible_id))) === 'deleted')
      throw badRequest(locked ? RESPONSIBLE_MSG.goneLocked : RESPONSIBLE_MSG.gone);
  }

  const settings = await facts.settings();
  const todayTerms = currentTerms(offer, settings);
  // a new reserve from a valid quote is made on the terms the quote's price was worked out on
  const terms = heldTerms ?? (current && !reprice ? keptTerms(current, todayTerms) : todayTerms);
  const basis = pricedBy(terms, offer, settings);
  // what the reserve may take: the free stock, plus what it already holds when it is being changed
  const held = current?.status === 'active' ? (toNumber(current.amount) ?? 0) : 0;
  const available = (toNumber(offer.available_amount) ?? 0) + held;
  // an overdue reserve keeps its date while other fields change; a new date is never before today
  const day = await facts.today();
  const stored = current?.estimated_date_implementation ?? null;
  const firstDay =
    stored && stored < day && String(values.estimated_date_implementation ?? '').slice(0, 10) === stored ? stored : day;
  const schema = reserveSchema({ ...basis.offer, available_amount: available }, basis.settings, firstDay, hidden);
  const valid = (await schema.validate(values, { abortEarly: false, stripUnknown: true })) as Row;

  const visible = (field: string) => !hidden.has(field);
  const pick = (field: keyof StoredReserve) => (visible(field) ? valid[field] : (current?.[field] ?? null));
  const cityId = pick('city_id') === null || pick('city_id') === undefined ? null : Number(pick('city_id'));
  const responsibleId = valid.responsible_id ?? values.responsible_id;
  await assertReferences(
    facts,
    cityId,
    responsibleId === null || responsibleId === undefined ? null : Number(responsibleId),
  );

  const unitPrice = terms.unit_price;
  const sellingPrice = pick('unit_selling_price') as number | string | null;
  // the delivered cost: the route's (or the default) when the reserve is made or its city or cost changes;
  // a higher typed cost is kept, a lower one needs the right to lower it and keeps the route's figure beside it
  const typedCost = pick('delivery_cost') as number | string | null;
  const costMoved =
    !current ||
    cityId !== (current.city_id === null || current.city_id === undefined ? null : Number(current.city_id)) ||
    (visible('delivery_cost') &&
      body.delivery_cost !== undefined &&
      toNumber(body.delivery_cost as string) !== toNumber(current.delivery_cost as string));
  let deliveryCost: number | string | null = typedCost;
  let routeCost = toNumber(current?.route_delivery_cost as string | null | undefined);
  if (costMoved) {
    const route = await routeOf(db, offer.id, cityId, settings);
    const delivered = deliveredCost(visible('delivery_cost') ? typedCost : null, route.cost, auth.permissions);
    if (delivered.refused) throw badRequest(delivered.refused);
    deliveryCost = delivered.cost;
    routeCost = delivered.lowered;
  }
  const figures = reserveFigures(
    {
      amount: valid.amount as number,
      unit_selling_price: sellingPrice,
      delivery_cost: deliveryCost,
      unit_price: unitPrice,
      kg_price: terms.offer_price_kg,
      unit_weight: terms.unit_weight,
      units_per_pack: offer.units_per_pack,
    },
    basis.settings,
  );
  // the margin the trade makes: on the route's cost where the typed one is below it
  const onRoute =
    routeCost === null
      ? figures
      : reserveFigures(
          {
            amount: valid.amount as number,
            unit_selling_price: sellingPrice,
            delivery_cost: routeCost,
            unit_price: unitPrice,
            kg_price: terms.offer_price_kg,
            unit_weight: terms.unit_weight,
            units_per_pack: offer.units_per_pack,
          },
          basis.settings,
        );
  const priced = toNumber(sellingPrice) !== null;
  const estimated = (pick('estimated_date_implementation') as string | null)?.slice(0, 10) ?? null;
  const asked = valid.reserved_until ? String(valid.reserved_until).slice(0, 10) : null;
  // 'Резерв до': as typed; else kept; a new reserve holds for the business setting's days
  // a prepayment buyer's new reserve holds for 'Дней резерва без оплаты' instead
  const holdDays = buyer?.payment_terms === 'prepay' ? settings.reserve_unpaid_days : settings.reserve_hold_days;
  const reservedUntil =
    asked ??
    current?.reserved_until ??
    (current ? null : defaultReservedUntil(day, holdDays, estimated, pendingArrival(offer)));
  const written = {
    amount: money(valid.amount as number)!,
    packs_amount: figures.packs_amount === null ? null : figures.packs_amount.toFixed(1),
    unit_selling_price: money(toNumber(sellingPrice)),
    total_selling_sum: money(figures.total_selling_sum),
    ...pricedColumns(terms, figures, priced),
    route_marginality: priced ? money(onRoute.marginality) : null,
    estimated_date_implementation: estimated,
    reserved_until: reservedUntil,
    buyer_id: buyer?.id ?? null,
    ...buyerValues(valid, current, visible),
    city_id: cityId,
    delivery_cost: money(toNumber(deliveryCost)),
    route_delivery_cost: money(routeCost),
    delivery_days:
      pick('delivery_days') === null || pick('delivery_days') === undefined ? null : Number(pick('delivery_days')),
    responsible_id: responsibleId === null || responsibleId === undefined ? null : Number(responsibleId),
  };
  return { ...written, ...plainValues(valid, current, visible, Object.keys(written)) };
}

/** The columns a reserve's terms decide: its purchase price and sum, its band and margin, and the terms themselves. */
function pricedColumns(terms: ReserveTerms, figures: ReturnType<typeof reserveFigures>, priced: boolean) {
  return {
    unit_price: money(toNumber(terms.unit_price)),
    total_sum: money(figures.total_sum),
    min_selling_price: money(figures.min_selling_price),
    max_selling_price: money(figures.max_selling_price),
    marginality: priced ? money(figures.marginality) : null,
    offer_price_kg: termValue(terms.offer_price_kg),
    unit_weight: termValue(terms.unit_weight),
    costs_per_kg: termValue(terms.costs_per_kg),
    min_markup: termValue(terms.min_markup),
    max_markup: termValue(terms.max_markup),
  };
}

/** An expired reserve renewed ('Продлить') takes today's terms, the offer's prices and today's settings:
 * its purchase sum, band and margin are worked out again at its own amount, selling price and delivery cost. */
export async function todaysTermsOf(db: Database, current: StoredReserve, offer: ReservedOffer) {
  const settings = await readBusinessSettings(db);
  const terms = currentTerms(offer, settings);
  const figures = reserveFigures(
    {
      amount: current.amount,
      unit_selling_price: current.unit_selling_price as string | null,
      delivery_cost: current.delivery_cost as string | null,
      unit_price: terms.unit_price,
      kg_price: terms.offer_price_kg,
      unit_weight: terms.unit_weight,
      units_per_pack: offer.units_per_pack,
    },
    pricedBy(terms, offer, settings).settings,
  );
  return pricedColumns(terms, figures, toNumber(current.unit_selling_price as string | null) !== null);
}

export type ReserveValues = Awaited<ReturnType<typeof prepareReserve>>;

const blank = (value: unknown) => value === undefined || value === null || value === '';
/** The reserve's fields a picked buyer fills where the form left them empty: reserve field → the buyer's. */
const FILLED_BY_BUYER = { ...FILLED_FROM, city_id: 'city_id' } as const satisfies Readonly<
  Record<string, keyof PickedBuyer>
>;

/** The buyer the form names, as the caller may read it, with its terms; its name, phone, city and address
 * fill the form's where it left them empty. A role that does not see the field keeps the stored buyer. */
async function pickedBuyer(
  db: Database,
  facts: ReserveFacts,
  auth: AuthenticatedUser,
  hidden: ReadonlySet<string>,
  values: Row,
  current?: StoredReserve,
  body: Row = {},
) {
  const stored = current?.buyer_id === undefined || current.buyer_id === null ? null : Number(current.buyer_id);
  let id = hidden.has('buyer_id') ? stored : blank(values.buyer_id) ? null : Number(values.buyer_id);
  // a reserve that belongs to a buyer keeps one
  if (id === null && stored !== null) throw badRequest(CREDIT_MSG.buyerRequired);
  // a buyer typed instead of picked is the card its INN, or its name and phone, name: the same credit check
  // holds, whether or not the card is the caller's to read
  const typed = id === null && !current && !hidden.has('buyer_id') ? await typedBuyer(db, values, body) : null;
  if (id === null && typed === null) return null;
  id ??= typed!;
  if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw badRequest(CREDIT_MSG.buyerMissing);
  if (id !== stored && id !== typed && !(await buyerReadable(db, auth, id))) throw badRequest(CREDIT_MSG.buyerMissing);
  const buyer = await facts.buyer(id);
  if (!buyer || (buyer.status === 'deleted' && id !== stored)) throw badRequest(CREDIT_MSG.buyerMissing);
  // a picked buyer fills what the form left empty; a typed one is the form's as typed
  for (const [field, from] of typed === null ? Object.entries(FILLED_BY_BUYER) : []) {
    if (blank(values[field]) && !hidden.has(field) && !blank(buyer[from])) values[field] = buyer[from];
  }
  return buyer;
}

/** The INN a reserve's 'Новый покупатель' step sends beside the typed name and phone. */
export const BUYER_INN = 'buyer_inn';

/** The digits of a phone as the buyer cards keep them (an 8 in front is the country's 7). */
const phoneKey = (phone: unknown) => {
  const digits = typeof phone === 'string' ? phone.replace(/\D/g, '') : '';
  return digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
};

/** The buyer card a typed buyer is: the one with the INN sent, else the one with the typed name (any case,
 * spaces trimmed) and phone; with no phone typed, the one card of that name. Null: none (a new buyer). */
async function typedBuyer(db: Database, values: Row, body: Row): Promise<number | null> {
  const inn = typeof body[BUYER_INN] === 'string' ? (body[BUYER_INN] as string).replace(/\s/g, '') : '';
  const b = buyersTable;
  if (inn) {
    const found = await selectFirst(
      db,
      select({ id: b.id }),
      sql`FROM ${b} WHERE ${b.inn} = ${inn} AND ${b.status} <> 'deleted' ORDER BY ${b.id} LIMIT 1`,
    );
    if (found) return found.id;
  }
  const name = typeof values[RESERVE_BUYER.name] === 'string' ? (values[RESERVE_BUYER.name] as string).trim() : '';
  if (name.length < 2) return null;
  const phone = phoneKey(values[RESERVE_BUYER.phone]);
  const named = await selectRows(
    db,
    select({ id: b.id, phone: b.phone }),
    sql`FROM ${b}
    WHERE lower(btrim(${b.name})) = lower(${name}) AND ${b.status} <> 'deleted' ORDER BY ${b.id}`,
  );
  const same = phone ? named.filter((n) => phoneKey(n.phone) === phone) : named;
  return same.length === 1 || (phone && same.length) ? same[0].id : null;
}

/** The delivery city and the responsible employee must exist and not be deleted: the form's own messages. */
async function assertReferences(facts: ReserveFacts, cityId: number | null, responsibleId: number | null) {
  const found = {
    city: cityId === null || (await facts.cityLive(cityId)),
    responsible: responsibleId === null || ((await facts.employeeStatus(responsibleId)) ?? 'deleted') !== 'deleted',
  };
  const messages = [...(found.city ? [] : [RESERVE_MSG.city]), ...(found.responsible ? [] : [RESERVE_MSG.responsible])];
  if (messages.length) throw badRequest(...messages);
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
