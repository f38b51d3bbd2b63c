// GET /api/permissions for each demo account of the seeded data set: what the SPA gates on.
import { createTestApp, signIn, type TestContext } from './testApp';
import { seedDemoData } from '../db/seed';
import { DEMO_PASSWORD } from '../../domain/api';
import { SPEC_HIDDEN_FIELDS } from '../../domain/hiddenFields';
import { permissionsOf } from '../../domain/permissions';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.db, { now: new Date('2026-11-01T09:00:00Z') });
}, 120_000);

afterAll(() => ctx?.close());

const permissionsOfAccount = async (email: string) => {
  const token = await signIn(ctx.app, email, DEMO_PASSWORD);
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/permissions',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};

test('the admin holds all on everything and no hidden fields', async () => {
  const perms = await permissionsOfAccount('admin@nutdesk.demo');
  expect(perms).toMatchObject({ user_type: 'admin', is_admin: true, hidden_fields: {} });
  expect(perms.role_permissions).toEqual(permissionsOf('all'));
});

test('role 1 carries its hidden fields as data', async () => {
  const perms = await permissionsOfAccount('manager@nutdesk.demo');
  expect(perms).toMatchObject({ user_type: 'employee', is_admin: false, role_id: 1 });
  expect(perms.employee_id).toEqual(expect.any(Number));
  // the spec's fields, and the delivery matrix hidden with offers' loading city (DERIVED_FIELDS)
  const derived: Record<string, string[]> = { cities: ['delivery'] };
  for (const [resource, fields] of Object.entries(SPEC_HIDDEN_FIELDS['1'])) {
    expect([...perms.hidden_fields[resource]].sort()).toEqual([...(fields ?? []), ...(derived[resource] ?? [])].sort());
  }
  expect(perms.hidden_fields.offers).toEqual(expect.arrayContaining(['supplier', 'city', 'loading_address']));
  expect(perms.role_permissions.offers.read).toBe('all');
});

test('role 8 cannot see prices and buyers', async () => {
  const perms = await permissionsOfAccount('warehouse@nutdesk.demo');
  expect(perms).toMatchObject({ role_id: 8, is_admin: false });
  expect(perms.hidden_fields.offers).toEqual(
    expect.arrayContaining(['min_unit_price', 'max_unit_price', 'warehouse_cost']),
  );
  expect(perms.hidden_fields.reserves).toEqual(expect.arrayContaining(['buyer_name', 'buyer_phone', 'marginality']));
});

test('a supplier user is tied to its supplier and limited to its own offers', async () => {
  const perms = await permissionsOfAccount('supplier@nutdesk.demo');
  expect(perms).toMatchObject({ user_type: 'supplier', is_admin: false });
  expect(perms.supplier_id).toEqual(expect.any(Number));
  expect(perms.role_permissions.offers.read).toBe('own');
  expect(perms.role_permissions.reserves.read).toBe('none');
});
