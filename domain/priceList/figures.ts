// One line of a buyer's price list: the price of an offer delivered to the buyer's city, by the reserve
// calculation of spec point 5 (domain/reserves/figures.ts) on today's terms (domain/reserves/terms.ts), so the
// price a list quotes is a price the reserve card accepts for the same offer, city and day.
import { product, ratio, sum, toNumber, type Num } from '../numbers';
import { routeTerms } from '../reserves/figures';
import { costPerUnit, packsOf, sellingBounds } from '../offers/figures';
import { currentTerms, pricedBy } from '../reserves/terms';
import type { BusinessSettings } from '../settings';
import type { PriceLevel, Rounding } from './query';

/** The offer as the list reads it: its purchase price per kg, one unit's weight, stock and packing. */
export interface PricedOffer {
  kg_price: Num;
  unit_weight: Num;
  units_per_pack: Num;
  available_amount: Num;
}

export interface PriceTerms {
  level: PriceLevel;
  /** The markup in percent for level 'percent' (10 = cost × 1.10), within the band's markups. */
  markup?: Num;
  rounding: Rounding;
}

/** Digits kept before the last rounding (as domain/reserves/figures.ts keeps a cost per unit). */
const UNROUNDED = 10;

/** A price rounded half up to `step` roubles ('1', '10') or to the kopeck ('none'), then kept inside the band:
 * a rounded price below the minimum goes one step up, above the maximum one step down; where the band is narrower
 * than a step the price stays to the kopeck, so the reserve card never refuses a price the list quoted. */
export function roundedPrice(price: number, rounding: Rounding, band: { min: number; max: number }): number {
  if (rounding === 'none') return product(2, price)!;
  const step = Number(rounding);
  let value = product(0, ratio(price, step, 0), step)!;
  if (value < band.min) value = sum(value, step)!;
  if (value > band.max) value = sum(value, -step)!;
  return value >= band.min && value <= band.max ? value : product(2, price)!;
}

/** The markup in percent a level stands for. */
export const markupBounds = (settings: Pick<BusinessSettings, 'min_markup' | 'max_markup'>) => ({
  min: product(4, settings.min_markup, 100)!,
  max: product(4, settings.max_markup, 100)!,
});

export interface PriceLine {
  /** Selling price of one unit delivered to the buyer's city, ₽. */
  unit_price: number;
  /** The same per kg, ₽. */
  kg_price: number;
  /** Delivery ₽ per kg from the offer's loading city to the buyer's city (the default cost where no route). */
  delivery_cost: number;
  delivery_days: number | null;
  /** No route in the matrix to another city: the delivery is business setting delivery_cost_default. */
  default_delivery: boolean;
  available_packs: number | null;
}

/** One offer's line: the reserve card's cost per unit = (delivery + kg price + own costs) × unit weight and its
 * band = cost × (1 + min/max markup), the price the level picks in it, rounded. Null when the offer has no price
 * per kg or weight (nothing to price). */
export function priceLine(
  offer: PricedOffer,
  route: { cost?: Num; days?: Num; local?: boolean } | null,
  settings: BusinessSettings,
  terms: PriceTerms,
): PriceLine | null {
  const delivery = routeTerms(route, route?.local ?? false, settings);
  const basis = pricedBy(currentTerms(offer, settings), offer, settings);
  const cost = costPerUnit(
    delivery.delivery_cost,
    basis.offer.kg_price,
    basis.settings.costs_per_kg,
    basis.offer.unit_weight,
  );
  const band = sellingBounds(cost, basis.settings);
  if (cost === null || band.min_selling_price === null || band.max_selling_price === null) return null;
  const bounds = { min: band.min_selling_price, max: band.max_selling_price };
  const raw =
    terms.level === 'min'
      ? bounds.min
      : terms.level === 'max'
        ? bounds.max
        : // cost × (100 + markup) / 100, exact until the kopeck
          ratio(product(UNROUNDED, cost, sum(100, toNumber(terms.markup) ?? 0)), 100, 2)!;
  const unitPrice = roundedPrice(raw, terms.rounding, bounds);
  const weight = toNumber(offer.unit_weight);
  return {
    unit_price: unitPrice,
    kg_price: weight === null ? unitPrice : ratio(unitPrice, offer.unit_weight, 2)!,
    delivery_cost: delivery.delivery_cost,
    delivery_days: delivery.delivery_days,
    default_delivery: delivery.fallback,
    available_packs: packsOf(offer.available_amount, offer.units_per_pack),
  };
}
