// The offer's rules (spec point 5 "Offer create" and "Offer derived values"). The create/edit card shows
// these numbers as the user types and the server recomputes and stores the same ones on every write.
import * as yup from 'yup';
import { MSG } from './messages';

export const UNIT_MEASURES = [
  { value: 'шт', label: 'Штуки' },
  { value: 'кг', label: 'Килограммы' },
] as const;
export type UnitMeasure = (typeof UNIT_MEASURES)[number]['value'];

export const OFFER_STATUS_TITLES = { active: 'Активный', completed: 'Выполнен', deleted: 'Удален' } as const;

type Num = number | string | null | undefined;

/** A finite number or null: form inputs hold strings, the database numeric strings. */
export function toNumber(value: Num): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.').replace(/\s/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** Rounds half away from zero to 2 decimals, avoiding 1.005 → 1.00 float drift. */
export function round2(n: number): number {
  return Math.sign(n) * Math.round((Math.abs(n) + Number.EPSILON) * 100) / 100;
}

/** Money and amounts travel as strings with 2 decimals (DESIGN.md). */
export function money(n: number | null): string | null {
  return n === null ? null : round2(n).toFixed(2);
}

/** unit_measure switched: 'шт' clears unit_weight (the user must give it), 'кг' sets it to 1. */
export function unitWeightFor(unit: string): string {
  return unit === 'кг' ? '1' : '';
}

/** kg_price = unit_price for 'кг'; for 'шт' unit_price / unit_weight, empty when zero, infinite or invalid. */
export function kgPrice(unit: string, unitPrice: Num, unitWeight: Num): number | null {
  const price = toNumber(unitPrice);
  if (price === null) return null;
  if (unit === 'кг') return round2(price);
  if (unit !== 'шт') return null;
  const weight = toNumber(unitWeight);
  if (weight === null) return null;
  const result = price / weight;
  return Number.isFinite(result) && result !== 0 ? round2(result) : null;
}

/** total_sum = unit_price × unit_amount. */
export function totalSum(unitPrice: Num, unitAmount: Num): number | null {
  const price = toNumber(unitPrice);
  const amount = toNumber(unitAmount);
  return price === null || amount === null ? null : round2(price * amount);
}

/** pack_weight = unit_weight × units_per_pack, empty when not positive. */
export function packWeight(unitWeight: Num, unitsPerPack: Num): number | null {
  const weight = toNumber(unitWeight);
  const units = toNumber(unitsPerPack);
  if (weight === null || units === null) return null;
  const result = weight * units;
  return result > 0 ? round2(result) : null;
}

