// The settings page: the shapes of /api/admin/…, the Russian texts of its forms and answers, and the
// rules both the page and the server check (role names, reference names, the permission matrix).
import * as yup from 'yup';
import { ACTIONS, RESOURCES, SCOPES, type Action, type Resource, type Scope } from './permissions';
import type { Static } from '@sinclair/typebox';
import type { ADMIN_LOG } from './answers/admin';

export type { AdminLogEntry, AdminRole, AdminUser, FieldChoice, RolesAnswer } from './answers/admin';

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
import { ACCOUNT_STATUSES, ADMIN_REFERENCES, type AccountStatus, type AdminReference } from './adminKeys';
export { ACCOUNT_STATUSES, ADMIN_REFERENCES, type AccountStatus, type AdminReference };
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

/** PATCH /api/admin/users/{id}: a new role, or deactivate / reactivate. */
export interface UserChange {
  role_id?: number;
  status?: 'active' | 'deactivated';
}

// ---- roles

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
export const REFERENCE_TITLE: Record<AdminReference, { list: string; one: string }> = {
  positions: { list: 'Должности', one: 'Должность' },
  packing: { list: 'Типы упаковки', one: 'Тип упаковки' },
  // the types of lot documents (certificates, declarations, lab protocols)
  document_types: { list: 'Типы документов', one: 'Тип документа' },
};

// ---- the change log

export type AdminLogAnswer = Static<typeof ADMIN_LOG>;
