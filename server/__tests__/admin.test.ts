// The settings page's API (issue 11): business settings through /api/settings, users, roles and their hidden
// fields, the reference lists only it edits, and the change log, all for administrators only.
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { createDemoApp, signIn, tableChecksum, type DemoContext, type DemoUser } from './testApp';
import { readOutbox, tempDataDir } from './outbox';
import { rowsOf } from '../db/rows';
import { offerSellingBand } from '../../domain/offers/figures';
import { money } from '../../domain/numbers';
import { entryLines, type HistoryEntry } from '../../domain/history';
import { DEMO_PASSWORD } from '../../domain/api';

let ctx: DemoContext;
const dataDir = tempDataDir();

beforeAll(async () => {
  ctx = await createDemoApp({ dataDir });
}, 180_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const ADMIN_ONLY = 'Настройки доступны только администратору';

/** An API call with a raw token (a user signed in during the test). */
async function as(token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

const settingsOf = async (who: DemoUser = 'admin') =>
  (await ctx.call('POST', '/api/settings', who, ['delivery_cost_default', 'costs_per_kg', 'min_markup', 'max_markup']))
    .body;

async function lastLog(): Promise<{ summary: string; user: { name: string } | null }> {
  return (await ctx.call('GET', '/api/admin/log')).body.data[0];
}

describe('only an administrator', () => {
  const routes: [method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown][] = [
    ['GET', '/api/admin/users'],
    ['PATCH', '/api/admin/users/2', { status: 'deactivated' }],
    ['POST', '/api/admin/users/2/invitation', {}],
    ['GET', '/api/admin/roles'],
    ['POST', '/api/admin/roles', { name: 'Бухгалтерия' }],
    ['PATCH', '/api/admin/roles/1', { name: 'Продажи' }],
    ['PUT', '/api/admin/roles/1/permissions', { suppliers: { delete: 'all' } }],
    ['PUT', '/api/admin/roles/8/hidden-fields', { offers: [] }],
    ['GET', '/api/admin/positions'],
    ['POST', '/api/admin/positions', { name: 'Логист' }],
    ['PATCH', '/api/admin/positions/1', { name: 'Логист' }],
    ['GET', '/api/admin/packing'],
    ['POST', '/api/admin/packing', { name: 'Бочка' }],
    ['PATCH', '/api/admin/packing/1', { name: 'Бочка' }],
    ['GET', '/api/admin/log'],
    ['PUT', '/api/settings', { min_markup: '0.5' }],
  ];

  test.each(['manager', 'warehouse', 'supplier'] as const)(
    '%s gets a 403 in Russian on every settings route and changes nothing',
    async (who) => {
      const before = await tableChecksum(ctx.db);
      for (const [method, url, payload] of routes) {
        const res = await ctx.call(method, url, who, payload);
        expect([`${method} ${url}`, res.status, res.body.message]).toEqual([`${method} ${url}`, 403, ADMIN_ONLY]);
      }
      expect(await tableChecksum(ctx.db)).toBe(before);
    },
  );

  test('a user still saves their own table layout through the same PUT /api/settings', async () => {
    const res = await ctx.call('PUT', '/api/settings', 'manager', {
      'table:offers': { id: { position: 0, is_visible: true } },
    });
    expect(res).toEqual({ status: 200, body: { status: 'success' } });
  });
});

describe('business settings', () => {
  test('the form messages, and nothing stored on a refusal', async () => {
    const before = await tableChecksum(ctx.db);
    const refused = async (payload: unknown) => {
      const res = await ctx.call('PUT', '/api/settings', 'admin', payload);
      expect(res.status).toBe(400);
      return res.body.messages;
    };
    expect(await refused({ min_markup: '-0.1' })).toEqual(['Значение не может быть отрицательным']);
    expect(await refused({ costs_per_kg: 'много' })).toEqual(['Введите число']);
    expect(await refused({ delivery_cost_default: '' })).toEqual(['Введите число']);
    expect(await refused({ min_markup: '0.5', max_markup: '0.2' })).toEqual([
      'Максимальная наценка не может быть меньше минимальной',
    ]);
    // against the stored maximum (0.35) too
    expect(await refused({ min_markup: '0.4' })).toEqual(['Максимальная наценка не может быть меньше минимальной']);
    expect(await refused({ max_markup: 11 })).toEqual(['Не больше 10 (1000 %)']);
    expect(await refused({ delivery_cost_default: '100001' })).toEqual(['Не больше 100000']);
    // the reserve card prefills it as a reserve's delivery cost, whose minimum is 1 ₽/kg
    expect(await refused({ delivery_cost_default: '0,5' })).toEqual(['Не меньше 1']);
    expect(await refused({ delivery_cost_default: '0' })).toEqual(['Не меньше 1']);
    expect(await refused({ costs_per_kg: '1.23456' })).toEqual(['Не больше 4 знаков после запятой']);
    expect(await tableChecksum(ctx.db)).toBe(before);
  });

  test("raising min_markup recomputes every offer's minimum selling price in the same call, and is logged", async () => {
    expect(await settingsOf()).toEqual({
      delivery_cost_default: '15',
      costs_per_kg: '12',
      min_markup: '0.1',
      max_markup: '0.35',
    });
    const offersBefore = rowsOf<{ id: number; min_unit_price: string; max_unit_price: string }>(
      await ctx.db.execute(sql`SELECT id, min_unit_price, max_unit_price FROM offers ORDER BY id`),
    );

    const res = await ctx.call('PUT', '/api/settings', 'admin', { min_markup: '0,2' });
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({
      delivery_cost_default: '15',
      local_delivery_cost_default: '1',
      costs_per_kg: '12',
      min_markup: '0.2',
      max_markup: '0.35',
      reserve_hold_days: '5',
      reserve_unpaid_days: '2',
      min_margin_percent: '5',
      rate_move_threshold_percent: '2',
      time_zone: 'Europe/Moscow',
    });
    expect(res.body.offers).toBeGreaterThan(0);

    // every offer's band is the card's own formula with the new settings; the maximum did not move
    const settings = { delivery_cost_default: 15, costs_per_kg: 12, min_markup: 0.2, max_markup: 0.35 };
    const offers = rowsOf<{
      id: number;
      unit_measure: string | null;
      unit_weight: string | null;
      unit_amount: string;
      kg_price: string | null;
      warehouse_cost: string | null;
      min_unit_price: string | null;
      max_unit_price: string | null;
    }>(
      await ctx.db.execute(sql`
      SELECT id, unit_measure, unit_weight, unit_amount, kg_price, warehouse_cost, min_unit_price, max_unit_price FROM offers ORDER BY id`),
    );
    expect(offers.length).toBe(offersBefore.length);
    let raised = 0;
    offers.forEach((offer, i) => {
      const band = offerSellingBand(offer, settings);
      expect([offer.id, offer.min_unit_price, offer.max_unit_price]).toEqual([
        offer.id,
        money(band.min_unit_price),
        offersBefore[i].max_unit_price,
      ]);
      if (Number(offer.min_unit_price) > Number(offersBefore[i].min_unit_price)) raised++;
    });
    expect(raised).toBe(offers.filter((o) => o.min_unit_price !== null).length);

    // role 1 reads the new value for its reserve card; the log says who changed what
    expect((await settingsOf('manager')).min_markup).toBe('0.2');
    expect(await lastLog()).toMatchObject({
      user: { name: 'Администратор' },
      summary: 'Бизнес-настройки: Минимальная наценка 10 % → 20 %',
    });
    // issue 51: each offer's own history tells it too, by whom, with its old and new minimum
    const moved = offers.find((o, i) => o.min_unit_price !== offersBefore[i].min_unit_price)!;
    const was = offersBefore.find((o) => o.id === moved.id)!;
    const [entry] = (await ctx.call('GET', `/api/offers/${moved.id}/history`, 'admin')).body as HistoryEntry[];
    expect(entry.user?.name).toBe('Администратор');
    expect(entry.changes).toEqual([
      { field: 'min_unit_price', old: Number(was.min_unit_price), new: Number(moved.min_unit_price) },
    ]);
    expect(entryLines('offers', entry)[0]).toBe('Диапазон цен изменён настройками: Минимальная наценка 10 % → 20 %');
  });

  test('saving the same values again changes nothing and logs nothing', async () => {
    const before = await tableChecksum(ctx.db);
    const res = await ctx.call('PUT', '/api/settings', 'admin', { min_markup: 0.2, max_markup: '0.35' });
    expect(res.body).toMatchObject({ status: 'success', offers: 0 });
    expect(await tableChecksum(ctx.db)).toBe(before);
  });

  test("the margins' check: 'Минимальная маржа, %' and 'Порог изменения курса, %' read as 5 and 2 until saved, checked, saved and logged", async () => {
    const read = await ctx.call('POST', '/api/settings', 'admin', [
      'min_margin_percent',
      'rate_move_threshold_percent',
    ]);
    expect(read.body).toEqual({ min_margin_percent: '5', rate_move_threshold_percent: '2' });
    const before = await tableChecksum(ctx.db);
    for (const [payload, message] of [
      [{ min_margin_percent: '101' }, 'Не больше 100 %'],
      [{ rate_move_threshold_percent: '-1' }, 'Значение не может быть отрицательным'],
      [{ rate_move_threshold_percent: '1,234' }, 'Не больше 2 знаков после запятой'],
    ] as const) {
      const res = await ctx.call('PUT', '/api/settings', 'admin', payload);
      expect([res.status, res.body.messages]).toEqual([400, [message]]);
    }
    expect(await tableChecksum(ctx.db)).toBe(before);
    const res = await ctx.call('PUT', '/api/settings', 'admin', {
      min_margin_percent: '3,5',
      rate_move_threshold_percent: '4',
    });
    // they move no selling band
    expect(res.body).toMatchObject({
      status: 'success',
      offers: 0,
      settings: { min_margin_percent: '3.5', rate_move_threshold_percent: '4' },
    });
    expect(await lastLog()).toMatchObject({
      user: { name: 'Администратор' },
      summary: 'Бизнес-настройки: Минимальная маржа, % 5 % → 3,5 %; Порог изменения курса, % 2 % → 4 %',
    });
    expect((await ctx.call('POST', '/api/settings', 'manager', ['min_margin_percent'])).body).toEqual({
      min_margin_percent: '3.5',
    });
  });
});

describe('users', () => {
  test('every account with its kind, role, link, status and last sign-in', async () => {
    const { status, body } = await ctx.call('GET', '/api/admin/users');
    expect(status).toBe(200);
    const byEmail = Object.fromEntries(body.map((u: { email: string }) => [u.email, u]));
    expect(byEmail['manager@nutdesk.demo']).toMatchObject({
      user_type: 'employee',
      role: { id: 1, name: 'Менеджер по продажам' },
      status: 'active',
    });
    expect(byEmail['manager@nutdesk.demo'].linked.name).toBe(byEmail['manager@nutdesk.demo'].name);
    expect(byEmail['supplier@nutdesk.demo']).toMatchObject({ user_type: 'supplier', status: 'active' });
    expect(byEmail['supplier@nutdesk.demo'].linked.id).toEqual(expect.any(Number));
    // each demo user signed in when the run's demo database was made (not in the future)
    expect(Date.parse(byEmail['warehouse@nutdesk.demo'].last_sign_in_at)).toBeLessThanOrEqual(Date.now());
  });

  test("a sign-in moves the account's last sign-in to its time", async () => {
    const from = Date.now();
    await signIn(ctx.app, 'supplier@nutdesk.demo', DEMO_PASSWORD);
    const to = Date.now();
    const { body } = await ctx.call('GET', '/api/admin/users');
    const supplier = body.find((u: { email: string }) => u.email === 'supplier@nutdesk.demo');
    expect(Date.parse(supplier.last_sign_in_at)).toBeGreaterThanOrEqual(from - 1000);
    expect(Date.parse(supplier.last_sign_in_at)).toBeLessThanOrEqual(to + 1000);
  });

  test("a new role applies on the user's next request", async () => {
    const id = await userId('warehouse@nutdesk.demo');
    const token = await signIn(ctx.app, 'warehouse@nutdesk.demo', DEMO_PASSWORD);
    expect((await as(token, 'GET', '/api/permissions')).body.role_permissions.reserves.create).toBe('none');
    const res = await ctx.call('PATCH', `/api/admin/users/${id}`, 'admin', { role_id: 1 });
    expect(res.body.role).toEqual({ id: 1, name: 'Менеджер по продажам' });
    const perms = (await as(token, 'GET', '/api/permissions')).body;
    expect(perms.role_id).toBe(1);
    expect(perms.role_permissions.reserves.create).toBe('all');
    expect(await lastLog()).toMatchObject({
      summary: expect.stringMatching(/: роль «Склад» → «Менеджер по продажам»$/),
    });
    await ctx.call('PATCH', `/api/admin/users/${id}`, 'admin', { role_id: 8 });
    expect((await ctx.call('PATCH', `/api/admin/users/${id}`, 'admin', { role_id: 999 })).body.messages).toEqual([
      'Роль не найдена',
    ]);
  });

  test('deactivation ends every session at once: 403 with code 2; no sign-in; reactivation needs a new sign-in', async () => {
    const id = await userId('manager@nutdesk.demo');
    const other = await signIn(ctx.app, 'manager@nutdesk.demo', DEMO_PASSWORD);
    const off = await ctx.call('PATCH', `/api/admin/users/${id}`, 'admin', { status: 'deactivated' });
    expect(off.body.status).toBe('deactivated');
    for (const token of [ctx.tokens.manager, other]) {
      for (const url of ['/api/offers', '/api/me']) {
        expect(await as(token, 'GET', url)).toEqual({
          status: 403,
          body: {
            status: 'error',
            error: 'forbidden',
            code: 2,
            message: 'Ваша учётная запись отключена администратором. Сеанс будет завершён.',
          },
        });
      }
    }
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      payload: { login: 'manager@nutdesk.demo', psswd: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(400);
    expect(await lastLog()).toMatchObject({ summary: expect.stringMatching(/: отключён$/) });

    const on = await ctx.call('PATCH', `/api/admin/users/${id}`, 'admin', { status: 'active' });
    expect(on.body.status).toBe('active');
    // the old sessions stay ended
    expect((await as(other, 'GET', '/api/me')).status).toBe(401);
    ctx.tokens.manager = await signIn(ctx.app, 'manager@nutdesk.demo', DEMO_PASSWORD);
    expect((await ctx.call('GET', '/api/me', 'manager')).status).toBe(200);
  });

  test('an administrator cannot deactivate themself', async () => {
    const id = await userId('admin@nutdesk.demo');
    expect(
      (await ctx.call('PATCH', `/api/admin/users/${id}`, 'admin', { status: 'deactivated' })).body.messages,
    ).toEqual(['Нельзя отключить собственную учётную запись']);
  });

  test('resending an invitation mails a new link; the old one stops working', async () => {
    const [employee] = rowsOf<{ id: number }>(
      await ctx.db.execute(sql`
      SELECT e.id FROM employees e WHERE e.status = 'active' AND NOT EXISTS (SELECT 1 FROM users u WHERE u.employee_id = e.id) ORDER BY e.id LIMIT 1`),
    );
    const invited = await ctx.call('POST', '/api/admin/invitations', 'admin', {
      email: 'new.buyer@nutdesk.test',
      user_type: 'employee',
      role_id: 1,
      employee_id: employee.id,
    });
    expect(invited.status).toBe(201);
    expect(await lastLog()).toMatchObject({
      summary: expect.stringMatching(/^Приглашение: new\.buyer@nutdesk\.test \(.+\), роль «Менеджер по продажам»$/),
    });
    const again = await ctx.call('POST', `/api/admin/users/${invited.body.id}/invitation`, 'admin', {});
    expect(again).toMatchObject({ status: 200, body: { status: 'invited', email: 'new.buyer@nutdesk.test' } });
    const mails = readOutbox(dataDir).filter((m) => m.to === 'new.buyer@nutdesk.test');
    expect(mails).toHaveLength(2);
    const activate = (link: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/activate-account',
        payload: { token: new URL(link).searchParams.get('token'), psswrd: 'Fistashka1', confirmPsswrd: 'Fistashka1' },
      });
    expect((await activate(mails[0].link)).json().messages).toEqual(['Ссылка уже использована. Запросите новую.']);
    expect((await activate(mails[1].link)).statusCode).toBe(200);
    expect(
      (await ctx.call('POST', `/api/admin/users/${invited.body.id}/invitation`, 'admin', {})).body.messages,
    ).toEqual(['Приглашение отправляется только тому, кто ещё не задал пароль']);
  });
});

describe('roles', () => {
  test('the list carries the matrix, the hidden fields by title and the titles that can be hidden', async () => {
    const { body } = await ctx.call('GET', '/api/admin/roles');
    const role8 = body.roles.find((r: { id: number }) => r.id === 8);
    expect(role8.name).toBe('Склад');
    expect(role8.permissions.offers).toEqual({
      read: 'all',
      create: 'none',
      update: 'all',
      delete: 'none',
      export: 'none',
      import: 'none',
    });
    expect(role8.hidden.offers).toEqual([
      'Доставка на склад',
      'Себестоимость за кг',
      'Мин. цена продажи',
      'Макс. цена продажи',
      'Поставщик',
      // the purchase in a currency, hidden with the purchase figures
      'Валюта',
      'Цена закупки в валюте',
      'Курс пересчёта',
      'Фиксированный курс',
      'Дата фиксированного курса',
      'Курс в цене',
      'Дата курса в цене',
      'Создал',
    ]);
    expect(body.fields.offers).toContainEqual({ title: 'Поставщик', fields: ['supplier', 'suppliers_ids'] });
  });

  test('create, refuse a duplicate name in any case, rename', async () => {
    const created = await ctx.call('POST', '/api/admin/roles', 'admin', { name: '  Бухгалтерия ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Бухгалтерия', users: 0 });
    expect(Object.values(created.body.permissions.offers)).toEqual(['none', 'none', 'none', 'none', 'none', 'none']);
    const dup = await ctx.call('POST', '/api/admin/roles', 'admin', { name: 'бухгалтерия' });
    expect(dup).toMatchObject({
      status: 409,
      body: { message: 'Роль «бухгалтерия» уже есть', info: { id: created.body.id } },
    });
    expect((await ctx.call('POST', '/api/admin/roles', 'admin', { name: 'Б' })).body.messages).toEqual([
      'Минимум 2 символа',
    ]);
    expect((await ctx.call('POST', '/api/admin/roles', 'admin', {})).body.messages).toEqual(['Введите название']);
    const renamed = await ctx.call('PATCH', `/api/admin/roles/${created.body.id}`, 'admin', {
      name: 'Бухгалтерия и финансы',
    });
    expect(renamed.body.name).toBe('Бухгалтерия и финансы');
    expect(await lastLog()).toMatchObject({ summary: 'Роль «Бухгалтерия» переименована в «Бухгалтерия и финансы»' });
  });

  test("a permission change applies on the role's users' next request", async () => {
    expect((await ctx.call('GET', '/api/suppliers', 'warehouse')).status).toBe(403);
    const res = await ctx.call('PUT', '/api/admin/roles/8/permissions', 'admin', { suppliers: { read: 'all' } });
    expect(res.body.permissions.suppliers.read).toBe('all');
    expect((await ctx.call('GET', '/api/suppliers', 'warehouse')).status).toBe(200);
    expect(await lastLog()).toMatchObject({ summary: 'Права роли «Склад»: Поставщики / Просмотр: Нет → Все' });
    expect(
      (await ctx.call('PUT', '/api/admin/roles/8/permissions', 'admin', { suppliers: { read: 'some' } })).body.messages,
    ).toEqual(['Права: для каждого действия укажите all, own или none']);
    expect(
      (await ctx.call('PUT', '/api/admin/roles/8/permissions', 'admin', { warehouses: { read: 'all' } })).body.messages,
    ).toEqual(['Неизвестный раздел: warehouses']);
    await ctx.call('PUT', '/api/admin/roles/8/permissions', 'admin', { suppliers: { read: 'none' } });
    expect((await ctx.call('GET', '/api/suppliers', 'warehouse')).status).toBe(403);
  });

  test('a hidden-field change applies on the next request, under every name of the field', async () => {
    const firstRow = async () => (await ctx.call('GET', '/api/offers?perPage=20', 'warehouse')).body.data[0];
    expect(await firstRow()).toHaveProperty('total_sum');
    const role8 = (await ctx.call('GET', '/api/admin/roles')).body.roles.find((r: { id: number }) => r.id === 8);
    const res = await ctx.call('PUT', '/api/admin/roles/8/hidden-fields', 'admin', {
      offers: [...role8.hidden.offers, 'Сумма'],
    });
    expect(res.body.hidden.offers).toContain('Сумма');
    expect(await firstRow()).not.toHaveProperty('total_sum');
    expect((await ctx.call('GET', '/api/offers?total_sum_from=1', 'warehouse')).status).toBe(403);
    // showing 'Поставщик' again shows it under each of its names
    await ctx.call('PUT', '/api/admin/roles/8/hidden-fields', 'admin', {
      offers: role8.hidden.offers.filter((t: string) => t !== 'Поставщик'),
    });
    const fields = rowsOf<{ field: string }>(
      await ctx.db.execute(
        sql`SELECT field FROM role_hidden_fields WHERE role_id = 8 AND resource = 'offers' ORDER BY field`,
      ),
    ).map((r) => r.field);
    expect(fields).not.toContain('supplier');
    expect(fields).not.toContain('suppliers_ids');
    expect(fields).toContain('warehouse_delivery_cost'); // a stored rule no title stands for is kept
    expect(await lastLog()).toMatchObject({
      summary: 'Скрытые поля роли «Склад»: Предложения / «Сумма»: показано; Предложения / «Поставщик»: показано',
    });
    expect(
      (await ctx.call('PUT', '/api/admin/roles/8/hidden-fields', 'admin', { offers: ['Цвет'] })).body.messages,
    ).toEqual(['Неизвестное поле: Цвет']);
  });
});

describe('reference lists: positions and packaging types', () => {
  test.each([
    ['positions', 'Технолог по качеству', 'Должность «Технолог по качеству» уже есть'],
    ['packing', 'Бочка 200 л', 'Тип упаковки «Бочка 200 л» уже есть'],
  ])(
    '%s: add, refuse a duplicate in any case with a 409, rename; the selects see the new name',
    async (list, name, duplicate) => {
      const added = await ctx.call('POST', `/api/admin/${list}`, 'admin', { name });
      expect(added).toMatchObject({ status: 201, body: { name, used: 0 } });
      const dup = await ctx.call('POST', `/api/admin/${list}`, 'admin', { name: name.toUpperCase() });
      expect(dup).toMatchObject({
        status: 409,
        body: { status: 'error', error: 'conflict', message: duplicate, info: { id: added.body.id } },
      });
      const renamed = await ctx.call('PATCH', `/api/admin/${list}/${added.body.id}`, 'admin', {
        name: `${name} (новое)`,
      });
      expect(renamed.body.name).toBe(`${name} (новое)`);
      const items = (await ctx.call('GET', `/api/lists/${list}/items`)).body;
      expect(items).toContainEqual({ id: added.body.id, name: `${name} (новое)` });
      const all = (await ctx.call('GET', `/api/admin/${list}`)).body;
      expect(all.find((i: { id: number }) => i.id === added.body.id)).toEqual({
        id: added.body.id,
        name: `${name} (новое)`,
        used: 0,
      });
      // renaming onto another entry's name is refused too
      const other = all.find((i: { id: number; used: number }) => i.id !== added.body.id && i.used > 0);
      expect(
        (await ctx.call('PATCH', `/api/admin/${list}/${added.body.id}`, 'admin', { name: other.name })).status,
      ).toBe(409);
      expect((await ctx.call('PATCH', `/api/admin/${list}/2147483647`, 'admin', { name: 'Что-то' })).status).toBe(404);
    },
  );
});

test('the log: newest first, who and what, paged', async () => {
  const { body } = await ctx.call('GET', '/api/admin/log?perPage=20');
  expect(body.data[0]).toMatchObject({
    user: { name: 'Администратор' },
    summary: expect.stringMatching(/^Типы упаковки: «Бочка 200 л» переименовано/),
  });
  expect(body.pagination).toMatchObject({ currentPage: 1, perPage: 20 });
  expect(body.pagination.totalItems).toBeGreaterThan(10);
  expect((await ctx.call('GET', '/api/admin/log?perPage=30')).body.messages).toEqual([
    'Размер страницы может быть только 20, 50, 100, 200',
  ]);
});

async function userId(email: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM users WHERE email = ${email}`));
  return row.id;
}
