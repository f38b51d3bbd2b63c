// A fresh, migrated database per test file: in-memory PGlite by default, or, when DATABASE_URL is set (CI),
// a throwaway database on that PostgreSQL server, dropped afterwards.
// Every file starts from a copy of one database built once per run (./globalSetup.ts): the migrated one, and the
// migrated one with the demo data and its four users signed in. Making an empty cluster and running every
// migration cost each file ~4 s of CPU, the demo data and four sign-ins at the production scrypt cost ~3 s more;
// loading the copy costs ~0.7 s. On PostgreSQL the copies are template databases, cloned by CREATE DATABASE …
// TEMPLATE (tens of milliseconds) instead of 30 migrations, the demo data and four sign-ins per file.
// Outside jest (benches) or without the copies, each is built here.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database, type OpenedDatabase } from '../db/client';
import { buildApp } from '../app';
import { hashPassword } from '../accounts/passwords';
import { roleHiddenFields, rolePermissions, roles, users } from '../db/schema';
import { ACTIONS, RESOURCES, type Scope } from '../../domain/permissions';
import { SPEC_HIDDEN_FIELDS } from '../../domain/hiddenFields';
import {
  imageFile,
  imageOf,
  imagesDir,
  templateOf,
  templatesFile,
  templatesIn,
  tokensFile,
  TEST_IMAGES_ENV,
  type Image,
  type Templates,
} from './testImages';

export { TEST_IMAGES_ENV } from './testImages';

/** scrypt at a cost tests can afford; one test proves the production default separately. */
export const TEST_SCRYPT_N = 2 ** 10;
export const PASSWORD = 'Orehi2026';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  config: Config;
  database: OpenedDatabase;
  close(): Promise<void>;
}

/** 55006: the database is in use. The pool's end() resolves before its sockets have closed, so a database just
 * left is still in use for a moment: a drop or a clone of it waits for those backends to leave (a forced drop
 * would terminate them and their clients would raise an unhandled error). */
async function whileInUse(url: string, statement: string): Promise<void> {
  const { Client } = await import('pg');
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(statement);
        return;
      } catch (e) {
        if ((e as { code?: string }).code !== '55006' || attempt >= 100) throw e;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await c.end();
  }
}

/** A new database on the server at `url`: empty, or a copy of `template`. */
async function throwawayPostgres(
  url: string,
  template?: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `nutdesk_test_${randomBytes(6).toString('hex')}`;
  await whileInUse(url, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    name,
    drop: () => whileInUse(url, `DROP DATABASE IF EXISTS ${name}`),
  };
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  return startApp(overrides, 'migrated');
}

async function startApp(overrides: Partial<Config>, image: Image): Promise<TestContext> {
  const baseUrl = process.env.DATABASE_URL;
  const pg = baseUrl ? await throwawayPostgres(baseUrl, templateOf(image)) : null;
  const config: Config = {
    ...loadConfig({}),
    databaseUrl: pg?.url,
    scryptN: TEST_SCRYPT_N,
    // sign-in delays are proved on the verdict (signin-throttle.test.ts), not waited out in every test
    loginDelayMs: 1,
    distDir: '/nonexistent-dist',
    // nothing reaches the Bank: a test about rates serves its recorded samples (cbrFeed.ts)
    cbrRatesUrl: 'http://127.0.0.1:9/scripts/XML_daily.asp',
    ...overrides,
  };
  const database = await openDatabase({
    databaseUrl: pg?.url,
    inMemory: !pg,
    loadDataDir: pg ? undefined : await imageOf(image),
  });
  // on a copy of the migrated database (or a clone of its template) this finds every migration applied
  await database.migrate();
  const app = await buildApp({ config, db: database.db, bus: database.bus });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await pg?.drop();
    },
  };
}

/** A second app instance on the test's database, as a second server behind a proxy would be: on PostgreSQL its
 * own pool and bus (messages cross through LISTEN/NOTIFY); on PGlite, which one process owns, the same database
 * and in-process bus. */
