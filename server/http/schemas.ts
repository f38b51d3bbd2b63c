// JSON schemas shared by the routes: Fastify checks params, query and body against them before a handler
// runs (and coerces query strings to numbers where a schema says so), and /api/docs is built from them.

/** A record id: a positive PostgreSQL integer (int4), so no id can overflow a query. */
export const ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: ID },
} as const;
