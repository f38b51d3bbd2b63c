// PGlite runs no autovacuum (one connection, no background workers), so its statistics and visibility map age: the
// planner then misjudges the lists' filters and the capped count reads the table instead of the index alone. The
// embedded server vacuums and analyses itself a minute after start and every six hours. A PostgreSQL server does
// this on its own.
import { sql } from 'drizzle-orm';
import type { OpenedDatabase } from './client';

export const VACUUM_FIRST_MS = 60_000;
export const VACUUM_EVERY_MS = 6 * 60 * 60_000;

export function embeddedMaintenance(
  database: OpenedDatabase,
  log: (message: string) => void,
  timing = { firstMs: VACUUM_FIRST_MS, everyMs: VACUUM_EVERY_MS },
): () => void {
  if (database.kind !== 'pglite') return () => undefined;
  let running: Promise<unknown> | null = null;
  const vacuum = () => {
    if (running) return;
    const started = Date.now();
    running = database.db
      .execute(sql`VACUUM (ANALYZE)`)
      .then(() => log(`VACUUM (ANALYZE): ${Date.now() - started} мс`))
      .catch((err: Error) => log(`VACUUM (ANALYZE) не выполнен: ${err.message}`))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(vacuum, timing.firstMs);
  const every = setInterval(vacuum, timing.everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
