// A paper's number within its business year (invoices, УПД): the next after the year's last, taken under a
// transaction lock of the paper's kind and year, so two papers made at once never share one.
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './rows';

export async function nextYearNumber(
  tx: Database,
  table: 'invoices' | 'upd_documents',
  lock: number,
  year: number,
): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${lock}, ${year})`);
  const [{ next }] = rowsOf<{ next: number }>(
    await tx.execute(
      sql`SELECT coalesce(max(number), 0) + 1 AS next FROM ${sql.identifier(table)} WHERE year = ${year}`,
    ),
  );
  return next;
}
