// A field computed from, or bounded by, a hidden field is hidden with it (issue 34): role 8 does not see a reserve's
// implementation date, so not its 'Резерв до' either (capped by it, equal to it on many reserves); role 1 does not see
// offers' loading city, so not the delivery matrix either (its figures, matched against a reserve's delivery cost
// and days, named the loading city of 101 offers out of 200). Role 1 still gets its buyer's route from the server
// (GET /api/reserves/route), which names no city.
import { createDemoApp, type DemoContext } from './testApp';
import { CITY_MSG } from '../../domain/cities/schema';

let ctx: DemoContext;
let cityId: number;
let otherId: number;

beforeAll(async () => {
  ctx = await createDemoApp();
  const cities = await ctx.call('GET', '/api/cities?perPage=20&sort=id&order=asc');
  [cityId, otherId] = cities.body.data.map((c: { id: number }) => c.id);
}, 120_000);

afterAll(() => ctx?.close());

test('the permissions name the derived fields hidden, so the screens hide them too', async () => {
  const warehouse = (await ctx.call('GET', '/api/permissions', 'warehouse')).body;
  expect(warehouse.hidden_fields.reserves).toEqual(
    expect.arrayContaining(['estimated_date_implementation', 'reserved_until']),
  );
  const manager = (await ctx.call('GET', '/api/permissions', 'manager')).body;
  expect(manager.hidden_fields.offers).toContain('city');
  expect(manager.hidden_fields.cities).toContain('delivery');
  // each keeps what it sees: role 1 the reserve's 'Резерв до', role 8 the matrix
  expect(manager.hidden_fields.reserves ?? []).not.toContain('reserved_until');
  expect(warehouse.hidden_fields.cities ?? []).not.toContain('delivery');
});

test("role 8 reads no 'Резерв до': not in the list, the card, a filter or a sort", async () => {
  const list = await ctx.call('GET', '/api/reserves?perPage=20', 'warehouse');
  expect(list.status).toBe(200);
  expect(list.body.data.length).toBeGreaterThan(0);
  expect(list.body.data.filter((r: Record<string, unknown>) => 'reserved_until' in r)).toEqual([]);
  const card = await ctx.call('GET', `/api/reserves/${list.body.data[0].id}`, 'warehouse');
  expect(card.status).toBe(200);
  expect('reserved_until' in card.body).toBe(false);
  expect((await ctx.call('GET', '/api/reserves?perPage=20&sort=reserved_until', 'warehouse')).status).toBe(400);
  const config = await ctx.call('GET', '/api/reserves/filter_config', 'warehouse');
  expect(config.body.reserved_until).toMatchObject({ isForbidden: true });
  // the administrator reads it on an active reserve
  const active = await ctx.call('GET', '/api/reserves?perPage=20&statuses_ids=1');
  expect(active.body.data[0].reserved_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

test("role 1 reads no delivery matrix: the city's table, the lookup from a city, the filters and the history", async () => {
  const admin = await ctx.call('GET', `/api/cities/${cityId}/delivery`);
  expect(admin.status).toBe(200);
  const refused = { status: 403, body: expect.objectContaining({ message: CITY_MSG.matrixHidden }) };
  expect(await ctx.call('GET', `/api/cities/${cityId}/delivery`, 'manager')).toMatchObject(refused);
  expect(await ctx.call('GET', `/api/delivery?from=${cityId}&to=${otherId}`, 'manager')).toMatchObject(refused);
  expect((await ctx.call('GET', `/api/delivery?from=${cityId}&to=${otherId}`)).status).toBe(200);
  const config = await ctx.call('GET', '/api/cities/filter_config', 'manager');
  expect(config.body.delivery_cost).toMatchObject({ isForbidden: true });
  expect(config.body.delivery_days).toMatchObject({ isForbidden: true });
  const filtered = await ctx.call('GET', '/api/cities?perPage=20&delivery_cost_from=1', 'manager');
  expect([filtered.status, filtered.body.message]).toEqual([
    403,
    'Фильтр «Стоимость доставки за кг (из города)» вам недоступен',
  ]);

  // the administrator changes a route: the city's history tells it to the administrator, not to role 1
  const saved = await ctx.call('PUT', `/api/cities/${cityId}/delivery`, 'admin', [
    { to_id: otherId, cost: '77.70', days: 9 },
  ]);
  expect(saved.status).toBe(200);
  const history = async (who: 'admin' | 'manager') =>
    JSON.stringify((await ctx.call('GET', `/api/cities/${cityId}/history`, who)).body);
  expect(await history('admin')).toContain('"field":"delivery"');
  expect(await history('manager')).not.toContain('"field":"delivery"');
  expect(await history('manager')).not.toContain('77.7');
});

test('role 1 writes no delivery matrix either, and a refused write changes nothing', async () => {
  const before = (await ctx.call('GET', `/api/cities/${cityId}/delivery`)).body;
  const put = await ctx.call('PUT', `/api/cities/${cityId}/delivery`, 'manager', [
    { to_id: otherId, cost: '1.00', days: 1 },
  ]);
  expect(put.status).toBe(403);
  expect((await ctx.call('GET', `/api/cities/${cityId}/delivery`)).body).toEqual(before);
  const perms = (await ctx.call('GET', '/api/permissions', 'manager')).body;
  // role 1 may add cities, without their routes
  expect(perms.role_permissions.cities.create).toBe('all');
  const created = await ctx.call('POST', '/api/cities', 'manager', {
    name: 'Кострома-тест',
    delivery: [{ to_id: otherId, cost: '5.00', days: 2 }],
  });
  expect(created).toMatchObject({ status: 403, body: expect.objectContaining({ message: CITY_MSG.matrixHidden }) });
  const names = async () =>
    (await ctx.call('GET', '/api/cities?perPage=200')).body.data.map((c: { name: string }) => c.name);
  expect(await names()).not.toContain('Кострома-тест');
  expect((await ctx.call('POST', '/api/cities', 'manager', { name: 'Кострома-тест', delivery: [] })).status).toBe(201);
  expect(await names()).toContain('Кострома-тест');
});
