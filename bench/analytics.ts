// GET /api/analytics/{chart} at 100 000 offers and 50 000 reserves on PostgreSQL, through the whole server
// (app.inject: auth hook, schema, SQL, JSON), as the admin (every figure) over a year. Budget: each
// chart ≤ 200 ms. The offers come from bench/offers.ts (the demo data multiplied); the reserves are the demo's
// multiplied the same way onto those offers, their dates spread over the year; every completed offer gets the
// history entry the stock writer makes when it sells out, so the turnover chart reads history as it will in use.
// Needs DATABASE_URL (the test app makes a throwaway database on that server and drops it).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn } from '../server/__tests__/testApp';
import { DEMO_PASSWORD } from '../domain/api';
import { CHARTS } from '../domain/analytics';
import { pct } from './engines';
import { seedOffers, TARGET_OFFERS } from './offers';

const TARGET_RESERVES = 50_000;
const WARMUP = 5;
const RUNS = 50;
const QUERY = 'from=2025-11-03&to=2026-11-01';

const count = async (db: Awaited<ReturnType<typeof createTestApp>>['db'], table: string) =>
  (
    (await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0].n;

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('bench/analytics.ts runs on PostgreSQL: set DATABASE_URL');
  const ctx = await createTestApp({ scryptN: 2 ** 14 });
  try {
    await seedOffers(ctx.db, TARGET_OFFERS);
    // exactly the target: the last copies go (nothing refers to them yet)
    await ctx.db.execute(
      sql`DELETE FROM offers WHERE id > (SELECT id FROM offers ORDER BY id OFFSET ${TARGET_OFFERS - 1} LIMIT 1)`,
    );
    const offers = await count(ctx.db, 'offers');
    const demoReserves = await count(ctx.db, 'reserves');
    const copies = Math.ceil(TARGET_RESERVES / demoReserves) - 1;
    // copy g of a demo reserve goes to another offer of the grown set, placed g hours earlier, sold g % 300 days earlier
    await ctx.db.execute(sql`
      INSERT INTO reserves (offer_id, amount, packs_amount, unit_price, total_sum, unit_selling_price, total_selling_sum, min_selling_price,
        max_selling_price, marginality, estimated_date_implementation, actual_date_implementation, buyer_name, buyer_phone, city_id,
        delivery_address, delivery_cost, delivery_days, responsible_id, offer_price_kg, unit_weight, costs_per_kg, min_markup, max_markup,
        created_by, status, created_at)
      SELECT (SELECT min(id) FROM offers) + ((r.offer_id + g * 7919) % ${offers}), amount, packs_amount, unit_price, total_sum, unit_selling_price,
        total_selling_sum, min_selling_price, max_selling_price, marginality, estimated_date_implementation,
        actual_date_implementation - (g % 300), buyer_name || CASE WHEN g % 7 = 0 THEN ' ' || (g % 50) ELSE '' END, buyer_phone, city_id,
        delivery_address, delivery_cost, delivery_days, responsible_id, offer_price_kg, unit_weight, costs_per_kg, min_markup, max_markup,
        created_by, status, created_at - (g || ' hours')::interval
      FROM reserves r, generate_series(1, ${copies}) AS g
      LIMIT ${TARGET_RESERVES - demoReserves}`);
    await ctx.db.execute(sql`
      INSERT INTO record_history (section, record_id, action, at, changes)
      SELECT 'offers', o.id, 'stock', o.created_at + ((o.id % 90) || ' days')::interval,
        '[{"field": "status", "old": "active", "new": "completed"}]'::jsonb
      FROM offers o WHERE o.status = 'completed'`);
    await ctx.db.execute(sql`ANALYZE`);
    const reserves = await count(ctx.db, 'reserves');
    const completedOffers = (
      (await ctx.db.execute(sql`SELECT count(*)::int AS n FROM offers WHERE status = 'completed'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n;

    const token = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    console.log(`PostgreSQL: ${offers} offers (${completedOffers} sold out), ${reserves} reserves; period ${QUERY}`);
    for (const chart of CHARTS) {
      const url = `/api/analytics/${chart}?${QUERY}`;
      const first = await get(url);
      if (first.statusCode !== 200) throw new Error(`GET ${url}: ${first.statusCode} ${first.body}`);
      for (let i = 0; i < WARMUP; i++) await get(url);
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await get(url);
        samples.push(performance.now() - start);
      }
      samples.sort((a, b) => a - b);
      const p50 = pct(samples, 50);
      const p99 = pct(samples, 99);
      console.log(
        `  ${chart.padEnd(9)} rows ${String(first.json().rows.length).padStart(3)}   budget ≤ 200 ms: ${p99 <= 200 ? 'met' : 'MISSED'}`,
      );
      console.log(
        `RESULT analytics chart=${chart} engine=postgresql offers=${offers} reserves=${reserves} p50_ms=${p50.toFixed(1)} p99_ms=${p99.toFixed(1)}`,
      );
    }
  } finally {
    await ctx.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
