// The quote's answer ('Подбор'): the lots that can serve one buyer's amount in one city, ranked by the
// delivered price per kg. A lot is priced by the reserve calculation of spec point 5 (domain/reserves/figures.ts):
// delivered per kg = the lot's price per kg + own costs (costs_per_kg) + the matrix's route cost to the city (or
// delivery_cost_default where there is none); per unit = that × the unit's weight; the selling band = per unit ×
// (1 + min/max markup). So the price a quote names is one the reserve card accepts for the same lot, city and day.
// Where no single lot has the amount, the cheapest way with two or three lots together is one line of its parts.
import { product, ratio, sum, toNumber, type Num } from '../numbers';
import { marginality, routeTerms } from '../reserves/figures';
import { costPerUnit, sellingBounds } from '../offers/figures';
import type { BusinessSettings } from '../settings';
import { addDays } from '../businessDay';

/** What the buyer's amount is counted in: kilograms, or pieces (whole units of lots sold by the piece). */
export const QUOTE_UNITS = ['кг', 'шт'] as const;
export type QuoteUnit = (typeof QUOTE_UNITS)[number];

/** The price a line names inside its band: the minimum, the middle, the maximum, or a margin in percent. */
export const QUOTE_LEVELS = ['min', 'middle', 'max', 'margin'] as const;
export type QuoteLevel = (typeof QUOTE_LEVELS)[number];

export interface QuoteTerms {
  amount: number;
  unit: QuoteUnit;
  level: QuoteLevel;
  /** Percent, for level 'margin': (price − cost) / price × 100. */
  margin?: number | null;
}

/** A lot as the ranking reads it: its stock and price, and the route from its loading city to the buyer's. */
export interface QuoteLot {
  offer_id: number;
  unit_measure: string | null;
  kg_price: Num;
  unit_weight: Num;
  available_amount: Num;
  route_cost: Num;
  route_days: Num;
  /** The lot loads in the buyer's city: a local sale (domain/reserves/figures.ts routeTerms). */
  local?: boolean;
}

/** Digits kept before a figure's last rounding, as domain/reserves/figures.ts keeps a cost per unit. */
const UNROUNDED = 10;
/** Lots tried together: the cheapest this many for two, and for three (the answer stays within a phone call). */
const PAIR_CANDIDATES = 200;
const TRIPLE_CANDIDATES = 60;
/** Lines a quote answers with at most. */
export const QUOTE_LINES_MAX = 50;

/** The margins in percent the band's markups stand for: min_markup 10 % is a margin of 10 / 110 = 9.09 %. */
export function marginBounds(settings: Pick<BusinessSettings, 'min_markup' | 'max_markup'>) {
  const of = (markup: number) => ratio(product(UNROUNDED, markup, 100), sum(1, markup), 2)!;
  return { min: of(settings.min_markup), max: of(settings.max_markup) };
}

/** One lot priced to the city: what a line (or a line's part) shows of it. Money to the kopeck, half up. */
export interface LotPrice {
  /** Delivery ₽ per kg: the route's, or the default. */
  delivery_cost: number;
  default_delivery: boolean;
  route_days: number | null;
  /** Lot's kg price + own costs + delivery, ₽ per kg. */
  delivered_kg_price: number;
  /** The same for one unit of the lot (× its weight). */
  delivered_unit_price: number;
  /** The selling price of one unit at the level, inside the band. */
  unit_price: number;
  /** The selling price per kg (unit price / weight). */
  price_kg: number;
  band: { min: number; max: number };
  margin: number;
  /** Exact cost of one unit, before its rounding (what the margin and sums are worked from). */
  cost: number;
  weight: number;
}

/** The selling price of one unit at the level: the band's ends, its middle (half up), or cost / (1 − margin),
 * to the kopeck and kept inside the band (a margin at the band's end may round a kopeck past it). */
function levelPrice(
  cost: number,
  band: { min: number; max: number },
  terms: Pick<QuoteTerms, 'level' | 'margin'>,
): number {
  if (terms.level === 'min') return band.min;
  if (terms.level === 'max') return band.max;
  if (terms.level === 'middle') return ratio(sum(band.min, band.max), 2, 2)!;
  const price = ratio(product(UNROUNDED, cost, 100), sum(100, -(terms.margin ?? 0)), 2)!;
  return Math.min(band.max, Math.max(band.min, price));
}

