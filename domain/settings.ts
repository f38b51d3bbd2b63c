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
  'min_margin_percent',
  'rate_move_threshold_percent',
] as const;
export type BusinessSettingName = (typeof BUSINESS_SETTING_NAMES)[number];

/** Delivery ₽ per kg used when no route is known; own costs ₽ per kg; markups as fractions (0.1 = 10 %); the days
 * a new reserve holds its stock ('Резерв до' = today + reserve_hold_days). */
export type BusinessSettings = Record<Exclude<BusinessSettingName, OptionalSetting>, number> & {
  [K in OptionalSetting]?: number;
};

/** The settings added after the first four: a reader that does not name them takes their defaults. */
type OptionalSetting =
  | 'reserve_hold_days'
  | 'reserve_unpaid_days'
  | 'local_delivery_cost_default'
  | 'min_margin_percent'
  | 'rate_move_threshold_percent';

/** The days a new reserve holds when the setting is not there. */
export const RESERVE_HOLD_DAYS_DEFAULT = 5;
/** 'Дней резерва без оплаты': a prepayment buyer's new reserve holds this many days instead. */
export const RESERVE_UNPAID_DAYS_DEFAULT = 2;
/** 'Доставка по городу по умолчанию': ₽ per kg of a sale in the lot's own loading city when that city's
 * own row of the matrix is not set: the least delivery cost (domain/reserves/figures.ts DELIVERY_COST_MIN). */
export const LOCAL_DELIVERY_COST_DEFAULT = 1;
/** The days of a local delivery when the city's own row is not set: the next day. */
export const LOCAL_DELIVERY_DAYS_DEFAULT = 1;
/** 'Минимальная маржа, %': a reserve or quote on a lot bought at the daily rate whose margin at today's cost falls
 * below it is marked as at risk. */
export const MIN_MARGIN_PERCENT_DEFAULT = 5;
/** 'Порог изменения курса, %': so is one whose lot's rate moved more than this since it was made. */
export const RATE_MOVE_THRESHOLD_PERCENT_DEFAULT = 2;
/** A setting's value when it is not stored (the day counts, the local delivery, the margins' check). */
export const SETTING_DEFAULTS: Partial<Record<BusinessSettingName, number>> = {
  reserve_hold_days: RESERVE_HOLD_DAYS_DEFAULT,
  reserve_unpaid_days: RESERVE_UNPAID_DAYS_DEFAULT,
  local_delivery_cost_default: LOCAL_DELIVERY_COST_DEFAULT,
  min_margin_percent: MIN_MARGIN_PERCENT_DEFAULT,
  rate_move_threshold_percent: RATE_MOVE_THRESHOLD_PERCENT_DEFAULT,
};

/** The settings stored later than the first ones, each read as its default until someone saves another. */
export const LATER_SETTINGS: readonly BusinessSettingName[] = [
  'local_delivery_cost_default',
  'min_margin_percent',
  'rate_move_threshold_percent',
];

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
  // the margins' check judges the margin: who does not see it does not see what it is judged against
  min_margin_percent: 'reserves.marginality',
  rate_move_threshold_percent: 'reserves.marginality',
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
