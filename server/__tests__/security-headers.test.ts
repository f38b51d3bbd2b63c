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
  const tls = await ctx.app.inject({ method: 'POST', url: '/login', headers: { 'x-forwarded-proto': 'https' }, payload: {} });
  expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
});

test('the API docs keep a policy of their own that lets Swagger UI run', async () => {
  const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
  expect(docs.statusCode).toBe(200);
  expect(docs.headers['content-security-policy']).not.toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  expect(docs.headers['content-security-policy']).toMatch(/script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'$/);
  expect(docs.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
});
