// The reserve calculations of spec point 5 "Reserve calculations", written once: the reserve card shows them
// as the user types, the server recomputes and checks them on every write, the demo seed uses them, and an
// offer's own selling band (min/max unit price) comes from the same formulas.
import { product, ratio, round2, sum, times, toNumber, type Num } from '../numbers';
import { LOCAL_DELIVERY_COST_DEFAULT, LOCAL_DELIVERY_DAYS_DEFAULT, type BusinessSettings } from '../settings';
import { costPerUnit, packsOf, sellingBounds, totalSellingSum, UNROUNDED } from '../offers/figures';

/** The least delivery cost, ₽ per kg (spec point 5: a reserve's delivery_cost is at least 1). One rule for every
 * place a delivery cost comes from: the reserve's form, the city matrix's routes and the setting
 * delivery_cost_default, so what the reserve card prefills always passes its own check. */
export const DELIVERY_COST_MIN = 1;

/** Delivery cost and days from the city matrix are used only when greater than 0; otherwise the cost is the
 * setting delivery_cost_default (and the days stay unknown). A cost the reserve would refuse (stored before the
 * matrix had its minimum) is not prefilled either. */
export function deliveryTerms(lookup: { cost?: Num; days?: Num } | null | undefined, deliveryCostDefault: number) {
  const cost = toNumber(lookup?.cost);
  const days = toNumber(lookup?.days);
  return {
    delivery_cost: cost !== null && cost >= DELIVERY_COST_MIN ? cost : deliveryCostDefault,
    delivery_days: days !== null && days > 0 ? days : null,
  };
}

/** A lot's delivery to the buyer's city as every price of it is worked out (the reserve, the price list, the quote):
 * the matrix's route when it holds one; a sale in the lot's own loading city (`local`) without its own row of the
 * matrix by the local default (setting local_delivery_cost_default, the next day), never by the between-cities
 * default; any other city without a route by delivery_cost_default, days unknown (`fallback`). The loading city
 * is priced like any destination, so no flag or missing day singles it out to a role that does not see it. */
export function routeTerms(
  lookup: { cost?: Num; days?: Num } | null | undefined,
  local: boolean,
  settings: Pick<BusinessSettings, 'delivery_cost_default' | 'local_delivery_cost_default'>,
): { delivery_cost: number; delivery_days: number | null; fallback: boolean } {
  const found = (toNumber(lookup?.cost) ?? 0) >= DELIVERY_COST_MIN;
  if (!local || found) return { ...deliveryTerms(lookup, settings.delivery_cost_default), fallback: !found };
  const days = toNumber(lookup?.days);
  return {
    delivery_cost: settings.local_delivery_cost_default ?? LOCAL_DELIVERY_COST_DEFAULT,
    delivery_days: days !== null && days > 0 ? days : LOCAL_DELIVERY_DAYS_DEFAULT,
    fallback: false,
  };
}

/** Margin = (price − cost) / price × 100, 2 decimals; 0 when the price is 0 or less. */
export function marginality(price: Num, cost: number | null): number {
  const p = toNumber(price);
  if (p === null || p <= 0 || cost === null) return 0;
  return ratio(product(UNROUNDED, sum(p, -cost), 100), p, 2)!;
}

/** Amount = packs × units per pack: whole pieces for 'шт' (half up: 0.3 of a pack of 24 is 7.2, so 7), kg to 2
 * decimals as amounts are stored. */
export function amountOf(packs: Num, unitsPerPack: Num, unit?: string | null): number | null {
  return product(unit === 'шт' ? 0 : 2, packs, unitsPerPack);
}

/** The packs field's step: 0.1 of a pack, or for 'шт' the least multiple of it that holds whole pieces (packs of
 * 24: 0.5 = 12 pieces; packs of 7: 1). */
export function packsStep(unitsPerPack: Num, unit?: string | null): number {
  if (unit !== 'шт' || toNumber(unitsPerPack) === null) return 0.1;
  for (let tenths = 1; tenths <= 10; tenths++) {
    if (Number.isInteger(product(3, tenths / 10, unitsPerPack))) return tenths / 10;
  }
  return 1;
}

/** The packs field's maximum: available / units per pack to 1 decimal (spec point 5), rounded as packs are, so
 * reserving the whole available amount never fails on its packs; typing more packs than there are units is
 * caught by the amount's own maximum. */
export function maxPacks(available: Num, unitsPerPack: Num): number | null {
  return packsOf(available, unitsPerPack);
}

export interface ReserveFigureInput {
  amount: Num;
  unit_selling_price: Num;
  delivery_cost: Num;
  /** The offer's purchase price per unit, per kg, one unit's weight and units per pack. */
  unit_price: Num;
  kg_price: Num;
  unit_weight: Num;
  units_per_pack: Num;
}

/** Every computed figure of a reserve at once. */
export function reserveFigures(v: ReserveFigureInput, settings: BusinessSettings) {
  const cost = costPerUnit(v.delivery_cost, v.kg_price, settings.costs_per_kg, v.unit_weight);
  const amount = toNumber(v.amount);
  const price = toNumber(v.unit_price);
  return {
    cost_per_unit: cost === null ? null : round2(cost),
    ...sellingBounds(cost, settings),
    marginality: marginality(v.unit_selling_price, cost),
    total_sum: amount === null || price === null ? null : times(amount, price),
    total_selling_sum: totalSellingSum(v.amount, v.unit_selling_price),
    packs_amount: packsOf(v.amount, v.units_per_pack),
  };
}
