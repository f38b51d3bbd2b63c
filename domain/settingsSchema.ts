// The business settings as the settings page edits them: labels, limits and the yup schema with its
// Russian messages, shared by the page's form and PUT /api/settings. Kept apart from settings.ts, which the
// reserve card loads, so the card does not carry the editor's texts.
import * as yup from 'yup';
import { toNumber } from './numbers';
import type { BusinessSettingName } from './settings';
import { DELIVERY_COST_MIN } from './reserves/figures';
import { isTimeZone, TIME_ZONE_MSG } from './businessDay';
import { REQUISITE_SETTINGS, REQUISITE_TITLE, requisiteRules } from './companyRequisites';

/** The settings page's labels and hints, a setting each. */
export const SETTING_TITLE: Record<BusinessSettingName, { label: string; hint: string }> = {
  delivery_cost_default: { label: 'Доставка по умолчанию, ₽/кг', hint: 'Когда у городов нет маршрута' },
  local_delivery_cost_default: {
    label: 'Доставка по городу по умолчанию, ₽/кг',
    hint: 'Внутри города погрузки, когда у города не задана своя',
  },
  costs_per_kg: { label: 'Свои расходы, ₽/кг', hint: 'Хранение, обработка, документы' },
  min_markup: { label: 'Минимальная наценка', hint: 'В процентах к себестоимости' },
  max_markup: { label: 'Максимальная наценка', hint: 'В процентах к себестоимости' },
  reserve_hold_days: { label: 'Срок резерва, дней', hint: 'Резерв до = дата создания + столько дней' },
  reserve_unpaid_days: { label: 'Дней резерва без оплаты', hint: 'Срок резерва покупателя на предоплате' },
  min_margin_percent: {
    label: 'Минимальная маржа, %',
    hint: 'Резерв на лот по курсу дня с маржой ниже отмечается как под риском',
  },
  rate_move_threshold_percent: {
    label: 'Порог изменения курса, %',
    hint: 'Резерв отмечается, когда курс сдвинулся больше, чем на столько',
  },
};

/** The margins' check's settings: percents as typed and stored ('5' is 5 %). */
export const PERCENT_SETTINGS: readonly BusinessSettingName[] = ['min_margin_percent', 'rate_move_threshold_percent'];
export const isPercent = (name: BusinessSettingName) => PERCENT_SETTINGS.includes(name);

/** The markups: fractions where they are stored and on the API (the spec's 0.1), percent where a person types them. */
export const MARKUP_SETTINGS: readonly BusinessSettingName[] = ['min_markup', 'max_markup'];
export const isMarkup = (name: BusinessSettingName) => MARKUP_SETTINGS.includes(name);

/** A stored markup as the settings page shows it: '0.1' → '10', '0.125' → '12,5' (a decimal comma, as the lists
 * show numbers). Four decimals of a fraction are two of a percent, so the shift is exact in kopeck-sized steps. */
export function markupPercent(fraction: string): string {
  const value = toNumber(fraction);
  return value === null ? fraction : String(Math.round(value * 1_000_000) / 10_000).replace('.', ',');
}

/** A percent typed on the settings page as the markup stored: '12,5' → '0.125'. Text that is no number stays,
 * for the schema to refuse. */
export function markupFraction(percent: string): string {
  const value = toNumber(percent);
  return value === null ? percent : String(Math.round(value * 100) / 10_000);
}

/** A stored setting as a person reads it in the change log: markups in percent ('0.1' → '10 %'), rubles with a
 * decimal comma ('12.5' → '12,5 ₽/кг'), the hold in days ('5 дн.'), as the settings page shows them. */
export function settingShown(name: BusinessSettingName, stored: string | number): string {
  const text = String(stored);
  if (isMarkup(name)) return `${markupPercent(text)} %`;
  if (name === 'reserve_hold_days' || name === 'reserve_unpaid_days') return `${text} дн.`;
  if (isPercent(name)) return `${text.replace('.', ',')} %`;
  return `${text.replace('.', ',')} ₽/кг`;
}

export const SETTING_LIMITS = { rubles: 100_000, markup: 10, percent: 100 } as const;

export const SETTING_MSG = {
  number: 'Введите число',
  notNegative: 'Значение не может быть отрицательным',
  maxRubles: `Не больше ${SETTING_LIMITS.rubles}`,
  maxMarkup: `Не больше ${SETTING_LIMITS.markup} (${SETTING_LIMITS.markup * 100} %)`,
  maxMarkupPercent: `Не больше ${SETTING_LIMITS.markup * 100} %`,
  markupOrder: 'Максимальная наценка не может быть меньше минимальной',
  decimals: 'Не больше 4 знаков после запятой',
  minDelivery: `Не меньше ${DELIVERY_COST_MIN}`,
  percentDecimals: 'Не больше 2 знаков после запятой',
  holdDays: `Целое число дней от 1 до ${365}`,
  maxPercent: `Не больше ${SETTING_LIMITS.percent} %`,
} as const;

const holdDays = () =>
  yup
    .number()
    .transform((value, original) =>
      typeof original === 'string' ? (original.trim() === '' ? undefined : (toNumber(original) ?? NaN)) : value,
    )
    .typeError(SETTING_MSG.number)
    .required(SETTING_MSG.number)
    .integer(SETTING_MSG.holdDays)
    .min(1, SETTING_MSG.holdDays)
    .max(365, SETTING_MSG.holdDays);

