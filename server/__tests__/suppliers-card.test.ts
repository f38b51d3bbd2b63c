// The supplier card through the API on the demo data: create, edit, the spec's messages, duplicates by INN
// (also of a deleted supplier), the figures, scopes and what role 1 does not see.
import { eq, sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { formMessages, messagesByField } from './cards';
import { suppliers } from '../db/schema';

let ctx: DemoContext;
let city: number;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await ctx.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  ctx = await createDemoApp();
  city = (await rows<{ id: number }>(sql`SELECT id FROM cities WHERE name = 'Казань'`))[0].id;
}, 120_000);
afterAll(() => ctx?.close());

const call: DemoContext['call'] = (...args) => ctx.call(...args);
const change: DemoContext['change'] = (...args) => ctx.change(...args);
const form = (patch: Record<string, unknown> = {}) => ({
  name: 'ООО «Ядро»',
  email: 'Sales@Yadro.ru',
  phone: '8 843 200-10-20',
  contact_name: 'Гарипов Ильдар',
  inn: '1655123456',
  city_id: city,
  location: 'Казань, ул. Складская, 7',
  ...patch,
});

test('create: 201 with the supplier, phone as digits, e-mail lower-cased, comments saved', async () => {
  const res = await call('POST', '/api/suppliers', 'admin', form({ comments: [{ text: 'Работают по предоплате' }] }));
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    name: 'ООО «Ядро»',
    email: 'sales@yadro.ru',
    phone: '78432001020',
    contact_name: 'Гарипов Ильдар',
    inn: '1655123456',
    city_id: city,
    city: { id: city, name: 'Казань' },
    location: 'Казань, ул. Складская, 7',
    status: 'active',
    total_offers_created: '0',
    reserve_total_created: '0',
    can_update: true,
  });
  expect(
    (await call('GET', `/api/suppliers/${res.body.id}/comments`)).body.map((c: { text: string }) => c.text),
  ).toEqual(['Работают по предоплате']);
});

test('every 400 message of the supplier form', async () => {
  const messages = formMessages(call, '/api/suppliers');
  expect((await messages({})).sort()).toEqual(['Выберите город', 'Название обязательно', 'Обязательное поле']);
  const bad = {
    name: 'Я',
    email: 'sales@yadro',
    contact_name: 'И',
    inn: '9999',
    location: 'К',
    city_id: 99999,
    phone: '8 843 200',
  };
  expect(await messagesByField(messages, form, bad)).toEqual({
    name: ['Минимум 2 символа'],
    email: ['Некорректный email'],
    contact_name: ['Минимум 2 символа'],
    inn: ['Минимум 5 цифр'],
    location: ['Минимум 2 символа'],
    city_id: ['Выберите город'],
    phone: ['Неверный формат'],
  });
  expect(await messages(form({ inn: '16551-23' }))).toEqual(['ИНН состоит из цифр']);
});

test("a 400 gives each field its message (issue 51): three fields one letter long are three 'Минимум 2 символа', each with its field and label", async () => {
  const res = await call('POST', '/api/suppliers', 'admin', form({ name: 'Я', contact_name: 'И', location: 'К' }));
  expect(res.status).toBe(400);
  // the old clients' list holds each message once, as before
  expect(res.body.messages).toEqual(['Минимум 2 символа']);
  expect(res.body.errors).toEqual([
    { field: 'contact_name', label: 'Контактное лицо', message: 'Минимум 2 символа' },
    { field: 'name', label: 'Название', message: 'Минимум 2 символа' },
    { field: 'location', label: 'Адрес', message: 'Минимум 2 символа' },
  ]);
});

test('a duplicate INN is a 409 with the existing id, also of a deleted supplier', async () => {
  const { body: first } = await call('POST', '/api/suppliers', 'admin', form({ inn: '7701000001' }));
  const dup = await call('POST', '/api/suppliers', 'admin', form({ inn: '7701000001', name: 'ООО «Другое Ядро»' }));
  expect(dup.status).toBe(409);
  expect(dup.body).toEqual({
    status: 'error',
    error: 'conflict',
    message: 'Поставщик с таким ИНН уже есть',
    info: { text: 'Поставщик', id: first.id },
  });
  await call('DELETE', '/api/suppliers', 'admin', { ids: [first.id] });
  const again = await call('POST', '/api/suppliers', 'admin', form({ inn: '7701000001' }));
  expect([again.status, again.body.info.id]).toEqual([409, first.id]);
  expect((await call('GET', `/api/suppliers/${first.id}`)).status).toBe(404);
  expect((await call('GET', `/api/suppliers/${first.id}?withDeleted`)).body).toMatchObject({
    status: 'deleted',
    can_update: false,
  });
});

