// The list API during a burst of wrong sign-ins: GET /api/offers p50/p99 with no sign-ins, then while
// 32 clients keep signing in with wrong passwords to unknown logins from ever new addresses (the costly case: no
// throttle rule stops a fresh address, every try is a full scrypt at the production cost), with the server's
// hashing gate (PASSWORD_HASHING_CONCURRENCY=2) and with the gate opened wide, for comparison.
// Budget (DESIGN.md, the lists' own): p50 ≤ 15 ms, p99 ≤ 50 ms.
import { performance } from 'node:perf_hooks';
import { createTestApp, signIn } from '../server/__tests__/testApp';
import { seedDemoData } from '../server/db/seed';
import { DEFAULT_SCRYPT_N } from '../server/accounts/passwords';
import { DEMO_PASSWORD } from '../domain/api';
import { pct } from './engines';

const WARMUP = 60;
const RUNS = 200;
const ATTACKERS = 32;
const URL = '/api/offers?statuses_ids=active&sort=unit_price&order=desc&perPage=20';

type Mode = 'quiet' | 'gated' | 'open';

async function scenario(label: string, mode: Mode) {
  const ctx = await createTestApp({
    scryptN: DEFAULT_SCRYPT_N,
    // 'open': as many checks at once as come in (libuv's four threads are then the only bound)
    ...(mode === 'open'
      ? { hashingConcurrency: 10_000, hashingQueue: 10_000 }
      : { hashingConcurrency: 2, hashingQueue: 32 }),
  });
  try {
    await seedDemoData(ctx.db, { now: new Date('2026-11-01T09:00:00Z') });
    const token = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
    const list = () => ctx.app.inject({ method: 'GET', url: URL, headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < WARMUP; i++) await list();

    let stop = false;
    let n = 0;
    const answers: Record<number, number> = {};
    const attacker = async () => {
      while (!stop) {
        n++;
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/login',
          remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          payload: { login: `guess${n}@example.ru`, psswd: 'Wrong12345' },
        });
        answers[res.statusCode] = (answers[res.statusCode] ?? 0) + 1;
      }
    };
    const burst = mode === 'quiet' ? [] : Array.from({ length: ATTACKERS }, attacker);
    // let the burst fill the gate before measuring
    if (burst.length) await new Promise((resolve) => setTimeout(resolve, 1000));

    const samples: number[] = [];
    const started = performance.now();
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const res = await list();
      if (res.statusCode !== 200) throw new Error(`GET ${URL}: ${res.statusCode} ${res.body}`);
      samples.push(performance.now() - start);
    }
    const seconds = (performance.now() - started) / 1000;
    stop = true;
    await Promise.all(burst);
    samples.sort((a, b) => a - b);
    const signIns = Object.entries(answers)
      .map(([status, count]) => `${count}×${status}`)
      .join(', ');
    console.log(
      `  ${label.padEnd(40)} p50 ${pct(samples, 50).toFixed(2).padStart(7)} ms   p99 ${pct(samples, 99).toFixed(2).padStart(7)} ms` +
        (burst.length
          ? `   sign-ins answered: ${signIns} (${(Object.values(answers).reduce((a, b) => a + b, 0) / seconds).toFixed(1)}/s)`
          : ''),
    );
  } finally {
    await ctx.close();
  }
}

async function main() {
  console.log(
    `GET /api/offers (demo data, PGlite) while ${ATTACKERS} clients sign in with wrong passwords, scrypt N=2^${Math.log2(DEFAULT_SCRYPT_N)}:`,
  );
  await scenario('no sign-ins', 'quiet');
  await scenario('burst, hashing gate of 2 (the default)', 'gated');
  await scenario('burst, no gate (for comparison)', 'open');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
