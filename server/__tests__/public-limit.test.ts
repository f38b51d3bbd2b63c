// A buyer's link needs no sign-in, so the caller's address is all that limits it (issue 34): each address gets
// PUBLIC_REQUESTS_PER_MINUTE public reads per minute, then 429 in Russian; other addresses and the staff's API are
// not held up.
import { createTestApp, type TestContext } from './testApp';
import { PUBLIC_LIMIT_MSG } from '../http/publicLimit';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ publicRequestsPerMinute: 3 });
}, 120_000);

afterAll(() => ctx?.close());

const read = (url: string, remoteAddress: string) => ctx.app.inject({ method: 'GET', url, remoteAddress });

test('the fourth public read in a minute from one address is refused; another address and the staff API are not', async () => {
  const seen: number[] = [];
  for (const url of [
    '/api/public/price-list/no-such-link-0000000001',
    '/api/public/quotes/no-such-link-0000000002',
    '/api/public/price-list/no-such-link-0000000003',
  ]) {
    seen.push((await read(url, '203.0.113.7')).statusCode);
  }
  // unknown links: not found (404) or gone (410), each answered
  expect(seen).toEqual([404, 404, 404]);
  const fourth = await read('/api/public/price-list/no-such-link-0000000004', '203.0.113.7');
  expect(fourth.statusCode).toBe(429);
  expect(fourth.json()).toEqual({ status: 'error', error: 'busy', messages: [PUBLIC_LIMIT_MSG] });
  expect(PUBLIC_LIMIT_MSG).toBe('Слишком много запросов по ссылке: повторите через минуту');
  // a document through the link counts the same
  expect((await read('/api/public/quotes/no-such-link-0000000005/documents/1', '203.0.113.7')).statusCode).toBe(429);
  // another buyer's address still reads
  expect((await read('/api/public/price-list/no-such-link-0000000006', '198.51.100.9')).statusCode).not.toBe(429);
  // the staff's routes are not limited by it
  for (let i = 0; i < 5; i++) expect((await read('/api/health', '203.0.113.7')).statusCode).toBe(200);
});

test('an IPv6 client is counted by its /64: rotating addresses inside it does not reset the limit; another /64 reads', async () => {
  const inside = ['2001:db8:77:1::1', '2001:db8:77:1:aaaa:bbbb:cccc:1', '2001:db8:77:1:ffff::2'];
  const seen: number[] = [];
  for (const [i, address] of inside.entries())
    seen.push((await read(`/api/public/price-list/no-such-link-00000001${i}0`, address)).statusCode);
  expect(seen).toEqual([404, 404, 404]);
  // a fourth address of the same /64, never seen before: the same client, refused
  const rotated = await read('/api/public/price-list/no-such-link-0000000140', '2001:db8:77:1:1234:5678:9abc:def0');
  expect(rotated.statusCode).toBe(429);
  expect(rotated.json()).toEqual({ status: 'error', error: 'busy', messages: [PUBLIC_LIMIT_MSG] });
  // the neighbouring /64 is another client
  expect((await read('/api/public/price-list/no-such-link-0000000150', '2001:db8:77:2::1')).statusCode).toBe(404);
});
