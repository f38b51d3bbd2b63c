// A lot bought in a currency: the supplier's price per unit in it, and how the lot's ruble price (unit_price) follows
// the rate. 'daily': the Central Bank's rate in force on each business day (the last published on a weekend), until
// paid; 'fixed': a prepayment's or a contract's rate of a day. The ruble price is the currency price × the rate, half
// up to the kopeck (domain/currency/rubles.ts), the same on the card, the server and the re-pricing job.
import * as yup from 'yup';
import { CURRENCIES, formatRate, toRubles } from '../currency';
import { formatDate, formatFigure } from '../format';
import { decimalPlaces, fitsDecimals, toNumber } from '../numbers';
import { isCalendarDate } from '../businessDay';

/** The ledger's own money: a lot bought in rubles has no currency price and no rate. */
export const RUBLE = 'RUB';

export const RATE_POLICIES = [
  { value: 'daily', title: 'По курсу ЦБ на день' },
  { value: 'fixed', title: 'Фиксированный курс' },
] as const;
export type RatePolicy = (typeof RATE_POLICIES)[number]['value'];
export const RATE_POLICY_VALUES: readonly string[] = RATE_POLICIES.map((p) => p.value);
export const RATE_POLICY_TITLES: Record<string, string> = Object.fromEntries(
  RATE_POLICIES.map((p) => [p.value, p.title]),
);

/** The offer's fields of the purchase in a currency, typed and computed: hidden wherever its price is. */
export const PURCHASE_FIELDS = [
  'purchase_currency',
  'purchase_price',
  'rate_policy',
  'fixed_rate',
  'fixed_rate_date',
  'purchase_rate',
  'purchase_rate_date',
] as const;

/** The card's words for a lot bought in a currency. */
export const PURCHASE_TEXTS = {
  /** Under the ruble price, which the server computes. */
  priced: 'Цена в валюте × курс, считается при сохранении',
  /** The computed block's line: both figures and the rate with its day. */
  purchase: 'Закупка в валюте',
} as const;

/** The digits a rate keeps after the point (the currency_rates' and the offers' numeric(20, 10)). */
export const RATE_DECIMALS = 10;
/** Above any real rubles per unit, well inside numeric(20, 10). */
export const RATE_MAX = 1_000_000;

export const PURCHASE_MSG = {
  currency: `Валюта закупки: одна из ${CURRENCIES.join(', ')}`,
  price: 'Укажите цену закупки в валюте',
  pricePositive: 'Цена закупки: минимум 0,01',
  priceMax: 'Цена закупки: максимум 1 000 000 000',
  priceDecimals: 'Цена закупки: не больше 2 знаков после запятой',
  number: 'Введите число',
  policy: 'Курс: по курсу ЦБ на день или фиксированный',
  fixedRate: 'Укажите фиксированный курс',
  fixedRateBad: `Фиксированный курс: положительное число до 1 000 000, не больше ${RATE_DECIMALS} знаков после запятой`,
  fixedRateDate: 'Укажите дату фиксированного курса',
  fixedRateDateBad: 'Дата фиксированного курса: дд.мм.гггг',
  /** A currency price so small that its rubles round to nothing. */
  rublesTooSmall: (rubles: string) =>
    `Цена в рублях по курсу — ${rubles.replace('.', ',')} ₽, меньше 0,01 ₽: укажите цену закупки в валюте больше`,
  /** No rate of the Bank is stored for the currency on or before the day. */
  noRate: (code: string, day: string) =>
    `Нет курса ЦБ для ${code} на ${formatDate(day)}: загрузите курсы ЦБ или введите курс вручную`,
} as const;

const blank = (v: unknown) => v === undefined || v === null || v === '';
export const isForeign = (currency: unknown) => typeof currency === 'string' && currency !== '' && currency !== RUBLE;

/** A rate as typed ('90,1234'): its text with a point, kept exact (never a float). */
export function rateText(value: unknown): string | null {
  if (blank(value)) return null;
  const text = String(value).trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d+)?$/.test(text)) return null;
  const n = Number(text);
  if (!(n > 0) || n > RATE_MAX || decimalPlaces(text) > RATE_DECIMALS) return null;
  return text;
}

/** The form's rules of the purchase in a currency: the currency (RUB when none), then for a foreign one its price
 * and policy ('daily' when none), and for a fixed rate the rate and its day; a ruble lot keeps none of these. */
