// The business settings as the settings page edits them (issue 11): labels, limits and the yup schema with its
// Russian messages, shared by the page's form and PUT /api/settings. Kept apart from settings.ts, which the
// reserve card loads, so the card does not carry the editor's texts.
import * as yup from 'yup';
import { toNumber } from './numbers';
import type { BusinessSettingName } from './settings';
import { DELIVERY_COST_MIN } from './reserves/figures';

/** The settings page's labels and hints, a setting each. */
export const SETTING_TITLE: Record<BusinessSettingName, { label: string; hint: string }> = {
  delivery_cost_default: { label: 'Доставка по умолчанию, ₽/кг', hint: 'когда у городов нет маршрута' },
  costs_per_kg: { label: 'Свои расходы, ₽/кг', hint: 'хранение, обработка, документы' },
  min_markup: { label: 'Минимальная наценка', hint: 'доля: 0.1 — это 10 %' },
  max_markup: { label: 'Максимальная наценка', hint: 'доля: 0.35 — это 35 %' },
};

export const SETTING_LIMITS = { rubles: 100_000, markup: 10 } as const;

export const SETTING_MSG = {
  number: 'Введите число',
  notNegative: 'Значение не может быть отрицательным',
  maxRubles: `Не больше ${SETTING_LIMITS.rubles}`,
  maxMarkup: `Не больше ${SETTING_LIMITS.markup} (${SETTING_LIMITS.markup * 100} %)`,
  markupOrder: 'Максимальная наценка не может быть меньше минимальной',
  decimals: 'Не больше 4 знаков после запятой',
  minDelivery: `Не меньше ${DELIVERY_COST_MIN}`,
} as const;

const settingNumber = (max: number, maxMessage: string) =>
  yup
    .number()
    // the page's inputs hold text; a decimal comma is a decimal point
    .transform((value, original) => (typeof original === 'string' ? (original.trim() === '' ? undefined : toNumber(original) ?? NaN) : value))
    .typeError(SETTING_MSG.number)
    .required(SETTING_MSG.number)
    .min(0, SETTING_MSG.notNegative)
    .max(max, maxMessage)
    .test('decimals', SETTING_MSG.decimals, (v) => v === undefined || Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6);

/** The four business settings as an administrator saves them (the settings page and PUT /api/settings). */
export const businessSettingsSchema = yup.object({
  // the reserve card prefills it as a reserve's delivery cost, which may not be below the spec's minimum
  delivery_cost_default: settingNumber(SETTING_LIMITS.rubles, SETTING_MSG.maxRubles).min(DELIVERY_COST_MIN, SETTING_MSG.minDelivery),
  costs_per_kg: settingNumber(SETTING_LIMITS.rubles, SETTING_MSG.maxRubles),
  min_markup: settingNumber(SETTING_LIMITS.markup, SETTING_MSG.maxMarkup),
  max_markup: settingNumber(SETTING_LIMITS.markup, SETTING_MSG.maxMarkup)
    .test('order', SETTING_MSG.markupOrder, function (v) {
      const min = this.parent.min_markup as number | undefined;
      return v === undefined || min === undefined || !Number.isFinite(min) || v >= min;
    }),
});