test("edit: PATCH changes what it sends; another supplier's INN is a 409", async () => {
  const { body: created } = await call('POST', '/api/suppliers', 'admin', form({ inn: '7701000002' }));
  const res = await change('PATCH', `/api/suppliers/${created.id}`, 'admin', { location: 'Казань, ул. Новая, 1' });
  expect(res.body).toMatchObject({ location: 'Казань, ул. Новая, 1', inn: '7701000002', email: 'sales@yadro.ru' });
  const [other] = await rows<{ id: number; inn: string }>(
    sql`SELECT id, inn FROM suppliers WHERE status = 'active' AND inn IS NOT NULL AND id <> ${created.id} LIMIT 1`,
  );
  const taken = await change('PATCH', `/api/suppliers/${created.id}`, 'admin', { inn: other.inn });
  expect([taken.status, taken.body.info.id]).toEqual([409, other.id]);
});

test("the card shows a supplier's figures as its list row has them", async () => {
  const [busy] = await rows<{ id: number; offers: number }>(sql`
    SELECT supplier_id AS id, count(*) FILTER (WHERE status <> 'deleted')::int AS offers FROM offers GROUP BY supplier_id ORDER BY 2 DESC LIMIT 1`);
  const res = await call('GET', `/api/suppliers/${busy.id}`);
  expect(res.body.total_offers_created).toBe(String(busy.offers));
  for (const key of [
    'reserve_total_created',
    'reserve_purchased_sum',
    'reserve_cancelled_count',
    'min_selling_price',
    'max_selling_price',
    'available_amount',
  ]) {
    expect(res.body).toHaveProperty(key);
  }
});

test('role 1 sees no contacts, INN, city or location and may not write them; role 8 has no suppliers', async () => {
  const { body: supplier } = await call('POST', '/api/suppliers', 'admin', form({ inn: '7701000003' }));
  const manager = await call('GET', `/api/suppliers/${supplier.id}`, 'manager');
  expect(manager.body).toMatchObject({ name: 'ООО «Ядро»', can_update: false });
  for (const field of ['phone', 'email', 'contact_name', 'inn', 'city', 'city_id', 'location', 'created_by'])
    expect(manager.body).not.toHaveProperty(field);
  expect((await call('GET', `/api/suppliers/${supplier.id}`, 'warehouse')).status).toBe(403);
  expect((await call('POST', '/api/suppliers', 'manager', { name: 'ООО «Менеджер»' })).status).toBe(403);

  await ctx.db.execute(
    sql`UPDATE role_permissions SET scope = 'all' WHERE role_id = 1 AND resource = 'suppliers' AND action IN ('create', 'update')`,
  );
  // a role that does not see a required field cannot create (issue 33), with or without it
  const cannotComplete =
    'Нельзя создавать поставщиков: роли скрыты обязательные поля «Email», «Контактное лицо», «ИНН», «Город», «Адрес»';
  const refused = await call('POST', '/api/suppliers', 'manager', form({ inn: '7701000004' }));
  expect([refused.status, refused.body.message]).toEqual([403, cannotComplete]);
  const nameOnly = await call('POST', '/api/suppliers', 'manager', { name: 'ООО «Менеджер»' });
  expect([nameOnly.status, nameOnly.body.message]).toEqual([403, cannotComplete]);
  expect((await change('PATCH', `/api/suppliers/${supplier.id}`, 'manager', { city_id: city })).body.message).toBe(
    'Поле «city_id» недоступно для вашей роли',
  );
  const renamed = await change('PATCH', `/api/suppliers/${supplier.id}`, 'manager', { name: 'ООО «Ядро-2»' });
  expect(renamed.body.name).toBe('ООО «Ядро-2»');
  const [row] = await ctx.db.select().from(suppliers).where(eq(suppliers.id, supplier.id));
  expect([row.inn, row.email, row.city_id]).toEqual(['7701000003', 'sales@yadro.ru', city]);
});
