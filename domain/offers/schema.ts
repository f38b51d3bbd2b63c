// The offer form (spec point 5 "Offer create"): the card validates with it, the server applies it again.
import * as yup from 'yup';
import { MSG } from '../messages';
import { formatNumber } from '../format';

/** The largest sum a numeric(14, 2) column holds. */
export const SUM_MAX = 999_999_999_999.99;
import { STORED_DECIMALS, decimalsMessage, fitsDecimals, product, round3, toNumber } from '../numbers';
import { isFieldVisible, type Permissions } from '../permissions';
import { visibilityOf } from '../fields';
import { OFFER_FIELDS, offersResource, type OfferFieldKey } from './resource';
import { plainTextRule } from '../schemas/plainText';
import { WHOLE_MSG, isWholeFor } from './figures';
import { LOGISTICS_MSG, LOGISTICS_VALUES, ON_STOCK } from './logistics';
import { isCalendarDate } from '../businessDay';
import { harvestYearMessage, isHarvestYear } from './harvestYear';
import { PURCHASE_CONTEXT, isForeign, purchaseRules } from './purchase';

/** Above any real quantity, price or weight, and well inside the numeric(14, 2|3) columns that store them. */
export const OFFER_MAX_NUMBER = 1_000_000_000;

export const OFFER_MSG = {
  declaration: 'Номер декларации на товары: не длиннее 29 символов',
  product: 'Выберите товар',
  unitMeasure: 'Выберите единицу измерения',
  min001: 'Минимум 0,01',
  min1: 'Минимум 1',
  unitWeightRequired: 'Укажите вес одной единицы в кг',
  unitWeightPositive: 'Вес должен быть больше 0',
  unitsPerPack: 'Укажите количество',
  packing: 'Выберите тип упаковки',
  supplier: 'Выберите поставщика',
  city: 'Выберите город погрузки',
  number: 'Введите число',
  whole: WHOLE_MSG,
  weightDecimals: decimalsMessage(3),
  decimals: decimalsMessage(STORED_DECIMALS),
  /** The largest number a field takes, as the cards print numbers ('Максимум 1 000 000 000'). */
  max: `Максимум ${formatNumber(OFFER_MAX_NUMBER)}`,
  /** A price and an amount each within bounds whose product the offer's sum cannot hold: said with the field. */
  sumTooLarge: `Слишком большое число: «Сумма» (цена за единицу × количество) — максимум ${formatNumber(SUM_MAX)}`,
} as const;

/** Digits after the point a unit weight keeps: kg to the gram, as the numeric(14, 3) column stores it. */
export const UNIT_WEIGHT_DECIMALS = 3;

const number = () =>
  yup
    .number()
    .transform((value, original) => (original === '' || original === null ? undefined : (toNumber(original) ?? NaN)))
    .typeError(OFFER_MSG.number)
    .max(OFFER_MAX_NUMBER, OFFER_MSG.max);
/** A price or an amount: stored to the kopeck, so a 3rd decimal is refused rather than rounded away. */
const stored = () => number().test('decimals', OFFER_MSG.decimals, (v) => fitsDecimals(v, STORED_DECIMALS));
/** A count of the offer's units: whole when they are pieces ('шт'). */
const wholeForPieces = (schema: yup.NumberSchema<number | undefined>) =>
  schema.test('whole', OFFER_MSG.whole, function whole(value) {
    return isWholeFor(this.parent?.unit_measure as string | undefined, value);
  });
const id = (message: string) =>
  yup
    .number()
    .transform((value, original) => (original === '' || original === null ? undefined : Number(original)))
    .typeError(message)
    .required(message);

/**
 * The offer form. `today` is the business day (YYYY-MM-DD, domain/businessDay.ts) the harvest year is judged on (up
 * to next year); `hidden` holds the fields the caller's role may not see (spec point 6): those are not asked
 * for (the supplier selector, for one, appears only when the role may see the supplier field). `keptYear` is an
 * edited offer's stored harvest year: kept as it is while unchanged, even one saved before the rule ('Pwe8281').
 */
