// A server killed with -9 inside a container comes back. Each start runs in a fresh PID namespace
// (unshare --pid --fork --mount-proc), as a container would, so the new server gets the same pid the dead one
// wrote into the data folder's lock. It must take the stale lock over, serve again, and keep what it had
// acknowledged. Needs root for unshare (CI has it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../domain/api';

const root = path.resolve(__dirname, '..');
const canUnshare = process.getuid?.() === 0;

function startInNamespace(dataDir: string, port: number): { child: ChildProcess; output: () => string } {
  const child = spawn(
    'unshare',
    ['--pid', '--fork', '--mount-proc', process.execPath, '--import', 'tsx', 'server/main.ts'],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so kill -9 reaches unshare and the server inside
    },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, output: () => output };
}

async function waitServing(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/api/docs/json`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 120 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test(
  'after kill -9 in a fresh PID namespace the server starts again with its data',
  { skip: !canUnshare && 'needs root for unshare' },
  async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nutdesk-restart-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const url = `http://127.0.0.1:${port}`;
    try {
      const first = startInNamespace(dataDir, port);
      await waitServing(url, first.child, first.output);
      const lockPid = readFileSync(path.join(dataDir, 'nutdesk.lock'), 'utf8').split('\n')[0];

      const login = await fetch(`${url}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ login: 'admin@nutdesk.demo', psswd: DEMO_PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const saved = await fetch(`${url}/api/filters/cities`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ cities: 'Казань' }),
      });
      assert.equal(saved.status, 200);

      const exited = new Promise((r) => first.child.once('exit', r));
      process.kill(-first.child.pid!, 'SIGKILL');
      await exited;

      const second = startInNamespace(dataDir, port);
      try {
        await waitServing(url, second.child, second.output);
        // the same pid as the dead server: the lock's start time told them apart
        assert.equal(readFileSync(path.join(dataDir, 'nutdesk.lock'), 'utf8').split('\n')[0], lockPid);
        const relogin = await fetch(`${url}/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ login: 'admin@nutdesk.demo', psswd: DEMO_PASSWORD }),
        });
        const again = (await relogin.json()) as { token: string };
        const filter = await fetch(`${url}/api/filters/cities`, {
          headers: { Authorization: `Bearer ${again.token}` },
        });
        assert.deepEqual(await filter.json(), { cities: 'Казань' });
        const offers = await fetch(`${url}/api/offers?perPage=20`, {
          headers: { Authorization: `Bearer ${again.token}` },
        });
        assert.ok(((await offers.json()) as { pagination: { totalItems: number } }).pagination.totalItems > 0);
      } finally {
        const done = new Promise((r) => second.child.once('exit', r));
        process.kill(-second.child.pid!, 'SIGTERM');
        await done;
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
