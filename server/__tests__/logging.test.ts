// The request log never keeps a secret: the one-time token of an invitation or reset link, a password, a bearer
// token. The app is built with its real logger writing into memory and the log is read back.
import { Writable } from 'node:stream';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { redactUrl } from '../http/logging';

test('links with tokens, passwords and bearer tokens are logged masked', async () => {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
  const database = await openDatabase({ inMemory: true });
  await database.migrate();
  const app = await buildApp({ config: { ...loadConfig({}), distDir: '/nonexistent-dist' }, db: database.db, logger: { level: 'info', stream } });
  try {
    await app.inject({ method: 'GET', url: '/invite?token=invite-secret-1&x=1' });
    await app.inject({ method: 'GET', url: '/reset-password?token=reset-secret-2' });
    await app.inject({ method: 'POST', url: '/reset-password?token=reset-secret-3', payload: { token: 'body-secret-4', psswrd: 'Password-secret-5' } });
    await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer bearer-secret-6' } });
  } finally {
    await app.close();
    await database.close();
  }
  const log = lines.join('');
  // the requests were logged, with their paths
  expect(log).toContain('/invite?token=[скрыто]&x=1');
  expect(log).toContain('/reset-password?token=[скрыто]');
  for (const secret of ['invite-secret-1', 'reset-secret-2', 'reset-secret-3', 'body-secret-4', 'Password-secret-5', 'bearer-secret-6']) {
    expect(log).not.toContain(secret);
  }
  expect(redactUrl('/x?a=1&psswd=p&token=t#h')).toBe('/x?a=1&psswd=[скрыто]&token=[скрыто]#h');
});
