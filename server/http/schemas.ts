// JSON schemas shared by the routes: Fastify checks params, query and body against them before a handler
// runs (and coerces query strings to numbers where a schema says so), and /api/docs is built from them.
// Response schemas describe the answer without narrowing it: objects keep the properties they do not list
// (a list row's columns depend on the caller's hidden fields).
// The parts a handler reads are TypeBox schemas (http/typed.ts), so the handler gets their types.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { WITH_DELETED, wantsDeleted } from '../../domain/listQuery';

/** A value from a fixed list, as JSON schema's `enum` (one keyword, so a refusal names the list). */
export const enumOf = <const V extends readonly (string | number)[]>(
  type: 'string' | 'integer',
  values: V,
  options: object = {},
) => Type.Unsafe<V[number]>({ ...options, type, enum: [...values] });

/** `schema` or null, as `type: [t, 'null']` (one keyword, not an anyOf whose refusals would read twice). */
export const nullable = <T extends TSchema>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...Object.fromEntries(Object.entries(schema)), type: [schema.type, 'null'] });

/** A value the schema fills in when the request leaves it out (ajv's useDefaults): optional in the request, so it is
 * not listed as required, and always there for the handler, so its type is not optional. */
export const defaulted = <T extends TSchema>(schema: T): T => Type.Optional(schema) as TSchema as T;

/** A record id: a positive PostgreSQL integer (int4), so no id can overflow a query. */
export const ID = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const idParams = Type.Object({ id: ID });

// withDeleted is part of the list query's grammar (domain/listQuery.ts); a card's link carries it too
export { WITH_DELETED, wantsDeleted };

export const withDeletedQuery = Type.Object({ withDeleted: Type.Optional(Type.String(WITH_DELETED)) });

/** A route's `?withDeleted`, its query checked against withDeletedQuery. */
export const withDeletedOf = (query: { withDeleted?: string }): boolean => wantsDeleted(query.withDeleted);

/** The record id of a route's params, checked (and coerced to a number) against idParams. */
export const idOf = (params: { id: number }): number => params.id;

/** A route that reads nothing from the query string (other keys are ignored, as browsers and proxies add some). */
export const noQuery = Type.Object({});

export const anyObject = { type: 'object', additionalProperties: true } as const;
export const anyValue = {} as const;

/** The error shapes of spec point 8 (server/errors.ts). */
export const errorBody = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    error: { type: 'string' },
    message: { type: 'string' },
    messages: { type: 'array', items: { type: 'string' } },
    errors: {
      type: 'array',
      description: "a 400's messages field by field: {field, message}, a message shared by fields kept for each",
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, message: { type: 'string' }, label: { type: 'string' } },
      },
    },
    info: { type: 'object', properties: { text: { type: 'string' }, id: { type: 'integer' } } },
    stale: {
      type: 'object',
      description: "409 'stale': the record's current version, who changed it and when, and what changed since",
      properties: {
        version: { type: 'integer' },
        by: { type: ['string', 'null'] },
        at: { type: ['string', 'null'] },
        changes: { type: 'array', items: { type: 'object', additionalProperties: true } },
        fields: { type: 'array', items: { type: 'string' }, description: 'the titles of the fields changed since' },
      },
    },
    code: { type: 'integer' },
  },
} as const;

export const success = { type: 'object', properties: { status: { type: 'string', enum: ['success'] } } } as const;

/** Responses of a route: its own 2xx plus the error shapes. */
export const responses = (ok: Record<number, object>) => ({ ...ok, '4xx': errorBody, '5xx': errorBody });

/** A reference as rows carry it: {id, name}. */
export const reference = {
  type: ['object', 'null'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const;

export { PAGINATION as pagination } from '../../domain/answers';

export { COMMENT as comment } from '../../domain/answers';