export function purchaseRules(): Record<string, yup.AnySchema> {
  const emptyToNull = (v: unknown) => (blank(v) ? null : v);
  return {
    purchase_currency: yup
      .string()
      .transform((v) => (blank(v) ? undefined : String(v).trim().toUpperCase()))
      .default(RUBLE)
      .oneOf(CURRENCIES, PURCHASE_MSG.currency),
    purchase_price: yup
      .mixed()
      .transform(emptyToNull)
      .when('purchase_currency', {
        is: isForeign,
        then: () =>
          yup
            .number()
            .transform((value, original) => (blank(original) ? undefined : (toNumber(original) ?? NaN)))
            .typeError(PURCHASE_MSG.number)
            .required(PURCHASE_MSG.price)
            .min(0.01, PURCHASE_MSG.pricePositive)
            .max(1_000_000_000, PURCHASE_MSG.priceMax)
            .test('decimals', PURCHASE_MSG.priceDecimals, (v) => fitsDecimals(v, 2)),
        otherwise: (s) => s.transform(() => null).nullable(),
      }),
    rate_policy: yup.mixed().when('purchase_currency', {
      is: isForeign,
      then: () =>
        yup
          .string()
          .transform((v) => (blank(v) ? undefined : v))
          .default('daily')
          .oneOf(RATE_POLICY_VALUES, PURCHASE_MSG.policy),
      otherwise: (s) => s.transform(() => null).nullable(),
    }),
    fixed_rate: yup.mixed().when(['purchase_currency', 'rate_policy'], ([currency, policy], s) =>
      isForeign(currency) && policy === 'fixed'
        ? yup
            .string()
            .transform((v) => (blank(v) ? undefined : String(v)))
            .required(PURCHASE_MSG.fixedRate)
            .test('rate', PURCHASE_MSG.fixedRateBad, (v) => v === undefined || rateText(v) !== null)
            .transform((v) => rateText(v) ?? v)
        : s.transform(() => null).nullable(),
    ),
    fixed_rate_date: yup.mixed().when(['purchase_currency', 'rate_policy'], ([currency, policy], s) =>
      isForeign(currency) && policy === 'fixed'
        ? yup
            .string()
            .transform((v) => (blank(v) ? undefined : String(v).slice(0, 10)))
            .required(PURCHASE_MSG.fixedRateDate)
            .test('date', PURCHASE_MSG.fixedRateDateBad, (v) => v === undefined || isCalendarDate(v))
        : s.transform(() => null).nullable(),
    ),
  };
}

/** The fields the purchase's rules read besides their own (the form is checked field by field with them). */
export const PURCHASE_CONTEXT = ['purchase_currency', 'rate_policy'] as const;

/** A lot's ruble price per unit: its currency price × the rate, half up to the kopeck ('9.00' × '90.1234' →
 * '811.11'). */
export const rublePrice = (purchasePrice: string, unitRate: string): string => toRubles(purchasePrice, unitRate);

/** The purchase as the card and the history show it beside the ruble price: '9,00 USD × 90,1234 (ЦБ на
 * 05.12.2026)', or '… (фиксированный на 01.12.2026)'; empty for a ruble lot or one not priced yet. */
export function purchaseText(offer: {
  purchase_currency?: string | null;
  purchase_price?: string | null;
  rate_policy?: string | null;
  purchase_rate?: string | null;
  purchase_rate_date?: string | null;
}): string {
  const { purchase_currency: code, purchase_price: price, purchase_rate: rate } = offer;
  if (!isForeign(code) || blank(price) || blank(rate)) return '';
  const source = offer.rate_policy === 'fixed' ? 'фиксированный' : 'ЦБ';
  const day = offer.purchase_rate_date ? ` на ${formatDate(String(offer.purchase_rate_date).slice(0, 10))}` : '';
  return `${formatFigure(price)} ${code} × ${formatRate(rate)} (${source}${day})`;
}

/** A rate policy as a file may write it: its title or its value, any case. */
export const ratePolicyOf = (cell: string): string => {
  const text = cell.trim().toLocaleLowerCase('ru').replace(/ё/g, 'е');
  return (
    RATE_POLICIES.find((p) => p.value === text || p.title.toLocaleLowerCase('ru').replace(/ё/g, 'е') === text)?.value ??
    cell
  );
};
