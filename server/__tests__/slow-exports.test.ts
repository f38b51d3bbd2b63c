// Downloads whose readers stop reading (issue 34): on a PostgreSQL server they once held the whole pool and
// cancelling went through that same pool, so twelve of them froze the instance for good. Now each download copies on
// a connection of its own, an instance and a user run a few at once (the rest refused in Russian, 429 with Retry-After), a reader that takes
// nothing for a while is left, and a shutdown ends them instead of waiting.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext, type DemoUser } from './testApp';
import { rowsOf } from '../db/rows';
import { prepareExport } from '../lists/export';
import { STALLED } from '../lists/export/writers';
import { HEAVY_GATE_MSG } from '../http/heavyGate';
import { SECTION_SPECS } from '../sections';
import { loadPermissions } from '../accounts/users';
import { users } from '../db/schema';

let ctx: DemoContext;

beforeAll(async () => {
  // three downloads per instance, two per user
  ctx = await createDemoApp({ exportsPerInstance: 3, exportsPerUser: 2 });
  // far more offers than the sockets' buffers hold as CSV (the reader must be the one that is slow)
  const copied = rowsOf<{ column_name: string }>(
    await ctx.db.execute(sql`SELECT column_name FROM information_schema.columns
    WHERE table_name = 'offers' AND column_name <> 'id' AND is_generated = 'NEVER' AND column_default IS DISTINCT FROM 'nextval(''offers_id_seq''::regclass)'`),
  ).map((c) => sql.identifier(c.column_name));
  await ctx.db.execute(
    sql`INSERT INTO offers (${sql.join(copied, sql`, `)}) SELECT ${sql.join(copied, sql`, `)} FROM offers, generate_series(1, 150)`,
  );
}, 180_000);

afterAll(() => ctx?.close());

/** Downloads (COPY on PostgreSQL, an export cursor on PGlite) still running on the database. */
async function running(): Promise<number> {
  const copies = ctx.config.databaseUrl
    ? sql`(SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'COPY%' AND state <> 'idle')`
    : sql`0`;
  return rowsOf<{ n: number }>(
    await ctx.db.execute(
      sql`SELECT ${copies} + (SELECT count(*)::int FROM pg_cursors WHERE name LIKE 'export_%') AS n`,
    ),
  )[0].n;
}

/** Polls until nothing runs (a closed connection's backend leaves in a moment), at most 15 s. */
async function nothingRuns(): Promise<number> {
  for (let i = 0; i < 150; i++) {
    const n = await running();
    if (n === 0) return 0;
    await new Promise((r) => setTimeout(r, 100));
  }
  return running();
}

test('a reader that takes nothing is left after the stall time: its stream fails, the database is given up', async () => {
  const [admin] = await ctx.db.select().from(users).where(eq(users.email, 'admin@nutdesk.demo'));
  const auth = { user: admin, permissions: await loadPermissions(ctx.db, admin) };
  const file = await prepareExport(ctx.db, SECTION_SPECS.offers, auth, { format: 'csv', query: {}, stallMs: 300 });
  // nobody reads the stream
  const failed = new Promise<Error>((resolve) => file.stream.once('error', resolve));
  await file.done;
  expect((await failed).message).toBe(STALLED);
  expect(file.stream.destroyed).toBe(true);
  expect(await nothingRuns()).toBe(0);
}, 60_000);

test('twelve slow downloads: three run, the rest are refused in Russian; /api/me answers; the instance shuts down at once', async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  const opened: http.IncomingMessage[] = [];
  /** A download whose reader reads its head and then nothing: answers its status, and its body when refused. */
  const slowDownload = (who: DemoUser) =>
    new Promise<{ status: number; body: string; retryAfter?: string }>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/offers/export?format=csv',
          headers: { authorization: `Bearer ${ctx.tokens[who]}` },
        },
        (res) => {
          if (res.statusCode === 200) {
            res.pause();
            opened.push(res);
            res.on('error', () => undefined);
            resolve({ status: 200, body: '' });
            return;
          }
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, body, retryAfter: res.headers['retry-after'] }));
        },
      );
      req.on('error', reject);
    });
  const answers = [];
  for (const who of [
    'admin',
    'admin',
    'admin',
    'admin',
    'admin',
    'admin',
    'manager',
    'manager',
    'manager',
    'manager',
    'manager',
    'manager',
  ] as const) {
    answers.push(await slowDownload(who));
  }
  // both refusals are 429 with Retry-After, never 503: behind the proxy a 503 marks the instance down (issue 50)
  const refusal = (error: string, message: string, retryAfter: string) => ({
    status: 429,
    retryAfter,
    body: JSON.stringify({ status: 'error', error, messages: [message] }),
  });
  const ok = { status: 200, body: '' };
  expect(answers).toEqual([
    ok,
    ok,
    ...Array(4).fill(refusal('too_many_requests', HEAVY_GATE_MSG.perUser(2), '5')),
    ok,
    ...Array(5).fill(refusal('busy', HEAVY_GATE_MSG.perInstance, '60')),
  ]);
  expect(ctx.app.heavyGate.size).toBe(3);

  // the instance answers while the three downloads hang on their readers
  const me = await fetch(`http://127.0.0.1:${port}/api/me`, {
    headers: { authorization: `Bearer ${ctx.tokens.warehouse}` },
    signal: AbortSignal.timeout(20_000),
  });
  expect(me.status).toBe(200);
  expect((await me.json()).email).toBe('warehouse@nutdesk.demo');

  // shutdown ends the downloads instead of waiting for their readers; each is cut, not passed off as a whole file
  await ctx.app.close();
  await Promise.all(
    opened.map(
      (res) =>
        new Promise<void>((resolve) => {
          res.once('close', resolve);
          res.resume();
        }),
    ),
  );
  expect(opened.map((res) => res.complete)).toEqual([false, false, false]);
  expect(await nothingRuns()).toBe(0);
  expect(ctx.app.heavyGate.size).toBe(0);
}, 120_000);
