// One database API over two engines: PGlite (PostgreSQL in WASM, data in DATA_DIR) by default, or a real
// PostgreSQL server through a pg pool when DATABASE_URL is set. Same schema, same migrations.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite as PGliteClient } from '@electric-sql/pglite';
import type { Pool as PgPool } from 'pg';
import * as schema from './schema';
import { embeddedBus, postgresBus, type Bus } from './bus';
import { areDrizzleTextParsers, TEXT_PARSERS } from './textTypes';

/** The database, or a transaction on it: drizzle's transaction is a PgDatabase of the same schema, so every
 * function that takes a Database runs inside the caller's transaction when handed one, without a cast. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'pg';
  /** Messages between the app instances on this database (server/db/bus.ts). */
  bus: Bus;
  /** Runs migrations with drizzle's migrator for this engine. */
  migrate(): Promise<void>;
  /** PGlite: CHECKPOINT, then close, so a stop never leaves a half-written data folder. */
  close(): Promise<void>;
  /** PGlite: the data folder as a tarball, for `loadDataDir` (tests build their starting database once). */
  dumpDataDir?(): Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite in memory: tests. */
  inMemory?: boolean;
  /** PGlite: start from this data folder (a tarball of PGlite's dumpDataDir) instead of an empty cluster. Tests
   * start every file from one migrated database built once (server/__tests__/globalSetup.ts). */
  loadDataDir?: Blob;
  /** PostgreSQL: how long a query waits for a free connection of the pool (DB_CONNECT_TIMEOUT_SECONDS). */
  dbConnectTimeoutMs?: number;
}

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

export async function openDatabase(options: DatabaseOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // a request waits at most dbConnectTimeoutMs for a free connection, then fails, instead of queueing for ever
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: options.dbConnectTimeoutMs ?? 10_000,
    });
    // An idle connection the server drops (a restart, an administrator) is replaced on next use; without
    // a listener its error would end the process.
    pool.on('error', (err) => console.error('PostgreSQL connection lost:', err.message));
    // node-postgres's drizzle is a Database as it is (its result type is one of PgQueryResultHKT's)
    const pgDb = drizzle(pool, { schema });
    const db: Database = pgDb;
    const bus = postgresBus(pool);
    return {
      db,
      kind: 'pg',
      bus,
      migrate: () => migrate(pgDb, { migrationsFolder: MIGRATIONS_DIR }),
      async close() {
        await bus.close();
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataPath: string | undefined;
  if (!options.inMemory) {
    if (!options.dataDir) throw new Error('dataDir is required for the embedded database');
    dataPath = path.join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  // drizzle hands PGlite its parsers (dates and times as text) with every statement, and PGlite then copies its
  // whole table of parsers for that statement: 120 µs, more than a short statement takes. The client is made with
  // them as its own, and a statement's copy of exactly those is left out.
  const client = await PGlite.create(dataPath, {
    extensions: { pg_trgm },
    parsers: TEXT_PARSERS,
    // In memory (tests, scripts) every page already sits in the wasm heap, so a buffer pool in front of it only
    // copies pages twice; PostgreSQL's 128MB default cost each start ~1.8 s of CPU clearing it (its startup's
    // largest part), paid by every server test file. 16MB holds the demo data's working set.
    ...(options.inMemory ? { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const query = client.query.bind(client);
  client.query = ((text, params, queryOptions) =>
    query(
      text,
      params,
      areDrizzleTextParsers(queryOptions?.parsers) ? { ...queryOptions, parsers: undefined } : queryOptions,
    )) as typeof client.query;
  const pgliteDb = drizzle(client, { schema });
  const db: Database = pgliteDb;
  let closed = false;
  const bus = embeddedBus(client);
  return {
    db,
    kind: 'pglite',
    bus,
    migrate: () => migrate(pgliteDb, { migrationsFolder: MIGRATIONS_DIR }),
    dumpDataDir: async () => {
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('none');
    },
    async close() {
      if (closed) return;
      closed = true;
      await bus.close();
      if (dataPath) await client.exec('CHECKPOINT');
      await client.close();
    },
  };
}

/** The embedded PGlite client behind db (one connection inside this process), or null on a PostgreSQL server. */
export function embeddedClient(db: Database): PGliteClient | null {
  const client = (db as { $client?: object }).$client;
  return client && 'waitReady' in client ? (client as PGliteClient) : null;
}

/** The PostgreSQL server's pool behind db, or null on the embedded PGlite. */
export function serverPool(db: Database): PgPool | null {
  return embeddedClient(db) ? null : (db as unknown as { $client: PgPool }).$client;
}

/** Kept for scripts that read better as migrate(database). */
export function migrate(database: OpenedDatabase): Promise<void> {
  return database.migrate();
}
