// The request log never keeps a secret: the one-time token of an invitation or reset link, a password, a bearer
// token. The app is built with its real logger writing into memory and the log is read back.
import { Writable } from 'node:stream';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type OpenedDatabase } from '../db/client';
import { imageOf } from './testImages';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { cappedLine, redactUrl } from '../http/logging';

/** The log an app with its real logger writes while `requests` run against it, read back from memory. */
async function logOf(requests: (app: FastifyInstance, database: OpenedDatabase) => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const database = await openDatabase({ inMemory: true, loadDataDir: await imageOf('migrated') });
  await database.migrate();
  const app = await buildApp({
    config: { ...loadConfig({}), distDir: '/nonexistent-dist' },
    db: database.db,
    logger: { level: 'info', stream },
  });
  try {
    await requests(app, database);
  } finally {
    await app.close();
    await database.close();
  }
  return lines.join('');
}

test('links with tokens, passwords and bearer tokens are logged masked', async () => {
  const log = await logOf(async (app) => {
    await app.inject({ method: 'GET', url: '/invite?token=invite-secret-1&x=1' });
    await app.inject({ method: 'GET', url: '/reset-password?token=reset-secret-2' });
    await app.inject({
      method: 'POST',
      url: '/reset-password?token=reset-secret-3',
      payload: { token: 'body-secret-4', psswrd: 'Password-secret-5' },
    });
    await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer bearer-secret-6' } });
  });
  // the requests were logged, with their paths
  expect(log).toContain('/invite?token=[скрыто]&x=1');
  expect(log).toContain('/reset-password?token=[скрыто]');
  for (const secret of [
    'invite-secret-1',
    'reset-secret-2',
    'reset-secret-3',
    'body-secret-4',
    'Password-secret-5',
    'bearer-secret-6',
  ]) {
    expect(log).not.toContain(secret);
  }
  expect(redactUrl('/x?a=1&psswd=p&token=t#h')).toBe('/x?a=1&psswd=[скрыто]&token=[скрыто]#h');
});

test("a buyer's link is logged without its token, and a database error without its query's values (issue 34)", async () => {
  const log = await logOf(async (app, database) => {
    app.get('/api/failing-for-test', async () => {
      await database.db.execute(sql`SELECT ${'секрет-параметр-7'}::int`);
    });
    await app.inject({ method: 'GET', url: '/api/public/price-list/link-secret-1' });
    await app.inject({ method: 'GET', url: '/api/public/quotes/link-secret-2/documents/5' });
    await app.inject({ method: 'GET', url: '/p/link-secret-3' });
    await app.inject({ method: 'GET', url: '/q/link-secret-4?x=1' });
    expect((await app.inject({ method: 'GET', url: '/api/failing-for-test' })).statusCode).toBe(400);
  });
  expect(log).toContain('/api/public/price-list/[скрыто]');
  expect(log).toContain('/api/public/quotes/[скрыто]/documents/5');
  expect(log).toContain('/q/[скрыто]?x=1');
  // the failing query was logged, without the value it was given
  expect(log).toContain('database refused the input');
  expect(log).toContain('Failed query');
  for (const secret of ['link-secret-1', 'link-secret-2', 'link-secret-3', 'link-secret-4', 'секрет-параметр-7'])
    expect(log).not.toContain(secret);
  expect(redactUrl('/p/abc?token=t')).toBe('/p/[скрыто]?token=[скрыто]');
});

test('a failing query is logged with a fixed message, never its values; a line is capped whatever it carries (issue 50)', async () => {
  const huge = 'я'.repeat(200_000);
  const log = await logOf(async (app, database) => {
    app.get('/api/broken-for-test', async () => {
      await database.db.execute(sql`SELECT * FROM no_such_table_for_test WHERE name = ${'секрет-параметр-8'}`);
    });
    app.get('/api/huge-error-for-test', async () => {
      throw new Error(huge);
    });
    expect((await app.inject({ method: 'GET', url: '/api/broken-for-test' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/api/huge-error-for-test' })).statusCode).toBe(500);
  });
  const lines = log.split('\n').filter(Boolean);
  const failed = lines
    .map((l) => JSON.parse(l) as { msg: string; err?: { message: string; stack: string } })
    .filter((l) => l.msg === 'request failed');
  expect(failed).toHaveLength(2);
  expect(failed[0].err!.message).toContain('no_such_table_for_test');
  expect(log).not.toContain('секрет-параметр-8');
  // the 200 000-character message is cut to 4 000 characters and no line passes 16 000
  expect(failed[1].err!.message).toBe(`${'я'.repeat(4_000)}… [ещё 196000 симв.]`);
  for (const line of lines) expect(line.length).toBeLessThanOrEqual(16_000);
  expect(cappedLine(`{"level":30,"msg":"${'x'.repeat(20_000)}"}\n`)).toMatch(
    /^\{"level":30,"time":\d+,"msg":"log line cut","length":20022,"head":"\{\\"level\\":30/,
  );
});