export async function secondInstance(
  ctx: TestContext,
): Promise<{ app: FastifyInstance; database: OpenedDatabase; close(): Promise<void> }> {
  const database = ctx.config.databaseUrl ? await openDatabase({ databaseUrl: ctx.config.databaseUrl }) : ctx.database;
  const app = await buildApp({ config: ctx.config, db: database.db, bus: database.bus });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      if (database !== ctx.database) await database.close();
    },
  };
}

/** Roles 1 and 8 with the spec's hidden fields, and a supplier role, as the seed would make them. */
export async function insertRoles(db: Database): Promise<void> {
  const grant = (roleId: number, scopes: Partial<Record<(typeof RESOURCES)[number], Scope>>) =>
    RESOURCES.flatMap((resource) =>
      ACTIONS.map((action) => ({ role_id: roleId, resource, action, scope: scopes[resource] ?? ('none' as Scope) })),
    );
  await db.insert(roles).values([
    { id: 1, name: 'Менеджер по продажам' },
    { id: 8, name: 'Склад' },
    { id: 9, name: 'Поставщик' },
  ]);
  await db.insert(rolePermissions).values([
    ...grant(1, {
      offers: 'all',
      reserves: 'own',
      employees: 'all',
      suppliers: 'all',
      products: 'all',
      cities: 'all',
    }),
    ...grant(8, { offers: 'all', reserves: 'all', products: 'all', cities: 'all' }),
    ...grant(9, { offers: 'own', products: 'all', cities: 'all' }),
  ]);
  for (const roleId of ['1', '8'] as const) {
    await db
      .insert(roleHiddenFields)
      .values(
        Object.entries(SPEC_HIDDEN_FIELDS[roleId]).flatMap(([resource, fields]) =>
          (fields ?? []).map((field) => ({ role_id: Number(roleId), resource, field })),
        ),
      );
  }
}

export async function insertUser(
  db: Database,
  values: Partial<typeof users.$inferInsert> & { email: string },
  password = PASSWORD,
): Promise<number> {
  const { hash, salt } = await hashPassword(password, TEST_SCRYPT_N);
  const [row] = await db
    .insert(users)
    .values({ user_type: 'employee', name: values.email, password_hash: hash, password_salt: salt, ...values })
    .returning({ id: users.id });
  return row.id;
}

/** Signs in through the API and returns the token. */
export async function signIn(app: FastifyInstance, login: string, psswd = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/login', payload: { login, psswd } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${login} failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

export type DemoUser = 'admin' | 'manager' | 'warehouse' | 'supplier';

/** Whatever JSON a route answered: tests read it as they expect it (named apart, so the formatter cannot move the
 * exception away from its line). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever JSON the route answered
type AnsweredJson = any;

export interface DemoContext extends TestContext {
  tokens: Record<DemoUser, string>;
  /** An API call as one of the demo users, answered as {status, body}. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    who?: DemoUser,
    payload?: unknown,
  ): Promise<{ status: number; body: AnsweredJson }>;
  /** A change or a step of a record as a card makes it: the call with the version the record has now (read from
   * the database) added to the payload, unless the payload names one. */
  change: DemoContext['call'];
}

/** The section and id of a record's change or step URL (/api/offers/12, /api/reserves/7/complete). */
const RECORD_URL =
  /^\/api\/(offers|reserves|employees|suppliers|products|cities|buyers|shipments)\/(\d+)(?:\/(?:complete|cancel|payments(?:\/\d+)?))?$/;

