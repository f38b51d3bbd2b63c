// The answers about the signed-in user: who it is, its rights, its profile and its sessions.
import { Type, type Static } from '@sinclair/typebox';
import { SCOPES, type Action, type Resource } from '../permissions';
import { Dict, FLAG, ID, NULLABLE_ID, NULLABLE_TEXT, Nullable, OneOf, PartialDict, TEXT, TIMESTAMP } from './kit';

const USER_TYPE = OneOf(['admin', 'employee', 'supplier']);
const SCOPE = OneOf(SCOPES);
const SCOPE_BY_ACTION = Dict<typeof SCOPE, Action>(SCOPE);
const TEXTS = Type.Array(TEXT);
const ROLE_ID = Type.Unsafe<string | number | null>({ type: ['integer', 'string', 'null'] });

/** GET /api/me: the signed-in user. */
export const CURRENT_USER = Type.Object({
  user_id: ID,
  user_type: USER_TYPE,
  is_admin: FLAG,
  role_id: Type.Optional(ROLE_ID),
  employee_id: Type.Optional(NULLABLE_ID),
  supplier_id: Type.Optional(NULLABLE_ID),
  email: Type.Optional(TEXT),
  name: Type.Optional(TEXT),
});

/** GET /api/permissions: the caller's rights per section and action, and the fields hidden from it. */
export const PERMISSIONS = Type.Object({
  user_type: USER_TYPE,
  user_id: ID,
  is_admin: FLAG,
  role_id: Type.Optional(ROLE_ID),
  employee_id: Type.Optional(NULLABLE_ID),
  supplier_id: Type.Optional(NULLABLE_ID),
  role_permissions: Dict<typeof SCOPE_BY_ACTION, Resource>(SCOPE_BY_ACTION),
  hidden_fields: PartialDict<typeof TEXTS, Resource>(TEXTS),
  lower_delivery_cost: Type.Optional(
    Type.Boolean({ description: "the role's right to type a reserve's delivery cost below its route's" }),
  ),
  finance: Type.Optional(
    Type.Boolean({ description: "the finance right ('Финансы'): payments, credit limits and terms, credit overrides" }),
  ),
});

/** GET /api/profile and its PATCH: the caller's own data and which of it they may change. */
export const PROFILE = Type.Object({
  user_id: ID,
  email: TEXT,
  name: TEXT,
  user_type: USER_TYPE,
  is_admin: FLAG,
  role: NULLABLE_TEXT,
  supplier: NULLABLE_TEXT,
  phone: Type.Optional(NULLABLE_TEXT),
  position: Type.Optional(NULLABLE_TEXT),
  editable: Type.Array(OneOf(['name', 'phone'])),
});
export type Profile = Static<typeof PROFILE>;

/** GET /api/profile/sessions: the caller's live sessions, the current one marked. */
export const SESSIONS = Type.Array(
  Type.Object({
    id: ID,
    browser: TEXT,
    address: NULLABLE_TEXT,
    created_at: TIMESTAMP,
    last_seen_at: Nullable(TIMESTAMP),
    current: FLAG,
  }),
);
export type SessionInfo = Static<typeof SESSIONS>[number];

/** POST /api/profile/password, a session's end and the end of the others: what was done, in Russian, and how many
 * sessions ended. */
export const SESSIONS_ENDED = Type.Object({
  status: OneOf(['success']),
  message: TEXT,
  ended: Type.Integer({ description: "how many of the caller's sessions ended" }),
});
export type SessionsEnded = Static<typeof SESSIONS_ENDED>;
