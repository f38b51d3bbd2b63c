import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { createTestApp, insertRoles, insertUser, signIn, PASSWORD, type TestContext } from './testApp';
import { readOutbox, tempDataDir } from './outbox';
import { oneTimeTokens, sessions, users } from '../db/schema';
import { hashToken } from '../accounts/sessions';

let ctx: TestContext;
const dataDir = tempDataDir();
const NEW_PASSWORD = 'Fistashki2027';

beforeAll(async () => {
  ctx = await createTestApp({
    dataDir,
    publicUrl: 'https://desk.nutdesk.test',
    loginMaxFailures: 3,
    resetTtlMinutes: 60,
  });
  await insertRoles(ctx.db);
  await insertUser(ctx.db, { email: 'anna@nutdesk.test', role_id: 1 });
  await insertUser(ctx.db, { email: 'boris@nutdesk.test', role_id: 1 });
  await insertUser(ctx.db, { email: 'vera@nutdesk.test', role_id: 8 });
  await insertUser(ctx.db, { email: 'gone@nutdesk.test', role_id: 1, status: 'deactivated' });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object });
const mailTo = (email: string) => readOutbox(dataDir).filter((m) => m.to === email);
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

/** Asks for recovery and waits until the mail it may send has been written. */
async function recover(email: string) {
  const res = await post('/recover-password', { email });
  await ctx.app.mailer.idle();
  return res;
}

describe('POST /recover-password', () => {
  test('a known and an unknown address get the same answer; only the account gets mail', async () => {
    const known = await recover('Anna@NutDesk.test');
    const unknown = await recover('nobody@nutdesk.test');
    const deactivated = await recover('gone@nutdesk.test');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({
      status: 'success',
      message: 'Инструкции по восстановлению пароля отправлены на указанный email',
    });
    expect(unknown.body).toBe(known.body);
    expect(deactivated.body).toBe(known.body);

    const [mail, ...more] = mailTo('anna@nutdesk.test');
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Восстановление пароля NutDesk');
    expect(mail.link).toMatch(/^https:\/\/desk\.nutdesk\.test\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail.body).toContain('Ссылка действует 60 мин.');
    expect(mailTo('nobody@nutdesk.test')).toEqual([]);
    expect(mailTo('gone@nutdesk.test')).toEqual([]);
    // only the hash of the link's token is stored
    const stored = await ctx.db.select().from(oneTimeTokens);
    expect(JSON.stringify(stored)).not.toContain(tokenOf(mail.link));
    expect(stored.map((t) => t.token_hash)).toContain(hashToken(tokenOf(mail.link)));
  });

  test('the form messages for a missing or malformed address', async () => {
    expect((await post('/recover-password', {})).json().messages).toEqual(['Введите email']);
    expect((await post('/recover-password', { email: 'не почта' })).json().messages).toEqual([
      'Введите корректный email',
    ]);
  });

  test('repeated requests for one address are refused after the limit, known or not', async () => {
    for (const email of ['boris@nutdesk.test', 'nobody2@nutdesk.test']) {
      for (let i = 0; i < 3; i++) expect((await recover(email)).statusCode).toBe(200);
      const refused = await recover(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().messages[0]).toMatch(
        /^Слишком много запросов на восстановление пароля\. Повторите попытку через \d+ мин\.$/,
      );
    }
  });
});

