// The profile (issue 11): one's own data with what one may change, the change of password (checked and throttled
// like a sign-in, ending every other session), and the list of live sessions, each endable.
import { eq } from 'drizzle-orm';
import { createTestApp, insertRoles, insertUser, PASSWORD, tableChecksum, type TestContext } from './testApp';
import { employees, positions, sessions, suppliers, users } from '../db/schema';
import { describeUserAgent, UNKNOWN_BROWSER } from '../accounts/userAgent';
import { hashToken, LAST_SEEN_STEP_MS } from '../accounts/sessions';
import { PROFILE_MSG } from '../../domain/accounts';
import { EMPLOYEE_MSG } from '../../domain/employees/schema';

let ctx: TestContext;
const ids = {} as Record<'manager' | 'warehouse' | 'boss' | 'other' | 'supplier' | 'bossUser' | 'managerUser', number>;

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1';
const NEW_PASSWORD = 'Kedrovye2027';

beforeAll(async () => {
  ctx = await createTestApp({ loginMaxFailures: 3 });
  await insertRoles(ctx.db);
  const [director] = await ctx.db.insert(positions).values({ name: 'Директор' }).returning();
  const [seller] = await ctx.db.insert(positions).values({ name: 'Менеджер' }).returning();
  const employee = async (full_name: string, phone: string | null, position_id: number) =>
    (await ctx.db.insert(employees).values({ full_name, phone, position_id }).returning())[0].id;
  ids.manager = await employee('Анна Орехова', '79990000001', seller.id);
  ids.warehouse = await employee('Вера Складова', '79990000002', seller.id);
  ids.boss = await employee('Борис Главный', '79990000003', director.id);
  ids.other = await employee('Олег Другой', '79990000004', seller.id);
  ids.supplier = (await ctx.db.insert(suppliers).values({ name: 'ООО «Фисташка»' }).returning())[0].id;
  ids.managerUser = await insertUser(ctx.db, {
    email: 'anna@nutdesk.test',
    name: 'Анна Орехова',
    role_id: 1,
    employee_id: ids.manager,
  });
  await insertUser(ctx.db, {
    email: 'vera@nutdesk.test',
    name: 'Вера Складова',
    role_id: 8,
    employee_id: ids.warehouse,
  });
  ids.bossUser = await insertUser(ctx.db, {
    email: 'boss@nutdesk.test',
    name: 'Борис Главный',
    user_type: 'admin',
    is_admin: true,
    employee_id: ids.boss,
  });
  await insertUser(ctx.db, {
    email: 'seller@fistashka.test',
    name: 'Пётр Поставщиков',
    user_type: 'supplier',
    role_id: 9,
    supplier_id: ids.supplier,
  });
  for (const who of ['gleb', 'dina', 'egor']) await insertUser(ctx.db, { email: `${who}@nutdesk.test`, role_id: 1 });
}, 60_000);

afterAll(() => ctx?.close());

/** Signs in from a browser and an address; the token. */
async function signIn(
  login: string,
  userAgent = CHROME,
  remoteAddress = '198.51.100.20',
  psswd = PASSWORD,
): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/login',
    payload: { login, psswd },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${login} failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = async (method: Method, url: string, token: string, payload?: unknown, remoteAddress = '198.51.100.20') => {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
    remoteAddress,
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
};
const alive = async (token: string) => (await call('GET', '/api/me', token)).status === 200;

