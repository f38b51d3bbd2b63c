// The city card (spec point 2 "Create city", point 3 "City delivery row"): its name, and the delivery from it
// to every other city, cost (₽ per kg) and days. The card validates with it and the server applies it again.
import * as yup from 'yup';
import { cardNameSchema, formNumber } from '../schemas/card';
import { resourceSchema } from '../schemas/resourceSchema';
import { visibilityOf } from '../fields';
import { citiesResource } from './resource';
import { toNumber } from '../numbers';
import { editableNumber } from '../format';
import { DELIVERY_COST_MIN } from '../reserves/figures';

export type { DeliveryRow } from '../answers/records';

export const CITY_MSG = {
  duplicate: 'Город с таким названием уже есть',
  conflictText: 'Город',
  cost: `Стоимость доставки не может быть меньше ${DELIVERY_COST_MIN}`,
  days: 'Срок доставки: целое число дней, не меньше 0',
  number: 'Введите число',
  city: 'Выберите город',
  matrixHidden: 'Доставка между городами недоступна для вашей роли: по ней виден город погрузки предложений',
} as const;

/** One row of the delivery table as the card sends it: the destination and its cost and days. */
export interface DeliveryRowInput {
  to_id: number | string;
  cost: number | string | null;
  days: number | string | null;
}

export const deliveryRowSchema = yup.object({
  to_id: yup
    .number()
    .transform((_v, o) => (o === '' || o === null ? undefined : Number(o)))
    .typeError(CITY_MSG.city)
    .integer(CITY_MSG.city)
    .positive(CITY_MSG.city)
    .required(CITY_MSG.city),
  // an empty cost or days is "not known yet": stored as 0, shown empty. A known cost is at least the reserve's
  // minimum, which the reserve card prefills it into
  cost: formNumber(CITY_MSG.number)
    .nullable()
    .optional()
    .test('min', CITY_MSG.cost, (v) => v === null || v === undefined || v === 0 || v >= DELIVERY_COST_MIN),
  days: formNumber(CITY_MSG.days).integer(CITY_MSG.days).min(0, CITY_MSG.days).nullable().optional(),
});

/** At most this many rows in one request: every city of the matrix, with room to spare. */
export const DELIVERY_ROWS_MAX = 2000;

// The rows are checked one by one with deliveryRowSchema rather than with yup's array schema: the sign-in page
// shares yup with the cards, and the array schema would add to its budget for no gain.
export const citySchema = (hidden: ReadonlySet<string> = new Set()) =>
  resourceSchema(citiesResource, { name: cardNameSchema }, hidden);

/** What a city card sends, besides comments and its delivery rows. */
export const CITY_FORM_FIELDS = citiesResource.formFields.map((f) => f.key);

/** The field whose hiding by role also hides a form field. */
export const CITY_FIELD_VISIBILITY: Record<string, string> = visibilityOf(citiesResource.formFields);

/** The table shows a cost or days of 0 or less as empty (spec point 2); anything else as typed, never rewritten
 * mid-typing ('12,' stays '12,'); a stored number with the Russian comma ('12.50' → '12,5'). */
export const deliveryShown = (value: number | string | null | undefined): string => {
  if (value === null || value === undefined) return '';
  const n = toNumber(value);
  if (n !== null && n <= 0) return '';
  return typeof value === 'number' ? editableNumber(value) : value;
};

/** A row that says nothing (no cost and no days) is not stored: the route stays "unknown". */
export const isEmptyDelivery = (row: { cost: unknown; days: unknown }) =>
  (toNumber((row.cost ?? null) as string) ?? 0) <= 0 && (toNumber((row.days ?? null) as string) ?? 0) <= 0;
