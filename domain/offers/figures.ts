// The offer's figures (spec point 5 "Offer derived values"). The card shows them as the user types; the
// server recomputes and stores the same ones on every write, with the offer's selling band.
import { product, ratio, round2, sum, times, toNumber, weightText, type Num } from '../numbers';
import type { BusinessSettings } from '../settings';

/** Figures that are rounded later (a cost per unit before its markup) keep this many decimals: exact for every
 * stored input (2-decimal prices, 3-decimal weights, 4-decimal settings). */
export const UNROUNDED = 10;

/** Cost per unit = (delivery cost + offer price per kg + costs_per_kg) × unit weight, exact (not rounded: the
 * selling bounds and the margin round once, from it). */
export function costPerUnit(deliveryCost: Num, kgPrice: Num, costsPerKg: Num, unitWeight: Num): number | null {
  if (toNumber(deliveryCost) === null || toNumber(kgPrice) === null || toNumber(unitWeight) === null) return null;
  return product(UNROUNDED, sum(deliveryCost, kgPrice, toNumber(costsPerKg) ?? 0), unitWeight);
}

/** Minimum selling price = cost × (1 + min_markup); maximum = cost × (1 + max_markup); 2 decimals. */
export function sellingBounds(cost: number | null, settings: Pick<BusinessSettings, 'min_markup' | 'max_markup'>) {
  if (cost === null) return { min_selling_price: null, max_selling_price: null };
  return {
    min_selling_price: product(2, cost, sum(1, settings.min_markup)),
    max_selling_price: product(2, cost, sum(1, settings.max_markup)),
  };
}

/** total_selling_sum = amount × selling price. */
export function totalSellingSum(amount: Num, price: Num): number | null {
  return times(amount, price);
}

/** Packs = amount / units per pack, 1 decimal. */
export function packsOf(amount: Num, unitsPerPack: Num): number | null {
  return ratio(amount, unitsPerPack, 1);
}

export const UNIT_MEASURES = [
  { value: 'шт', label: 'Штуки' },
  { value: 'кг', label: 'Килограммы' },
] as const;
export type UnitMeasure = (typeof UNIT_MEASURES)[number]['value'];

/** unit_measure switched: 'шт' clears unit_weight (the user must give it), 'кг' sets it to 1. */
export function unitWeightFor(unit: string): string {
  return unit === 'кг' ? '1' : '';
}

/** Pieces are counted whole ('шт'); kilograms may be fractional. The offer's and the reserve's schemas refuse a
 * fraction of a piece with it, so the card and the server say the same. */
export const WHOLE_MSG = 'Только целое число';
export const isWholeFor = (unit: string | null | undefined, value: number | null | undefined) =>
  unit !== 'шт' || value === null || value === undefined || !Number.isFinite(value) || Number.isInteger(value);

/** A unit's weight as the offer stores it: kg to 3 decimals ('кг' units weigh 1). Every figure is computed from
 * this, so what the card shows is what the saved offer holds. */
export function storedUnitWeight(unit: string | null | undefined, unitWeight: Num): string | null {
  return unit === 'кг' ? '1.000' : weightText(unitWeight);
}

/** kg_price = unit_price for 'кг'; for 'шт' unit_price / unit_weight, empty when zero, infinite or invalid. */
export function kgPrice(unit: string, unitPrice: Num, unitWeight: Num): number | null {
  if (toNumber(unitPrice) === null) return null;
  if (unit === 'кг') return round2(toNumber(unitPrice)!);
  if (unit !== 'шт') return null;
  // 0.125 kg at 10 ₽: 80 ₽/kg, from the weight as stored (to the gram), rounded half up to the kopeck
  const result = ratio(unitPrice, storedUnitWeight(unit, unitWeight), 2);
  return result !== null && result !== 0 ? result : null;
}

/** total_sum = unit_price × unit_amount. */
export function totalSum(unitPrice: Num, unitAmount: Num): number | null {
  return times(unitPrice, unitAmount);
}

/** pack_weight = unit_weight × units_per_pack (kg, to the gram), empty when not positive. */
export function packWeight(unitWeight: Num, unitsPerPack: Num): number | null {
  const weight = product(3, weightText(unitWeight), unitsPerPack);
  return weight !== null && weight > 0 ? weight : null;
}

