// GET /api/offers at 100k offers: a page of 20 with three filters and a sort, through the whole server
// (app.inject: auth hook, parsing, SQL, stripping, JSON) against the same two statements run directly.
// Budget (DESIGN.md): p50 ≤ 15 ms, p99 ≤ 50 ms, and no more than 1.5 × the direct SQL.
// Runs on PGlite in memory; with DATABASE_URL set, on that PostgreSQL server too (in a throwaway database).
import { performance } from 'node:perf_hooks';
import { createTestApp, signIn } from '../server/__tests__/testApp';
import { compileList } from '../server/lists/engine';
import { offersSpec } from '../server/sections/offers/list';
import { DEMO_PASSWORD } from '../domain/api';
import type { AuthenticatedUser } from '../server/accounts/users';
import { onEachEngine, pct } from './engines';
import { seedOffers, TARGET_OFFERS } from './offers';

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
  console.log(`  ${label.padEnd(34)} p50 ${result.p50.toFixed(2).padStart(7)} ms   p99 ${result.p99.toFixed(2).padStart(7)} ms`);
  return result;
}

async function bench(engine: string) {
  const ctx = await createTestApp({ scryptN: 2 ** 14 });
  try {
    const total = await seedOffers(ctx.db, TARGET_OFFERS);

    const token = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
    const url = `/api/offers?${new URLSearchParams(QUERY).toString()}`;
    const first = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (first.statusCode !== 200) throw new Error(`GET ${url}: ${first.statusCode} ${first.body}`);
    const body = first.json();

    const me = await ctx.app.inject({ method: 'GET', url: '/api/permissions', headers: { authorization: `Bearer ${token}` } });
    const auth = { user: { id: me.json().user_id, supplier_id: null }, permissions: me.json() } as unknown as AuthenticatedUser;
    const compiled = compileList(offersSpec, auth, QUERY);

    console.log(`\n${engine}: ${total} offers; the filter matches ${body.pagination.totalItems}, page 3 of ${body.pagination.pageCount}`);
    const api = await time('GET /api/offers (whole server)', () =>
      ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }),
    );
    const direct = await time('the same SQL run directly', async () => {
      await ctx.db.execute(compiled.count);
      await ctx.db.execute(compiled.page);
    });
    const ratio = api.p50 / direct.p50;
    const verdict = api.p50 <= 15 && api.p99 <= 50 && ratio <= 1.5 ? 'met' : 'MISSED';
    console.log(`  server ÷ direct at p50: ${ratio.toFixed(2)}×   budget (p50 ≤ 15 ms, p99 ≤ 50 ms, ≤ 1.5×): ${verdict}`);
  } finally {
    await ctx.close();
  }
}

onEachEngine(bench);
