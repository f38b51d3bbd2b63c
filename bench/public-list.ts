// A buyer's link to a long price list: 20 000 lots (LOTS to change it) of one product for Kazan on
// PostgreSQL, read through the whole server with the link's list kept (PUBLIC_CACHE_SECONDS 60, the per-address limit
// lifted). What the paging saves: the bytes of the whole list as the read answered before (every line, built the
// same way) against one page of the default 100 and of 200; and what a read costs: the first read (the list built),
// then p50 of 50 reads of a page from the kept list, and of the whole list's JSON made from the same kept list.
// Needs DATABASE_URL (a PostgreSQL server): the test app makes a throwaway database on it and drops it after.
import { performance } from 'node:perf_hooks';
import { createTestApp, signIn } from '../server/__tests__/testApp';
import { seedDemoData } from '../server/db/seed';
import { DEMO_PASSWORD } from '../domain/api';
import { pct } from './engines';
import { priceListLots } from './offers';
import { tomorrow } from '../server/__tests__/trade';
import { publicPriceList } from '../server/priceList/links';
import { publicListCache } from '../server/priceList/publicCache';
import { SECTION_SPECS } from '../server/sections';

const LOTS = Number(process.env.LOTS ?? 20_000);
const READS = 50;

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('bench/public-list.ts runs on PostgreSQL: set DATABASE_URL');
  const ctx = await createTestApp({ scryptN: 2 ** 14, publicCacheSeconds: 60, publicRequestsPerMinute: 1_000_000 });
  try {
    await seedDemoData(ctx.db, { now: new Date('2026-11-01T09:00:00Z') });
    const auth = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
    const refs = await priceListLots(ctx.db, 'Орех бенчмарка ссылки', LOTS);

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/price-list/links',
      headers: { authorization: `Bearer ${auth}` },
      payload: { city_id: refs.kazan, product_id: [refs.product], level: 'max', valid_until: tomorrow },
    });
    if (created.statusCode !== 201)
      throw new Error(`POST /api/price-list/links: ${created.statusCode} ${created.body}`);
    const token = String(created.json().url).split('/p/')[1];
    const read = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/public/price-list/${token}${query}` });

    let t = performance.now();
    const first = await read('');
    const buildMs = performance.now() - t;
    if (first.statusCode !== 200) throw new Error(`GET the link: ${first.statusCode} ${first.body}`);
    const lines = first.json().pagination.totalItems as number;
    if (lines !== LOTS) throw new Error(`expected ${LOTS} lines, got ${lines}`);
    const bytesPage = first.rawPayload.length;
    const bytesPage200 = (await read('?perPage=200')).rawPayload.length;

    // the whole list as one answer, as the read gave it before paging: every line, from a kept list too
    const cache = publicListCache(60);
    const whole = () =>
      publicPriceList(ctx.db, SECTION_SPECS, token, cache, { page: 1, perPage: Number.MAX_SAFE_INTEGER });
    const bytesBefore = Buffer.byteLength(JSON.stringify(await whole()));

    const middle = Math.ceil(lines / 100 / 2);
    const pageSamples: number[] = [];
    for (let i = 0; i < 5; i++) await read(`?page=${middle}`);
    for (let i = 0; i < READS; i++) {
      t = performance.now();
      const res = await read(`?page=${middle}`);
      pageSamples.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`GET page ${middle}: ${res.statusCode}`);
    }
    pageSamples.sort((a, b) => a - b);
    const wholeSamples: number[] = [];
    for (let i = 0; i < 10; i++) {
      t = performance.now();
      JSON.stringify(await whole());
      wholeSamples.push(performance.now() - t);
    }
    wholeSamples.sort((a, b) => a - b);

    console.log(
      `a buyer's link to ${lines} lots on PostgreSQL: the whole list ${(bytesBefore / 1024).toFixed(0)} KB, a page of 100 ${(bytesPage / 1024).toFixed(1)} KB, of 200 ${(bytesPage200 / 1024).toFixed(1)} KB`,
    );
    console.log(
      `  first read (the list built) ${buildMs.toFixed(0)} ms; a kept page p50 ${pct(pageSamples, 50).toFixed(1)} ms, p99 ${pct(pageSamples, 99).toFixed(1)} ms; the whole list's JSON from the kept list p50 ${pct(wholeSamples, 50).toFixed(1)} ms`,
    );
    console.log(
      `RESULT public-list lots=${lines} bytes_before=${bytesBefore} bytes_page=${bytesPage} bytes_page200=${bytesPage200}`,
    );
    console.log(
      `RESULT public-list-read lots=${lines} first_ms=${buildMs.toFixed(0)} page_p50_ms=${pct(pageSamples, 50).toFixed(1)} page_p99_ms=${pct(pageSamples, 99).toFixed(1)} whole_p50_ms=${pct(wholeSamples, 50).toFixed(1)}`,
    );
  } finally {
    await ctx.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
