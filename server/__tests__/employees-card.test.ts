// The employee card through the API on the demo data: create, edit, the spec's messages, duplicates by
// e-mail or phone (also of a deleted employee), the reserve figures and short list, scopes and the fields
// roles 1 and 8 do not see.
import { eq, sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { formMessages, messagesByField } from './cards';
import { employees } from '../db/schema';

let ctx: DemoContext;
let position: number;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await ctx.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  ctx = await createDemoApp();
  position = (await rows<{ id: number }>(sql`SELECT id FROM positions ORDER BY id LIMIT 1`))[0].id;
}, 120_000);
afterAll(() => ctx?.close());

const call: DemoContext['call'] = (...args) => ctx.call(...args);
const change: DemoContext['change'] = (...args) => ctx.change(...args);
const form = (patch: Record<string, unknown> = {}) => ({
  full_name: 'Орлов Иван Петрович',
  phone: '8 912 345-67-89',
  email: 'I.Orlov@Example.ru',
  position_id: position,
  ...patch,
});
const grant = (role: number, actions: string[]) =>
  ctx.db.execute(
    sql`UPDATE role_permissions SET scope = 'all' WHERE role_id = ${role} AND resource = 'employees' AND action IN (${sql.join(
      actions.map((a) => sql`${a}`),
      sql`, `,
    )})`,
  );

test('create: 201, the phone stored as digits with 8 read as 7, the e-mail lower-cased, comments saved', async () => {
  const res = await call('POST', '/api/employees', 'admin', form({ comments: [{ text: 'Выходит с понедельника' }] }));
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    full_name: 'Орлов Иван Петрович',
    phone: '79123456789',
    email: 'i.orlov@example.ru',
    position_id: position,
    status: 'active',
    reserve_total_created: '0',
    reserve_purchased_count: '0',
    reserve_cancelled_count: '0',
    reserves: [],
    can_update: true,
  });
  const [row] = await ctx.db.select().from(employees).where(eq(employees.id, res.body.id));
  expect([row.phone, row.email]).toEqual(['79123456789', 'i.orlov@example.ru']);
  expect(
    (await call('GET', `/api/employees/${res.body.id}/comments`)).body.map((c: { text: string }) => c.text),
  ).toEqual(['Выходит с понедельника']);
});

test('every 400 message of the employee form', async () => {
  const messages = formMessages(call, '/api/employees');
  expect((await messages({})).sort()).toEqual(['Выберите должность', 'Название обязательно', 'Обязательное поле']);
  expect(
    await messagesByField(messages, form, {
      full_name: 'Я',
      email: 'orlov@',
      phone: '+7 (912) 345',
      position_id: 99999,
    }),
  ).toEqual({
    full_name: ['Минимум 2 символа'],
    email: ['Некорректный email'],
    phone: ['Неверный формат'],
    position_id: ['Выберите должность'],
  });
});

test('a duplicate e-mail (any case) or phone is a 409 with the existing id, also of a deleted employee', async () => {
  const { body: first } = await call(
    'POST',
    '/api/employees',
    'admin',
    form({ email: 'dup@nutdesk.test', phone: '79001112233' }),
  );
  const byEmail = await call('POST', '/api/employees', 'admin', form({ email: 'DUP@nutdesk.test', phone: '' }));
  expect(byEmail.status).toBe(409);
  expect(byEmail.body).toEqual({
    status: 'error',
    error: 'conflict',
    message: 'Сотрудник с таким email или телефоном уже есть',
    info: { text: 'Сотрудник', id: first.id },
  });
  const byPhone = await call(
    'POST',
    '/api/employees',
    'admin',
    form({ email: 'other@nutdesk.test', phone: '8 900 111-22-33' }),
  );
  expect([byPhone.status, byPhone.body.info.id]).toEqual([409, first.id]);

  await call('DELETE', '/api/employees', 'admin', { ids: [first.id] });
  const deleted = await call('POST', '/api/employees', 'admin', form({ email: 'dup@nutdesk.test', phone: '' }));
  expect([deleted.status, deleted.body.info.id]).toEqual([409, first.id]);
  expect((await call('GET', `/api/employees/${first.id}`)).status).toBe(404);
  expect((await call('GET', `/api/employees/${first.id}?withDeleted`)).body).toMatchObject({
    status: 'deleted',
    can_update: false,
  });
});

