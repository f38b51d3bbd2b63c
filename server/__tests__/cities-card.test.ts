// The city card through the API on the demo data: create with delivery rows and comments, rename, the
// delivery matrix row read and saved, duplicates by name (also of a deleted city), and who may do what.
import { and, eq, sql } from 'drizzle-orm';
import { createDemoApp, tableChecksum, type DemoContext } from './testApp';
import { entryLines } from '../../domain/history';
import { cities, cityDelivery, comments } from '../db/schema';

let ctx: DemoContext;
let moscow: number;
let kazan: number;
let omsk: number;

const idOf = async (name: string) =>
  ((await ctx.db.execute(sql`SELECT id FROM cities WHERE name = ${name}`)) as unknown as { rows: { id: number }[] })
    .rows[0].id;

beforeAll(async () => {
  ctx = await createDemoApp();
  [moscow, kazan, omsk] = [await idOf('Москва'), await idOf('Казань'), await idOf('Омск')];
}, 120_000);
afterAll(() => ctx?.close());

const call: DemoContext['call'] = (...args) => ctx.call(...args);
const change: DemoContext['change'] = (...args) => ctx.change(...args);
const storedRoutes = (from: number) => ctx.db.select().from(cityDelivery).where(eq(cityDelivery.from_city_id, from));

test('a city created with delivery rows and comments stores them; its table lists every city, its own row first', async () => {
  const res = await call('POST', '/api/cities', 'admin', {
    name: '  Новоорехов ',
    delivery: [
      { to_id: moscow, cost: '12,5', days: 3 },
      { to_id: kazan, cost: 9, days: '2' },
      { to_id: omsk, cost: 0, days: 0 },
    ],
    comments: [{ text: 'Склад откроется весной' }, { text: ' ' }],
  });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ name: 'Новоорехов', status: 'active', can_update: true });
  const id = res.body.id;
  // the empty row says nothing: only two routes are stored
  expect((await storedRoutes(id)).map((r) => [r.to_city_id, r.cost, r.days]).sort()).toEqual(
    [
      [kazan, '9.00', 2],
      [moscow, '12.50', 3],
    ].sort(),
  );
  const saved = await ctx.db
    .select()
    .from(comments)
    .where(and(eq(comments.entity_type, 'cities'), eq(comments.entity_id, id)));
  expect(saved.map((c) => c.text)).toEqual(['Склад откроется весной']);

  const table = await call('GET', `/api/cities/${id}/delivery`);
  expect(table.status).toBe(200);
  const active = (
    (await ctx.db.execute(sql`SELECT count(*)::int AS n FROM cities WHERE status <> 'deleted'`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0].n;
  expect(table.body).toHaveLength(active);
  // its own row (delivery within the city, issue 51) first, not set yet
  expect(table.body[0]).toEqual({ id: 0, to_id: id, to_name: 'Новоорехов', cost: '0.00', days: 0 });
  expect(table.body.find((r: { to_id: number }) => r.to_id === moscow)).toEqual({
    id: moscow,
    to_id: moscow,
    to_name: 'Москва',
    cost: '12.50',
    days: 3,
  });
  expect(table.body.find((r: { to_id: number }) => r.to_id === omsk)).toEqual({
    id: 0,
    to_id: omsk,
    to_name: 'Омск',
    cost: '0.00',
    days: 0,
  });

  // the new city shows in another city's table with an empty cost
  const fromMoscow = await call('GET', `/api/cities/${moscow}/delivery`);
  expect(fromMoscow.body.find((r: { to_id: number }) => r.to_id === id)).toEqual({
    id: 0,
    to_id: id,
    to_name: 'Новоорехов',
    cost: '0.00',
    days: 0,
  });
  // and that table is sorted by name after Moscow's own row
  expect(fromMoscow.body[0].to_id).toBe(moscow);
  const names = fromMoscow.body.slice(1).map((r: { to_name: string }) => r.to_name);
  expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'ru')));
});

test('PUT delivery saves the changed rows at once; an emptied row is removed; the answer is the whole table', async () => {
  const { body: city } = await call('POST', '/api/cities', 'admin', {
    name: 'Орехово-Южное',
    delivery: [{ to_id: moscow, cost: 10, days: 1 }],
  });
  const res = await call('PUT', `/api/cities/${city.id}/delivery`, 'admin', [
    { to_id: kazan, cost: '7.25', days: 4 },
    { to_id: omsk, cost: 30, days: 6 },
    { to_id: moscow, cost: '', days: '' },
  ]);
  expect(res.status).toBe(200);
  expect((await storedRoutes(city.id)).map((r) => [r.to_city_id, r.cost, r.days]).sort()).toEqual(
    [
      [kazan, '7.25', 4],
      [omsk, '30.00', 6],
    ].sort(),
  );
  expect(res.body.find((r: { to_id: number }) => r.to_id === kazan)).toEqual({
    id: kazan,
    to_id: kazan,
    to_name: 'Казань',
    cost: '7.25',
    days: 4,
  });
  expect(res.body.find((r: { to_id: number }) => r.to_id === moscow)).toMatchObject({ id: 0, cost: '0.00', days: 0 });
  // changing one route again overwrites it
  await call('PUT', `/api/cities/${city.id}/delivery`, 'admin', [{ to_id: kazan, cost: 8, days: 5 }]);
  expect((await storedRoutes(city.id)).find((r) => r.to_city_id === kazan)).toMatchObject({ cost: '8.00', days: 5 });
});