export function offerSchema(today: string, hidden: ReadonlySet<string> = new Set(), keptYear?: string | null) {
  const kept = keptYear?.trim() || null;
  const shape: Record<string, yup.AnySchema> = {
    product_id: id(OFFER_MSG.product),
    unit_measure: yup.string().required(OFFER_MSG.unitMeasure).oneOf(['шт', 'кг'], OFFER_MSG.unitMeasure),
    // a lot bought in a currency is priced by the server (its currency price × the rate): nothing is asked here
    unit_price: stored()
      .min(0.01, OFFER_MSG.min001)
      .when('purchase_currency', {
        is: isForeign,
        then: (s) => s.transform(() => undefined).optional(),
        otherwise: (s) => s.required(MSG.required),
      }),
    unit_amount: wholeForPieces(stored().required(MSG.required).min(1, OFFER_MSG.min1)).test(
      'sum',
      OFFER_MSG.sumTooLarge,
      function fits(value) {
        const price = toNumber(this.parent?.unit_price as string | number | undefined);
        // a number beyond its own bound is said by its own message
        if (value === undefined || price === null || value > OFFER_MAX_NUMBER || price > OFFER_MAX_NUMBER) return true;
        const sum = product(2, value, price);
        return sum === null || sum <= SUM_MAX;
      },
    ),
    unit_weight: number().when('unit_measure', {
      is: 'шт',
      // a weight is stored to the gram: one that rounds to 0 g weighs nothing, one with more digits is refused
      // rather than stored as another weight than the kg price was computed from
      then: (s) =>
        s
          .required(OFFER_MSG.unitWeightRequired)
          .test('positive', OFFER_MSG.unitWeightPositive, (v) => v === undefined || round3(v) > 0)
          .test(
            'decimals',
            OFFER_MSG.weightDecimals,
            (v) => v === undefined || round3(v) <= 0 || fitsDecimals(v, UNIT_WEIGHT_DECIMALS),
          ),
      otherwise: (s) => s.nullable().optional(),
    }),
    units_per_pack: wholeForPieces(stored().required(OFFER_MSG.unitsPerPack).min(1, OFFER_MSG.min1)),
    // 'Минимум 4 символа' first, as before the rule; then a year or a season
    harvest_year: plainTextRule(HARVEST_YEAR).test(
      'harvest-year',
      harvestYearMessage(today),
      (v) => !v || v.length < HARVEST_YEAR.minLength! || v === kept || isHarvestYear(v, today),
    ),
    packing_id: id(OFFER_MSG.packing),
    variety_id: yup
      .number()
      .transform((value, original) => (original === '' || original === null ? undefined : Number(original)))
      .nullable()
      .optional(),
    warehouse_cost: stored().nullable().optional().min(0, 'Минимум 0'),
    // not given: on stock, as every offer made before lots could be on their way
    logistics_state: yup
      .string()
      .transform((v) => (v === '' || v === null ? undefined : v))
      .default(ON_STOCK)
      .oneOf(LOGISTICS_VALUES, LOGISTICS_MSG.state),
    // a lot on its way says when it is expected; one on stock keeps none
    expected_arrival: yup
      .string()
      .nullable()
      .transform((v) => (v === '' ? null : v))
      .when('logistics_state', {
        is: ON_STOCK,
        then: (s) => s.transform(() => null),
        otherwise: (s) =>
          s
            .required(LOGISTICS_MSG.arrivalRequired)
            .test('date', LOGISTICS_MSG.arrivalDate, (v) => !v || isCalendarDate(v.slice(0, 10))),
      }),
    // an imported lot's declaration (ДТ), as the УПД's НомерДТ takes it (at most 29 characters); none is null
    customs_declaration: yup
      .string()
      .nullable()
      .transform((v) => (typeof v === 'string' && !v.trim() ? null : v))
      .trim()
      .max(29, OFFER_MSG.declaration),
    // bought in a currency: its price and how the ruble price follows the rate
    ...purchaseRules(),
  };
  if (!hidden.has('supplier') && !hidden.has('supplier_id')) shape.supplier_id = id(OFFER_MSG.supplier);
  if (!hidden.has('city') && !hidden.has('city_id')) shape.city_id = id(OFFER_MSG.city);
  return yup.object(withPlainTexts(shape, hidden));
}

const HARVEST_YEAR = offersResource.field('harvest_year');

/**
 * The form's rules with its plain text fields' (those with no rule of the schema's own: required, a shortest length,
 * as declared in the resource), each asked only when the role sees it, in the order yup has always checked them (the
 * order of a 400's messages and of an import row's problems): one some role does not see by default after all
 * the others, as the supplier and the loading city; another right after the form's field before it.
 */
