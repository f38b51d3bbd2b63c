// Bulk work on 1 000 offers through the whole server (app.inject: auth hook, schema, the set-based engine of
// server/records/bulk.ts): a bulk edit of the loading address, a price moved +5 % (every rule of the card checked:
// the schema, stock, reserves, duplicates, the selling band recomputed), a bulk delete and a bulk restore of the
// same offers. The demo data's offers are grown to BENCH_OFFERS (default 20 000), and 1 000 active offers with no
// active twin are picked. Goals (issue 36): the edit ≤ 1 s on PostgreSQL, ≤ 2 s on PGlite.
// Runs on PGlite in memory; with DATABASE_URL set, on that PostgreSQL server too (in a throwaway database).
import { performance } from 'node:perf_hooks';
import { createTestApp, signIn } from '../server/__tests__/testApp';
import { DEMO_PASSWORD } from '../domain/api';
import { onEachEngine } from './engines';
import { seedOffers, soleActiveOffers } from './offers';

const ROWS = 1000;
const RUNS = 3;

const engineName = (engine: string) => (engine.startsWith('PGlite') ? 'pglite' : 'postgresql');

async function bench(engine: string) {
  const ctx = await createTestApp({ scryptN: 2 ** 14 });
  try {
    const total = await seedOffers(ctx.db, Number(process.env.BENCH_OFFERS ?? 20_000));
    const ids = await soleActiveOffers(ctx.db, ROWS);
    const token = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
    const call = async (method: 'PATCH' | 'DELETE' | 'POST', url: string, payload: object) => {
      const start = performance.now();
      const res = await ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
      const ms = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return { body: res.json() as Record<string, unknown>, seconds: ms / 1000 };
    };
    console.log(`\n${engine}: ${ROWS} of ${total} offers`);
    const report = (op: string, seconds: number, done: unknown) => {
      console.log(`  ${op.padEnd(22)} ${seconds.toFixed(2)} s  (${String(done)} of ${ROWS})`);
      return seconds;
    };
    const edits: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const edit = await call('PATCH', '/api/offers', { ids, set: { loading_address: `Москва, ул. Складская, ${run + 1}` } });
      edits.push(report('edit loading address', edit.seconds, edit.body.changed));
      if (edit.body.changed !== ROWS) throw new Error(`edit: ${JSON.stringify(edit.body).slice(0, 300)}`);
    }
    const price = await call('PATCH', '/api/offers', { ids, set: {}, adjust: { unit_price: 5 } });
    report('edit price +5 %', price.seconds, price.body.changed);
    const deleted = await call('DELETE', '/api/offers', { ids });
    report('delete', deleted.seconds, deleted.body.deleted);
    const restored = await call('POST', '/api/offers/restore', { ids });
    report('restore', restored.seconds, restored.body.restored);
    const median = [...edits].sort((x, y) => x - y)[Math.floor(edits.length / 2)];
    console.log(`RESULT bulk engine=${engineName(engine)} rows=${ROWS} seconds=${median.toFixed(2)}`);
    console.log(`RESULT bulk_price engine=${engineName(engine)} rows=${ROWS} seconds=${price.seconds.toFixed(2)}`);
    console.log(`RESULT bulk_delete engine=${engineName(engine)} rows=${ROWS} seconds=${deleted.seconds.toFixed(2)}`);
    console.log(`RESULT bulk_restore engine=${engineName(engine)} rows=${ROWS} seconds=${restored.seconds.toFixed(2)}`);
  } finally {
    await ctx.close();
  }
}

onEachEngine(bench);
