// Permission model of spec point 6. Pure functions used by the SPA (what to show) and by the
// server (what to allow), so the two can never disagree.

import { SECTIONS, type Section } from './sections';

/** Every section is a resource of the permission model. */
export const RESOURCES = SECTIONS;
export type Resource = Section;

export const ACTIONS = ['read', 'create', 'update', 'delete', 'export', 'import'] as const;
export type Action = (typeof ACTIONS)[number];

/** all: every record; own: only the caller's records; none: forbidden. */
export const SCOPES = ['all', 'own', 'none'] as const;
export type Scope = (typeof SCOPES)[number];

export type RolePermissions = Record<Resource, Record<Action, Scope>>;
/** Per resource, the fields the caller's role may neither see nor edit. */
export type HiddenFields = Partial<Record<Resource, string[]>>;

export type UserType = 'admin' | 'employee' | 'supplier';

/** The payload of GET /api/permissions. */
export interface Permissions {
  user_type: UserType;
  user_id: number;
  is_admin: boolean;
  role_id: string | number | null;
  employee_id?: number | null;
  supplier_id?: number | null;
  role_permissions: RolePermissions;
  hidden_fields: HiddenFields;
}

export function permissionsOf(scope: Scope): RolePermissions {
  const result = {} as RolePermissions;
  for (const resource of RESOURCES) {
    result[resource] = {} as Record<Action, Scope>;
    for (const action of ACTIONS) result[resource][action] = scope;
  }
  return result;
}

/** The scope the caller holds. Admin: all; permissions not loaded: none. */
export function scopeOf(perms: Permissions | null | undefined, resource: Resource, action: Action): Scope {
  if (!perms) return 'none';
  if (perms.is_admin) return 'all';
  return perms.role_permissions?.[resource]?.[action] ?? 'none';
}

/** read is allowed unless none; create, update and delete need all or own. */
export function can(perms: Permissions | null | undefined, resource: Resource, action: Action): boolean {
  const scope = scopeOf(perms, resource, action);
  if (action === 'read') return scope !== 'none';
  return scope === 'all' || scope === 'own';
}

/** "The permission exists": the navigation and the offers page show a section the caller may read. */
export function hasSection(perms: Permissions | null | undefined, resource: Resource): boolean {
  return can(perms, resource, 'read');
}

/** The resources whose read rights an offer's reference fields also depend on. */
const OFFER_REFERENCE_FIELDS: Partial<Record<string, Resource>> = {
  product: 'products',
  product_id: 'products',
  products_ids: 'products',
  city: 'cities',
  city_id: 'cities',
  cities_ids: 'cities',
  supplier: 'suppliers',
  supplier_id: 'suppliers',
  suppliers_ids: 'suppliers',
};

/** A field is visible when the resource is readable, the role does not hide it, and (for an offer's
 * product, city and supplier) the referenced section is readable too. Admins see every field. */
export function isFieldVisible(perms: Permissions | null | undefined, resource: Resource, field: string): boolean {
  if (!can(perms, resource, 'read')) return false;
  if (perms!.is_admin) return true;
  if (perms!.hidden_fields?.[resource]?.includes(field)) return false;
  if (resource === 'offers') {
    const referenced = OFFER_REFERENCE_FIELDS[field];
    if (referenced && !can(perms, referenced, 'read')) return false;
  }
  return true;
}

/** Reserve form: the responsible-employee selector is locked for role 1 unless admin. */
export function canChooseResponsible(perms: Permissions | null | undefined): boolean {
  if (!perms) return false;
  return perms.is_admin || String(perms.role_id) !== '1';
}

/** A field of a section, as 'offers.warehouse_cost': what a column, filter or figure reads, in its own section or
 * another (the reserves list's 'Доставка на склад' filters on the offer's warehouse_cost). */
export type FieldRef = `${Resource}.${string}`;

/** What a column, a filter, a response key or a figure is made of: its own key, the field it shows under another
 * name, and the fields of this or another section it is computed from (declared on the column and filter defs). */
export interface ReadsFields {
  key: string;
  field?: string;
  reads?: readonly FieldRef[];
}

export function splitFieldRef(ref: FieldRef): [Resource, string] {
  const dot = ref.indexOf('.');
  return [ref.slice(0, dot) as Resource, ref.slice(dot + 1)];
}

/** Every field a column, filter or response key of `resource` reads; the record's own id is no secret. */
export function fieldsRead(resource: Resource, def: ReadsFields): FieldRef[] {
  const own = [def.key, def.field ?? def.key].filter((name) => name !== 'id').map((name): FieldRef => `${resource}.${name}`);
  return [...new Set([...own, ...(def.reads ?? [])])];
}

/** One field of any section, visible to the caller (its section readable, the field not hidden from its role).
 * `'<section>.*'` stands for a figure summed over every record of that section (an employee's reserve count):
 * only a caller who reads all of that section's records may see it, or 'own' would count others' records. */
export function isRefVisible(perms: Permissions | null | undefined, ref: FieldRef): boolean {
  const [resource, field] = splitFieldRef(ref);
  if (field === '*') return scopeOf(perms, resource, 'read') === 'all';
  return isFieldVisible(perms, resource, field);
}

/** A column (a row's key, a sort, a filter, a sum) is visible when every field it reads is: 'responsible' shows
 * responsible_id, so hiding responsible_id hides the column, its sort and its value; the reserves list's
 * warehouse cost filter reads offers.warehouse_cost, so hiding that hides the filter. */
export function isColumnVisible(perms: Permissions | null | undefined, resource: Resource, column: ReadsFields): boolean {
  return fieldsRead(resource, column).every((ref) => isRefVisible(perms, ref));
}