/** A lot priced to the city at the level; null when it has no price per kg or weight (nothing to price). */
export function lotPrice(
  lot: QuoteLot,
  settings: BusinessSettings,
  terms: Pick<QuoteTerms, 'level' | 'margin'>,
): LotPrice | null {
  const delivery = routeTerms({ cost: lot.route_cost, days: lot.route_days }, lot.local ?? false, settings);
  const weight = toNumber(lot.unit_weight);
  const cost = costPerUnit(delivery.delivery_cost, lot.kg_price, settings.costs_per_kg, lot.unit_weight);
  const bounds = sellingBounds(cost, settings);
  if (
    cost === null ||
    weight === null ||
    weight <= 0 ||
    bounds.min_selling_price === null ||
    bounds.max_selling_price === null
  )
    return null;
  const band = { min: bounds.min_selling_price, max: bounds.max_selling_price };
  const unitPrice = levelPrice(cost, band, terms);
  return {
    delivery_cost: delivery.delivery_cost,
    default_delivery: delivery.fallback,
    route_days: delivery.delivery_days,
    delivered_kg_price: product(2, sum(lot.kg_price, toNumber(settings.costs_per_kg) ?? 0, delivery.delivery_cost))!,
    delivered_unit_price: product(2, cost)!,
    unit_price: unitPrice,
    price_kg: ratio(unitPrice, weight, 2)!,
    band,
    margin: marginality(unitPrice, cost),
    cost,
    weight,
  };
}

/** A lot's units that give `need` of the buyer's unit: kilograms to the gram's hundredth for a lot by the kg,
 * whole pieces (rounded up, so the buyer gets at least what was asked) for a lot by the piece. */
function unitsFor(need: number, unit: QuoteUnit, lot: QuoteLot, weight: number): number {
  if (unit === 'шт') return need;
  if (lot.unit_measure === 'шт') return Math.ceil(ratio(need, weight, 6)! - 1e-9);
  return product(2, need)!;
}

/** One part of a line: a lot, the units of it the line takes, and its price. */
export interface QuotePart<L extends QuoteLot = QuoteLot> {
  lot: L;
  amount: number;
  /** The part in kilograms (amount × weight). */
  kg: number;
  price: LotPrice;
}

/** One way to serve the buyer: one lot, or two or three together. */
export interface QuoteLine<L extends QuoteLot = QuoteLot> {
  parts: QuotePart<L>[];
  /** Delivered ₽ per kg over the whole line (weighted by the parts' kilograms). */
  delivered_kg_price: number;
  /** The selling price per kg over the whole line. */
  price_kg: number;
  /** The line's selling sum: Σ amount × unit price. */
  total_sum: number;
  total_kg: number;
  /** (sum − cost) / sum × 100 over the line. */
  margin: number;
  /** The slowest part's route days; null when a part has no known route. */
  route_days: number | null;
  /** What the line's lots have available, in the buyer's unit. */
  available: number;
}

interface Priced<L extends QuoteLot> {
  lot: L;
  price: LotPrice;
  /** The lot's available amount in the buyer's unit. */
  available: number;
  /** Cost of one of the buyer's units (per kg, or per piece). */
  unitCost: number;
}

function lineOf<L extends QuoteLot>(parts: QuotePart<L>[], priced: Priced<L>[]): QuoteLine<L> {
  const totalKg = sum(...parts.map((p) => p.kg))!;
  const totalSum = sum(...parts.map((p) => product(2, p.amount, p.price.unit_price)))!;
  const totalCost = sum(...parts.map((p) => product(UNROUNDED, p.amount, p.price.cost)))!;
  const days = parts.map((p) => p.price.route_days);
  return {
    parts,
    delivered_kg_price:
      parts.length === 1
        ? parts[0].price.delivered_kg_price
        : ratio(sum(...parts.map((p) => product(UNROUNDED, p.kg, p.price.delivered_kg_price))), totalKg, 2)!,
    price_kg: parts.length === 1 ? parts[0].price.price_kg : ratio(totalSum, totalKg, 2)!,
    total_sum: totalSum,
    total_kg: product(3, totalKg)!,
    margin: marginality(totalSum, totalCost),
    route_days: days.some((d) => d === null) ? null : Math.max(...(days as number[])),
    available: sum(...priced.map((p) => p.available))!,
  };
}

