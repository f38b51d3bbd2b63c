// Permission model of spec point 6. Pure functions used by the SPA (what to show) and by the
// server (what to allow), so the two can never disagree.

import { fieldsRead, splitFieldRef, type FieldRef, type HiddenFields, type ReadsFields } from './fieldRefs';
import { SUPPLIER_HIDDEN_FIELDS } from './hiddenFields';
import { TIME_ZONE_SETTING } from './businessDay';
import { SETTING_FEEDS } from './settings';
import { SECTIONS, type Section } from './sections';
import { PURCHASE_FIELDS } from './offers/purchase';

export { fieldsRead, splitFieldRef, type FieldRef, type HiddenFields, type ReadsFields };

/** Every section is a resource of the permission model. */
export const RESOURCES = SECTIONS;
export type Resource = Section;

export const ACTIONS = ['read', 'create', 'update', 'delete', 'export', 'import'] as const;
export type Action = (typeof ACTIONS)[number];

/** all: every record; own: only the caller's records; none: forbidden. */
export const SCOPES = ['all', 'own', 'none'] as const;
export type Scope = (typeof SCOPES)[number];

export type RolePermissions = Record<Resource, Record<Action, Scope>>;

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
  /** The role's setting 'Снижать стоимость доставки ниже маршрута' (administrators always may). */
  lower_delivery_cost?: boolean;
  /** The finance right ('Финансы', ; the role_permissions row buyers × finance): recording and taking back
   * payments, a buyer's credit limit, payment terms and deferral, deleting a completed sale, a quote's price held
   * below the lot's band, and going past a credit refusal with a reason. Administrators always have it. */
  finance?: boolean;
}

/** The role_permissions row that gives a role the finance right (not an action of the matrix). */
export const FINANCE_GRANT = { resource: 'buyers', action: 'finance' } as const;
/** Its title on the roles tab and in the settings log. */
export const FINANCE_RIGHT = 'Финансы';

/** Does the caller hold the finance right ('Финансы')? Administrators always do. */
export const hasFinance = (perms: Permissions | null | undefined) =>
  Boolean(perms && (perms.is_admin || perms.finance));

/** Sections an account kind never reads, whatever its role says: a supplier's user never sees the trader's buyers. */
export const KIND_FORBIDDEN: Partial<Record<UserType, readonly Resource[]>> = { supplier: ['buyers', 'shipments'] };

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

/** What an account kind never sees, over and above its role's rules. */
const KIND_HIDDEN_FIELDS: Partial<Record<UserType, HiddenFields>> = { supplier: SUPPLIER_HIDDEN_FIELDS };

/** Fields computed from, or bounded by, another field: hidden wherever that one is. 'Резерв до' is capped by the
 * reserve's implementation date and equals it on many reserves; a city's delivery matrix, matched against a
 * reserve's delivery cost and days, names the loading city of the reserve's offer; a lot's purchase in a currency
 * gives its price. */
export const DERIVED_FIELDS: readonly {
  resource: Resource;
  field: string;
  from: { resource: Resource; field: string };
}[] = [
  {
    resource: 'reserves',
    field: 'reserved_until',
    from: { resource: 'reserves', field: 'estimated_date_implementation' },
  },
  { resource: 'cities', field: 'delivery', from: { resource: 'offers', field: 'city' } },
  // a lot's currency price times its rate is its price: who does not see the price sees none of its purchase terms
  ...PURCHASE_FIELDS.map((field) => ({
    resource: 'offers' as const,
    field,
    from: { resource: 'offers' as const, field: 'unit_price' },
  })),
];

/** The fields hidden from a caller: its role's rules (data) joined with its account kind's (this file) and the
 * fields derived from those. What GET /api/permissions answers as hidden_fields, so the SPA hides what the server
 * strips. */
