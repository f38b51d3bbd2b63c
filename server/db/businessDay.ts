// The server's side of the business day (domain/businessDay.ts): the zone read from the business settings, the
// clock every "today" of the server is read from, and the zone as SQL for the statements that cut days themselves.
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { businessSettings } from './schema';
import { businessToday, businessZone, TIME_ZONE_DEFAULT, TIME_ZONE_SETTING } from '../../domain/businessDay';

/** The server's clock. Tests set `clock.now` to stand at 00:30 or 23:30 in Moscow instead of waiting for it. */
export const clock = { now: (): Date => new Date() };

/** The business time zone as stored (the default when it is not). */
export async function readTimeZone(db: Database): Promise<string> {
  const [row] = await db
    .select({ value: businessSettings.value })
    .from(businessSettings)
    .where(eq(businessSettings.name, TIME_ZONE_SETTING));
  return businessZone(row?.value);
}

/** Today (YYYY-MM-DD) in the business zone, by the server's clock. */
export async function todayOf(db: Database): Promise<string> {
  return businessToday(await readTimeZone(db), clock.now());
}

/** The business zone inside a statement (one read per statement, an init plan): for SQL that turns an instant
 * into a day or a day into instants. */
export const ZONE_SQL = sql`(SELECT coalesce((SELECT value FROM business_settings WHERE name = ${TIME_ZONE_SETTING}), ${TIME_ZONE_DEFAULT}))`;

/** The instant a business day (YYYY-MM-DD, bound) starts. */
export const dayStartSql = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE ${ZONE_SQL})`;
