// The rate of a currency on a day, for a cost line that names no rate of its own: the Central Bank's last rate
// published on or before that day (weekends and holidays take the last one), from the rates the loading job stores.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** Rubles for one unit of `code` on `day` (YYYY-MM-DD), or null where no rate is stored. */
export async function rateOf(db: Database, code: string, day: string): Promise<string | null> {
  const [table] = rowsOf<{ name: string | null }>(await db.execute(sql`SELECT to_regclass('currency_rates')::text AS name`));
  if (!table?.name) return null;
  const [row] = rowsOf<{ unit_rate: string }>(await db.execute(sql`
    SELECT unit_rate::text AS unit_rate FROM currency_rates WHERE code = ${code} AND date <= ${day}::date ORDER BY date DESC LIMIT 1`));
  return row?.unit_rate ?? null;
}