describe('POST /reset-password', () => {
  test('the link sets a new password once, ends every session and signs the person in', async () => {
    await ctx.db.update(users).set({ status: 'active' }).where(eq(users.email, 'anna@nutdesk.test'));
    const before = await signIn(ctx.app, 'anna@nutdesk.test');
    const token = tokenOf(mailTo('anna@nutdesk.test').at(-1)!.link);

    const weak = await post('/reset-password', { token, psswrd: 'orehi' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().messages).toEqual([
      'Пароль должен содержать минимум 8 символов',
      'Пароль должен содержать хотя бы одну заглавную букву',
      'Пароль должен содержать хотя бы одну цифру',
    ]);
    expect((await post('/reset-password', { token, psswrd: '' })).json().messages[0]).toBe('Введите новый пароль');

    const done = await post('/reset-password', { token, psswrd: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'success', success: true, message: 'Пароль успешно изменен' });

    // the earlier session is over, the new one works, and so does the new password
    const old = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${before}` } });
    expect(old.statusCode).toBe(401);
    const fresh = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${done.json().token}` },
    });
    expect(fresh.json().email).toBe('anna@nutdesk.test');
    expect((await post('/login', { login: 'anna@nutdesk.test', psswd: PASSWORD })).statusCode).toBe(400);
    await signIn(ctx.app, 'anna@nutdesk.test', NEW_PASSWORD);

    const again = await post('/reset-password', { token, psswrd: 'Drugoi2028pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json().messages).toEqual(['Ссылка уже использована. Запросите новую.']);
    await signIn(ctx.app, 'anna@nutdesk.test', NEW_PASSWORD);
  });

  test('a forged, a missing and an expired link are refused in Russian and change nothing', async () => {
    expect((await post('/reset-password', { token: 'x'.repeat(43), psswrd: NEW_PASSWORD })).json().messages).toEqual([
      'Ссылка недействительна. Запросите новую.',
    ]);
    expect((await post('/reset-password', { psswrd: NEW_PASSWORD })).json().messages).toEqual([
      'Ссылка не содержит кода. Откройте ссылку из письма целиком.',
    ]);

    await recover('anna@nutdesk.test');
    const token = tokenOf(mailTo('anna@nutdesk.test').at(-1)!.link);
    await ctx.db
      .update(oneTimeTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.token_hash, hashToken(token)));
    const expired = await post('/reset-password', { token, psswrd: 'Drugoi2028pass' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().messages).toEqual(['Срок действия ссылки истёк. Запросите новую.']);
    await signIn(ctx.app, 'anna@nutdesk.test', NEW_PASSWORD);
  });

  test('a newer link replaces the earlier one', async () => {
    await recover('vera@nutdesk.test');
    const first = tokenOf(mailTo('vera@nutdesk.test').at(-1)!.link);
    await recover('vera@nutdesk.test');
    const second = tokenOf(mailTo('vera@nutdesk.test').at(-1)!.link);
    expect(second).not.toBe(first);
    expect((await post('/reset-password', { token: first, psswrd: 'Drugoi2028pass' })).statusCode).toBe(400);
    expect((await post('/reset-password', { token: second, psswrd: 'Drugoi2028pass' })).statusCode).toBe(200);
    const [vera] = await ctx.db.select().from(users).where(eq(users.email, 'vera@nutdesk.test'));
    const live = await ctx.db.select().from(sessions).where(eq(sessions.user_id, vera.id));
    expect(live.filter((s) => !s.revoked_at)).toHaveLength(1);
  });
});

describe('a link costs nothing until it is one', () => {
  test('a made-up or used link is refused before any password is hashed; a good one is hashed once, at the gate', async () => {
    const gate = jest.spyOn(ctx.app.hashingGate, 'run');
    try {
      expect((await post('/reset-password', { token: 'y'.repeat(43), psswrd: NEW_PASSWORD })).json().messages).toEqual([
        'Ссылка недействительна. Запросите новую.',
      ]);
      expect(
        (await post('/activate-account', { token: 'z'.repeat(43), psswrd: NEW_PASSWORD, confirmPsswrd: NEW_PASSWORD }))
          .statusCode,
      ).toBe(400);
      expect(gate).not.toHaveBeenCalled();
      await ctx.db.update(users).set({ status: 'active' }).where(eq(users.email, 'vera@nutdesk.test'));
      await recover('vera@nutdesk.test');
      const token = tokenOf(mailTo('vera@nutdesk.test').at(-1)!.link);
      expect((await post('/reset-password', { token, psswrd: NEW_PASSWORD })).statusCode).toBe(200);
      expect(gate).toHaveBeenCalledTimes(1);
    } finally {
      gate.mockRestore();
    }
  });

  test('an address trying link after link is refused like a sign-in guesser, from that address only', async () => {
    const from = (remoteAddress: string, token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/reset-password',
        remoteAddress,
        payload: { token, psswrd: NEW_PASSWORD },
      });
    const limit = ctx.config.loginMaxFailuresPerAddress;
    for (let i = 0; i < limit; i++)
      expect((await from('198.51.100.77', `guess-${i}`.padEnd(43, 'x'))).statusCode).toBe(400);
    const refused = await from('198.51.100.77', 'one-more'.padEnd(43, 'x'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().messages[0]).toMatch(
      /^Слишком много попыток по недействительным ссылкам\. Повторите попытку через \d+ мин\.$/,
    );
    expect((await from('198.51.100.78', 'elsewhere'.padEnd(43, 'x'))).statusCode).toBe(400);
  });
});
