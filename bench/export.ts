// Export of 100 000 offers, XLSX and CSV, downloaded over a real socket by a process of its own, as a browser
// would (app.inject would gather the whole body in the server's memory and hide what streaming saves; a fetch in
// this process would add the reader's buffers to the server's): the time, the file's size and the server's peak
// RSS above what it held before, sampled every 10 ms. Budget (DESIGN.md): peak RSS growth ≤ 100 MB, memory flat.
// Runs on PGlite in memory; with DATABASE_URL set, on that PostgreSQL server too (in a throwaway database).
// BENCH_OFFERS=200000 exports twice as many: memory that is flat grows no more. live_growth_mb is what the export
// holds: the heap (and buffers) at its largest with a full collection every 100 ms, in a second download.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { createTestApp, signIn } from '../server/__tests__/testApp';
import { DEMO_PASSWORD } from '../domain/api';
import { onEachEngine } from './engines';
import { seedOffers, TARGET_OFFERS } from './offers';

const MB = 1024 * 1024;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** The engine as a RESULT line names it. */
const engineName = (engine: string) => (engine.startsWith('PGlite') ? 'pglite' : 'postgresql');

/** The reader, a node process of its own: downloads the file, counts its bytes, answers on its stdout. */
const READER = `
  const res = await fetch(process.env.URL, { headers: { authorization: 'Bearer ' + process.env.TOKEN } });
  let bytes = 0;
  if (res.body) for await (const chunk of res.body) bytes += chunk.length;
  console.log(JSON.stringify({ status: res.status, rows: res.headers.get('x-total-count'), bytes }));`;

function downloadElsewhere(url: string, token: string): Promise<{ status: number; rows: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', READER], {
      env: { ...process.env, URL: url, TOKEN: token },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`reader exited ${code}`))));
  });
}

const live = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

/** The same download again, the server's heap collected in full every 100 ms: the memory the export holds (what
 * the peak RSS above adds is garbage the collector has not yet come for: V8 lets the heap grow to a few times
 * what it last kept before it collects). */
async function liveGrowth(url: string, token: string): Promise<number> {
  gc();
  const before = live();
  let peak = before;
  const sampler = setInterval(() => {
    gc();
    peak = Math.max(peak, live());
  }, 100);
  await downloadElsewhere(url, token);
  clearInterval(sampler);
  return (peak - before) / MB;
}

async function download(engine: string, base: string, token: string, format: 'xlsx' | 'csv') {
  const url = `${base}/api/offers/export?format=${format}&withDeleted=true&sort=unit_price&order=desc`;
  gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const start = performance.now();
  // the list a manager exports: every offer, dearest first, with the default columns
  const { status, rows, bytes } = await downloadElsewhere(url, token);
  if (status !== 200) throw new Error(`export ${format}: ${status}`);
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const growth = (peak - before) / MB;
  const held = await liveGrowth(url, token);
  console.log(
    `  ${format.toUpperCase().padEnd(5)} ${rows} rows  ${(ms / 1000).toFixed(1).padStart(5)} s  ${(bytes / MB).toFixed(1).padStart(5)} MB file` +
      `  RSS ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB (+${growth.toFixed(0)} MB)  budget ≤ 100 MB: ${growth <= 100 ? 'met' : 'MISSED'}` +
      `  held +${held.toFixed(1)} MB`,
  );
  console.log(
    `RESULT export engine=${engineName(engine)} format=${format} rows=${rows} seconds=${(ms / 1000).toFixed(2)} rss_growth_mb=${growth.toFixed(0)} live_growth_mb=${held.toFixed(1)}`,
  );
}

async function bench(engine: string) {
  const ctx = await createTestApp({ scryptN: 2 ** 14 });
  try {
    const total = await seedOffers(ctx.db, Number(process.env.BENCH_OFFERS ?? TARGET_OFFERS));
    const token = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    console.log(
      `\n${engine}: ${total} offers exported${(globalThis as { gc?: unknown }).gc ? '' : ' (run with --expose-gc for a steadier baseline)'}`,
    );
    await download(engine, base, token, 'csv');
    await download(engine, base, token, 'xlsx');
  } finally {
    await ctx.close();
  }
}

onEachEngine(bench);
