import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { createTestApp, insertRoles, insertUser, signIn, type TestContext } from './testApp';
import { readOutbox, tempDataDir } from './outbox';
import { employees, oneTimeTokens, suppliers, users } from '../db/schema';
import { hashToken } from '../accounts/sessions';
import { createMailer } from '../accounts/mail';

let ctx: TestContext;
const dataDir = tempDataDir();
let admin: string;
let manager: string;
let employeeId: number;
let supplierId: number;
const PASSWORD = 'Mindal2026x';

beforeAll(async () => {
  ctx = await createTestApp({ dataDir, publicUrl: 'https://desk.nutdesk.test', inviteTtlHours: 72 });
  await insertRoles(ctx.db);
  await insertUser(ctx.db, { email: 'admin@nutdesk.test', user_type: 'admin', is_admin: true });
  await insertUser(ctx.db, { email: 'manager@nutdesk.test', role_id: 1 });
  admin = await signIn(ctx.app, 'admin@nutdesk.test');
  manager = await signIn(ctx.app, 'manager@nutdesk.test');
  [{ id: employeeId }] = await ctx.db
    .insert(employees)
    .values({ full_name: 'Смирнова Ольга Петровна', email: 'olga@nutdesk.test' })
    .returning();
  [{ id: supplierId }] = await ctx.db
    .insert(suppliers)
    .values({ name: 'ООО Орехов', contact_name: 'Ахмедов Рустам' })
    .returning();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const invite = (payload: unknown, token = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/invitations',
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });
const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object });
const mailTo = (email: string) => readOutbox(dataDir).filter((m) => m.to === email);
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('POST /api/admin/invitations', () => {
  test('only an administrator may invite', async () => {
    const refused = await invite(
      { email: 'new@nutdesk.test', user_type: 'employee', role_id: 1, employee_id: employeeId },
      manager,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Недостаточно прав для этого действия');
    expect(mailTo('new@nutdesk.test')).toEqual([]);
  });

  test('the form messages', async () => {
    const empty = await invite({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().messages).toEqual(expect.arrayContaining(['Введите email', 'Выберите роль']));
    expect((await invite({ email: 'x@nutdesk.test', user_type: 'employee', role_id: 1 })).json().messages).toEqual([
      'Выберите сотрудника',
    ]);
    expect((await invite({ email: 'x@nutdesk.test', user_type: 'supplier', role_id: 9 })).json().messages).toEqual([
      'Выберите поставщика',
    ]);
    expect(
      (await invite({ email: 'x@nutdesk.test', user_type: 'employee', role_id: 77, employee_id: employeeId })).json()
        .messages,
    ).toEqual(['Роль не найдена']);
    expect(
      (await invite({ email: 'x@nutdesk.test', user_type: 'employee', role_id: 1, employee_id: 9999 })).json().messages,
    ).toEqual(['Сотрудник не найден']);
  });

  test('invite → the mailed link sets the password once → signed in → sign in with it', async () => {
    const res = await invite({
      email: 'Olga@NutDesk.test',
      user_type: 'employee',
      role_id: 1,
      employee_id: employeeId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'success',
      email: 'olga@nutdesk.test',
      message: 'Приглашение отправлено на olga@nutdesk.test',
    });
    const [account] = await ctx.db.select().from(users).where(eq(users.email, 'olga@nutdesk.test'));
    expect(account).toMatchObject({
      status: 'invited',
      user_type: 'employee',
      role_id: 1,
      employee_id: employeeId,
      name: 'Смирнова Ольга Петровна',
      password_hash: null,
    });

    const [mail] = mailTo('olga@nutdesk.test');
    expect(mail.subject).toBe('Приглашение в NutDesk');
    expect(mail.body).toContain('Здравствуйте, Смирнова Ольга Петровна!');
    expect(mail.body).toContain('Ссылка действует 72 ч.');
    expect(mail.link).toMatch(/^https:\/\/desk\.nutdesk\.test\/invite\?token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(mail.link);
    const [stored] = await ctx.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.token_hash, hashToken(token)));
    expect(stored.kind).toBe('invite');
    expect(new Date(stored.expires_at).getTime() - new Date(stored.created_at).getTime()).toBeCloseTo(
      72 * 3600_000,
      -4,
    );

    // an invited account cannot sign in yet
    expect((await post('/login', { login: 'olga@nutdesk.test', psswd: PASSWORD })).statusCode).toBe(400);

    const weak = await post('/activate-account', { token, psswrd: 'mindal', confirmPsswrd: 'mindal2' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().messages).toEqual([
      'Пароль должен содержать минимум 8 символов',
      'Пароль должен содержать хотя бы одну заглавную букву',
      'Пароль должен содержать хотя бы одну цифру',
      'Пароли не совпадают',
    ]);

    const done = await post('/activate-account', { token, psswrd: PASSWORD, confirmPsswrd: PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: 'success', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${done.json().token}` },
    });
    expect(me.json()).toMatchObject({ email: 'olga@nutdesk.test', role_id: 1, employee_id: employeeId });
    await signIn(ctx.app, 'olga@nutdesk.test', PASSWORD);

    const again = await post('/activate-account', { token, psswrd: 'Drugoi2028pass', confirmPsswrd: 'Drugoi2028pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json().messages).toEqual(['Ссылка уже использована. Запросите новую.']);

    // the address has an account now: a second invitation is a conflict naming it
    const twice = await invite({
      email: 'olga@nutdesk.test',
      user_type: 'employee',
      role_id: 1,
      employee_id: employeeId,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'Пользователь с таким email уже есть', info: { id: account.id } });
  });

  test("a supplier's user; an expired or forged link is refused; inviting again sends a new link", async () => {
    expect(
      (await invite({ email: 'rustam@orehov.test', user_type: 'supplier', role_id: 9, supplier_id: supplierId }))
        .statusCode,
    ).toBe(201);
    const first = tokenOf(mailTo('rustam@orehov.test')[0].link);
    await ctx.db
      .update(oneTimeTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.token_hash, hashToken(first)));
    const expired = await post('/activate-account', { token: first, psswrd: PASSWORD, confirmPsswrd: PASSWORD });
    expect(expired.json().messages).toEqual(['Срок действия ссылки истёк. Запросите новую.']);
    expect(
      (await post('/activate-account', { token: 'forged', psswrd: PASSWORD, confirmPsswrd: PASSWORD })).json().messages,
    ).toEqual(['Ссылка недействительна. Запросите новую.']);

    expect(
      (await invite({ email: 'rustam@orehov.test', user_type: 'supplier', role_id: 9, supplier_id: supplierId }))
        .statusCode,
    ).toBe(201);
    const second = tokenOf(mailTo('rustam@orehov.test')[1].link);
    const done = await post('/activate-account', { token: second, psswrd: PASSWORD, confirmPsswrd: PASSWORD });
    expect(done.statusCode).toBe(200);
    const [account] = await ctx.db.select().from(users).where(eq(users.email, 'rustam@orehov.test'));
    expect(account).toMatchObject({
      status: 'active',
      user_type: 'supplier',
      supplier_id: supplierId,
      employee_id: null,
      name: 'Ахмедов Рустам',
    });
  });

  test('a mail failure answers in Russian and leaves no account behind', async () => {
    // an SMTP server that refuses connections (nothing listens on port 1)
    const outbox = ctx.app.mailer.send;
    ctx.app.mailer.send = createMailer({ ...ctx.config, smtpUrl: 'smtp://127.0.0.1:1' }, ctx.app.log).send;
    try {
      const res = await invite({
        email: 'lost@nutdesk.test',
        user_type: 'employee',
        role_id: 1,
        employee_id: employeeId,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Не удалось отправить письмо. Попробуйте позже или обратитесь к администратору.');
    } finally {
      ctx.app.mailer.send = outbox;
    }
    expect(await ctx.db.select().from(users).where(eq(users.email, 'lost@nutdesk.test'))).toEqual([]);
  });
});
