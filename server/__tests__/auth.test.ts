import { eq } from 'drizzle-orm';
import { createTestApp, insertRoles, insertUser, signIn, PASSWORD, type TestContext } from './testApp';
import { sessions, loginFailures } from '../db/schema';
import { hashToken } from '../accounts/sessions';
import { hashPassword, verifyPassword, DEFAULT_SCRYPT_N } from '../accounts/passwords';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ loginMaxFailures: 3, loginWindowMinutes: 15 });
  await insertRoles(ctx.db);
  await insertUser(ctx.db, { email: 'manager@nutdesk.test', name: 'Иванова Анна', role_id: 1, user_type: 'employee' });
  await insertUser(ctx.db, { email: 'throttled@nutdesk.test', role_id: 1 });
  await insertUser(ctx.db, { email: 'quitter@nutdesk.test', role_id: 8 });
}, 60_000);

afterAll(() => ctx?.close());

const login = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/login', payload: payload as object });

describe('POST /login', () => {
  test('right credentials give a token that opens /api/me', async () => {
    const res = await login({ login: '  Manager@NutDesk.test ', psswd: PASSWORD });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'manager@nutdesk.test',
      name: 'Иванова Анна',
      role_id: 1,
      is_admin: false,
      user_type: 'employee',
    });

    // only the hash of the token is stored
    const rows = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken(token)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(await ctx.db.select().from(sessions))).not.toContain(token);
  });

  test('a wrong password and an unknown login get the same 400', async () => {
    const wrong = await login({ login: 'manager@nutdesk.test', psswd: 'Nepravilno1' });
    const unknown = await login({ login: 'nobody@nutdesk.test', psswd: 'Nepravilno1' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: 'error', error: 'validation', messages: ['Неверный логин или пароль'] });
    expect(unknown.body).toBe(wrong.body);
  });

  test('bad input gets the login form messages', async () => {
    const empty = await login({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().messages).toEqual(['Введите email', 'Введите пароль']);
    const badEmail = await login({ login: 'не-почта', psswd: 'x' });
    expect(badEmail.json().messages).toEqual(['Введите корректный email']);
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().status).toBe('error');
  });

  test('repeated failures throttle the login from that address, even with the right password, and say so in Russian', async () => {
    for (let i = 0; i < 3; i++)
      expect((await login({ login: 'throttled@nutdesk.test', psswd: 'Wrong1234' })).statusCode).toBe(400);
    const res = await login({ login: 'throttled@nutdesk.test', psswd: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      status: 'error',
      error: 'too_many_requests',
      messages: ['Слишком много попыток входа. Повторите попытку через 15 мин.'],
    });
    // another login is not affected
    expect((await login({ login: 'manager@nutdesk.test', psswd: PASSWORD })).statusCode).toBe(200);
  });

  test('unknown logins are throttled alike, so a 429 reveals nothing', async () => {
    for (let i = 0; i < 3; i++) await login({ login: 'ghost@nutdesk.test', psswd: 'Wrong1234' });
    const res = await login({ login: 'ghost@nutdesk.test', psswd: 'Wrong1234' });
    expect(res.statusCode).toBe(429);
  });

  test('the window passing lets the login try again, and a success clears the failures', async () => {
    await insertUser(ctx.db, { email: 'later@nutdesk.test', role_id: 1 });
    for (let i = 0; i < 3; i++) await login({ login: 'later@nutdesk.test', psswd: 'Wrong1234' });
    expect((await login({ login: 'later@nutdesk.test', psswd: PASSWORD })).statusCode).toBe(429);
    await ctx.db
      .update(loginFailures)
      .set({ failed_at: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginFailures.login, 'later@nutdesk.test'));
    expect((await login({ login: 'later@nutdesk.test', psswd: PASSWORD })).statusCode).toBe(200);
    expect(await ctx.db.select().from(loginFailures).where(eq(loginFailures.login, 'later@nutdesk.test'))).toHaveLength(
      0,
    );
  });
});

describe('tokens', () => {
  const me = (token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });

  test('logout revokes the token', async () => {
    const token = await signIn(ctx.app, 'quitter@nutdesk.test');
    expect((await me(token)).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.json()).toEqual({ status: 'success' });
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ status: 'error', error: 'unauthorized', message: 'Сессия истекла. Войдите снова' });
  });

  test('missing, garbage and expired tokens get 401', async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me('garbage')).statusCode).toBe(401);
    const token = await signIn(ctx.app, 'manager@nutdesk.test');
    await ctx.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.token_hash, hashToken(token)));
    expect((await me(token)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/permissions' })).statusCode).toBe(401);
  });

  test('an unknown API path is a JSON 404 for a signed-in user', async () => {
    const token = await signIn(ctx.app, 'manager@nutdesk.test');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', error: 'not_found', message: 'Объект не найден' });
  });
});

test('the production scrypt cost (N = 2^17) hashes and verifies', async () => {
  const stored = await hashPassword('Demo12345');
  expect(stored.hash.startsWith(`scrypt$${DEFAULT_SCRYPT_N}$`)).toBe(true);
  expect(await verifyPassword('Demo12345', stored)).toBe(true);
  expect(await verifyPassword('demo12345', stored)).toBe(false);
  const again = await hashPassword('Demo12345');
  expect(again.salt).not.toBe(stored.salt); // per-user salt
});

test('a known path asked with another method is 405 with the methods it takes; an unknown one stays 404', async () => {
  const token = await signIn(ctx.app, 'manager@nutdesk.test');
  const headers = { authorization: `Bearer ${token}` };
  const put = await ctx.app.inject({ method: 'PUT', url: '/api/offers/12', headers, payload: {} });
  expect(put.statusCode).toBe(405);
  expect(put.headers.allow).toBe('GET, PATCH');
  expect(put.json()).toEqual({ status: 'error', error: 'method_not_allowed', message: 'Метод не поддерживается' });
  const login = await ctx.app.inject({ method: 'DELETE', url: '/login' });
  expect([login.statusCode, login.headers.allow]).toEqual([405, 'POST']);
  expect((await ctx.app.inject({ method: 'PUT', url: '/api/nothing-here', headers, payload: {} })).statusCode).toBe(
    404,
  );
});

test('create-admin on an existing account sets the password and ends the sessions signed in with the old one', async () => {
  const { upsertAdmin } = await import('../accounts/users');
  await insertUser(ctx.db, { email: 'takenover@nutdesk.test', role_id: 1 });
  const token = await signIn(ctx.app, 'takenover@nutdesk.test');
  const me = () => ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
  expect((await me()).statusCode).toBe(200);
  expect(await upsertAdmin(ctx.db, 'TakenOver@nutdesk.test', 'NewPassw0rd', 1024)).toBe('updated');
  expect((await me()).statusCode).toBe(401);
  expect((await login({ login: 'takenover@nutdesk.test', psswd: PASSWORD })).statusCode).toBe(400);
  expect((await login({ login: 'takenover@nutdesk.test', psswd: 'NewPassw0rd' })).statusCode).toBe(200);
});
