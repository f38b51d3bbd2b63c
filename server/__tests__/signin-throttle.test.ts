// Sign-in throttling by source (issue 8): an attacker's address is stopped, the owner is not locked out, one
// address cannot try many accounts, and no answer tells a known login from an unknown one.
import { eq } from 'drizzle-orm';
import { createTestApp, insertUser, PASSWORD, type TestContext } from './testApp';
import { loginFailures } from '../db/schema';
import { assess, clientAddress, MAX_DELAY_MS } from '../accounts/throttle';
import { BUSY_MSG, HashingGate } from '../accounts/hashingGate';

let ctx: TestContext;
const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.20';
const rule = { maxFailures: 3, maxAddressFailures: 6, windowMinutes: 15, delayMs: 100 };

beforeAll(async () => {
  ctx = await createTestApp({
    loginMaxFailures: rule.maxFailures,
    loginMaxFailuresPerAddress: rule.maxAddressFailures,
    loginWindowMinutes: 15,
  });
  for (const email of ['owner@nutdesk.test', 'colleague@nutdesk.test', 'other@nutdesk.test'])
    await insertUser(ctx.db, { email });
}, 60_000);

afterAll(() => ctx?.close());

const signIn = (login: string, psswd: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/login', payload: { login, psswd }, remoteAddress });

const TOO_MANY = {
  status: 'error',
  error: 'too_many_requests',
  messages: ['Слишком много попыток входа. Повторите попытку через 15 мин.'],
};
const WRONG = { status: 'error', error: 'validation', messages: ['Неверный логин или пароль'] };

test("the owner signs in while the attacker's address is refused, even with the right password", async () => {
  for (let i = 0; i < rule.maxFailures; i++)
    expect((await signIn('owner@nutdesk.test', `Guess${i}123`, ATTACKER)).json()).toEqual(WRONG);
  const attacker = await signIn('owner@nutdesk.test', PASSWORD, ATTACKER);
  expect(attacker.statusCode).toBe(429);
  expect(attacker.json()).toEqual(TOO_MANY);

  const owner = await signIn('owner@nutdesk.test', PASSWORD, OWNER);
  expect(owner.statusCode).toBe(200);
  expect(owner.json().token).toEqual(expect.any(String));
  // the owner's success does not clear the attacker's failures: that address stays refused
  expect((await signIn('owner@nutdesk.test', PASSWORD, ATTACKER)).statusCode).toBe(429);
  expect(await ctx.db.select().from(loginFailures).where(eq(loginFailures.address, ATTACKER))).toHaveLength(
    rule.maxFailures,
  );
});

test('one address trying many accounts is refused for all of them; other addresses are not', async () => {
  const scanner = '192.0.2.99';
  // one failure per login: no login reaches its own limit, the address reaches its
  for (let i = 0; i < rule.maxAddressFailures; i++)
    expect((await signIn(`user${i}@nutdesk.test`, 'Wrong1234', scanner)).statusCode).toBe(400);
  const next = await signIn('colleague@nutdesk.test', PASSWORD, scanner);
  expect(next.statusCode).toBe(429);
  expect(next.json()).toEqual(TOO_MANY);
  expect((await signIn('colleague@nutdesk.test', PASSWORD, '192.0.2.100')).statusCode).toBe(200);
});

test('a login guessed at from many addresses is slowed, never refused to a fresh address', async () => {
  const login = 'other@nutdesk.test';
  const addresses = ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4', '10.0.0.5'];
  const before = await assess(ctx.db, login, '10.9.9.9', rule);
  expect(before).toEqual({ refuseMinutes: 0, delayMs: 0 });
  for (const [i, address] of addresses.entries()) {
    await signIn(login, 'Wrong1234', address);
    const verdict = await assess(ctx.db, login, '10.9.9.9', rule);
    // from maxFailures failures on, each further one doubles the wait
    expect(verdict).toEqual({
      refuseMinutes: 0,
      delayMs: i + 1 < rule.maxFailures ? 0 : rule.delayMs * 2 ** (i + 1 - rule.maxFailures),
    });
  }
  expect((await signIn(login, PASSWORD, '10.9.9.9')).statusCode).toBe(200);
  // the wait has a ceiling
  await ctx.db.insert(loginFailures).values(Array.from({ length: 40 }, (_, i) => ({ login, address: `10.1.0.${i}` })));
  expect((await assess(ctx.db, login, '10.9.9.9', rule)).delayMs).toBe(MAX_DELAY_MS);
});

test('known and unknown logins are answered alike, throttled alike and delayed alike', async () => {
  const address = '192.0.2.50';
  for (let i = 0; i < rule.maxFailures; i++) {
    const known = await signIn('colleague@nutdesk.test', 'Wrong1234', address);
    const unknown = await signIn('nobody@nutdesk.test', 'Wrong1234', address);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
  }
  const known = await signIn('colleague@nutdesk.test', PASSWORD, address);
  const unknown = await signIn('nobody@nutdesk.test', PASSWORD, address);
  expect([known.statusCode, unknown.statusCode]).toEqual([429, 429]);
  expect(unknown.body).toBe(known.body);
  expect(await assess(ctx.db, 'nobody@nutdesk.test', '192.0.2.51', rule)).toEqual(
    await assess(ctx.db, 'colleague@nutdesk.test', '192.0.2.51', rule),
  );
});

test('an IPv6 client is one source across its /64; an IPv4-mapped address is the IPv4 one', () => {
  expect(clientAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
  expect(clientAddress('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
  expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
});

test('password checks run a few at a time; beyond the queue a sign-in is told to retry', async () => {
  const gate = new HashingGate(1, 1);
  let release!: () => void;
  const first = gate.run(
    () =>
      new Promise<string>((resolve) => {
        release = () => resolve('first');
      }),
  );
  const second = gate.run(async () => 'second');
  expect(gate.load).toEqual({ running: 1, waiting: 1 });
  await expect(gate.run(async () => 'third')).rejects.toMatchObject({
    statusCode: 429,
    headers: { 'retry-after': '5' },
    body: { status: 'error', error: 'busy', messages: [BUSY_MSG] },
  });
  release();
  expect(await Promise.all([first, second])).toEqual(['first', 'second']);
  expect(gate.load).toEqual({ running: 0, waiting: 0 });
});
