// GET /api/offers at BENCH_OFFERS offers (default 100 000): a page of 20 with three filters and a sort, through the
// whole server (app.inject: auth hook, parsing, SQL, stripping, JSON) against the same two statements run directly
// (the capped count and the page). Then the lots whose papers expire soon: `documents_state=expiring`,
// the newest first, a page of 20, read by the stored state's index. Prints two lines per engine:
//   RESULT lists engine=<pglite|postgresql> offers=<n> p50_ms=<x> p99_ms=<y> direct_p50_ms=<z>
//   RESULT lists engine=<pglite|postgresql> offers=<n> case=documents_state p50_ms=<x> p99_ms=<y>
// Runs on PGlite in memory; with DATABASE_URL set, on that PostgreSQL server too (in a throwaway database), or with
// BENCH_DATABASE_URL on that database as it is (seeded only up to BENCH_OFFERS if it holds fewer), so a million
// offers are written once for several runs. BENCH_ENGINES=postgresql skips PGlite (bench/engines.ts).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn, type TestContext } from '../server/__tests__/testApp';
import { compileList } from '../server/lists/engine';
import { offersSpec } from '../server/sections/offers';
import { DEMO_PASSWORD } from '../domain/api';
import type { AuthenticatedUser } from '../server/accounts/users';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { buildApp } from '../server/app';
import { firstRow } from '../server/db/rows';
import { onEachEngine, pct } from './engines';
import { seedOffers, TARGET_OFFERS } from './offers';

const OFFERS = Number(process.env.BENCH_OFFERS ?? TARGET_OFFERS);
const WARMUP = 30;
const RUNS = 300;

// a manager's everyday question: active offers of one product in a price band, dearest first
const QUERY: Record<string, string> = {
  statuses_ids: 'active',
  products_ids: '1',
  unit_price_from: '200',
  unit_price_to: '2000',
  sort: 'unit_price',
  order: 'desc',
  page: '3',
  perPage: '20',
};

// 'Истекает': the lots to chase papers for (every column, 'Документы' among them)
const DOCUMENTS_QUERY: Record<string, string> = { documents_state: 'expiring', perPage: '20' };

async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const result = { label, p50: pct(samples, 50), p99: pct(samples, 99) };
  console.log(
    `  ${label.padEnd(34)} p50 ${result.p50.toFixed(2).padStart(7)} ms   p99 ${result.p99.toFixed(2).padStart(7)} ms`,
  );
  return result;
}

/** The bench's app: a fresh test app, or one on BENCH_DATABASE_URL's database as it stands. */
async function benchApp(engine: string): Promise<Pick<TestContext, 'app' | 'db' | 'close'>> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url || engine !== 'postgresql') return createTestApp({ scryptN: 2 ** 14 });
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  const app = await buildApp({
    config: { ...loadConfig({}), databaseUrl: url, scryptN: 2 ** 14, distDir: '/nonexistent-dist' },
    db: database.db,
    bus: database.bus,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function bench(label: string) {
  const engine = label.startsWith('PGlite') ? 'pglite' : 'postgresql';
  const ctx = await benchApp(engine);
  try {
    const existing = Number(
      firstRow<{ n: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM offers`))?.n ?? 0,
    );
    const total = existing >= OFFERS ? existing : await seedOffers(ctx.db, OFFERS);
    // what autovacuum does on PostgreSQL after a bulk insert (the visibility map lets a count read the index alone);
    // PGlite has no autovacuum, so this is what a periodic VACUUM of the embedded database buys
    await ctx.db.execute(sql`VACUUM (ANALYZE) offers`);

    const token = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
    const url = `/api/offers?${new URLSearchParams(QUERY).toString()}`;
    const first = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (first.statusCode !== 200) throw new Error(`GET ${url}: ${first.statusCode} ${first.body}`);
    const body = first.json();

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/permissions',
      headers: { authorization: `Bearer ${token}` },
    });
    const auth = {
      user: { id: me.json().user_id, supplier_id: null },
      permissions: me.json(),
    } as unknown as AuthenticatedUser;
    const compiled = compileList(offersSpec, auth, QUERY);
    const count = compiled.countUpTo(compiled.countLimit);

    const shown = `${body.pagination.totalExact === false ? 'more than ' : ''}${body.pagination.totalItems}`;
    console.log(
      `\n${label}: ${total} offers; the filter matches ${shown}, page 3 of ${body.pagination.pageCount}${body.pagination.totalExact === false ? '+' : ''}`,
    );
    const api = await time('GET /api/offers (whole server)', () =>
      ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }),
    );
    const direct = await time('the same SQL run directly', async () => {
      await ctx.db.execute(count);
      await ctx.db.execute(compiled.page);
    });
    console.log(`  server ÷ direct at p50: ${(api.p50 / direct.p50).toFixed(2)}×`);
    console.log(
      `RESULT lists engine=${engine} offers=${total} p50_ms=${api.p50.toFixed(2)} p99_ms=${api.p99.toFixed(2)} direct_p50_ms=${direct.p50.toFixed(2)}`,
    );

    const documentsUrl = `/api/offers?${new URLSearchParams(DOCUMENTS_QUERY).toString()}`;
    const expiring = await ctx.app.inject({
      method: 'GET',
      url: documentsUrl,
      headers: { authorization: `Bearer ${token}` },
    });
    if (expiring.statusCode !== 200) throw new Error(`GET ${documentsUrl}: ${expiring.statusCode} ${expiring.body}`);
    const matched = expiring.json().pagination;
    console.log(
      `\n${label}: 'Истекает' matches ${matched.totalExact === false ? 'more than ' : ''}${matched.totalItems}`,
    );
    const documents = await time('GET /api/offers?documents_state=expiring', () =>
      ctx.app.inject({ method: 'GET', url: documentsUrl, headers: { authorization: `Bearer ${token}` } }),
    );
    console.log(
      `RESULT lists engine=${engine} offers=${total} case=documents_state p50_ms=${documents.p50.toFixed(2)} p99_ms=${documents.p99.toFixed(2)}`,
    );
  } finally {
    await ctx.close();
  }
}

onEachEngine(bench);