describe("GET /api/profile: one's own data, as the role sees an employee card", () => {
  test('an administrator with an employee card sees its phone and position and may change name and phone', async () => {
    const token = await signIn('boss@nutdesk.test');
    expect(await call('GET', '/api/profile', token)).toEqual({
      status: 200,
      body: {
        user_id: ids.bossUser,
        email: 'boss@nutdesk.test',
        name: 'Борис Главный',
        user_type: 'admin',
        is_admin: true,
        role: 'Администратор',
        supplier: null,
        phone: '79990000003',
        position: 'Директор',
        editable: ['name', 'phone'],
      },
    });
  });

  test("role 1 does not see an employee's position, its own included; role 8 sees no phone and may change only its name", async () => {
    const manager = (await call('GET', '/api/profile', await signIn('anna@nutdesk.test'))).body;
    expect(manager).toMatchObject({
      name: 'Анна Орехова',
      role: 'Менеджер по продажам',
      phone: '79990000001',
      editable: ['name', 'phone'],
    });
    expect(manager).not.toHaveProperty('position');
    const warehouse = (await call('GET', '/api/profile', await signIn('vera@nutdesk.test'))).body;
    expect(warehouse).toMatchObject({ name: 'Вера Складова', role: 'Склад', editable: ['name'] });
    expect(warehouse).not.toHaveProperty('phone');
    expect(warehouse).not.toHaveProperty('position');
  });

  test("a supplier's user sees its supplier", async () => {
    const body = (await call('GET', '/api/profile', await signIn('seller@fistashka.test'))).body;
    expect(body).toMatchObject({
      user_type: 'supplier',
      supplier: 'ООО «Фисташка»',
      role: 'Поставщик',
      editable: ['name'],
    });
    expect(body).not.toHaveProperty('phone');
  });

  test('without a session it is a 401', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/profile', () => {
  const employeeRow = async (id: number) => (await ctx.db.select().from(employees).where(eq(employees.id, id)))[0];

  test('an employee changes the name (on the account and the card) and the phone (digits kept)', async () => {
    const token = await signIn('anna@nutdesk.test');
    const res = await call('PATCH', '/api/profile', token, { name: '  Анна Фисташкова ', phone: '+7 (912) 345-67-89' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Анна Фисташкова', phone: '79123456789' });
    expect(await employeeRow(ids.manager)).toMatchObject({ full_name: 'Анна Фисташкова', phone: '79123456789' });
    expect((await ctx.db.select().from(users).where(eq(users.id, ids.managerUser)))[0].name).toBe('Анна Фисташкова');
    expect((await call('GET', '/api/me', token)).body.name).toBe('Анна Фисташкова');
    // the phone left out stays; an empty one clears it
    await call('PATCH', '/api/profile', token, { name: 'Анна Фисташкова' });
    expect((await employeeRow(ids.manager)).phone).toBe('79123456789');
    await call('PATCH', '/api/profile', token, { name: 'Анна Фисташкова', phone: '' });
    expect((await employeeRow(ids.manager)).phone).toBeNull();
  });

  test("the employee card's rules and messages; a refused change writes nothing", async () => {
    const token = await signIn('anna@nutdesk.test');
    const refused = async (payload: unknown) => {
      const before = await tableChecksum(ctx.db);
      const res = await call('PATCH', '/api/profile', token, payload);
      expect(await tableChecksum(ctx.db)).toBe(before);
      return res;
    };
    // each refused field's pair beside the messages (issue 51) is held by the cards' tests
    const messages = (...m: string[]) => ({
      status: 400,
      body: expect.objectContaining({ status: 'error', error: 'validation', messages: m }),
    });
    expect(await refused({ name: '' })).toEqual(messages('Название обязательно'));
    expect(await refused({ name: 'А', phone: '+7 (912) 345' })).toEqual(
      messages('Минимум 2 символа', 'Неверный формат'),
    );
    expect(await refused({ name: 'Анна', email: 'x@y.ru' })).toEqual(messages('Неизвестное поле: email'));
    expect(await refused({ name: 'Анна', role_id: 2 })).toEqual(messages('Неизвестное поле: role_id'));
    // another employee's phone: the card's 409 with a link to that employee
    expect(await refused({ name: 'Анна', phone: '79990000004' })).toEqual({
      status: 409,
      body: {
        status: 'error',
        error: 'conflict',
        message: EMPLOYEE_MSG.duplicate,
        info: { text: 'Сотрудник', id: ids.other },
      },
    });
  });

  test('a phone the role does not see is refused; an account without an employee card has none to change', async () => {
    const warehouse = await signIn('vera@nutdesk.test');
    expect(await call('PATCH', '/api/profile', warehouse, { name: 'Вера', phone: '79123456780' })).toEqual({
      status: 403,
      body: { status: 'error', error: 'forbidden', message: 'Поле «phone» недоступно для вашей роли' },
    });
    expect((await employeeRow(ids.warehouse)).phone).toBe('79990000002');
    expect((await call('PATCH', '/api/profile', warehouse, { name: 'Вера Кладова' })).body.name).toBe('Вера Кладова');
    expect((await employeeRow(ids.warehouse)).full_name).toBe('Вера Кладова');

    const supplier = await signIn('seller@fistashka.test');
    expect(await call('PATCH', '/api/profile', supplier, { name: 'Пётр', phone: '79123456781' })).toEqual({
      status: 400,
      body: { status: 'error', error: 'validation', messages: [PROFILE_MSG.phoneNotEditable] },
    });
    expect((await call('PATCH', '/api/profile', supplier, { name: 'Пётр Поставщиков-Орехов' })).body.name).toBe(
      'Пётр Поставщиков-Орехов',
    );
  });
});

describe('POST /api/profile/password', () => {
  const change = (token: string, payload: unknown, remoteAddress?: string) =>
    call('POST', '/api/profile/password', token, payload, remoteAddress);
  const refusal = (...m: string[]) => ({
    status: 400,
    body: expect.objectContaining({ status: 'error', error: 'validation', messages: m }),
  });

  test("the set-password policy and the reset screen's messages", async () => {
    const token = await signIn('gleb@nutdesk.test');
    expect(await change(token, {})).toEqual(
      refusal('Введите текущий пароль', 'Введите новый пароль', 'Подтвердите новый пароль'),
    );
    expect(await change(token, { currentPsswrd: PASSWORD, psswrd: 'орехи', confirmPsswrd: 'орехи' })).toEqual(
      refusal(
        'Пароль должен содержать минимум 8 символов',
        'Пароль должен содержать хотя бы одну заглавную букву',
        'Пароль должен содержать хотя бы одну цифру',
      ),
    );
    expect(
      await change(token, { currentPsswrd: PASSWORD, psswrd: NEW_PASSWORD, confirmPsswrd: 'Kedrovye2028' }),
    ).toEqual(refusal('Пароли не совпадают'));
    expect(await change(token, { currentPsswrd: PASSWORD, psswrd: PASSWORD, confirmPsswrd: PASSWORD })).toEqual(
      refusal('Новый пароль должен отличаться от текущего'),
    );
    expect(
      await change(token, { currentPsswrd: PASSWORD, psswrd: NEW_PASSWORD, confirmPsswrd: NEW_PASSWORD, token: 'x' }),
    ).toEqual(refusal('Неизвестное поле: token'));
  });

  test('a wrong current password is a 400 in Russian, throttled like a sign-in of the same login', async () => {
    const token = await signIn('dina@nutdesk.test', CHROME, '203.0.113.7');
    const wrong = { currentPsswrd: 'Neverno123', psswrd: NEW_PASSWORD, confirmPsswrd: NEW_PASSWORD };
    for (let i = 0; i < 3; i++)
      expect(await change(token, wrong, '203.0.113.7')).toEqual(refusal('Неверный текущий пароль'));
    const tooMany = await change(token, { ...wrong, currentPsswrd: PASSWORD }, '203.0.113.7');
    expect(tooMany).toEqual({
      status: 429,
      body: { status: 'error', error: 'too_many_requests', messages: [PROFILE_MSG.tooManyAttempts(15)] },
    });
    // the same secret: sign-in of that login from that address is refused too; the password did not change
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/login',
          payload: { login: 'dina@nutdesk.test', psswd: PASSWORD },
          remoteAddress: '203.0.113.7',
        })
      ).statusCode,
    ).toBe(429);
    expect(await signIn('dina@nutdesk.test', CHROME, '198.51.100.99')).toEqual(expect.any(String));
  });

  test('success: the new password signs in, the old does not; every other session ends, this one stays', async () => {
    const here = await signIn('egor@nutdesk.test', CHROME);
    const phone = await signIn('egor@nutdesk.test', SAFARI_IPHONE, '192.0.2.44');
    const laptop = await signIn('egor@nutdesk.test', FIREFOX, '192.0.2.45');
    const someoneElse = await signIn('gleb@nutdesk.test');
    expect(await change(here, { currentPsswrd: PASSWORD, psswrd: NEW_PASSWORD, confirmPsswrd: NEW_PASSWORD })).toEqual({
      status: 200,
      body: { status: 'success', message: 'Пароль успешно изменен. Остальные сеансы завершены.', ended: 2 },
    });
    expect(await alive(here)).toBe(true);
    expect(await alive(phone)).toBe(false);
    expect(await alive(laptop)).toBe(false);
    expect(await alive(someoneElse)).toBe(true);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/login',
          payload: { login: 'egor@nutdesk.test', psswd: PASSWORD },
        })
      ).json(),
    ).toEqual({ status: 'error', error: 'validation', messages: ['Неверный логин или пароль'] });
    expect(await signIn('egor@nutdesk.test', CHROME, '198.51.100.20', NEW_PASSWORD)).toEqual(expect.any(String));
  });
});