/** The parts of lots taken cheapest first up to `need` (the last one only what is still missing). */
function fill<L extends QuoteLot>(lots: Priced<L>[], need: number, unit: QuoteUnit): QuotePart<L>[] {
  let left = need;
  return lots.map((p, i) => {
    const last = i === lots.length - 1;
    const amount = last ? unitsFor(left, unit, p.lot, p.price.weight) : toNumber(p.lot.available_amount)!;
    const taken = unit === 'кг' ? product(UNROUNDED, amount, p.price.weight)! : amount;
    left = sum(left, -taken)!;
    return { lot: p.lot, amount, kg: product(3, amount, p.price.weight)!, price: p.price };
  });
}

/** The cost of taking lots cheapest first up to `need`, in the buyer's unit (what combinations are compared by). */
function fillCost<L extends QuoteLot>(lots: Priced<L>[], need: number): number {
  let left = need;
  let cost = 0;
  for (const p of lots) {
    const take = Math.min(left, p.available);
    cost += take * p.unitCost;
    left -= take;
  }
  return cost;
}

/** The cheapest combination of two or three lots (each sorted cheapest first) that holds `need` together. */
function bestCombination<L extends QuoteLot>(sorted: Priced<L>[], need: number): Priced<L>[] | null {
  let best: { lots: Priced<L>[]; cost: number } | null = null;
  const consider = (lots: Priced<L>[]) => {
    if (lots.reduce((a, p) => a + p.available, 0) < need) return;
    // a lot the cheaper ones already cover is not a part
    if (lots.slice(0, -1).reduce((a, p) => a + p.available, 0) >= need) return;
    const cost = fillCost(lots, need);
    if (!best || cost < best.cost - 1e-9 || (Math.abs(cost - best.cost) <= 1e-9 && lots.length < best.lots.length))
      best = { lots, cost };
  };
  const pairs = sorted.slice(0, PAIR_CANDIDATES);
  for (let i = 0; i < pairs.length; i++) for (let j = i + 1; j < pairs.length; j++) consider([pairs[i], pairs[j]]);
  const triples = sorted.slice(0, TRIPLE_CANDIDATES);
  for (let i = 0; i < triples.length; i++) {
    for (let j = i + 1; j < triples.length; j++) {
      for (let k = j + 1; k < triples.length; k++) consider([triples[i], triples[j], triples[k]]);
    }
  }
  return (best as { lots: Priced<L>[] } | null)?.lots ?? null;
}

/** A lot as the ranking first sorts it: by a plain float sum of what its delivered price per kg is rounded from
 * (the lot's kg price + the delivery; own costs are the same for every lot). Pricing a lot exactly (decimals, half
 * up) costs far more, so only the lots that can make the answer are priced (the quote bench: thousands of lots). */
interface Cheap<L extends QuoteLot> {
  lot: L;
  key: number;
  kg: number;
  weight: number;
  available: number;
}

/** A stored figure as a number: SQL's numeric text read by Number (a figure typed by hand through toNumber). */
const figure = (v: Num): number | null => {
  if (typeof v !== 'string' || v === '') return toNumber(v);
  const n = Number(v);
  return Number.isFinite(n) ? n : toNumber(v);
};

/** The exact order of the answer: delivered price per kg, then the selling price, then the lot's number. */
const byPrice = <L extends QuoteLot>(a: Priced<L>, b: Priced<L>) =>
  a.price.delivered_kg_price - b.price.delivered_kg_price ||
  a.price.unit_price - b.price.unit_price ||
  a.lot.offer_id - b.lot.offer_id;