test('every 400 message: the name, a negative cost, days that are not whole, an unknown city, the city itself', async () => {
  const bad = async (body: unknown, method: 'POST' | 'PUT' = 'POST', url = '/api/cities') => {
    const res = await call(method, url, 'admin', body);
    expect(res.status).toBe(400);
    return res.body.messages;
  };
  expect(await bad({ name: '' })).toEqual(['Название обязательно']);
  expect(await bad({ name: 'Я' })).toEqual(['Минимум 2 символа']);
  expect(await bad({ name: 'Новый', delivery: [{ to_id: moscow, cost: -1, days: 1 }] })).toEqual([
    'Стоимость доставки не может быть меньше 1',
  ]);
  // a reserve's delivery cost is at least 1 ₽/kg and the reserve card prefills the route's: 0.5 would be refused there
  expect(await bad({ name: 'Новый', delivery: [{ to_id: moscow, cost: '0,5', days: 1 }] })).toEqual([
    'Стоимость доставки не может быть меньше 1',
  ]);
  const routesBefore = await ctx.db.select().from(cityDelivery).where(eq(cityDelivery.from_city_id, moscow));
  expect(await bad([{ to_id: kazan, cost: 0.99, days: 1 }], 'PUT', `/api/cities/${moscow}/delivery`)).toEqual([
    'Стоимость доставки не может быть меньше 1',
  ]);
  expect(await ctx.db.select().from(cityDelivery).where(eq(cityDelivery.from_city_id, moscow))).toEqual(routesBefore);
  expect(await ctx.db.select().from(cities).where(eq(cities.name, 'Новый'))).toEqual([]);
  expect(await bad({ name: 'Новый', delivery: [{ to_id: moscow, cost: 1, days: 1.5 }] })).toEqual([
    'Срок доставки: целое число дней, не меньше 0',
  ]);
  expect(await bad({ name: 'Новый', delivery: [{ to_id: moscow, cost: 'много', days: 1 }] })).toEqual([
    'Введите число',
  ]);
  expect(await bad({ name: 'Новый', delivery: [{ to_id: 999999, cost: 1, days: 1 }] })).toEqual(['Выберите город']);
  expect(await ctx.db.select().from(cityDelivery).where(eq(cityDelivery.to_city_id, 999999))).toEqual([]);
});

test('a duplicate name, whatever the case, is a 409 with the existing id, also when that city is deleted', async () => {
  const dup = await call('POST', '/api/cities', 'admin', { name: 'москва' });
  expect(dup.status).toBe(409);
  expect(dup.body).toEqual({
    status: 'error',
    error: 'conflict',
    message: 'Город с таким названием уже есть',
    info: { text: 'Город', id: moscow },
  });

  const { body: gone } = await call('POST', '/api/cities', 'admin', { name: 'Старый Город' });
  expect((await call('DELETE', '/api/cities', 'admin', { ids: [gone.id] })).body).toMatchObject({ deleted: 1 });
  const again = await call('POST', '/api/cities', 'admin', { name: 'СТАРЫЙ ГОРОД' });
  expect([again.status, again.body.info]).toEqual([409, { text: 'Город', id: gone.id }]);
  // the link opens it with ?withDeleted; without, it is not found
  expect(await call('GET', `/api/cities/${gone.id}`)).toEqual({
    status: 404,
    body: expect.objectContaining({ message: 'Объект не найден' }),
  });
  const shown = await call('GET', `/api/cities/${gone.id}?withDeleted`);
  expect(shown.body).toMatchObject({ id: gone.id, status: 'deleted', can_update: false });
  // a deleted city is not changed
  expect((await change('PATCH', `/api/cities/${gone.id}`, 'admin', { name: 'Воскресший' })).status).toBe(404);
});

test("rename: PATCH changes the name; another city's name is a 409", async () => {
  const { body: city } = await call('POST', '/api/cities', 'admin', { name: 'Кедровый Бор' });
  const renamed = await change('PATCH', `/api/cities/${city.id}`, 'admin', { name: 'Кедровый Лог' });
  expect([renamed.status, renamed.body.name]).toEqual([200, 'Кедровый Лог']);
  const taken = await change('PATCH', `/api/cities/${city.id}`, 'admin', { name: 'Казань' });
  expect([taken.status, taken.body.info]).toEqual([409, { text: 'Город', id: kazan }]);
  // its own name in another case is no conflict
  expect((await change('PATCH', `/api/cities/${city.id}`, 'admin', { name: 'КЕДРОВЫЙ ЛОГ' })).status).toBe(200);
});

