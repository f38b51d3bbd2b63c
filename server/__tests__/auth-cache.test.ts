// The per-request read of session, user, role permissions and hidden fields is cached in each app instance and
// checked against the auth epoch (migration 0010, server/accounts/authCache.ts). Each change is made on one
// instance and must show on the very next request to a second instance on the same database, whose cache holds the
// old answer (each case warms it first); and the cache must really be what answers while nothing changed.
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../../domain/api';
import { rowsOf } from '../db/rows';
import { hashToken } from '../accounts/sessions';
import { createDemoApp, secondInstance, signIn, type DemoContext } from './testApp';

let ctx: DemoContext;
let second: Awaited<ReturnType<typeof secondInstance>>;
beforeAll(async () => {
  ctx = await createDemoApp();
  second = await secondInstance(ctx);
}, 180_000);
afterAll(async () => {
  await second.close();
  await ctx.close();
});

type App = DemoContext['app'];
async function as(
  app: App,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}
const there = (token: string, url = '/api/me') => as(second.app, token, 'GET', url);
const expired = {
  status: 401,
  body: { status: 'error', error: 'unauthorized', message: 'Сессия истекла. Войдите снова' },
};
const userId = async (email: string) =>
  rowsOf<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM users WHERE email = ${email}`))[0].id;

test('sign-out on one instance: the token is refused by the next request to the other', async () => {
  const token = await signIn(ctx.app, 'manager@nutdesk.demo', DEMO_PASSWORD);
  expect((await there(token)).status).toBe(200);
  expect((await as(ctx.app, token, 'POST', '/logout')).body).toEqual({ status: 'success' });
  expect(await there(token)).toEqual(expired);
});

test('a session ended from the profile on one instance is refused by the other', async () => {
  const kept = await signIn(ctx.app, 'manager@nutdesk.demo', DEMO_PASSWORD);
  const ended = await signIn(ctx.app, 'manager@nutdesk.demo', DEMO_PASSWORD);
  expect((await there(ended)).status).toBe(200);
  const sessions = (await as(ctx.app, kept, 'GET', '/api/profile/sessions')).body as { id: number }[];
  const [endedRow] = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM sessions WHERE token_hash = ${hashToken(ended)}`),
  );
  expect(sessions.map((s) => s.id)).toContain(endedRow.id);
  expect((await as(ctx.app, kept, 'DELETE', `/api/profile/sessions/${endedRow.id}`)).status).toBe(200);
  expect(await there(ended)).toEqual(expired);
  expect((await there(kept)).status).toBe(200);
});

test("a password change on one instance ends the account's other sessions on the other", async () => {
  const changer = await signIn(ctx.app, 'warehouse@nutdesk.demo', DEMO_PASSWORD);
  const elsewhere = await signIn(ctx.app, 'warehouse@nutdesk.demo', DEMO_PASSWORD);
  expect((await there(elsewhere)).status).toBe(200);
  const changed = await as(ctx.app, changer, 'POST', '/api/profile/password', {
    currentPsswrd: DEMO_PASSWORD,
    psswrd: 'Kedrovye2027',
    confirmPsswrd: 'Kedrovye2027',
  });
  expect(changed.status).toBe(200);
  expect(await there(elsewhere)).toEqual(expired);
  expect((await there(changer)).status).toBe(200);
  // put back for the other cases (its other sessions, ctx.tokens.warehouse among them, stay ended)
  await as(ctx.app, changer, 'POST', '/api/profile/password', {
    currentPsswrd: 'Kedrovye2027',
    psswrd: DEMO_PASSWORD,
    confirmPsswrd: DEMO_PASSWORD,
  });
});

test("a role's new permissions apply to its users' next request on the other instance, both ways", async () => {
  const token = await signIn(ctx.app, 'warehouse@nutdesk.demo', DEMO_PASSWORD);
  expect((await there(token, '/api/suppliers')).status).toBe(403);
  expect(
    (await ctx.call('PUT', '/api/admin/roles/8/permissions', 'admin', { suppliers: { read: 'all' } })).status,
  ).toBe(200);
  expect((await there(token, '/api/suppliers')).status).toBe(200);
  expect(
    (await ctx.call('PUT', '/api/admin/roles/8/permissions', 'admin', { suppliers: { read: 'none' } })).status,
  ).toBe(200);
  expect((await there(token, '/api/suppliers')).status).toBe(403);
});

