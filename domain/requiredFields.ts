// "Offers a role cannot complete": a role that cannot see a required field of a section cannot create in
// it (role 1 does not see an offer's supplier, loading city and loading address, and its offers were saved with none
// of them). The server answers 403 naming the fields, the list shows no 'Добавить' or 'Импорт', and the roles tab
// warns when a matrix gives the create right anyway. The required fields are the shared yup schemas' (a domain test
// holds the two together: each field's `required` in its resource); a field the server fills for the caller is none of the caller's to type.
import { bySection, SECTION_RESOURCES } from './resources';
import { visibleAsOf } from './resource';
import {
  hiddenFieldsOf,
  isFieldVisible,
  type HiddenFields,
  type Permissions,
  type RolePermissions,
} from './permissions';
import { SECTIONS, type Section } from './sectionKeys';

/** The fields a section's card is not saved without (each resource's `required`), in the form's order. */
export const REQUIRED_FIELDS: Readonly<Record<Section, readonly string[]>> = bySection((resource) =>
  resource.required.map((field) => field.key),
);

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
export function hiddenRequiredFields(
  perms: Permissions | null | undefined,
  section: Section,
  who: Creator = { supplierUser: perms?.user_type === 'supplier' },
): string[] {
  const resource = SECTION_RESOURCES[section];
  return resource.required
    .filter((field) => !FILLED[section]?.[field.key]?.(who))
    .filter((field) => !isFieldVisible(perms, section, visibleAsOf(field, field.key)))
    .map((field) => field.label);
}

/** 'Нельзя создавать предложения' … (the section's records, as one creates them). */
const CREATED: Readonly<Record<Section, string>> = {
  offers: 'предложения',
  reserves: 'резервы',
  employees: 'сотрудников',
  suppliers: 'поставщиков',
  products: 'товары',
  cities: 'города',
  buyers: 'покупателей',
  shipments: 'поставки',
};

export const REQUIRED_MSG = {
  /** 'Нельзя создавать предложения: роли скрыты обязательные поля «Город погрузки», «Поставщик», «Адрес погрузки»' */
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
    user_type: 'employee',
    user_id: 0,
    is_admin: false,
    role_id: null,
    role_permissions: rights,
    hidden_fields: hiddenFieldsOf('employee', hidden),
  };
  return SECTIONS.filter((section) => rights[section].create !== 'none')
    .map((section) => createRefusal(perms, section))
    .filter((text): text is string => text !== null);
}
