// JSON schemas shared by the routes: Fastify checks params, query and body against them before a handler
// runs (and coerces query strings to numbers where a schema says so), and /api/docs is built from them.
// Response schemas describe the answer without narrowing it: objects keep the properties they do not list
// (a list row's columns depend on the caller's hidden fields).

/** A record id: a positive PostgreSQL integer (int4), so no id can overflow a query. */
export const ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: ID },
} as const;

/** A day that exists and PostgreSQL can store: 'YYYY-MM-DD', year 1 to 9999 (no 2024-02-30, no 0000-01-01). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years 0–99 as 1900–1999
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `?withDeleted` (no value), `?withDeleted=true|1`: also a deleted record; absent, `false` or `0`: not. */
export const WITH_DELETED = { type: 'string', maxLength: 5, description: 'present (and not false/0): include deleted records' } as const;

export const withDeletedQuery = { type: 'object', properties: { withDeleted: WITH_DELETED } } as const;

/** Reads withDeleted as WITH_DELETED describes it. */
export const wantsDeleted = (value: unknown): boolean => value !== undefined && value !== 'false' && value !== '0';
/** A route's `?withDeleted`, its query checked against withDeletedQuery. */
export const withDeletedOf = (query: unknown): boolean => wantsDeleted((query as { withDeleted?: string }).withDeleted);

/** The record id of a route's params, checked (and coerced to a number) against idParams. */
export const idOf = (params: unknown): number => (params as { id: number }).id;

/** A route that reads nothing from the query string (other keys are ignored, as browsers and proxies add some). */
export const noQuery = { type: 'object', properties: {} } as const;

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
    info: { type: 'object', properties: { text: { type: 'string' }, id: { type: 'integer' } } },
    stale: {
      type: 'object',
      description: "409 'stale': the record's current version, who changed it and when, and what changed since",
      properties: {
        version: { type: 'integer' }, by: { type: ['string', 'null'] }, at: { type: ['string', 'null'] },
        changes: { type: 'array', items: { type: 'object', additionalProperties: true } },
      },
    },
    code: { type: 'integer' },
  },
} as const;

export const success = { type: 'object', properties: { status: { type: 'string', enum: ['success'] } } } as const;

/** Responses of a route: its own 2xx plus the error shapes. */
export const responses = (ok: Record<number, object>) => ({ ...ok, '4xx': errorBody, '5xx': errorBody });

/** A reference as rows carry it: {id, name}. */
export const reference = { type: ['object', 'null'], properties: { id: { type: 'integer' }, name: { type: 'string' } } } as const;

export const pagination = {
  type: 'object',
  properties: {
    totalItems: { type: 'integer' }, currentPage: { type: 'integer' }, firstPage: { type: 'integer' }, lastPage: { type: 'integer' },
    nextPage: { type: ['string', 'null'] }, previousPage: { type: ['string', 'null'] }, perPage: { type: 'integer' },
    pageCount: { type: 'integer' }, pageURI: { type: 'string' },
  },
} as const;

export const comment = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, text: { type: 'string' }, author_id: { type: ['integer', 'null'] },
    author_name: { type: ['string', 'null'] }, created_at: { type: 'string', format: 'date-time' },
  },
} as const;