test('scopes: the warehouse and a supplier read cities but change nothing; the manager creates and edits, without the matrix', async () => {
  for (const who of ['warehouse', 'supplier'] as const) {
    expect((await call('GET', `/api/cities/${kazan}`, who)).body).toMatchObject({
      id: kazan,
      name: 'Казань',
      can_update: false,
    });
    expect((await call('GET', `/api/cities/${kazan}/delivery`, who)).status).toBe(200);
    expect((await call('POST', '/api/cities', who, { name: 'Чужой' })).status).toBe(403);
    expect((await change('PATCH', `/api/cities/${kazan}`, who, { name: 'Чужая Казань' })).status).toBe(403);
    expect(
      (await call('PUT', `/api/cities/${kazan}/delivery`, who, [{ to_id: moscow, cost: 1, days: 1 }])).body,
    ).toMatchObject({ message: 'Недостаточно прав для этого действия' });
  }
  const created = await call('POST', '/api/cities', 'manager', { name: 'Менеджерск' });
  expect(created.status).toBe(201);
  // role 1 does not see offers' loading city, so not the delivery matrix either (issue 34, derived-fields.test.ts)
  expect(
    (await call('PUT', `/api/cities/${created.body.id}/delivery`, 'manager', [{ to_id: moscow, cost: 5, days: 2 }]))
      .body,
  ).toMatchObject({
    message: 'Доставка между городами недоступна для вашей роли: по ней виден город погрузки предложений',
  });
  expect(
    (await call('PUT', `/api/cities/${created.body.id}/delivery`, 'admin', [{ to_id: moscow, cost: 5, days: 2 }]))
      .status,
  ).toBe(200);
  // role 1 and 8 never see who created a record
  expect(created.body).not.toHaveProperty('created_by');
  expect(await storedRoutes(kazan)).toEqual(expect.arrayContaining([expect.objectContaining({ from_city_id: kazan })]));
});

describe("a city's delivery matrix is a change of the city (issue 32): on the version the card read, in its history", () => {
  const versionOf = async (id: number) => (await call('GET', `/api/cities/${id}`)).body.version as number;

  test("a fresh save moves the version by one and tells each route old → new in the city's history", async () => {
    const { body: city } = await call('POST', '/api/cities', 'admin', {
      name: 'Версионск',
      delivery: [{ to_id: moscow, cost: 10, days: 1 }],
    });
    expect(city.version).toBe(1);
    const saved = await call('PUT', `/api/cities/${city.id}/delivery?version=1`, 'admin', [
      { to_id: moscow, cost: '12.5', days: 2 },
      { to_id: kazan, cost: 7, days: 3 },
    ]);
    expect(saved.status).toBe(200);
    expect(await versionOf(city.id)).toBe(2);
    const [entry] = (await call('GET', `/api/cities/${city.id}/history`)).body;
    expect(entry.action).toBe('update');
    expect(entryLines('cities', entry).sort()).toEqual([
      'Доставка в город Казань: — → 7,00 ₽, 3 дн.',
      'Доставка в город Москва: 10,00 ₽, 1 дн. → 12,50 ₽, 2 дн.',
    ]);
    // the card's rename goes on from the version the save left
    expect(
      (await call('PATCH', `/api/cities/${city.id}`, 'admin', { name: 'Версионск-2', version: 2 })).body.version,
    ).toBe(3);
  });

  test('a stale save changes no row and answers the 409 the cards show: who, when, what', async () => {
    const { body: city } = await call('POST', '/api/cities', 'admin', { name: 'Спорноград' });
    // another user renamed the city since the card read version 1
    expect(
      (await call('PATCH', `/api/cities/${city.id}`, 'manager', { name: 'Спорноград-на-Оке', version: 1 })).status,
    ).toBe(200);
    const before = await tableChecksum(ctx.db);
    const stale = await call('PUT', `/api/cities/${city.id}/delivery?version=1`, 'admin', [
      { to_id: kazan, cost: 5, days: 2 },
    ]);
    expect(stale.status).toBe(409);
    const manager = (
      (await ctx.db.execute(sql`SELECT name FROM users WHERE email = 'manager@nutdesk.demo'`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows[0].name;
    expect(stale.body).toMatchObject({
      status: 'error',
      error: 'stale',
      message: 'Запись изменена другим пользователем',
      stale: {
        version: 2,
        by: manager,
        changes: [{ field: 'name', old: 'Спорноград', new: 'Спорноград-на-Оке' }],
        fields: ['Название'],
      },
    });
    expect(await tableChecksum(ctx.db)).toBe(before);
    expect(await storedRoutes(city.id)).toEqual([]);

    // a save of the matrix makes the card's rename on the version before it stale, naming the routes
    expect(
      (await call('PUT', `/api/cities/${city.id}/delivery?version=2`, 'admin', [{ to_id: kazan, cost: 5, days: 2 }]))
        .status,
    ).toBe(200);
    const rename = await call('PATCH', `/api/cities/${city.id}`, 'admin', { name: 'Бесспорноград', version: 2 });
    expect(rename.status).toBe(409);
    expect(rename.body.stale).toMatchObject({
      version: 3,
      changes: [{ field: 'delivery', key: kazan, old: null, new: { cost: 5, days: 2 } }],
      fields: ['Доставка'],
    });
  });
});
