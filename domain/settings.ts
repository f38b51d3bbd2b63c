// The business settings every selling price depends on (spec point 7, POST /api/settings by name).
export const BUSINESS_SETTING_NAMES = ['delivery_cost_default', 'costs_per_kg', 'min_markup', 'max_markup'] as const;
export type BusinessSettingName = (typeof BUSINESS_SETTING_NAMES)[number];

/** Delivery ₽ per kg used when no route is known; own costs ₽ per kg; markups as fractions (0.1 = 10 %). */
export type BusinessSettings = Record<BusinessSettingName, number>;