test("a role's hidden-field change applies on the other instance's next request", async () => {
  const token = await signIn(ctx.app, 'warehouse@nutdesk.demo', DEMO_PASSWORD);
  const firstRow = async () => (await there(token, '/api/offers?perPage=20')).body.data[0];
  expect(await firstRow()).toHaveProperty('total_sum');
  const role8 = (await ctx.call('GET', '/api/admin/roles')).body.roles.find((r: { id: number }) => r.id === 8);
  await ctx.call('PUT', '/api/admin/roles/8/hidden-fields', 'admin', { offers: [...role8.hidden.offers, 'Сумма'] });
  expect(await firstRow()).not.toHaveProperty('total_sum');
  expect((await there(token, '/api/offers?total_sum_from=1')).status).toBe(403);
  await ctx.call('PUT', '/api/admin/roles/8/hidden-fields', 'admin', { offers: role8.hidden.offers });
  expect(await firstRow()).toHaveProperty('total_sum');
});

test("a user's role change applies on the other instance's next request", async () => {
  const id = await userId('manager@nutdesk.demo');
  // the manager (role 1) reads suppliers; as warehouse (role 8) it may not
  expect((await there(ctx.tokens.manager, '/api/suppliers')).status).toBe(200);
  expect((await ctx.call('PATCH', `/api/admin/users/${id}`, 'admin', { role_id: 8 })).status).toBe(200);
  expect((await there(ctx.tokens.manager, '/api/suppliers')).status).toBe(403);
  expect((await ctx.call('PATCH', `/api/admin/users/${id}`, 'admin', { role_id: 1 })).status).toBe(200);
  expect((await there(ctx.tokens.manager, '/api/suppliers')).status).toBe(200);
});

test('a deactivated account is refused on the other instance at once (403 code 2), its sessions stay ended', async () => {
  const id = await userId('supplier@nutdesk.demo');
  const token = ctx.tokens.supplier;
  expect((await there(token, '/api/offers')).status).toBe(200);
  expect((await ctx.call('PATCH', `/api/admin/users/${id}`, 'admin', { status: 'deactivated' })).body.status).toBe(
    'deactivated',
  );
  expect(await there(token, '/api/offers')).toEqual({
    status: 403,
    body: {
      status: 'error',
      error: 'forbidden',
      code: 2,
      message: 'Ваша учётная запись отключена администратором. Сеанс будет завершён.',
    },
  });
  expect((await ctx.call('PATCH', `/api/admin/users/${id}`, 'admin', { status: 'active' })).body.status).toBe('active');
  expect(await there(token, '/api/offers')).toEqual(expired);
});

test('while the epoch stands the cache answers: a change slipped past the trigger is not seen until the epoch moves', async () => {
  const token = await signIn(ctx.app, 'warehouse@nutdesk.demo', DEMO_PASSWORD);
  expect((await there(token, '/api/suppliers')).status).toBe(403);
  await ctx.db.execute(sql`ALTER TABLE role_permissions DISABLE TRIGGER role_permissions_auth_epoch`);
  try {
    await ctx.db.execute(
      sql`UPDATE role_permissions SET scope = 'all' WHERE role_id = 8 AND resource = 'suppliers' AND action = 'read'`,
    );
    // served from the cache: the database says 'all', the cached rights still 'none'
    expect((await there(token, '/api/suppliers')).status).toBe(403);
    await ctx.db.execute(sql`UPDATE auth_epoch SET epoch = epoch + 1`);
    expect((await there(token, '/api/suppliers')).status).toBe(200);
  } finally {
    await ctx.db.execute(sql`ALTER TABLE role_permissions ENABLE TRIGGER role_permissions_auth_epoch`);
    await ctx.db.execute(
      sql`UPDATE role_permissions SET scope = 'none' WHERE role_id = 8 AND resource = 'suppliers' AND action = 'read'`,
    );
  }
  expect((await there(token, '/api/suppliers')).status).toBe(403);
});

test('a cached session still ends when it expires, with nothing written', async () => {
  const token = await signIn(ctx.app, 'manager@nutdesk.demo', DEMO_PASSWORD);
  await ctx.db.execute(sql`UPDATE sessions SET expires_at = now() + interval '1500 milliseconds'
    WHERE token_hash = ${hashToken(token)}`);
  expect((await there(token)).status).toBe(200);
  expect((await there(token)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 1600));
  expect(await there(token)).toEqual(expired);
});

test('last use is still written at most once a minute per session through the cache', async () => {
  const token = await signIn(ctx.app, 'manager@nutdesk.demo', DEMO_PASSWORD);
  const lastSeen = async () =>
    rowsOf<{ at: string }>(
      await ctx.db.execute(sql`SELECT last_seen_at::text AS at FROM sessions
    WHERE token_hash = ${hashToken(token)}`),
    )[0].at;
  await ctx.db.execute(
    sql`UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE token_hash = ${hashToken(token)}`,
  );
  const before = await lastSeen();
  expect((await there(token)).status).toBe(200);
  const moved = await lastSeen();
  expect(moved > before).toBe(true);
  expect((await there(token)).status).toBe(200);
  expect(await lastSeen()).toBe(moved);
});