function withPlainTexts(
  own: Record<string, yup.AnySchema>,
  hidden: ReadonlySet<string>,
): Record<string, yup.AnySchema> {
  const plain = OFFER_FIELDS.filter((f) => f.kind === 'text' && !(f.key in own) && !hidden.has(f.key));
  const shape: Record<string, yup.AnySchema> = {};
  const put = (key: string, rule: yup.AnySchema) => {
    shape[key] = rule;
    // the plain fields the form has right after it
    for (const next of plain) {
      if (!(next.key in shape) && !offersResource.field(next.key).hiddenFrom && formBefore(next.key) === key)
        put(next.key, plainTextRule(offersResource.field(next.key)));
    }
  };
  for (const [key, rule] of Object.entries(own)) put(key, rule);
  for (const f of plain) if (!(f.key in shape)) shape[f.key] = plainTextRule(offersResource.field(f.key));
  return shape;
}

/** The form field before one, in the form's order. */
const formBefore = (key: string) => OFFER_FIELDS[OFFER_FIELDS.findIndex((f) => f.key === key) - 1]?.key;

/** The fields the offer form's other fields read (unit_weight's `when` and the whole-pieces test read the unit,
 * expected_arrival's `when` the lot's way, the purchase's rules its currency and rate policy): a form is checked field by field with them (domain/schemas/fieldwise.ts). */
export const OFFER_SCHEMA_CONTEXT = ['unit_measure', 'logistics_state', ...PURCHASE_CONTEXT] as const;

/** What makes two active offers the same (server/sections/offers/record.ts findDuplicate), as the message names it. */
const DUPLICATE_KEY: [field: string, name: string][] = [
  ['supplier', 'поставщик'],
  ['product', 'товар'],
  ['variety', 'сорт'],
  ['packaging', 'упаковка'],
  ['harvest_year', 'год урожая'],
  ['city', 'город'],
];

export const OFFER_WRITE_MSG = {
  /** Names only what the reader may see: roles 1 and 8 do not learn that the other offer has the same supplier or city. */
  duplicate: (perms: Permissions | null | undefined) => {
    const same = DUPLICATE_KEY.filter(([field]) => isFieldVisible(perms, 'offers', field)).map(([, name]) => name);
    const list = same.length > 1 ? `${same.slice(0, -1).join(', ')} и ${same.at(-1)}` : same.join('');
    return `Такое предложение уже есть: тот же ${list}`;
  },
  belowReserved: (n: string) => `Количество не может быть меньше зарезервированного и выкупленного: ${n}`,
  hiddenField: (field: string) => `Поле «${field}» недоступно для вашей роли`,
  badStatus: 'Статус может быть только «Активный» или «Выполнен»',
  /** The reserves and purchases count in the offer's unit; a new unit or unit weight would re-count them. */
  unitFixed: (count: number) =>
    `Нельзя изменить единицу измерения или вес единицы: резервов и покупок по предложению — ${count}`,
} as const;

/** Whether a change moves the offer's unit or unit weight (what its reserved and purchased amounts count in). */
export function unitMoved(
  stored: { unit_measure?: unknown; unit_weight?: unknown },
  next: { unit_measure?: unknown; unit_weight?: unknown },
): boolean {
  const weight = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  return (
    String(stored.unit_measure ?? '') !== String(next.unit_measure ?? '') ||
    weight(stored.unit_weight) !== weight(next.unit_weight)
  );
}

/** Fields an offer form sends (spec point 3 "Offer create form fields"), besides comments and files. */
export const OFFER_FORM_FIELDS: readonly OfferFieldKey[] = OFFER_FIELDS.map((f) => f.key);

/** The field whose hiding by role also hides a form field (spec point 6 names the reference, the form its id). */
export const OFFER_FIELD_VISIBILITY: Record<string, string> = visibilityOf(OFFER_FIELDS);

/** The form fields the caller's role may not see or write (each with the field its hiding goes by). The card
 * leaves them out and the server refuses them: one computation for both. */
export function hiddenOfferFormFields(perms: Permissions | null | undefined): Set<string> {
  const hidden = new Set<string>();
  for (const field of [...OFFER_FORM_FIELDS, 'status']) {
    const visibleAs = OFFER_FIELD_VISIBILITY[field] ?? field;
    if (!isFieldVisible(perms, 'offers', visibleAs)) {
      hidden.add(field);
      hidden.add(visibleAs);
    }
  }
  return hidden;
}
