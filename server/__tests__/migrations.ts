// A migration's test: an embedded database migrated up to just before it, filled as the data stood then, then
// migrated to the end.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { MIGRATIONS_DIR } from '../db/client';

/** Runs `body` on a PGlite database holding the migrations before the first whose tag `stop` picks; `rest()` runs
 * that one and the later ones. */
export async function beforeMigration(
  stop: (tag: string) => boolean,
  body: (db: PgliteDatabase, rest: () => Promise<void>) => Promise<void>,
) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const before = mkdtempSync(path.join(tmpdir(), 'nutdesk-migrations-'));
  const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
  try {
    cpSync(MIGRATIONS_DIR, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => stop(e.tag));
    if (at < 0) throw new Error('no such migration');
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalPath, JSON.stringify(journal));
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await body(db, () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }));
  } finally {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  }
}
