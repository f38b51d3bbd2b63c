import {
  can,
  hasSection,
  hiddenFieldsOf,
  isColumnVisible,
  isFieldVisible,
  isRefVisible,
  permissionsOf,
  scopeOf,
  canChooseResponsible,
  type Permissions,
} from '../permissions';
import { columns as employeeColumns } from '../employees/resource';
import { SPEC_HIDDEN_FIELDS } from '../hiddenFields';

const user = (patch: Partial<Permissions> = {}): Permissions => ({
  user_type: 'employee',
  user_id: 7,
  is_admin: false,
  role_id: 3,
  role_permissions: permissionsOf('none'),
  hidden_fields: {},
  ...patch,
});

describe('permission checks (spec point 6)', () => {
  test('admin may do everything, whatever its role_permissions say', () => {
    const admin = user({ is_admin: true, user_type: 'admin' });
    for (const action of ['read', 'create', 'update', 'delete'] as const) {
      expect(can(admin, 'offers', action)).toBe(true);
      expect(scopeOf(admin, 'cities', action)).toBe('all');
    }
    expect(isFieldVisible({ ...admin, hidden_fields: { offers: ['supplier'] } }, 'offers', 'supplier')).toBe(true);
  });

  test('with no permissions loaded every action is none', () => {
    for (const action of ['read', 'create', 'update', 'delete', 'export', 'import'] as const) {
      expect(scopeOf(null, 'offers', action)).toBe('none');
      expect(can(undefined, 'reserves', action)).toBe(false);
    }
    expect(hasSection(null, 'offers')).toBe(false);
    expect(isFieldVisible(null, 'offers', 'status')).toBe(false);
  });

  test.each([
    ['all', true, true],
    ['own', true, true],
    ['none', false, false],
  ] as const)('scope %s: read %s, create/update/delete %s', (scope, read, write) => {
    const perms = user();
    perms.role_permissions.products = {
      read: scope,
      create: scope,
      update: scope,
      delete: scope,
      export: scope,
      import: scope,
    };
    expect(can(perms, 'products', 'read')).toBe(read);
    expect(can(perms, 'products', 'create')).toBe(write);
    expect(can(perms, 'products', 'update')).toBe(write);
    expect(can(perms, 'products', 'delete')).toBe(write);
    // another resource stays untouched
    expect(can(perms, 'offers', 'read')).toBe(false);
  });

  test('a field is hidden by its role, and an offer reference by the referenced section', () => {
    const perms = user({ role_permissions: permissionsOf('all'), hidden_fields: SPEC_HIDDEN_FIELDS['1'] });
    expect(isFieldVisible(perms, 'offers', 'supplier')).toBe(false);
    expect(isFieldVisible(perms, 'offers', 'loading_address')).toBe(false);
    expect(isFieldVisible(perms, 'offers', 'created_by')).toBe(false);
    expect(isFieldVisible(perms, 'offers', 'unit_price')).toBe(true);

    const noCities = user({ role_permissions: permissionsOf('all') });
    noCities.role_permissions.cities.read = 'none';
    expect(isFieldVisible(noCities, 'offers', 'city')).toBe(false);
    expect(isFieldVisible(noCities, 'offers', 'product')).toBe(true);
  });

  test('role 8 hides prices and buyer data, both roles lose created_by everywhere', () => {
    expect(SPEC_HIDDEN_FIELDS['8'].offers).toEqual(
      expect.arrayContaining(['supplier', 'warehouse_cost', 'min_unit_price', 'max_unit_price', 'created_by']),
    );
    expect(SPEC_HIDDEN_FIELDS['8'].reserves).toEqual(
      expect.arrayContaining(['buyer_name', 'marginality', 'created_by']),
    );
    for (const role of ['1', '8'] as const) {
      for (const resource of ['offers', 'reserves', 'employees', 'suppliers', 'products', 'cities'] as const) {
        expect(SPEC_HIDDEN_FIELDS[role][resource]).toContain('created_by');
      }
    }
  });

  test('only role 1 non-admins lose the responsible selector', () => {
    expect(canChooseResponsible(user({ role_id: '1' }))).toBe(false);
    expect(canChooseResponsible(user({ role_id: 1 }))).toBe(false);
    expect(canChooseResponsible(user({ role_id: '1', is_admin: true }))).toBe(true);
    expect(canChooseResponsible(user({ role_id: 8 }))).toBe(true);
  });
});

