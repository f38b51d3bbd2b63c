// The settings page: the shapes of /api/admin/…, the Russian texts of its forms and answers, and the
// rules both the page and the server check (role names, reference names, the permission matrix).
import * as yup from 'yup';
import { ACTIONS, RESOURCES, SCOPES, type Action, type Resource, type Scope } from './permissions';
import type { Pagination } from './lists';

export const ADMIN_MSG = {
  adminOnly: 'Настройки доступны только администратору',
  deactivated: 'Ваша учётная запись отключена администратором. Сеанс будет завершён.',
  userMissing: 'Пользователь не найден',
  roleMissing: 'Роль не найдена',
  notInvited: 'Приглашение отправляется только тому, кто ещё не задал пароль',
  selfDeactivation: 'Нельзя отключить собственную учётную запись',
  roleName: 'Введите название роли',
  roleNameExists: (name: string) => `Роль «${name}» уже есть`,
  referenceName: 'Введите название',
  referenceExists: (title: string, name: string) => `${title} «${name}» уже есть`,
  referenceMissing: 'Запись справочника не найдена',
  unknownField: (title: string) => `Неизвестное поле: ${title}`,
} as const;

export const NAME_MAX = 100;

const nameSchema = (required: string) =>
  yup.string().trim().required(required).min(2, 'Минимум 2 символа').max(NAME_MAX, `Не длиннее ${NAME_MAX} символов`);

export const roleNameSchema = yup.object({ name: nameSchema(ADMIN_MSG.roleName) });
export const referenceNameSchema = yup.object({ name: nameSchema(ADMIN_MSG.referenceName) });

// ---- users
export type AccountStatus = 'active' | 'invited' | 'deactivated';
export const ACCOUNT_STATUS_TITLE: Record<AccountStatus, string> = {
  active: 'Активен',
  invited: 'Приглашён',
  deactivated: 'Отключён',
};
export const USER_KIND_TITLE: Record<string, string> = {
  admin: 'Администратор',
  employee: 'Сотрудник',
  supplier: 'Пользователь поставщика',
};

/** A row of the users tab (GET /api/admin/users). */
export interface AdminUser {
  id: number;
  email: string;
  name: string | null;
  user_type: string;
  is_admin: boolean;
  role: { id: number; name: string } | null;
  /** The employee or supplier the account belongs to. */
  linked: { id: number; name: string } | null;
  status: AccountStatus;
  last_sign_in_at: string | null;
  created_at: string;
}

/** PATCH /api/admin/users/{id}: a new role, or deactivate / reactivate. */
export interface UserChange {
  role_id?: number;
  status?: 'active' | 'deactivated';
}

// ---- roles
/** One choice of the hidden-fields editor: a field as the lists title it, and every name it travels by. */
export interface FieldChoice {
  title: string;
  fields: string[];
}

export interface AdminRole {
  id: number;
  name: string;
  users: number;
  permissions: Record<Resource, Record<Action, Scope>>;
  /** Per resource, the titles of the hidden-field choices the role does not see. */
  hidden: Partial<Record<Resource, string[]>>;
  /** The role's users may type a reserve's delivery cost below its route's. */
  lower_delivery_cost: boolean;
  /** The role's users have the finance right ('Финансы': payments, credit limits and terms, credit
   * overrides; the role_permissions row buyers × finance, scope all). */
  finance: boolean;
}

export interface RolesAnswer {
  roles: AdminRole[];
  /** Per resource, the fields an administrator may hide, by title. */
  fields: Record<Resource, FieldChoice[]>;
}

export const RESOURCE_TITLE: Record<Resource, string> = {
  offers: 'Предложения',
  reserves: 'Резервы',
  employees: 'Сотрудники',
  suppliers: 'Поставщики',
  products: 'Товары',
  cities: 'Города',
  buyers: 'Покупатели',
  shipments: 'Поставки',
};
export const ACTION_TITLE: Record<Action, string> = {
  read: 'Просмотр',
  create: 'Создание',
  update: 'Изменение',
  delete: 'Удаление',
  export: 'Выгрузка',
  import: 'Загрузка',
};
export const SCOPE_TITLE: Record<Scope, string> = { all: 'Все', own: 'Свои', none: 'Нет' };

export { ACTIONS, RESOURCES, SCOPES };

// ---- reference lists nothing else edits
export const ADMIN_REFERENCES = ['positions', 'packing', 'document_types'] as const;
export type AdminReference = (typeof ADMIN_REFERENCES)[number];
export const REFERENCE_TITLE: Record<AdminReference, { list: string; one: string }> = {
  positions: { list: 'Должности', one: 'Должность' },
  packing: { list: 'Типы упаковки', one: 'Тип упаковки' },
  // the types of lot documents (certificates, declarations, lab protocols)
  document_types: { list: 'Типы документов', one: 'Тип документа' },
};

// ---- the change log
export interface AdminLogEntry {
  id: number;
  created_at: string;
  user: { id: number; name: string } | null;
  /** What changed, in Russian, as the log shows it. */
  summary: string;
}

export interface AdminLogAnswer {
  data: AdminLogEntry[];
  pagination: Pagination;
}
