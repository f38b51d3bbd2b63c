// Issue 33, "Offers a role cannot complete": a role that cannot see a required field of a section cannot create in
// it (role 1 does not see an offer's supplier, loading city and loading address, and its offers were saved with none
// of them). The server answers 403 naming the fields, the list shows no 'Добавить' or 'Импорт', and the roles tab
// warns when a matrix gives the create right anyway. The required fields are the shared yup schemas' (a domain test
// holds the two together); a field the server fills for the caller is none of the caller's to type.
import type { Resource } from './resource';
import { visibleAsOf } from './resource';
import { hiddenFieldsOf, isFieldVisible, type HiddenFields, type Permissions, type RolePermissions } from './permissions';
import { SECTIONS, type Section } from './sectionKeys';
import { offersResource } from './offers/resource';
import { reservesResource } from './reserves/resource';
import { employeesResource } from './employees/resource';
import { suppliersResource } from './suppliers/resource';
import { productsResource } from './products/resource';
import { citiesResource } from './cities/resource';
import { buyersResource } from './buyers/resource';

const RESOURCE_OF: Readonly<Record<Section, Resource>> = {
  offers: offersResource, reserves: reservesResource, employees: employeesResource, suppliers: suppliersResource,
  products: productsResource, cities: citiesResource, buyers: buyersResource,
} as Readonly<Record<Section, Resource>>;

/** The fields a section's card is not saved without, in its schema's order (domain/<section>/schema.ts). */
export const REQUIRED_FIELDS: Readonly<Record<Section, readonly string[]>> = {
  offers: ['product_id', 'unit_measure', 'unit_price', 'unit_amount', 'units_per_pack', 'harvest_year', 'origin_country', 'packing_id',
    'supplier_id', 'city_id', 'loading_address'],
  reserves: ['amount', 'packs_amount', 'unit_selling_price', 'estimated_date_implementation', 'buyer_name', 'buyer_phone', 'city_id',
    'delivery_address', 'delivery_cost', 'delivery_days', 'responsible_id'],
  employees: ['full_name', 'email', 'position_id'],
  suppliers: ['name', 'email', 'contact_name', 'inn', 'city_id', 'location'],
  products: ['name'],
  cities: ['name'],
  buyers: ['name', 'payment_terms'],
};

/** Required fields the server fills rather than the caller: a supplier's user's offers are its supplier's; a reserve's
 * responsible is the caller's own employee where its role may not choose one. */
const FILLED: Partial<Record<Section, Readonly<Record<string, (who: Creator) => boolean>>>> = {
  offers: { supplier_id: (who) => who.supplierUser },
  reserves: { responsible_id: () => true },
};

export interface Creator {
  /** A supplier's own account (its offers are its supplier's). */
  supplierUser: boolean;
}

/** The labels of the section's required fields the role does not see, and so cannot fill: none means it may create. */
export function hiddenRequiredFields(perms: Permissions | null | undefined, section: Section, who: Creator = { supplierUser: perms?.user_type === 'supplier' }): string[] {
  const resource = RESOURCE_OF[section];
  return REQUIRED_FIELDS[section]
    .filter((key) => !FILLED[section]?.[key]?.(who))
    .map((key) => resource.field(key))
    .filter((field) => !isFieldVisible(perms, section, visibleAsOf(field, field.key)))
    .map((field) => field.label);
}

/** 'Нельзя создавать предложения' … (the section's records, as one creates them). */
const CREATED: Readonly<Record<Section, string>> = {
  offers: 'предложения', reserves: 'резервы', employees: 'сотрудников', suppliers: 'поставщиков', products: 'товары', cities: 'города',
  buyers: 'покупателей',
};

export const REQUIRED_MSG = {
  /** 'Нельзя создавать предложения: роли скрыты обязательные поля «Поставщик», «Город погрузки», «Адрес погрузки»' */
  hidden: (section: Section, labels: readonly string[]) =>
    `Нельзя создавать ${CREATED[section]}: роли скрыты ${labels.length === 1 ? 'обязательное поле' : 'обязательные поля'} ${labels.map((l) => `«${l}»`).join(', ')}`,
} as const;

/** The refusal of a create by a role that cannot see a required field of the section, or null when it may. */
export function createRefusal(perms: Permissions | null | undefined, section: Section, who?: Creator): string | null {
  const labels = hiddenRequiredFields(perms, section, who);
  return labels.length ? REQUIRED_MSG.hidden(section, labels) : null;
}

/** The roles tab's warning: for a role's rights and the fields it hides (their names), the refusal of each section
 * the rights let it create in but whose required fields it does not see. */
export function incompleteCreateRights(rights: RolePermissions, hidden: HiddenFields): string[] {
  const perms: Permissions = {
    user_type: 'employee', user_id: 0, is_admin: false, role_id: null, role_permissions: rights, hidden_fields: hiddenFieldsOf('employee', hidden),
  };
  return SECTIONS.filter((section) => rights[section].create !== 'none')
    .map((section) => createRefusal(perms, section))
    .filter((text): text is string => text !== null);
}