export function hiddenFieldsOf(userType: UserType, roleHidden: HiddenFields): HiddenFields {
  const kind = KIND_HIDDEN_FIELDS[userType] ?? {};
  const result: HiddenFields = {};
  for (const resource of RESOURCES) {
    const fields = [...new Set([...(roleHidden[resource] ?? []), ...(kind[resource] ?? [])])];
    if (fields.length) result[resource] = fields;
  }
  for (const { resource, field, from } of DERIVED_FIELDS) {
    if (result[from.resource]?.includes(from.field) && !result[resource]?.includes(field))
      (result[resource] ??= []).push(field);
  }
  return result;
}

/** A field is visible when the resource is readable, neither the role nor the account kind hides it, and (for an
 * offer's product, city and supplier) the referenced section is readable too. Admins see every field. */
export function isFieldVisible(perms: Permissions | null | undefined, resource: Resource, field: string): boolean {
  if (!can(perms, resource, 'read')) return false;
  if (perms!.is_admin) return true;
  if (perms!.hidden_fields?.[resource]?.includes(field)) return false;
  // the kind's rule holds even where a Permissions object was put together without hiddenFieldsOf
  if (KIND_HIDDEN_FIELDS[perms!.user_type]?.[resource]?.includes(field)) return false;
  if (resource === 'offers') {
    const referenced = OFFER_REFERENCE_FIELDS[field];
    if (referenced && !can(perms, referenced, 'read')) return false;
  }
  // who made a record (and who wrote a comment, who changed it in the history: the same rule) is a person of the
  // trader's staff or a supplier's contact: a list of people follows the read right on employees
  if (field === 'created_by' && !can(perms, 'employees', 'read')) return false;
  const derived = DERIVED_FIELDS.find((d) => d.resource === resource && d.field === field);
  if (derived && !isFieldVisible(perms, derived.from.resource, derived.from.field)) return false;
  return true;
}

/** Reserve form: the responsible-employee selector is locked for role 1 unless admin. */
export function canChooseResponsible(perms: Permissions | null | undefined): boolean {
  if (!perms) return false;
  return perms.is_admin || String(perms.role_id) !== '1';
}

/** One field of any section, visible to the caller (its section readable, the field not hidden from its role).
 * `'<section>.*'` stands for a figure summed over every record of that section (an employee's reserve count):
 * only a caller who reads all of that section's records may see it, or 'own' would count others' records; never a
 * supplier's user. */
export function isRefVisible(perms: Permissions | null | undefined, ref: FieldRef): boolean {
  const [resource, field] = splitFieldRef(ref);
  // a supplier's user never sees such a total: it would count other suppliers' offers and the trader's sales
  if (field === '*') return scopeOf(perms, resource, 'read') === 'all' && perms?.user_type !== 'supplier';
  return isFieldVisible(perms, resource, field);
}

/** A column (a row's key, a sort, a filter, a sum) is visible when every field it reads is: 'responsible' shows
 * responsible_id, so hiding responsible_id hides the column, its sort and its value; the reserves list's
 * warehouse cost filter reads offers.warehouse_cost, so hiding that hides the filter. */
export function isColumnVisible(
  perms: Permissions | null | undefined,
  resource: Resource,
  column: ReadsFields,
): boolean {
  return fieldsRead(resource, column).every((ref) => isRefVisible(perms, ref));
}

/** Who reads a business setting (POST /api/settings): an admin, or a role that creates or changes reserves and sees
 * the reserve figure the setting is part of. Everyone else (a supplier's user, role 8) gets a 403. */
export function canReadSetting(perms: Permissions | null | undefined, name: string): boolean {
  if (perms?.is_admin) return true;
  // the business day is everyone's: every card's "today" follows it, and it tells no secret
  if (name === TIME_ZONE_SETTING) return true;
  const feeds = (SETTING_FEEDS as Record<string, FieldRef | undefined>)[name];
  if (!feeds) return false;
  return (can(perms, 'reserves', 'create') || can(perms, 'reserves', 'update')) && isRefVisible(perms, feeds);
}
