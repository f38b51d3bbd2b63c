// The request log never keeps a secret: the one-time token of an invitation or reset link, a password, a bearer
// token. The app is built with its real logger writing into memory and the log is read back.
import { Writable } from 'node:stream';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type OpenedDatabase } from '../db/client';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { redactUrl } from '../http/logging';

/** The log an app with its real logger writes while `requests` run against it, read back from memory. */
async function logOf(requests: (app: FastifyInstance, database: OpenedDatabase) => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
  const database = await openDatabase({ inMemory: true });
  await database.migrate();
  const app = await buildApp({ config: { ...loadConfig({}), distDir: '/nonexistent-dist' }, db: database.db, logger: { level: 'info', stream } });
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
    await app.inject({ method: 'POST', url: '/reset-password?token=reset-secret-3', payload: { token: 'body-secret-4', psswrd: 'Password-secret-5' } });
    await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer bearer-secret-6' } });
  });
  // the requests were logged, with their paths
  expect(log).toContain('/invite?token=[скрыто]&x=1');
  expect(log).toContain('/reset-password?token=[скрыто]');
  for (const secret of ['invite-secret-1', 'reset-secret-2', 'reset-secret-3', 'body-secret-4', 'Password-secret-5', 'bearer-secret-6']) {
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
  for (const secret of ['link-secret-1', 'link-secret-2', 'link-secret-3', 'link-secret-4', 'секрет-параметр-7']) expect(log).not.toContain(secret);
  expect(redactUrl('/p/abc?token=t')).toBe('/p/[скрыто]?token=[скрыто]');
});
