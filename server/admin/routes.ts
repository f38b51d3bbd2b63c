// The settings page's API under /api/admin/… (administrators only; everyone else a 403 in Russian). The business
// settings themselves travel through the spec's /api/settings calls (this folder's index.ts, preferences/).
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { App } from '../http/typed';
import type { Database } from '../db/client';
import type { Config } from '../config';
import { ID, enumOf, idOf, idParams, noQuery, responses } from '../http/schemas';
import { russianErrors } from '../http/validation';
import {
  ADMIN_REFERENCES,
  ACTIONS,
  RESOURCES,
  SCOPES,
  NAME_MAX,
  referenceNameSchema,
  roleNameSchema,
  type UserChange,
} from '../../domain/admin';
import type { AuthenticatedUser } from '../accounts/users';
import { requireAdmin } from '../accounts/admin';
import { publicUrlState } from '../http/linkBase';
import { changeUser, listUsers, resendInvitation } from './users';
import {
  changeHiddenFields,
  changePermissions,
  changeRoleRights,
  createRole,
  listRoles,
  renameRole,
  type RoleRights,
} from './roles';
import { addReference, listReference, renameReference } from './references';
import { readLog } from '../settings';
import { LOWER_DELIVERY_RIGHT } from '../../domain/reserves/delivery';
import { FINANCE_RIGHT, type Action, type Resource, type Scope } from '../../domain/permissions';
import {
  PUBLIC_URL_STATE,
  ADMIN_LOG,
  ADMIN_REFERENCE,
  ADMIN_REFERENCE_ITEM,
  ADMIN_ROLE,
  ADMIN_ROLES,
  ADMIN_USER,
  ADMIN_USERS,
} from '../../domain/answers';

const nameBody = Type.Object({ name: Type.String({ maxLength: NAME_MAX }) });
/** A document type is added with whether its documents must say until when they are valid. */
const documentTypeBody = Type.Object({ ...nameBody.properties, expires: Type.Optional(Type.Boolean()) });
const nameTexts = russianErrors({
  fields: { name: { default: 'Введите название', maxLength: `Не длиннее ${NAME_MAX} символов` } },
});
const userChangeBody = Type.Unsafe<UserChange>({
  type: 'object',
  properties: { role_id: ID, status: { type: 'string', enum: ['active', 'deactivated'] } },
});
const userChangeTexts = russianErrors({
  fields: { role_id: 'Выберите роль', status: 'Статус может быть только active или deactivated' },
});
/** A body keyed by resource, each value checked against `value` (refused with `message`), an unknown resource
 * refused by name. */
const byResource = <T>(value: object, message: string) => ({
  body: Type.Unsafe<Partial<Record<Resource, T>>>({
    type: 'object',
    properties: Object.fromEntries(RESOURCES.map((resource) => [resource, value])),
  }),
  texts: russianErrors({
    fields: Object.fromEntries(RESOURCES.map((r) => [r, message])),
    unknown: (key) => `Неизвестный раздел: ${key}`,
  }),
});
const permissionsInput = byResource<Partial<Record<Action, Scope>>>(
  {
    type: 'object',
    properties: Object.fromEntries(ACTIONS.map((action) => [action, { type: 'string', enum: [...SCOPES] }])),
  },
  'Права: для каждого действия укажите all, own или none',
);
/** A role's settings beside the matrix; one not named stays. */
const rightsInput = {
  body: Type.Unsafe<RoleRights>({
    type: 'object',
    additionalProperties: false,
    properties: { lower_delivery_cost: { type: 'boolean' }, finance: { type: 'boolean' } },
  }),
  texts: russianErrors({
    fields: {
      lower_delivery_cost: `«${LOWER_DELIVERY_RIGHT}»: укажите true или false`,
      finance: `«${FINANCE_RIGHT}»: укажите true или false`,
    },
    unknown: (key) => `Неизвестное право: ${key}`,
  }),
};
const hiddenInput = byResource<string[]>(
  { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 200 } },
  'Скрытые поля: ожидается список названий полей',
);
const logQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  perPage: Type.Optional(enumOf('integer', [20, 50, 100, 200])),
});
const logTexts = russianErrors({
  fields: {
    page: 'Номер страницы должен быть целым числом от 1',
    perPage: 'Размер страницы может быть только 20, 50, 100, 200',
  },
});
const emptyBody = Type.Object({});
type ErrorFormatter = ReturnType<typeof russianErrors>;

