// The business settings every selling price depends on (spec point 7, POST /api/settings by name).
import * as yup from 'yup';
import { can, isRefVisible, type FieldRef, type Permissions } from './permissions';
import { toNumber } from './numbers';
export const BUSINESS_SETTING_NAMES = ['delivery_cost_default', 'costs_per_kg', 'min_markup', 'max_markup'] as const;
export type BusinessSettingName = (typeof BUSINESS_SETTING_NAMES)[number];

/** Delivery ₽ per kg used when no route is known; own costs ₽ per kg; markups as fractions (0.1 = 10 %). */
export type BusinessSettings = Record<BusinessSettingName, number>;

/** The reserve figure each setting is part of: the reserve card computes a reserve's delivery cost, its cost per
 * unit (the margin's base) and its selling band with them. Markups and costs are the trader's secrets. */
export const SETTING_FEEDS: Record<BusinessSettingName, FieldRef> = {
  delivery_cost_default: 'reserves.delivery_cost',
  costs_per_kg: 'reserves.marginality',
  min_markup: 'reserves.min_selling_price',
  max_markup: 'reserves.max_selling_price',
};

/** Who reads a business setting (POST /api/settings): an admin, or a role that creates or changes reserves and sees
 * the reserve figure the setting is part of. Everyone else (a supplier's user, role 8) gets a 403. */
export function canReadSetting(perms: Permissions | null | undefined, name: string): boolean {
  if (perms?.is_admin) return true;
  const feeds = (SETTING_FEEDS as Record<string, FieldRef | undefined>)[name];
  if (!feeds) return false;
  return (can(perms, 'reserves', 'create') || can(perms, 'reserves', 'update')) && isRefVisible(perms, feeds);
}

export const SETTINGS_MSG = {
  forbidden: (names: string[]) => `Настройки недоступны для вашей роли: ${names.join(', ')}`,
} as const;

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
  delivery_cost_default: settingNumber(SETTING_LIMITS.rubles, SETTING_MSG.maxRubles),
  costs_per_kg: settingNumber(SETTING_LIMITS.rubles, SETTING_MSG.maxRubles),
  min_markup: settingNumber(SETTING_LIMITS.markup, SETTING_MSG.maxMarkup),
  max_markup: settingNumber(SETTING_LIMITS.markup, SETTING_MSG.maxMarkup)
    .test('order', SETTING_MSG.markupOrder, function (v) {
      const min = this.parent.min_markup as number | undefined;
      return v === undefined || min === undefined || !Number.isFinite(min) || v >= min;
    }),
});

export const isBusinessSetting = (name: string): name is BusinessSettingName =>
  (BUSINESS_SETTING_NAMES as readonly string[]).includes(name);
