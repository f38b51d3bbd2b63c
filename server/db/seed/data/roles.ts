// The roles of the demo company and what each may do (spec point 6). Roles 1 and 8 keep the ids the spec's
// field-hiding rules are written against; the admin and supplier roles take the next free ids.
import { ACTIONS, RESOURCES, type Action, type Resource, type RolePermissions, type Scope } from '../../../../domain/permissions';

type Grants = Partial<Record<Resource, Partial<Record<Action, Scope>>>>;

function permissions(grants: Grants): RolePermissions {
  const result = {} as RolePermissions;
  for (const resource of RESOURCES) {
    result[resource] = {} as Record<Action, Scope>;
    for (const action of ACTIONS) result[resource][action] = grants[resource]?.[action] ?? 'none';
  }
  return result;
}

const everything = { read: 'all', create: 'all', update: 'all', delete: 'all', export: 'all', import: 'all' } as const;
const readOnly = { read: 'all' } as const;

export interface RoleSeed {
  key: 'admin' | 'manager' | 'warehouse' | 'supplier';
  /** A fixed id, or undefined for the next one of the sequence. */
  id?: number;
  name: string;
  permissions: RolePermissions;
}

export const ROLES: readonly RoleSeed[] = [
  {
    key: 'manager',
    id: 1,
    name: 'Менеджер по продажам',
    permissions: permissions({
      // no create on offers: the role does not see an offer's supplier, loading city and loading address, which an
      // offer cannot be saved without
      offers: { read: 'all', update: 'all', delete: 'all', export: 'all' },
      reserves: { read: 'all', create: 'all', update: 'all', delete: 'all', export: 'all' },
      employees: readOnly,
      suppliers: readOnly,
      products: { read: 'all', create: 'all', update: 'all' },
      cities: { read: 'all', create: 'all', update: 'all' },
      // a manager looks after its own buyers and sees the others
      buyers: { read: 'all', create: 'own', update: 'own', export: 'all' },
      // the manager reads the containers its lots came in (the landed cost's waterfall)
      shipments: readOnly,
    }),
  },
  {
    key: 'warehouse',
    id: 8,
    name: 'Склад',
    permissions: permissions({
      // The warehouse corrects stock and packing, and closes the reserves it ships.
      offers: { read: 'all', update: 'all' },
      reserves: { read: 'all', update: 'own' },
      employees: readOnly,
      products: readOnly,
      cities: readOnly,
    }),
  },
  {
    key: 'admin',
    name: 'Администратор',
    permissions: permissions({
      offers: everything, reserves: everything, employees: everything,
      suppliers: everything, products: everything, cities: everything, buyers: everything, shipments: everything,
    }),
  },
  {
    key: 'supplier',
    name: 'Поставщик',
    permissions: permissions({
      // A supplier keeps its own offers up to date and sees nothing of buyers, staff or other suppliers.
      offers: { read: 'own', create: 'own', update: 'own', delete: 'own' },
      products: readOnly,
      cities: readOnly,
    }),
  },
];