/** Keys this far apart round to delivered prices at least a kopeck apart (round half up is monotone; 0.011 > 0.01
 * leaves room for the float sum's error), so a lot past the cut's key + this cannot come before the cut. */
const KEY_SLACK = 0.011;

/** The first `want` lots `accept` keeps in the exact order, pricing exactly only the lots whose key is within
 * reach of the cut (the `want`-th kept lot's key + KEY_SLACK). */
function firstPriced<L extends QuoteLot>(
  cheap: Cheap<L>[],
  want: number,
  settings: BusinessSettings,
  terms: QuoteTerms,
  accept: (p: Priced<L>) => boolean,
): Priced<L>[] {
  const kept: Priced<L>[] = [];
  // lots priced from the same figures have the same price (copies of a lot, one lot from several warehouses)
  const prices = new Map<string, LotPrice | null>();
  let cut = Infinity;
  for (const c of cheap) {
    if (c.key > cut + KEY_SLACK) break;
    const same = `${c.kg}|${c.lot.route_cost ?? ''}|${c.lot.route_days ?? ''}|${c.weight}`;
    if (!prices.has(same)) prices.set(same, lotPrice(c.lot, settings, terms));
    const price = prices.get(same);
    if (!price) continue;
    const p: Priced<L> = {
      lot: c.lot,
      price,
      available: terms.unit === 'кг' ? product(3, c.available, price.weight)! : c.available,
      unitCost: terms.unit === 'кг' ? price.cost / price.weight : price.cost,
    };
    if (!accept(p)) continue;
    kept.push(p);
    if (kept.length === want) cut = c.key;
  }
  return kept.sort(byPrice).slice(0, want);
}

/** The lines answering a quote, ranked by delivered price per kg (then the selling price, then the lot's number):
 * every lot that holds the amount alone; where none does, the cheapest combination of two or three lots as one
 * line. Lots sold by the kg cannot be counted in pieces: an amount in pieces is served by lots sold by the piece. */
export function rankLots<L extends QuoteLot>(lots: L[], settings: BusinessSettings, terms: QuoteTerms): QuoteLine<L>[] {
  const cheap: Cheap<L>[] = [];
  for (const lot of lots) {
    if (terms.unit === 'шт' && lot.unit_measure !== 'шт') continue;
    const kg = figure(lot.kg_price);
    const weight = figure(lot.unit_weight);
    const available = figure(lot.available_amount) ?? 0;
    if (kg === null || weight === null || weight <= 0 || available <= 0) continue;
    const delivery = routeTerms({ cost: figure(lot.route_cost) }, lot.local ?? false, settings).delivery_cost;
    cheap.push({ lot, key: kg + delivery, kg, weight, available });
  }
  cheap.sort((a, b) => a.key - b.key || a.lot.offer_id - b.lot.offer_id);
  // a lot that might hold the amount alone (checked exactly once priced): pieces counted as they are, kilograms
  // with a piece's weight of room for the rounding up to whole pieces
  const mayHold = cheap.filter((c) =>
    terms.unit === 'шт' ? c.available >= terms.amount : c.available * c.weight + c.weight + 0.01 >= terms.amount,
  );
  const singles = firstPriced(
    mayHold,
    QUOTE_LINES_MAX,
    settings,
    terms,
    (p) => unitsFor(terms.amount, terms.unit, p.lot, p.price.weight) <= (toNumber(p.lot.available_amount) ?? 0),
  );
  if (singles.length) return singles.map((p) => lineOf(fill([p], terms.amount, terms.unit), [p]));
  const combination = bestCombination(
    firstPriced(cheap, PAIR_CANDIDATES, settings, terms, () => true),
    terms.amount,
  );
  return combination ? [lineOf(fill(combination, terms.amount, terms.unit), combination)] : [];
}

/** The earliest day the goods can be at the buyer's: the business day (or, for a lot on its way, the day it is
 * expected, when later) + the route's days; unknown without a route. */
export const earliestDelivery = (
  today: string,
  routeDays: number | null,
  arrival: string | null = null,
): string | null => (routeDays === null ? null : addDays(arrival && arrival > today ? arrival : today, routeDays));
