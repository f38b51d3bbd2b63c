// server/db/schema.ts against the migrations, and drizzle-kit's snapshot of it.
//   npm run db:check     the snapshots form drizzle-kit's chain (no two name the same parent); the migrated database
//                        and the one schema.ts describes hold the same tables, columns, constraints and indexes; and
//                        `npm run db:generate` would write nothing (the snapshot is current)
//   npm run db:snapshot  after migrations written by hand: relinks the chain, checks the databases, then writes
//                        drizzle-kit's snapshot for the journal's last migration, so the next `npm run db:generate`
//                        writes only its own change
// The first is also a server test (server/__tests__/schema-migrations.test.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as schema from '../db/schema';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { relinkSnapshots, snapshotChainBreaks } from './snapshotChain';

const META_DIR = path.join(MIGRATIONS_DIR, 'meta');

/** One line per column, constraint and index of the public schema, named and defined as PostgreSQL prints them. */
const CATALOG = `
SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
       || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') AS line
  FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
 WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
UNION ALL
SELECT 'constraint ' || c.relname || '.' || k.conname || ' ' || pg_get_constraintdef(k.oid)
  FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public'
UNION ALL
SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'`;

async function catalog(db: Database): Promise<Set<string>> {
  return new Set(rowsOf<{ line: string }>(await db.execute(sql.raw(CATALOG))).map((row) => row.line));
}

type Snapshot = Awaited<ReturnType<typeof drizzleJson>>;
async function drizzleJson(prevId?: string) {
  const { generateDrizzleJson } = await import('drizzle-kit/api');
  return generateDrizzleJson(schema as Record<string, unknown>, prevId);
}

/** The SQL drizzle-kit writes for schema.ts on an empty database. */
export async function schemaFromScratch(): Promise<string[]> {
  const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
  return generateMigration(generateDrizzleJson({}), await drizzleJson());
}

/** What the migrations build and what schema.ts describes, line by line where they differ (empty: they agree). Both
 * databases are embedded and in memory: the catalog is PostgreSQL's on either engine. */
export async function migrationsAgainstSchema(): Promise<string[]> {
  const migrated = await openDatabase({ inMemory: true });
  const described = await openDatabase({ inMemory: true });
  try {
    await migrated.migrate();
    // the extensions are the migrations' business (0001); schema.ts's trigram indexes need pg_trgm
    await described.db.execute(sql.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm'));
    for (const statement of await schemaFromScratch()) await described.db.execute(sql.raw(statement));
    const [fromMigrations, fromSchema] = [await catalog(migrated.db), await catalog(described.db)];
    return [
      ...[...fromMigrations].filter((line) => !fromSchema.has(line)).map((line) => `only the migrations make: ${line}`),
      ...[...fromSchema].filter((line) => !fromMigrations.has(line)).map((line) => `only schema.ts makes:     ${line}`),
    ].sort();
  } finally {
    await migrated.close();
    await described.close();
  }
}

interface JournalEntry {
  idx: number;
  tag: string;
}
const journal = (): JournalEntry[] =>
  (JSON.parse(readFileSync(path.join(META_DIR, '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
const prefix = (name: string) => name.split('_')[0];

/** drizzle-kit compares schema.ts with the snapshot that sorts last in meta/. */
function latestSnapshot(): { file: string; snapshot: Snapshot } {
  const file = readdirSync(META_DIR)
    .filter((name) => name.endsWith('_snapshot.json'))
    .sort()
    .at(-1);
  if (!file) throw new Error('no snapshot in server/db/migrations/meta');
  return { file, snapshot: JSON.parse(readFileSync(path.join(META_DIR, file), 'utf8')) as Snapshot };
}

/** The statements `npm run db:generate` would write now (empty: the snapshot is current). */
export async function snapshotAgainstSchema(): Promise<string[]> {
  const { generateMigration } = await import('drizzle-kit/api');
  const { snapshot } = latestSnapshot();
  return generateMigration(snapshot, await drizzleJson(snapshot.id));
}

/** Writes schema.ts's snapshot as the one after the journal's last migration: that migration's snapshot is
 * replaced (keeping its place in drizzle-kit's chain of ids), or a new one follows the latest. Returns its file. */
export async function writeSnapshot(): Promise<string> {
  const last = journal().at(-1);
  if (!last) throw new Error('the migration journal is empty');
  const { file, snapshot: latest } = latestSnapshot();
  const replaces = prefix(file) === prefix(last.tag);
  const next = await drizzleJson(replaces ? latest.prevId : latest.id);
  const written = { ...next, id: replaces ? latest.id : randomUUID(), _meta: { columns: {}, schemas: {}, tables: {} } };
  const target = `${prefix(last.tag)}_snapshot.json`;
  writeFileSync(path.join(META_DIR, target), `${JSON.stringify(written, null, 2)}\n`);
  return target;
}

async function main(command: string | undefined): Promise<number> {
  if (command !== 'check' && command !== 'snapshot') {
    console.error('usage: tsx server/scripts/db-schema.ts check|snapshot');
    return 2;
  }
  if (command === 'snapshot')
    for (const file of relinkSnapshots(META_DIR)) console.log(`Relinked ${file} to the snapshot before it.`);
  const breaks = snapshotChainBreaks(META_DIR);
  if (breaks.length) {
    console.error(`drizzle-kit's chain of snapshots is broken (run npm run db:snapshot):\n${breaks.join('\n')}`);
    return 1;
  }
  const disagreements = await migrationsAgainstSchema();
  if (disagreements.length) {
    console.error(
      `The migrations and server/db/schema.ts disagree (${disagreements.length}):\n${disagreements.join('\n')}`,
    );
    return 1;
  }
  console.log('The migrations build what server/db/schema.ts describes.');
  if (command === 'snapshot') console.log(`Wrote server/db/migrations/meta/${await writeSnapshot()}.`);
  const pending = await snapshotAgainstSchema();
  if (pending.length) {
    console.error(
      `The snapshot is behind schema.ts: npm run db:generate would write\n${pending.join('\n')}\nRun npm run db:snapshot.`,
    );
    return 1;
  }
  console.log('The snapshot is current: npm run db:generate writes only a new change.');
  return 0;
}

if (require.main === module) {
  main(process.argv[2]).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
