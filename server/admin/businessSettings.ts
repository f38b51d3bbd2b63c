// Business settings (delivery_cost_default, costs_per_kg, min_markup, max_markup): read by name for the
// reserve card, and as numbers for the server's own selling-band and reserve calculations.
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { businessSettings } from '../db/schema';
import { BUSINESS_SETTING_NAMES, type BusinessSettings } from '../../domain/settings';
import { toNumber } from '../../domain/numbers';

export async function settingsByName(db: Database, names: string[]): Promise<Record<string, string>> {
  if (!names.length) return {};
  const rows = await db.select().from(businessSettings).where(inArray(businessSettings.name, names));
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/** All four as numbers; a missing or unreadable one counts as 0 (no cost, no markup), never as NaN. */
export async function readBusinessSettings(db: Database): Promise<BusinessSettings> {
  const stored = await settingsByName(db, [...BUSINESS_SETTING_NAMES]);
  return Object.fromEntries(BUSINESS_SETTING_NAMES.map((name) => [name, toNumber(stored[name]) ?? 0])) as BusinessSettings;
}