/** A fresh database with the demo data set (built around a fixed day) and the four demo users signed in. */
export async function createDemoApp(overrides: Partial<Config> = {}): Promise<DemoContext> {
  const dir = imagesDir();
  const ctx = await startApp(overrides, dir ? 'demo' : 'migrated');
  const tokens = dir
    ? (JSON.parse(readFileSync(tokensFile(dir), 'utf8')) as Record<DemoUser, string>)
    : await seedAndSignIn(ctx);
  const call: DemoContext['call'] = async (method, url, who = 'admin', payload) => {
    const res = await ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[who]}` },
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  return {
    ...ctx,
    tokens,
    call,
    async change(method, url, who = 'admin', payload) {
      const body = { ...(payload as object | undefined) } as Record<string, unknown>;
      const [, section, id] = RECORD_URL.exec(url) ?? [];
      if (section && !('version' in body)) {
        const { sql } = await import('drizzle-orm');
        const { firstRow } = await import('../db/rows');
        body.version = firstRow<{ version: number }>(
          await ctx.db.execute(sql`SELECT version FROM ${sql.identifier(section)} WHERE id = ${Number(id)}`),
        )?.version;
      }
      return call(method, url, who, body);
    },
  };
}

/** The demo data set (built around a fixed day) and the four demo users signed in: their tokens. */
async function seedAndSignIn(ctx: TestContext): Promise<Record<DemoUser, string>> {
  const { seedDemoData } = await import('../db/seed');
  const { DEMO_PASSWORD } = await import('../../domain/api');
  await seedDemoData(ctx.db, { now: new Date('2026-11-01T09:00:00Z') });
  const tokens = {} as Record<DemoUser, string>;
  for (const who of ['admin', 'manager', 'warehouse', 'supplier'] as const)
    tokens[who] = await signIn(ctx.app, `${who}@nutdesk.demo`, DEMO_PASSWORD);
  return tokens;
}

/** Builds the starting databases of a run into `dir`: the migrated one, then the demo one. On PostgreSQL
 * (DATABASE_URL) they are template databases on that server, named in `dir`; dropTestImages removes them. */
export async function buildTestImages(dir: string): Promise<void> {
  const server = process.env.DATABASE_URL;
  if (server) return buildTestTemplates(dir, server);
  const save = async (ctx: TestContext, image: Image) => {
    await ctx.app.close();
    writeFileSync(imageFile(dir, image), Buffer.from(await (await ctx.database.dumpDataDir!()).arrayBuffer()));
    await ctx.database.close();
  };
  await save(await startApp({}, 'migrated'), 'migrated');
  process.env[TEST_IMAGES_ENV] = dir;
  const demo = await startApp({}, 'migrated');
  writeFileSync(tokensFile(dir), JSON.stringify(await seedAndSignIn(demo)));
  await save(demo, 'demo');
}

async function buildTestTemplates(dir: string, server: string): Promise<void> {
  const templates: Templates = { server };
  const keep = async (ctx: TestContext, image: Image) => {
    await ctx.app.close();
    await ctx.database.close();
    templates[image] = new URL(ctx.config.databaseUrl!).pathname.slice(1);
    writeFileSync(templatesFile(dir), JSON.stringify(templates));
  };
  process.env[TEST_IMAGES_ENV] = dir;
  await keep(await startApp({}, 'migrated'), 'migrated');
  const demo = await startApp({}, 'migrated');
  writeFileSync(tokensFile(dir), JSON.stringify(await seedAndSignIn(demo)));
  await keep(demo, 'demo');
}

/** Drops the run's template databases on PostgreSQL (the folder itself is the caller's). */
export async function dropTestImages(dir: string): Promise<void> {
  const templates = templatesIn(dir);
  if (!templates) return;
  for (const image of ['demo', 'migrated'] as const) {
    const name = templates[image];
    if (name) await whileInUse(templates.server, `DROP DATABASE IF EXISTS ${name}`);
  }
}

/** Tables a refused request may still write by design: failed sign-ins are counted, sessions come and go. */
export const VOLATILE_TABLES = ['login_failures', 'login_attempts', 'sessions'];

/** Per table, its row count and an md5 of every row's text: equal before and after a request that changed no row. */
export async function tableChecksum(db: Database): Promise<string> {
  const { sql } = await import('drizzle-orm');
  const { rowsOf } = await import('../db/rows');
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`),
  )
    .map((r) => r.table_name)
    .filter((t) => !VOLATILE_TABLES.includes(t) && !t.startsWith('__'));
  const parts = tables.map(
    (t) =>
      sql`SELECT ${t} AS t, count(*)::text AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${sql.identifier(t)} x`,
  );
  const rows = rowsOf<{ t: string; n: string; h: string }>(await db.execute(sql.join(parts, sql` UNION ALL `)));
  return rows.map((r) => `${r.t}:${r.n}:${r.h}`).join(' ');
}