/** packs_amount = unit_amount / units_per_pack, 2 decimals. */
export function packsAmount(unitAmount: Num, unitsPerPack: Num): number | null {
  return ratio(unitAmount, unitsPerPack, 2);
}

export interface OfferFigures {
  kg_price: number | null;
  total_sum: number | null;
  pack_weight: number | null;
  packs_amount: number | null;
}

export function offerFigures(values: {
  unit_measure?: string | null;
  unit_price?: Num;
  unit_amount?: Num;
  unit_weight?: Num;
  units_per_pack?: Num;
}): OfferFigures {
  const unit = values.unit_measure ?? '';
  const weight = unit === 'кг' ? 1 : values.unit_weight;
  return {
    kg_price: kgPrice(unit, values.unit_price, weight),
    total_sum: totalSum(values.unit_price, values.unit_amount),
    pack_weight: packWeight(weight, values.units_per_pack),
    packs_amount: packsAmount(values.unit_amount, values.units_per_pack),
  };
}

/** The offer's reserved sum (one truth): the sum of its active reserves' own sums (amount × the purchase
 * price each reserve was made or last re-priced on), not its reserved amount at today's price. The offers list
 * computes the same in SQL (server/sections/offers/list.ts). */
export function reservedSum(reserveSums: readonly Num[]): number {
  return round2(sum(0, ...reserveSums.map((s) => toNumber(s) ?? 0))!);
}

/** Reservation figures of an offer (DESIGN.md "Business rules the server owns"): the reserved sum from its
 * reserves' own sums. */
export function reservationFigures(
  unitAmount: Num,
  unitPrice: Num,
  reserved: Num,
  purchased: Num,
  reserveSums: readonly Num[],
) {
  const amount = toNumber(unitAmount) ?? 0;
  const price = toNumber(unitPrice) ?? 0;
  const reservedAmount = toNumber(reserved) ?? 0;
  const purchasedAmount = toNumber(purchased) ?? 0;
  const available = sum(amount, -reservedAmount, -purchasedAmount)!;
  return {
    reserved_amount: round2(reservedAmount),
    reserved_sum: reservedSum(reserveSums),
    purchased_amount: round2(purchasedAmount),
    available_amount: round2(available),
    available_sum: times(available, price)!,
  };
}

/** The offer's selling band at our warehouse (min_unit_price, max_unit_price): the reserve's cost per unit with
 * the delivery to the warehouse as the delivery cost per kg (warehouse_cost spread over the lot's kilograms),
 * or delivery_cost_default when the offer names none. A lot of a shipment has its landed cost per kg instead (its
 * goods, freight, duty, broker… to our warehouse), which replaces both the kg price and the hand-typed delivery. */
export function offerSellingBand(
  values: {
    unit_measure?: string | null;
    unit_weight?: Num;
    unit_amount?: Num;
    kg_price?: Num;
    warehouse_cost?: Num;
    landed_kg_cost?: Num;
  },
  settings: BusinessSettings,
) {
  const weight = storedUnitWeight(values.unit_measure, values.unit_weight);
  const landed = toNumber(values.landed_kg_cost);
  if (landed !== null && landed > 0) {
    const bounds = sellingBounds(costPerUnit(0, landed, settings.costs_per_kg, weight), settings);
    return { min_unit_price: bounds.min_selling_price, max_unit_price: bounds.max_selling_price };
  }
  const warehouse = toNumber(values.warehouse_cost);
  const lotKg = product(3, weight, values.unit_amount) ?? 0;
  // the delivery spread over the lot's kilograms, to far below a kopeck: the band rounds once, at the end
  const deliveryPerKg =
    warehouse !== null && warehouse > 0 && lotKg > 0 ? ratio(warehouse, lotKg, 10) : settings.delivery_cost_default;
  const bounds = sellingBounds(costPerUnit(deliveryPerKg, values.kg_price, settings.costs_per_kg, weight), settings);
  return { min_unit_price: bounds.min_selling_price, max_unit_price: bounds.max_selling_price };
}