describe('/api/profile/sessions', () => {
  test('the live sessions with browser, address, sign-in and last use; the current one first and marked', async () => {
    await ctx.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.user_id, ids.bossUser));
    const here = await signIn('boss@nutdesk.test', CHROME, '198.51.100.20');
    await signIn('boss@nutdesk.test', FIREFOX, '192.0.2.45');
    await signIn('boss@nutdesk.test', '', '192.0.2.46');
    const res = await call('GET', '/api/profile/sessions', here);
    expect(res.status).toBe(200);
    const shown = res.body.map((s: Record<string, unknown>) => [s.browser, s.address, s.current]);
    expect(shown[0]).toEqual(['Chrome 156, Linux', '198.51.100.20', true]);
    expect(shown.slice(1)).toEqual(
      expect.arrayContaining([
        ['Firefox 140, Windows', '192.0.2.45', false],
        [UNKNOWN_BROWSER, '192.0.2.46', false],
      ]),
    );
    expect(shown).toHaveLength(3);
    for (const s of res.body) {
      expect(Date.parse(s.created_at)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(s.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(s.created_at));
    }
  });

  test("one session ends; the current one, someone else's and an ended one cannot", async () => {
    const here = await signIn('boss@nutdesk.test');
    const laptop = await signIn('boss@nutdesk.test', FIREFOX, '192.0.2.45');
    const theirs = await signIn('gleb@nutdesk.test');
    const list = (await call('GET', '/api/profile/sessions', here)).body as {
      id: number;
      current: boolean;
      browser: string;
    }[];
    const currentId = list.find((s) => s.current)!.id;
    const [laptopRow] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken(laptop)));
    expect(await call('DELETE', `/api/profile/sessions/${laptopRow.id}`, here)).toEqual({
      status: 200,
      body: { status: 'success', message: 'Сеанс завершён', ended: 1 },
    });
    expect(await alive(laptop)).toBe(false);
    expect((await call('GET', '/api/profile/sessions', here)).body.map((s: { id: number }) => s.id)).not.toContain(
      laptopRow.id,
    );
    expect(await call('DELETE', `/api/profile/sessions/${laptopRow.id}`, here)).toEqual({
      status: 404,
      body: { status: 'error', error: 'not_found', message: 'Сеанс не найден или уже завершён' },
    });
    expect(await call('DELETE', `/api/profile/sessions/${currentId}`, here)).toEqual({
      status: 400,
      body: { status: 'error', error: 'validation', messages: ['Текущий сеанс завершается кнопкой «Выйти»'] },
    });
    const [theirRow] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken(theirs)));
    expect((await call('DELETE', `/api/profile/sessions/${theirRow.id}`, here)).status).toBe(404);
    expect(await alive(theirs)).toBe(true);
    expect(await alive(here)).toBe(true);
  });

  test("'Завершить все другие сеансы' ends every other session of the user only", async () => {
    const here = await signIn('boss@nutdesk.test');
    const others = [await signIn('boss@nutdesk.test', FIREFOX), await signIn('boss@nutdesk.test', SAFARI_IPHONE)];
    const theirs = await signIn('gleb@nutdesk.test');
    const live = (await call('GET', '/api/profile/sessions', here)).body.length;
    const res = await call('POST', '/api/profile/sessions/end-others', here, {});
    expect(res).toEqual({
      status: 200,
      body: { status: 'success', message: `Завершено других сеансов: ${live - 1}`, ended: live - 1 },
    });
    for (const token of others) expect(await alive(token)).toBe(false);
    expect(await alive(theirs)).toBe(true);
    expect((await call('GET', '/api/profile/sessions', here)).body).toEqual([
      expect.objectContaining({ current: true }),
    ]);
    // nothing left to end
    expect((await call('POST', '/api/profile/sessions/end-others', here)).body.ended).toBe(0);
  });

  test('last use is written at most once a minute per session, not on every request', async () => {
    const token = await signIn('boss@nutdesk.test');
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken(token)));
    const lastSeen = async () =>
      (await ctx.db.select().from(sessions).where(eq(sessions.id, row.id)))[0].last_seen_at!.getTime();
    const recent = new Date(Date.now() - LAST_SEEN_STEP_MS / 2);
    await ctx.db.update(sessions).set({ last_seen_at: recent }).where(eq(sessions.id, row.id));
    await call('GET', '/api/profile/sessions', token);
    await call('GET', '/api/me', token);
    expect(await lastSeen()).toBe(recent.getTime());
    await ctx.db
      .update(sessions)
      .set({ last_seen_at: new Date(Date.now() - 2 * LAST_SEEN_STEP_MS) })
      .where(eq(sessions.id, row.id));
    // the instance remembers when it wrote last (its auth cache): a minute passes on its clock too
    const before = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(before + LAST_SEEN_STEP_MS);
    let listed;
    try {
      listed = (await call('GET', '/api/profile/sessions', token)).body.find((s: { id: number }) => s.id === row.id);
    } finally {
      clock.mockRestore();
    }
    expect(await lastSeen()).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(listed.last_seen_at)).toBe(await lastSeen());
  });
});

test("a session's browser as a person names it", () => {
  expect(describeUserAgent(CHROME)).toBe('Chrome 156, Linux');
  expect(describeUserAgent(FIREFOX)).toBe('Firefox 140, Windows');
  expect(describeUserAgent(SAFARI_IPHONE)).toBe('Safari 18, iOS');
  expect(
    describeUserAgent(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
    ),
  ).toBe('Edge 140, Windows');
  expect(
    describeUserAgent(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 YaBrowser/25.8.0.0 Safari/537.36',
    ),
  ).toBe('Яндекс Браузер 25, Windows');
  expect(
    describeUserAgent(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Mobile Safari/537.36',
    ),
  ).toBe('Chrome 139, Android');
  expect(
    describeUserAgent(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    ),
  ).toBe('Safari 18, macOS');
  expect(
    describeUserAgent(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
    ),
  ).toBe('Chrome 156, Linux');
  expect(describeUserAgent('curl/8.5.0')).toBe('curl 8');
  expect(describeUserAgent(null)).toBe('Неизвестный браузер');
});