test("a figure summed over every record of a section ('reserves.*') is seen only with read scope 'all' there", () => {
  const perms = (reserves: 'all' | 'own' | 'none'): Permissions => ({
    user_type: 'employee',
    user_id: 5,
    is_admin: false,
    role_id: 3,
    hidden_fields: {},
    role_permissions: {
      ...permissionsOf('none'),
      employees: { ...permissionsOf('all').employees },
      reserves: { ...permissionsOf(reserves).reserves },
    },
  });
  const column = employeeColumns.find((c) => c.key === 'reserve_total_created')!;
  expect(isColumnVisible(perms('all'), 'employees', column)).toBe(true);
  expect(isColumnVisible(perms('own'), 'employees', column)).toBe(false);
  expect(isColumnVisible(perms('none'), 'employees', column)).toBe(false);
  expect(
    isColumnVisible(
      perms('own'),
      'employees',
      employeeColumns.find((c) => c.key === 'full_name')!,
    ),
  ).toBe(true);
});

describe("a supplier-kind account never sees the trader's figures, whatever its role hides", () => {
  const supplier = user({
    user_type: 'supplier',
    role_permissions: {
      ...permissionsOf('none'),
      offers: { ...permissionsOf('all').offers },
      reserves: { ...permissionsOf('all').reserves },
    },
  });

  test('the selling band of offers and the selling figures of reserves are hidden with an empty role rule', () => {
    expect(supplier.hidden_fields).toEqual({});
    for (const field of ['min_unit_price', 'max_unit_price'])
      expect(isFieldVisible(supplier, 'offers', field)).toBe(false);
    for (const field of ['unit_selling_price', 'total_selling_sum', 'marginality', 'buyer_name'])
      expect(isFieldVisible(supplier, 'reserves', field)).toBe(false);
    // its own purchase price and stock stay
    for (const field of ['unit_price', 'unit_amount', 'reserved_amount', 'warehouse_cost'])
      expect(isFieldVisible(supplier, 'offers', field)).toBe(true);
    // an employee with the same rights sees them
    expect(isFieldVisible({ ...supplier, user_type: 'employee' }, 'offers', 'min_unit_price')).toBe(true);
  });

  test("a total over every record of a section (other suppliers' offers) is not its, even with read all", () => {
    expect(isRefVisible(supplier, 'offers.*')).toBe(false);
    expect(isRefVisible({ ...supplier, user_type: 'employee' }, 'offers.*')).toBe(true);
  });

  test("hiddenFieldsOf joins the role's rules with the kind's, what /api/permissions answers", () => {
    expect(hiddenFieldsOf('supplier', { offers: ['created_by', 'min_unit_price'] }).offers).toEqual([
      'created_by',
      'min_unit_price',
      'landed_kg_cost',
      'max_unit_price',
    ]);
    expect(hiddenFieldsOf('supplier', {}).reserves).toContain('total_selling_sum');
    // with the fields derived from a hidden one (DERIVED_FIELDS): the delivery matrix names offers' loading city,
    // 'Резерв до' is bounded by the implementation date
    expect(hiddenFieldsOf('employee', { offers: ['city'] })).toEqual({ offers: ['city'], cities: ['delivery'] });
    expect(hiddenFieldsOf('employee', { reserves: ['estimated_date_implementation'] })).toEqual({
      reserves: ['estimated_date_implementation', 'reserved_until'],
    });
    expect(hiddenFieldsOf('employee', { offers: ['supplier'] })).toEqual({ offers: ['supplier'] });
  });
});
