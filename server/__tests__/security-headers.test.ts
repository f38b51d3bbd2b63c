// The headers every answer carries (issue 20): no framing, no sniffing, no referrer to other sites, a policy that
// lets a JSON answer load nothing, and HSTS only where the request came over TLS (through a trusted proxy here).
import { createTestApp, type TestContext } from './testApp';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ trustProxy: true });
}, 60_000);

afterAll(() => ctx?.close());

test('an API answer may load nothing and be framed by no one; HSTS only over TLS', async () => {
  const plain = await ctx.app.inject({ method: 'GET', url: '/api/me' });
  expect(plain.statusCode).toBe(401);
  expect(plain.headers).toMatchObject({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  });
  expect(plain.headers['strict-transport-security']).toBeUndefined();
  const tls = await ctx.app.inject({
    method: 'POST',
    url: '/login',
    headers: { 'x-forwarded-proto': 'https' },
    payload: {},
  });
  expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
});

test('no API answer may be stored: records, the caller, sessions, files, errors, a public price list (issue 34)', async () => {
  const { insertUser, signIn } = await import('./testApp');
  await insertUser(ctx.db, { email: 'cache@nutdesk.test', is_admin: true });
  const token = await signIn(ctx.app, 'cache@nutdesk.test');
  const asked = [
    '/api/me',
    '/api/profile/sessions',
    '/api/offers',
    '/api/offers/999999',
    '/api/files/999999',
    '/api/public/price-list/nope',
    '/api/nothing-here',
  ];
  const answers = await Promise.all(
    asked.map((url) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })),
  );
  expect(answers.map((res, i) => [asked[i], res.headers['cache-control']])).toEqual(
    asked.map((url) => [url, 'no-store']),
  );
  // the sign-in's answer (the token) too, and an unauthenticated one
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/login',
    payload: { login: 'cache@nutdesk.test', psswd: 'не-тот' },
  });
  expect(login.headers['cache-control']).toBe('no-store');
  expect((await ctx.app.inject({ method: 'GET', url: '/api/me' })).headers['cache-control']).toBe('no-store');
});

test('the API docs keep a policy of their own that lets Swagger UI run', async () => {
  const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
  expect(docs.statusCode).toBe(200);
  expect(docs.headers['content-security-policy']).not.toBe(
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  );
  expect(docs.headers['content-security-policy']).toMatch(
    /script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'$/,
  );
  expect(docs.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
});