/** packs_amount = unit_amount / units_per_pack. */
export function packsAmount(unitAmount: Num, unitsPerPack: Num): number | null {
  const amount = toNumber(unitAmount);
  const units = toNumber(unitsPerPack);
  if (amount === null || units === null || units === 0) return null;
  const result = amount / units;
  return Number.isFinite(result) ? round2(result) : null;
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

/** Reservation figures of an offer (DESIGN.md "Business rules the server owns"). */
export function reservationFigures(unitAmount: Num, unitPrice: Num, reserved: Num, purchased: Num) {
  const amount = toNumber(unitAmount) ?? 0;
  const price = toNumber(unitPrice) ?? 0;
  const reservedAmount = toNumber(reserved) ?? 0;
  const purchasedAmount = toNumber(purchased) ?? 0;
  const available = amount - reservedAmount - purchasedAmount;
  return {
    reserved_amount: round2(reservedAmount),
    reserved_sum: round2(reservedAmount * price),
    purchased_amount: round2(purchasedAmount),
    available_amount: round2(available),
    available_sum: round2(available * price),
  };
}

export const OFFER_MSG = {
  product: 'Выберите товар',
  unitMeasure: 'Выберите единицу измерения',
  min001: 'Минимум 0.01',
  min1: 'Минимум 1',
  unitWeightRequired: 'Укажите вес одной единицы в кг',
  unitWeightPositive: 'Вес должен быть больше 0',
  unitsPerPack: 'Укажите количество',
  min4: 'Минимум 4 символа',
  packing: 'Выберите тип упаковки',
  supplier: 'Выберите поставщика',
  city: 'Выберите город погрузки',
  min5: 'Минимум 5 символов',
  number: 'Введите число',
} as const;

const number = () =>
  yup
    .number()
    .transform((value, original) => (original === '' || original === null ? undefined : toNumber(original) ?? NaN))
    .typeError(OFFER_MSG.number);
const id = (message: string) =>
  yup
    .number()
    .transform((value, original) => (original === '' || original === null ? undefined : Number(original)))
    .typeError(message)
    .required(message);

/**
 * The offer form. `hidden` holds the fields the caller's role may not see (spec point 6): those are not asked
 * for (the supplier selector, for one, appears only when the role may see the supplier field).
 */
export function offerSchema(hidden: ReadonlySet<string> = new Set()) {
  const shape: Record<string, yup.AnySchema> = {
    product_id: id(OFFER_MSG.product),
    unit_measure: yup.string().required(OFFER_MSG.unitMeasure).oneOf(['шт', 'кг'], OFFER_MSG.unitMeasure),
    unit_price: number().required(MSG.required).min(0.01, OFFER_MSG.min001),
    unit_amount: number().required(MSG.required).min(1, OFFER_MSG.min1),
    unit_weight: number().when('unit_measure', {
      is: 'шт',
      then: (s) => s.required(OFFER_MSG.unitWeightRequired).moreThan(0, OFFER_MSG.unitWeightPositive),
      otherwise: (s) => s.nullable().optional(),
    }),
    units_per_pack: number().required(OFFER_MSG.unitsPerPack).min(1, OFFER_MSG.min1),
    harvest_year: yup.string().trim().required(MSG.required).min(4, OFFER_MSG.min4),
    origin_country: yup.string().trim().required(MSG.required).min(2, MSG.min2),
    packing_id: id(OFFER_MSG.packing),
    variety_id: yup
      .number()
      .transform((value, original) => (original === '' || original === null ? undefined : Number(original)))
      .nullable()
      .optional(),
    warehouse_cost: number().nullable().optional().min(0, 'Минимум 0'),
  };
  if (!hidden.has('supplier') && !hidden.has('supplier_id')) shape.supplier_id = id(OFFER_MSG.supplier);
  if (!hidden.has('city') && !hidden.has('city_id')) shape.city_id = id(OFFER_MSG.city);
  if (!hidden.has('loading_address')) {
    shape.loading_address = yup.string().trim().required(MSG.required).min(5, OFFER_MSG.min5);
  }
  return yup.object(shape);
}

export const OFFER_WRITE_MSG = {
  duplicate: 'Такое предложение уже есть: тот же поставщик, товар, сорт, упаковка, год урожая и город',
  belowReserved: (n: string) => `Количество не может быть меньше зарезервированного и выкупленного: ${n}`,
  hiddenField: (field: string) => `Поле «${field}» недоступно для вашей роли`,
  badStatus: 'Статус может быть только «Активный» или «Выполнен»',
} as const;

/** Fields an offer form sends (spec point 3 "Offer create form fields"), besides comments and files. */
export const OFFER_FORM_FIELDS = [
  'product_id', 'variety_id', 'packing_id', 'city_id', 'supplier_id', 'harvest_year', 'origin_country', 'unit_measure',
  'unit_weight', 'units_per_pack', 'unit_amount', 'unit_price', 'warehouse_cost', 'loading_address',
] as const;

/** The field whose hiding by role also hides a form field (spec point 6 names the reference, the form its id). */
export const OFFER_FIELD_VISIBILITY: Record<string, string> = {
  product_id: 'product',
  variety_id: 'variety',
  packing_id: 'packaging',
  city_id: 'city',
  supplier_id: 'supplier',
};
