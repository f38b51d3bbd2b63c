// A quote while the buyer is on the phone at 100 000 offers on PostgreSQL: POST /api/quotes/search
// through the whole server (auth hook, schemas, the lots' query with the route joined, the ranking), as the manager
// asks it: the product with the most lots, to Kazan, three questions in turn: an amount in kg one lot holds, an
// amount in pieces, and an amount no single lot holds (the split into two or three lots). 300 asks after a warm-up.
// Goal: p99 ≤ 100 ms. Prints
//   RESULT quote engine=postgresql offers=<n> p50_ms=<x> p99_ms=<y>
// Needs DATABASE_URL (a PostgreSQL server): the test app makes a throwaway database on it and drops it after.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn } from '../server/__tests__/testApp';
import { firstRow } from '../server/db/rows';
import { DEMO_PASSWORD } from '../domain/api';
import { pct } from './engines';
import { seedOffers } from './offers';
import { lotFigures } from '../server/priceList/lines';

const WARMUP = 30;
const RUNS = 300;

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('bench/quote.ts runs on PostgreSQL: set DATABASE_URL');
  const ctx = await createTestApp({ scryptN: 2 ** 14 });
  try {
    const offers = await seedOffers(ctx.db);
    // what autovacuum does to a table at rest: the visibility map lets the lots' read be index-only (migration 0024)
    await ctx.db.execute(sql`VACUUM ANALYZE offers`);
    const token = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
    const refs = firstRow<{ kazan: number; product: number; lots: number; most: string; pieces: number }>(
      await ctx.db.execute(sql`
      WITH top AS (
        SELECT product_id, count(*)::int AS lots FROM offers WHERE status = 'active' AND available_amount > 0
        GROUP BY product_id ORDER BY count(*) DESC, product_id LIMIT 1)
      SELECT (SELECT id FROM cities WHERE name = 'Казань') AS kazan, top.product_id AS product, top.lots,
        (SELECT max(available_amount * coalesce(unit_weight, 1))::text FROM offers
          WHERE product_id = top.product_id AND status = 'active' AND available_amount > 0) AS most,
        (SELECT count(*)::int FROM offers WHERE product_id = top.product_id AND status = 'active' AND available_amount > 0
          AND unit_measure = 'шт') AS pieces
      FROM top`),
    )!;
    const most = Number(refs.most);
    const asks = [
      { label: 'kg, one lot holds it', body: { amount: 500, unit: 'кг', level: 'middle' } },
      {
        label: refs.pieces ? 'pieces' : 'kg at a margin',
        body: refs.pieces
          ? { amount: 20, unit: 'шт', level: 'min' }
          : { amount: 1000, unit: 'кг', level: 'margin', margin: 15 },
      },
      { label: 'split over 2–3 lots', body: { amount: Math.floor(most * 1.8), unit: 'кг', level: 'max' } },
    ].map((a) => ({ ...a, body: { product_id: refs.product, city_id: refs.kazan, ...a.body } }));
    const ask = async (body: object) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/quotes/search',
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
      if (res.statusCode !== 200) throw new Error(`POST /api/quotes/search: ${res.statusCode} ${res.body}`);
      return res.json() as { lines: { offers: unknown[] }[] };
    };
    for (const a of asks) {
      const answer = await ask(a.body);
      console.log(
        `  ${a.label}: ${answer.lines.length} lines, the first of ${answer.lines[0]?.offers.length ?? 0} lots`,
      );
    }
    for (let i = 0; i < WARMUP; i++) await ask(asks[i % asks.length].body);
    const all: number[] = [];
    const each: number[][] = asks.map(() => []);
    for (let i = 0; i < RUNS; i++) {
      const k = i % asks.length;
      const t = performance.now();
      await ask(asks[k].body);
      const ms = performance.now() - t;
      all.push(ms);
      each[k].push(ms);
    }
    // the lots' figures read alone, as the service runs it
    const sqlSamples: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await lotFigures(
        ctx.db,
        { city_id: refs.kazan, product_id: [refs.product], level: 'min', rounding: 'none' },
        null,
      );
      sqlSamples.push(performance.now() - t);
    }
    for (const s of [all, sqlSamples, ...each]) s.sort((a, b) => a - b);
    console.log(
      `quote of product ${refs.product} (${refs.lots} lots with stock of ${offers} offers) to Kazan on PostgreSQL:`,
    );
    asks.forEach((a, k) =>
      console.log(
        `  ${a.label.padEnd(22)} p50 ${pct(each[k], 50).toFixed(1)} ms, p99 ${pct(each[k], 99).toFixed(1)} ms`,
      ),
    );
    console.log(
      `  the lots' figures read alone p50 ${pct(sqlSamples, 50).toFixed(1)} ms, p99 ${pct(sqlSamples, 99).toFixed(1)} ms (goal: p99 ≤ 100 ms over all asks)`,
    );
    console.log(
      `RESULT quote engine=postgresql offers=${offers} p50_ms=${pct(all, 50).toFixed(1)} p99_ms=${pct(all, 99).toFixed(1)}`,
    );
  } finally {
    await ctx.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