test("edit: PATCH changes what it sends and keeps the rest; another employee's e-mail is a 409", async () => {
  const { body: created } = await call(
    'POST',
    '/api/employees',
    'admin',
    form({ email: 'edit@nutdesk.test', phone: '79005556677' }),
  );
  const res = await change('PATCH', `/api/employees/${created.id}`, 'admin', { phone: '+7 (900) 555-66-88' });
  expect(res.body).toMatchObject({
    phone: '79005556688',
    email: 'edit@nutdesk.test',
    full_name: 'Орлов Иван Петрович',
  });
  const taken = await change('PATCH', `/api/employees/${created.id}`, 'admin', { email: 'i.orlov@example.ru' });
  expect(taken.status).toBe(409);
});

test("the card shows an employee's reserve figures and latest reserves, newest first", async () => {
  const [busiest] = await rows<{ id: number; total: number }>(sql`
    SELECT responsible_id AS id, count(*) FILTER (WHERE status <> 'deleted')::int AS total FROM reserves GROUP BY responsible_id ORDER BY 2 DESC LIMIT 1`);
  const res = await call('GET', `/api/employees/${busiest.id}`);
  expect(res.body.reserve_total_created).toBe(String(busiest.total));
  expect(res.body.reserves).toHaveLength(Math.min(10, busiest.total));
  const newest = await rows<{ id: number }>(
    sql`SELECT id FROM reserves WHERE responsible_id = ${busiest.id} AND status <> 'deleted' ORDER BY created_at DESC, id DESC LIMIT 10`,
  );
  expect(res.body.reserves.map((r: { id: number }) => r.id)).toEqual(newest.map((r) => r.id));
  expect(Object.keys(res.body.reserves[0]).sort()).toEqual([
    'amount',
    'created_at',
    'id',
    'product',
    'status',
    'total_selling_sum',
  ]);
});

test('role 1 does not see or write the position; role 8 neither the phone nor the e-mail (nor selling sums)', async () => {
  const { body: someone } = await call(
    'POST',
    '/api/employees',
    'admin',
    form({ email: 'hidden@nutdesk.test', phone: '79007778899' }),
  );
  const manager = await call('GET', `/api/employees/${someone.id}`, 'manager');
  expect(manager.body).toMatchObject({ full_name: 'Орлов Иван Петрович', phone: '79007778899', can_update: false });
  expect(manager.body).not.toHaveProperty('position_id');
  expect(manager.body).not.toHaveProperty('position_name');
  const warehouse = await call('GET', `/api/employees/${someone.id}`, 'warehouse');
  expect(warehouse.body).toMatchObject({ full_name: 'Орлов Иван Петрович', position_id: position });
  for (const field of ['phone', 'email', 'created_by']) expect(warehouse.body).not.toHaveProperty(field);
  const [responsible] = await rows<{ id: number }>(
    sql`SELECT responsible_id AS id FROM reserves WHERE status <> 'deleted' LIMIT 1`,
  );
  const reserves = (await call('GET', `/api/employees/${responsible.id}`, 'warehouse')).body.reserves;
  expect(reserves.length).toBeGreaterThan(0);
  expect(reserves[0]).not.toHaveProperty('total_selling_sum');

  // read-only for both in the demo: no writes at all
  expect((await call('POST', '/api/employees', 'manager', form({ email: 'm1@nutdesk.test', phone: '' }))).status).toBe(
    403,
  );
  expect((await change('PATCH', `/api/employees/${someone.id}`, 'warehouse', { full_name: 'Другое Имя' })).status).toBe(
    403,
  );
  // given the right to write: a role that does not see a required field cannot create (issue 33), with or without
  // it; a hidden field is refused on an update, and the rest goes through
  await grant(1, ['create', 'update']);
  await grant(8, ['create', 'update']);
  const cannotComplete = 'Нельзя создавать сотрудников: роли скрыты обязательное поле «Должность»';
  const refused = await call('POST', '/api/employees', 'manager', form({ email: 'm1@nutdesk.test', phone: '' }));
  expect([refused.status, refused.body.message]).toEqual([403, cannotComplete]);
  const { position_id: _p, ...withoutPosition } = form({ email: 'm1@nutdesk.test', phone: '' });
  const withoutIt = await call('POST', '/api/employees', 'manager', withoutPosition);
  expect([withoutIt.status, withoutIt.body.message]).toEqual([403, cannotComplete]);
  expect(
    (await change('PATCH', `/api/employees/${someone.id}`, 'warehouse', { email: 'x@nutdesk.test' })).body.message,
  ).toBe('Поле «email» недоступно для вашей роли');
  const renamed = await change('PATCH', `/api/employees/${someone.id}`, 'warehouse', { full_name: 'Орлова Анна' });
  expect(renamed.body.full_name).toBe('Орлова Анна');
  // what role 8 could not send kept its stored value
  const [row] = await ctx.db.select().from(employees).where(eq(employees.id, someone.id));
  expect([row.phone, row.email]).toEqual(['79007778899', 'hidden@nutdesk.test']);
});
