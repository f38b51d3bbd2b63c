// A buyer's price list of 1 000 lots for one city on PostgreSQL: GET /api/price-list through the whole
// server (auth hook, schema, the lots' query with the matrix joined, the reserve calculation per line), p50 of 30
// reads after a warm-up, and the PDF of the same list (GET /api/price-list/export?format=pdf), median of 5.
// Budgets: ≤ 300 ms and ≤ 3 s. Needs DATABASE_URL (a PostgreSQL server): the test app makes a throwaway database
// on it and drops it after.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn } from '../server/__tests__/testApp';
import { seedDemoData } from '../server/db/seed';
import { DEMO_PASSWORD } from '../domain/api';
import { pct } from './engines';
import { priceListLots } from './offers';
import { lots } from '../server/priceList/lines';
import { priceLine } from '../domain/priceList/figures';
import { readBusinessSettings } from '../server/settings';

const LOTS = 1000;
const READS = 30;
const PDFS = 5;

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('bench/price-list.ts runs on PostgreSQL: set DATABASE_URL');
  const ctx = await createTestApp({ scryptN: 2 ** 14 });
  try {
    await seedDemoData(ctx.db, { now: new Date('2026-11-01T09:00:00Z') });
    const token = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

    // a product of its own with 1 000 active lots in stock, loaded in every city but Kazan (some routes to it
    // removed, so the default delivery is priced too), half by the kilogram, half in boxes of 0.5 kg pieces
    const refs = await priceListLots(ctx.db, 'Орех бенчмарка', LOTS);
    await ctx.db.execute(sql`DELETE FROM city_delivery WHERE to_city_id = ${refs.kazan} AND from_city_id % 5 = 0`);

    const url = `/api/price-list?city_id=${refs.kazan}&product_id=${refs.product}&level=percent&markup=20&rounding=10`;
    const first = await get(url);
    if (first.statusCode !== 200) throw new Error(`GET ${url}: ${first.statusCode} ${first.body}`);
    const lines = first.json().lines.length as number;
    if (lines !== LOTS) throw new Error(`expected ${LOTS} lines, got ${lines}`);
    for (let i = 0; i < 5; i++) await get(url);
    const samples: number[] = [];
    for (let i = 0; i < READS; i++) {
      const t = performance.now();
      const res = await get(url);
      samples.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode}`);
    }
    samples.sort((a, b) => a - b);
    // what the read is made of: the lots' query alone, and the reserve calculation of 1 000 lines alone
    const request = {
      city_id: refs.kazan,
      product_id: [refs.product],
      level: 'percent' as const,
      markup: 20,
      rounding: '10' as const,
    };
    const sqlSamples: number[] = [];
    const computeSamples: number[] = [];
    const settings = await readBusinessSettings(ctx.db);
    for (let i = 0; i < READS; i++) {
      let t = performance.now();
      const rows = await lots(ctx.db, request, null);
      sqlSamples.push(performance.now() - t);
      t = performance.now();
      for (const lot of rows) priceLine(lot, { cost: lot.route_cost, days: lot.route_days }, settings, request);
      computeSamples.push(performance.now() - t);
    }
    sqlSamples.sort((a, b) => a - b);
    computeSamples.sort((a, b) => a - b);

    const pdfUrl = url.replace('/api/price-list?', '/api/price-list/export?format=pdf&');
    const seconds: number[] = [];
    let bytes = 0;
    for (let i = 0; i < PDFS; i++) {
      const t = performance.now();
      const res = await get(pdfUrl);
      seconds.push((performance.now() - t) / 1000);
      if (res.statusCode !== 200) throw new Error(`GET ${pdfUrl}: ${res.statusCode}`);
      bytes = res.rawPayload.length;
    }
    seconds.sort((a, b) => a - b);

    console.log(
      `price list of ${lines} lots for Kazan on PostgreSQL: p50 ${pct(samples, 50).toFixed(1)} ms, p99 ${pct(samples, 99).toFixed(1)} ms (budget 300 ms)`,
    );
    console.log(
      `  of which the lots' SQL p50 ${pct(sqlSamples, 50).toFixed(1)} ms, the prices of 1 000 lines p50 ${pct(computeSamples, 50).toFixed(1)} ms`,
    );
    console.log(
      `its PDF: median ${seconds[Math.floor(PDFS / 2)].toFixed(2)} s, ${(bytes / 1024).toFixed(0)} KB (budget 3 s)`,
    );
    console.log(`RESULT price-list engine=postgresql lots=${lines} ms=${pct(samples, 50).toFixed(1)}`);
    console.log(`RESULT price-list-pdf lots=${lines} seconds=${seconds[Math.floor(PDFS / 2)].toFixed(2)}`);
  } finally {
    await ctx.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
