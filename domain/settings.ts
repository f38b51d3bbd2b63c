// The business settings every selling price depends on (spec point 7, POST /api/settings by name).
import type { FieldRef } from './fieldRefs';
import { TIME_ZONE_SETTING } from './businessDay';
export const BUSINESS_SETTING_NAMES = [
  'delivery_cost_default',
  'local_delivery_cost_default',
  'costs_per_kg',
  'min_markup',
  'max_markup',
  'reserve_hold_days',
  'reserve_unpaid_days',
] as const;
export type BusinessSettingName = (typeof BUSINESS_SETTING_NAMES)[number];

/** Delivery ₽ per kg used when no route is known; own costs ₽ per kg; markups as fractions (0.1 = 10 %); the days
 * a new reserve holds its stock ('Резерв до' = today + reserve_hold_days). */
export type BusinessSettings = Record<
  Exclude<BusinessSettingName, 'reserve_hold_days' | 'reserve_unpaid_days' | 'local_delivery_cost_default'>,
  number
> & { reserve_hold_days?: number; reserve_unpaid_days?: number; local_delivery_cost_default?: number };

/** The days a new reserve holds when the setting is not there. */
export const RESERVE_HOLD_DAYS_DEFAULT = 5;
/** 'Дней резерва без оплаты': a prepayment buyer's new reserve holds this many days instead. */
export const RESERVE_UNPAID_DAYS_DEFAULT = 2;
/** 'Доставка по городу по умолчанию': ₽ per kg of a sale in the lot's own loading city when that city's
 * own row of the matrix is not set: the least delivery cost (domain/reserves/figures.ts DELIVERY_COST_MIN). */
export const LOCAL_DELIVERY_COST_DEFAULT = 1;
/** The days of a local delivery when the city's own row is not set: the next day. */
export const LOCAL_DELIVERY_DAYS_DEFAULT = 1;
/** A setting's value when it is not stored (the day counts, the local delivery). */
export const SETTING_DEFAULTS: Partial<Record<BusinessSettingName, number>> = {
  reserve_hold_days: RESERVE_HOLD_DAYS_DEFAULT,
  reserve_unpaid_days: RESERVE_UNPAID_DAYS_DEFAULT,
  local_delivery_cost_default: LOCAL_DELIVERY_COST_DEFAULT,
};

/** The reserve figure each setting is part of: the reserve card computes a reserve's delivery cost, its cost per
 * unit (the margin's base) and its selling band with them. Markups and costs are the trader's secrets. */
export const SETTING_FEEDS: Record<BusinessSettingName, FieldRef> = {
  delivery_cost_default: 'reserves.delivery_cost',
  local_delivery_cost_default: 'reserves.delivery_cost',
  costs_per_kg: 'reserves.marginality',
  min_markup: 'reserves.min_selling_price',
  max_markup: 'reserves.max_selling_price',
  reserve_hold_days: 'reserves.reserved_until',
  reserve_unpaid_days: 'reserves.reserved_until',
};

/** A setting that moves no selling band: saving it recomputes no offer. */
export const BAND_SETTINGS: readonly BusinessSettingName[] = [
  'delivery_cost_default',
  'costs_per_kg',
  'min_markup',
  'max_markup',
];

export const SETTINGS_MSG = {
  forbidden: (names: string[]) => `Настройки недоступны для вашей роли: ${names.join(', ')}`,
} as const;

export const isBusinessSetting = (name: string): name is BusinessSettingName | typeof TIME_ZONE_SETTING =>
  (BUSINESS_SETTING_NAMES as readonly string[]).includes(name) || name === TIME_ZONE_SETTING;
