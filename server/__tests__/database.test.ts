import { mkdtempSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { acquireDataDirLock, DataDirLockedError, processStart } from '../db/lock';
import { createTestApp } from './testApp';

describe('the data folder lock', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'nutdesk-lock-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('a second holder is refused with a message naming the process and the folder', () => {
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.path, 'utf8')).toBe(`${process.pid}\n${processStart('self')}\n`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`Папка данных ${dir} уже занята процессом ${process.pid}`);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    acquireDataDirLock(dir).release(); // free again
  });

  test('a lock left by a dead process is taken over', () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(path.join(dir, 'nutdesk.lock'), dead);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.path, 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
  });

  test('a pid reused by another process (a restart in a container) does not hold the lock', () => {
    // the same pid as a live process, but that process started at another moment: the holder is gone
    writeFileSync(path.join(dir, 'nutdesk.lock'), `${process.pid}\n1\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.path, 'utf8').split('\n')[1]).toBe(processStart('self'));
    lock.release();
  });

  test('an old lock naming our own pid without a start time is stale, not a live server', () => {
    writeFileSync(path.join(dir, 'nutdesk.lock'), String(process.pid));
    acquireDataDirLock(dir).release();
  });

  test('a live holder with its start time is refused', () => {
    const other = spawnSync('sh', ['-c', 'sleep 5 & echo $!']).stdout.toString().trim();
    const start = processStart(Number(other));
    expect(start).not.toBeNull();
    writeFileSync(path.join(dir, 'nutdesk.lock'), `${other}\n${start}\n`);
    expect(() => acquireDataDirLock(dir)).toThrow(`уже занята процессом ${other}`);
    process.kill(Number(other));
  });
});

test('migrations run twice without harm and create the whole model', async () => {
  const ctx = await createTestApp();
  try {
    await ctx.database.migrate();
    const result = await ctx.db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    const tables = (result as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'business_settings',
        'cities',
        'city_delivery',
        'comments',
        'employees',
        'files',
        'login_failures',
        'offers',
        'one_time_tokens',
        'packing',
        'positions',
        'products',
        'reserves',
        'role_hidden_fields',
        'role_permissions',
        'roles',
        'saved_filters',
        'sessions',
        'suppliers',
        'user_settings',
        'users',
        'varieties',
      ]),
    );
    const ext = await ctx.db.execute(sql`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`);
    expect((ext as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  } finally {
    await ctx.close();
  }
});