const settingNumber = (max: number, maxMessage: string, places = 4, placesMessage: string = SETTING_MSG.decimals) =>
  yup
    .number()
    // the page's inputs hold text; a decimal comma is a decimal point
    .transform((value, original) =>
      typeof original === 'string' ? (original.trim() === '' ? undefined : (toNumber(original) ?? NaN)) : value,
    )
    .typeError(SETTING_MSG.number)
    .required(SETTING_MSG.number)
    .min(0, SETTING_MSG.notNegative)
    .max(max, maxMessage)
    .test(
      'decimals',
      placesMessage,
      (v) => v === undefined || Math.abs(Math.round(v * 10 ** places) - v * 10 ** places) < 1e-6,
    );

/** A percent of the margins' check: 0 to 100, two decimals; a setting added later, kept when a save does not send it. */
const percentSetting = () =>
  settingNumber(SETTING_LIMITS.percent, SETTING_MSG.maxPercent, 2, SETTING_MSG.percentDecimals).optional();

const markupOrder = (schema: yup.NumberSchema) =>
  schema.test('order', SETTING_MSG.markupOrder, function (v) {
    const min = this.parent.min_markup as number | undefined;
    return v === undefined || min === undefined || !Number.isFinite(min) || v >= min;
  });

/** 'Часовой пояс': an IANA zone name; it decides which day "today" is. */
const timeZone = () =>
  yup
    .string()
    .trim()
    .required(TIME_ZONE_MSG.invalid)
    .test('zone', TIME_ZONE_MSG.invalid, (v) => v === undefined || isTimeZone(v));

/** The business settings as an administrator saves them (PUT /api/settings): markups as fractions. */
export const businessSettingsSchema = yup.object({
  time_zone: timeZone(),
  // the reserve card prefills it as a reserve's delivery cost, which may not be below the spec's minimum
  delivery_cost_default: settingNumber(SETTING_LIMITS.rubles, SETTING_MSG.maxRubles).min(
    DELIVERY_COST_MIN,
    SETTING_MSG.minDelivery,
  ),
  // a setting added later, kept when a save does not send it
  local_delivery_cost_default: settingNumber(SETTING_LIMITS.rubles, SETTING_MSG.maxRubles)
    .min(DELIVERY_COST_MIN, SETTING_MSG.minDelivery)
    .optional(),
  costs_per_kg: settingNumber(SETTING_LIMITS.rubles, SETTING_MSG.maxRubles),
  min_markup: settingNumber(SETTING_LIMITS.markup, SETTING_MSG.maxMarkup),
  max_markup: markupOrder(settingNumber(SETTING_LIMITS.markup, SETTING_MSG.maxMarkup)),
  reserve_hold_days: holdDays(),
  // a setting added later, kept when a save does not send it
  reserve_unpaid_days: holdDays().optional(),
  min_margin_percent: percentSetting(),
  rate_move_threshold_percent: percentSetting(),
});

/** The same settings as the settings page's form holds them: markups in percent, within the same limits (the
 * fraction's 4 decimals are the percent's 2); the page sends them through markupFraction. */
export const businessSettingsFormSchema = yup.object({
  time_zone: timeZone(),
  delivery_cost_default: settingNumber(SETTING_LIMITS.rubles, SETTING_MSG.maxRubles).min(
    DELIVERY_COST_MIN,
    SETTING_MSG.minDelivery,
  ),
  // a setting added later, kept when a save does not send it
  local_delivery_cost_default: settingNumber(SETTING_LIMITS.rubles, SETTING_MSG.maxRubles)
    .min(DELIVERY_COST_MIN, SETTING_MSG.minDelivery)
    .optional(),
  costs_per_kg: settingNumber(SETTING_LIMITS.rubles, SETTING_MSG.maxRubles),
  min_markup: settingNumber(SETTING_LIMITS.markup * 100, SETTING_MSG.maxMarkupPercent, 2, SETTING_MSG.percentDecimals),
  max_markup: markupOrder(
    settingNumber(SETTING_LIMITS.markup * 100, SETTING_MSG.maxMarkupPercent, 2, SETTING_MSG.percentDecimals),
  ),
  reserve_hold_days: holdDays(),
  // a setting added later, kept when a save does not send it
  reserve_unpaid_days: holdDays().optional(),
  min_margin_percent: percentSetting(),
  rate_move_threshold_percent: percentSetting(),
});

/** The trader's name and phone: the text of a quote, its PDF and the buyer's pages sign with them; the seller's
 * requisites the invoice and the УПД print. */
export const COMPANY_SETTINGS = ['company_name', 'company_phone', ...REQUISITE_SETTINGS] as const;
export type CompanySettingName = (typeof COMPANY_SETTINGS)[number];
export const isCompanySetting = (name: string): name is CompanySettingName =>
  (COMPANY_SETTINGS as readonly string[]).includes(name);

export const COMPANY_TITLE: Record<CompanySettingName, { label: string; hint: string }> = {
  company_name: { label: 'Название компании', hint: 'В тексте предложения, прайс-листе и PDF для покупателя' },
  company_phone: { label: 'Телефон компании', hint: 'В тексте предложения и PDF для покупателя' },
  ...REQUISITE_TITLE,
};

export const COMPANY_MSG = {
  name: 'Название компании: не длиннее 200 символов',
  phone: 'Телефон компании: цифры, пробелы, «+», скобки и дефис, не длиннее 30 символов',
} as const;

/** The company's settings as the page and PUT /api/settings check them; empty is allowed (the name falls back to
 * the product's, the phone is left out). */
export const companySettingsSchema = yup.object({
  company_name: yup.string().typeError(COMPANY_MSG.name).trim().max(200, COMPANY_MSG.name),
  company_phone: yup
    .string()
    .typeError(COMPANY_MSG.phone)
    .trim()
    .max(30, COMPANY_MSG.phone)
    .matches(/^[+\d\s()-]*$/, COMPANY_MSG.phone),
  ...requisiteRules(),
});
