// POST /api/quotes/search: the lots of a product the caller may read that can serve the buyer's amount
// in the buyer's city, read with their route in one query (the price list's, server/priceList/lines.ts) and ranked
// by the domain's quote ranking on today's business settings. A line names the lot by what it is, never by its
// supplier or loading city, so no role learns either from a quote.
import { sql, type SQL } from 'drizzle-orm';
import { todayOf } from '../db/businessDay';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { money, toNumber } from '../../domain/numbers';
import { canQuote, QUOTE_MSG } from '../../domain/quotes/access';
import { earliestDelivery, marginBounds, rankLots, type QuoteLine } from '../../domain/quotes/ranking';
import type { QuoteOfferPart, QuoteSearch, QuoteSearchAnswer, QuoteSearchLine } from '../../domain/quotes/search';
import { readBusinessSettings } from '../settings';
import { badRequest, forbidden } from '../errors';
import { columnsOf, select, selectFirst } from '../db/rows';
import { products } from '../db/schema';
import { lotFigures, lots } from '../priceList/lines';
import { availabilityText, pendingArrival } from '../../domain/offers/logistics';
import { lotFiltersOf, lotOf } from '../../domain/offers/lot';
import { destinationOf, lineCredit, pickBuyer, shownBuyer, type PickedBuyer } from './buyer';

type Lot = Awaited<ReturnType<typeof lots>>[number];

/** 403 with the reason for a caller who may not quote. */
export function assertQuoteAccess(auth: AuthenticatedUser) {
  if (!canQuote(auth.permissions)) throw forbidden(QUOTE_MSG.forbidden);
}

/** The request's rules beyond its schema: whole pieces, a margin within the band's. */
function checkSearch(q: QuoteSearch, bounds: { min: number; max: number }) {
  if (q.unit === 'шт' && !Number.isInteger(q.amount)) throw badRequest(QUOTE_MSG.whole);
  if (q.level === 'margin') {
    if (q.margin === undefined || q.margin === null) throw badRequest(QUOTE_MSG.marginMissing);
    if (q.margin < bounds.min || q.margin > bounds.max)
      throw badRequest(QUOTE_MSG.margin(String(bounds.min), String(bounds.max)));
  }
}

const text = (n: number | null) => money(n)!;

/** The day the whole line can be there: its slowest part's (unknown when a part's is). */
function lineEarliest(line: QuoteLine<Lot>, today: string): string | null {
  const days = line.parts.map((p) => earliestDelivery(today, p.price.route_days, pendingArrival(p.lot)));
  return days.some((d) => d === null) ? null : (days as string[]).reduce((a, b) => (a > b ? a : b));
}

function partOf(part: QuoteLine<Lot>['parts'][number], today: string): QuoteOfferPart {
  const { lot, price } = part;
  return {
    offer_id: lot.offer_id,
    amount: text(part.amount),
    kg: part.kg.toFixed(3),
    ...lotOf(lot),
    unit_weight: lot.unit_weight,
    available_amount: lot.available_amount,
    delivery_cost: text(price.delivery_cost),
    default_delivery: price.default_delivery,
    route_days: price.route_days,
    earliest_delivery: earliestDelivery(today, price.route_days, pendingArrival(lot)),
    availability: availabilityText(lot),
    expected_arrival: pendingArrival(lot),
    delivered_kg_price: text(price.delivered_kg_price),
    delivered_unit_price: text(price.delivered_unit_price),
    unit_price: text(price.unit_price),
    price_kg: text(price.price_kg),
    band: { min: text(price.band.min), max: text(price.band.max) },
    margin: text(price.margin),
    documents_blocking: lot.documents_blocking ?? [],
    rate_date: lot.rate_date,
  };
}

function lineOf(line: QuoteLine<Lot>, today: string, buyer: PickedBuyer | null): QuoteSearchLine {
  const single = line.parts.length === 1 ? line.parts[0].price : null;
  return {
    offers: line.parts.map((p) => partOf(p, today)),
    delivered_kg_price: text(line.delivered_kg_price),
    unit_price: single ? text(single.unit_price) : null,
    price_kg: text(line.price_kg),
    band: single ? { min: text(single.band.min), max: text(single.band.max) } : null,
    margin: text(line.margin),
    route_days: line.route_days,
    earliest_delivery: lineEarliest(line, today),
    available: text(line.available),
    total_kg: line.total_kg.toFixed(3),
    total_sum: text(line.total_sum),
    credit: lineCredit(buyer, text(line.total_sum)),
  };
}

/** The ranked lines of a quote for the lots `scope` lets the caller read, to the city named or the buyer's. */
export async function searchQuote(
  db: Database,
  auth: AuthenticatedUser,
  q: QuoteSearch,
  scope: SQL | null,
): Promise<QuoteSearchAnswer> {
  const settings = await readBusinessSettings(db);
  checkSearch(q, marginBounds(settings));
  const product = await selectFirst(
    db,
    select(columnsOf(products, 'id')),
    sql`FROM ${products} WHERE ${products.id} = ${q.product_id} AND ${products.status} <> 'deleted'`,
  );
  if (!product) throw badRequest(QUOTE_MSG.productMissing);
  const buyer = await pickBuyer(db, auth, q.buyer_id);
  const city = await destinationOf(db, q.city_id, buyer);
  const today = await todayOf(db);
  const request = {
    city_id: city.id,
    ...lotFiltersOf({
      product: q.product_id,
      variety: q.variety_ids,
      packing: q.packing_ids,
      year: q.harvest_years,
      origin: q.origin,
    }),
    level: 'min' as const,
    rounding: 'none' as const,
  };
  const ranked = rankLots(await lotFigures(db, request, scope), settings, {
    amount: q.amount,
    unit: q.unit,
    level: q.level,
    margin: q.margin,
  });
  // the lots the answer names, read in full (what they are, their papers); a lot sold out in between drops its line
  const ids = [...new Set(ranked.flatMap((l) => l.parts.map((p) => p.lot.offer_id)))];
  const full = new Map(
    (ids.length ? await lots(db, { ...request, offer_id: ids }, scope) : []).map((l) => [l.offer_id, l]),
  );
  const lines = ranked
    .filter((l) => l.parts.every((p) => full.has(p.lot.offer_id)))
    .map((l): QuoteLine<Lot> => ({ ...l, parts: l.parts.map((p) => ({ ...p, lot: full.get(p.lot.offer_id)! })) }));
  return {
    city,
    buyer: shownBuyer(buyer),
    date: today,
    amount: q.unit === 'шт' ? String(q.amount) : text(toNumber(q.amount)),
    unit: q.unit,
    lines: lines.map((l) => lineOf(l, today, buyer)),
  };
}
