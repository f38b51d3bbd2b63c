// Profile of the export alone (not the seeding): BENCH_OFFERS offers seeded, then each format downloaded by a
// process of its own while this process's CPU is profiled; writes /tmp/speedprof/<engine>-<format>.cpuprofile.
import { spawn } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { createTestApp, signIn } from '../server/__tests__/testApp';
import { DEMO_PASSWORD } from '../domain/api';
import { onEachEngine } from './engines';
import { seedOffers } from './offers';

const READER = `
  const res = await fetch(process.env.URL, { headers: { authorization: 'Bearer ' + process.env.TOKEN } });
  let bytes = 0;
  if (res.body) for await (const chunk of res.body) bytes += chunk.length;
  console.log(JSON.stringify({ status: res.status, bytes }));`;
const download = (url: string, token: string) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', READER], {
      env: { ...process.env, URL: url, TOKEN: token },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += String(c)));
    child.on('error', reject);
    child.on('close', () => resolve(out.trim()));
  });

onEachEngine(async (engine) => {
  const name = engine.startsWith('PGlite') ? 'pglite' : 'postgresql';
  const ctx = await createTestApp({ scryptN: 2 ** 14 });
  try {
    const total = await seedOffers(ctx.db, Number(process.env.BENCH_OFFERS ?? 20000));
    const token = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    mkdirSync('/tmp/speedprof', { recursive: true });
    for (const format of (process.env.BENCH_FORMATS ?? 'csv,xlsx').split(',')) {
      const url = `${base}/api/offers/export?format=${format}&withDeleted=true&sort=unit_price&order=desc`;
      await session.post('Profiler.start');
      const cpu = process.cpuUsage();
      const start = performance.now();
      const out = await download(url, token);
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpu);
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(`/tmp/speedprof/${name}-${format}.cpuprofile`, JSON.stringify(profile));
      console.log(
        `${name} ${format} ${total} offers ${(ms / 1000).toFixed(2)} s node_cpu ${((used.user + used.system) / 1e6).toFixed(2)} s ${out}`,
      );
    }
    session.disconnect();
  } finally {
    await ctx.close();
  }
});
