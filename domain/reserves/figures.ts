// The reserve calculations of spec point 5 "Reserve calculations", written once: the reserve card shows them
// as the user types, the server recomputes and checks them on every write, the demo seed uses them, and an
// offer's own selling band (min/max unit price) comes from the same formulas.
import { perUnit, round1, round2, times, toNumber, type Num } from '../numbers';
import type { BusinessSettings } from '../settings';

/** Delivery cost and days from the city matrix are used only when greater than 0; otherwise the cost is the
 * setting delivery_cost_default (and the days stay unknown). */
export function deliveryTerms(lookup: { cost?: Num; days?: Num } | null | undefined, deliveryCostDefault: number) {
  const cost = toNumber(lookup?.cost);
  const days = toNumber(lookup?.days);
  return {
    delivery_cost: cost !== null && cost > 0 ? cost : deliveryCostDefault,
    delivery_days: days !== null && days > 0 ? days : null,
  };
}

/** Cost per unit = (delivery cost + offer price per kg + costs_per_kg) × unit weight. */
export function costPerUnit(deliveryCost: Num, kgPrice: Num, costsPerKg: Num, unitWeight: Num): number | null {
  const delivery = toNumber(deliveryCost);
  const kg = toNumber(kgPrice);
  const weight = toNumber(unitWeight);
  if (delivery === null || kg === null || weight === null) return null;
  return (delivery + kg + (toNumber(costsPerKg) ?? 0)) * weight;
}

/** Minimum selling price = cost × (1 + min_markup); maximum = cost × (1 + max_markup); 2 decimals. */
export function sellingBounds(cost: number | null, settings: Pick<BusinessSettings, 'min_markup' | 'max_markup'>) {
  if (cost === null) return { min_selling_price: null, max_selling_price: null };
  return {
    min_selling_price: round2(cost * (1 + settings.min_markup)),
    max_selling_price: round2(cost * (1 + settings.max_markup)),
  };
}

/** Margin = (price − cost) / price × 100, 2 decimals; 0 when the price is 0 or less. */
export function marginality(price: Num, cost: number | null): number {
  const p = toNumber(price);
  if (p === null || p <= 0 || cost === null) return 0;
  return round2(((p - cost) / p) * 100);
}

/** total_selling_sum = amount × selling price. */
export function totalSellingSum(amount: Num, price: Num): number | null {
  return times(amount, price);
}

/** Packs = amount / units per pack, 1 decimal. */
export function packsOf(amount: Num, unitsPerPack: Num): number | null {
  const packs = perUnit(amount, unitsPerPack);
  return packs === null ? null : round1(packs);
}

/** Amount = packs × units per pack. */
export function amountOf(packs: Num, unitsPerPack: Num): number | null {
  return times(packs, unitsPerPack);
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
    total_sum: amount === null || price === null ? null : round2(amount * price),
    total_selling_sum: totalSellingSum(v.amount, v.unit_selling_price),
    packs_amount: packsOf(v.amount, v.units_per_pack),
  };
}