export default async function adminPageRoutes(app: App, opts: { db: Database; config: Config }) {
  const { db, config } = opts;
  const tags = ['admin'];
  /** An administrator's change of one record at /admin/…/{id}: the body checked against its schema (refused in
   * Russian with `texts`), the answer the record as changed. */
  const change = <B extends TSchema>(
    method: 'PATCH' | 'PUT' | 'POST',
    url: string,
    summary: string,
    io: { body: B; texts?: ErrorFormatter; answer: object },
    run: (auth: AuthenticatedUser, id: number, body: Static<B>) => Promise<unknown>,
  ) =>
    app.route({
      method,
      url,
      schema: {
        tags,
        summary,
        params: idParams,
        querystring: noQuery,
        body: io.body,
        response: responses({ 200: io.answer }),
      },
      ...(io.texts && { schemaErrorFormatter: io.texts }),
      handler: async (request) => run(requireAdmin(request), idOf(request.params), request.body),
    });

  // ---- users
  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Every account: kind, role, status, last sign-in',
        querystring: noQuery,
        response: responses({ 200: ADMIN_USERS }),
      },
    },
    async (request) => {
      requireAdmin(request);
      return listUsers(db);
    },
  );

  change(
    'PATCH',
    '/admin/users/:id',
    "Change an account's role, deactivate it (its sessions end at once) or reactivate it",
    { body: userChangeBody, texts: userChangeTexts, answer: ADMIN_USER },
    (auth, id, body) => changeUser(db, auth, id, body),
  );
  change(
    'POST',
    '/admin/users/:id/invitation',
    'Send an invited account a new link (the earlier ones stop working)',
    { body: emptyBody, answer: ADMIN_USER },
    (auth, id) => resendInvitation(db, app.mailer, config, auth, id),
  );

  // ---- roles
  app.get(
    '/admin/roles',
    {
      schema: {
        tags,
        summary: 'Roles with their permission matrix and hidden fields; the fields that can be hidden, by title',
        querystring: noQuery,
        response: responses({ 200: ADMIN_ROLES }),
      },
    },
    async (request) => {
      requireAdmin(request);
      return listRoles(db);
    },
  );

  app.post(
    '/admin/roles',
    {
      schema: {
        tags,
        summary: 'A new role (no rights until given)',
        querystring: noQuery,
        body: nameBody,
        response: responses({ 201: ADMIN_ROLE }),
      },
      schemaErrorFormatter: nameTexts,
    },
    async (request, reply) => {
      const auth = requireAdmin(request);
      const { name } = await roleNameSchema.validate(request.body);
      reply.code(201);
      return createRole(db, auth, name);
    },
  );

  change(
    'PATCH',
    '/admin/roles/:id',
    'Rename a role',
    { body: nameBody, texts: nameTexts, answer: ADMIN_ROLE },
    async (auth, id, body) => renameRole(db, auth, id, (await roleNameSchema.validate(body)).name),
  );
  change(
    'PUT',
    '/admin/roles/:id/permissions',
    "Change a role's scopes: {resource: {action: all|own|none}}; what is not named stays",
    { ...permissionsInput, answer: ADMIN_ROLE },
    (auth, id, body) => changePermissions(db, auth, id, body),
  );
  change(
    'PUT',
    '/admin/roles/:id/hidden-fields',
    "Per resource named, the titles of the fields the role does not see (the rest of that resource's are shown)",
    { ...hiddenInput, answer: ADMIN_ROLE },
    (auth, id, body) => changeHiddenFields(db, auth, id, body),
  );

  change(
    'PUT',
    '/admin/roles/:id/rights',
    "A role's settings beside the matrix: {lower_delivery_cost?: bool, finance?: bool}: typing a reserve's delivery cost below its route's; exceeding a buyer's credit limit with a reason",
    { ...rightsInput, answer: ADMIN_ROLE },
    (auth, id, body) => changeRoleRights(db, auth, id, body),
  );

  // ---- reference lists nothing else edits
  for (const list of ADMIN_REFERENCES) {
    app.get(
      `/admin/${list}`,
      {
        schema: {
          tags,
          summary: `The ${list} list with how many records use each`,
          querystring: noQuery,
          response: responses({ 200: ADMIN_REFERENCE }),
        },
      },
      async (request) => {
        requireAdmin(request);
        return listReference(db, list);
      },
    );

    app.post(
      `/admin/${list}`,
      {
        schema: {
          tags,
          summary: `Add to ${list} (a name already there, in any case, is a 409)`,
          querystring: noQuery,
          body: list === 'document_types' ? documentTypeBody : nameBody,
          response: responses({ 201: ADMIN_REFERENCE_ITEM }),
        },
        schemaErrorFormatter: nameTexts,
      },
      async (request, reply) => {
        const auth = requireAdmin(request);
        const { name } = await referenceNameSchema.validate(request.body);
        reply.code(201);
        return addReference(db, auth, list, name, 'expires' in request.body && request.body.expires === true);
      },
    );

    change(
      'PATCH',
      `/admin/${list}/:id`,
      `Rename an entry of ${list}`,
      { body: nameBody, texts: nameTexts, answer: ADMIN_REFERENCE_ITEM },
      async (auth, id, body) => renameReference(db, auth, list, id, (await referenceNameSchema.validate(body)).name),
    );
  }

  // ---- the change log
  app.get(
    '/admin/log',
    {
      schema: {
        tags,
        summary: 'Every administrative change, newest first',
        querystring: logQuery,
        response: responses({ 200: ADMIN_LOG }),
      },
      schemaErrorFormatter: logTexts,
    },
    async (request) => {
      requireAdmin(request);
      const { page = 1, perPage = 20 } = request.query;
      return readLog(db, page, perPage, '/api/admin/log');
    },
  );

  // ---- the address buyers' links start with
  app.get(
    '/admin/public-url',
    {
      schema: {
        tags,
        summary:
          'The address buyer links start with (PUBLIC_URL, else the one the request came to) and a warning while PUBLIC_URL is unset on a server reached from elsewhere',
        querystring: noQuery,
        response: responses({ 200: PUBLIC_URL_STATE }),
      },
    },
    async (request) => {
      requireAdmin(request);
      return publicUrlState(config, request);
    },
  );
}
