// The answers of the settings page: the accounts, the roles with their rights, the reference lists nothing else
// edits, the change log and where buyers' links start.
import { Type, type Static } from '@sinclair/typebox';
import { ACCOUNT_STATUSES, type AdminReference } from '../adminKeys';
import type { Action, Resource } from '../permissions';
import { SCOPES } from '../permissions';
import { COUNT, Dict, FLAG, ID, NULLABLE_TEXT, OneOf, PartialDict, REFERENCE, TEXT } from './kit';
import { PAGINATION } from './lists';

/** GET /api/admin/public-url: where buyer links start, whether PUBLIC_URL is set, the administrator's warning. */
export const PUBLIC_URL_STATE = Type.Object({ base: TEXT, configured: FLAG, warning: NULLABLE_TEXT });
export type PublicUrlState = Static<typeof PUBLIC_URL_STATE>;

/** An account on the settings page (GET /api/admin/users lists them; its changes answer one). */
export const ADMIN_USER = Type.Object({
  id: ID,
  email: TEXT,
  name: NULLABLE_TEXT,
  user_type: TEXT,
  is_admin: FLAG,
  role: REFERENCE,
  /** The employee or supplier the account belongs to. */
  linked: REFERENCE,
  status: OneOf(ACCOUNT_STATUSES),
  last_sign_in_at: NULLABLE_TEXT,
  created_at: TEXT,
});
export const ADMIN_USERS = Type.Array(ADMIN_USER);
export type AdminUser = Static<typeof ADMIN_USER>;

const SCOPE = OneOf(SCOPES);
const SCOPES_BY_ACTION = Dict<typeof SCOPE, Action>(SCOPE);
const TITLES = Type.Array(TEXT);

/** A role with its permission matrix and hidden fields (GET /api/admin/roles lists them; its changes answer one). */
export const ADMIN_ROLE = Type.Object({
  id: ID,
  name: TEXT,
  users: COUNT,
  permissions: Dict<typeof SCOPES_BY_ACTION, Resource>(SCOPES_BY_ACTION),
  /** Per resource, the titles of the hidden-field choices the role does not see. */
  hidden: PartialDict<typeof TITLES, Resource>(TITLES),
  lower_delivery_cost: Type.Boolean({
    description: "the role's users may type a reserve's delivery cost below its route's",
  }),
  finance: Type.Boolean({
    description:
      "the role's users have the finance right ('Финансы'): payments, credit limits and terms, credit overrides",
  }),
});
export type AdminRole = Static<typeof ADMIN_ROLE>;

/** One choice of the hidden-fields editor: a field as the lists title it, and every name it travels by. */
const FIELD_CHOICE = Type.Object({ title: TEXT, fields: Type.Array(TEXT) });
export type FieldChoice = Static<typeof FIELD_CHOICE>;
const FIELD_CHOICES = Type.Array(FIELD_CHOICE);

export const ADMIN_ROLES = Type.Object({
  roles: Type.Array(ADMIN_ROLE),
  /** Per resource, the fields an administrator may hide, by title. */
  fields: Dict<typeof FIELD_CHOICES, Resource>(FIELD_CHOICES),
});
export type RolesAnswer = Static<typeof ADMIN_ROLES>;

/** A name of a reference list on the settings page, with how many records use it. */
export const ADMIN_REFERENCE_ITEM = Type.Object({
  id: ID,
  name: TEXT,
  used: COUNT,
  /** A document type's documents must say until when they are valid. */
  expires: Type.Optional(FLAG),
});
export const ADMIN_REFERENCE = Type.Array(ADMIN_REFERENCE_ITEM);
export type ReferenceItem = Static<typeof ADMIN_REFERENCE_ITEM>;
export type { AdminReference };

/** An entry of the change log. */
const ADMIN_LOG_ENTRY = Type.Object({
  id: ID,
  created_at: TEXT,
  user: REFERENCE,
  /** What changed, in Russian, as the log shows it. */
  summary: TEXT,
});
export type AdminLogEntry = Static<typeof ADMIN_LOG_ENTRY>;

/** GET /api/admin/log: every administrative change, newest first, a page of them. */
export const ADMIN_LOG = Type.Object({ data: Type.Array(ADMIN_LOG_ENTRY), pagination: PAGINATION });
