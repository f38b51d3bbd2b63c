// The rate of a currency on a day, for a cost line that names no rate of its own: the Central Bank's last rate
// published on or before that day (weekends and holidays take the last one), as the rates' loader stores it. Read from
// the table here: the lint's zones keep one section's folder from importing another's.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { select, selectFirst } from '../../db/rows';
import { currencyRates as r } from '../../db/schema';

/** Rubles for one unit of `code` on `day` (YYYY-MM-DD), or null where no rate is stored. */
export async function rateOf(db: Database, code: string, day: string): Promise<string | null> {
  if (code === 'RUB') return '1';
  const row = await selectFirst(
    db,
    select({ unit_rate: sql<string>`trim_scale(${r.unit_rate})::text` }),
    sql`FROM ${r} WHERE ${r.code} = ${code} AND ${r.date} <= ${day}::date ORDER BY ${r.date} DESC LIMIT 1`,
  );
  return row?.unit_rate ?? null;
}
