// One reserve: read with its offer's figures (what the card computes its bounds from), and a form's values
// turned into the row to write: checked against the shared yup schema for the offer being reserved and today's
// business settings, with every figure computed here whatever the client sent.
import { routeOf } from './delivery';
import { deliveredCost } from '../../../domain/reserves/delivery';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { canChooseResponsible, scopeOf } from '../../../domain/permissions';
import {
  RESERVE_FORM_FIELDS,
  RESERVE_WRITE_MSG,
  defaultReservedUntil,
  hiddenReserveFormFields,
  reserveSchema,
} from '../../../domain/reserves/schema';
import { reserveFigures } from '../../../domain/reserves/figures';
import { packsOf } from '../../../domain/offers/figures';
import { RESPONSIBLE_MSG } from '../../../domain/reserves/messages';
import { pendingArrival } from '../../../domain/offers/logistics';
import { currentTerms, keptTerms, pricedBy, type ReserveTerms } from '../../../domain/reserves/terms';
import { buyerValues, plainValues } from './formValues';
import { money, toNumber } from '../../../domain/numbers';
import { readBusinessSettings } from '../../settings';
import { badRequest } from '../../errors';
import type { Row } from '../../records/pipeline';
import { type ReservedOffer, type StoredReserve } from './stored';
import { assertReferences, blank, dbFacts, pickedBuyer, type ReserveFacts } from './facts';

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
  const valid: Row = await schema.validate(values, { abortEarly: false, stripUnknown: true });

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
