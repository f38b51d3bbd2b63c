// The shapes of the answers the SPA reads through its shared endpoints (lists, filter configs, reference lists,
// bulk delete, cards): the server's route schemas answer with these objects and the SPA checks each answer against
// them (domain/shape.ts). `required` names what a screen cannot do without; rows and cards keep their other keys
// (additionalProperties), which the fields' hiding leaves out per role.
import type { Shape } from './shape';
import { CHART, CHARTS } from './analytics';

const REF_ID = { type: 'integer' } as const;

export const PAGINATION = {
  type: 'object',
  required: ['totalItems'],
  properties: {
    totalItems: { type: 'integer' }, currentPage: { type: 'integer' }, firstPage: { type: 'integer' }, lastPage: { type: 'integer' },
    nextPage: { type: ['string', 'null'] }, previousPage: { type: ['string', 'null'] }, perPage: { type: 'integer' },
    pageCount: { type: 'integer' }, pageURI: { type: 'string' },
  },
} as const satisfies Shape;

/** GET /api/{section}: a page of rows, each with its id. */
export const LIST_PAGE = {
  type: 'object',
  required: ['data', 'pagination'],
  properties: {
    data: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: REF_ID }, additionalProperties: true } },
    pagination: PAGINATION,
  },
} as const satisfies Shape;

/** DELETE /api/{section}. */
export const DELETE_RESULT = {
  type: 'object',
  required: ['status', 'deleted', 'notDeleted'],
  properties: {
    status: { type: 'string' }, deleted: { type: 'integer' }, notDeleted: { type: 'integer' }, warning: { type: 'string' },
    reasons: {
      type: 'object', description: 'why the records not deleted stayed, per distinct id',
      properties: { kept: { type: 'integer' }, forbidden: { type: 'integer' }, deleted: { type: 'integer' }, missing: { type: 'integer' } },
    },
    message: { type: 'string', description: 'why none was deleted, in Russian' },
  },
} as const satisfies Shape;

/** GET /api/{section}/filter_config: an entry per filter key (spec point 3 "Filter configuration entry"). */
export const FILTER_CONFIG = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    required: ['title', 'type'],
    properties: {
      title: { type: 'string' },
      type: { type: 'string' },
      placeholder: { type: 'array', items: { type: 'string' } },
      options: {
        type: 'array',
        items: { type: 'object', required: ['title', 'value'], properties: { title: { type: 'string' }, value: { type: ['string', 'integer'] }, selected: { type: 'boolean' } } },
      },
      isForbidden: { type: 'boolean' },
    },
  },
} as const satisfies Shape;

/** GET /api/lists/{name}/items: [{id, name}] (a variety also names its product). */
export const REFERENCE_ITEMS = {
  type: 'array',
  items: { type: 'object', required: ['id', 'name'], properties: { id: REF_ID, name: { type: 'string' }, product_id: { type: ['integer', 'null'] } } },
} as const satisfies Shape;

/** GET /api/{section}/{id} and a card's writes: the record with its id (and version), its fields as the role sees them. */
export const CARD_RECORD = {
  type: 'object',
  required: ['id'],
  properties: { id: REF_ID, version: { type: 'integer' } },
  additionalProperties: true,
} as const satisfies Shape;

const NULLABLE_ID = { type: ['integer', 'null'] } as const;

/** GET /api/me: the signed-in user. */
export const CURRENT_USER = {
  type: 'object',
  required: ['user_id', 'user_type', 'is_admin'],
  properties: {
    user_id: REF_ID, user_type: { type: 'string' }, is_admin: { type: 'boolean' }, role_id: NULLABLE_ID,
    employee_id: NULLABLE_ID, supplier_id: NULLABLE_ID, email: { type: 'string' }, name: { type: 'string' },
  },
} as const satisfies Shape;

/** GET /api/permissions: the caller's rights per section and action, and the fields hidden from it. */
export const PERMISSIONS = {
  type: 'object',
  required: ['user_type', 'user_id', 'is_admin', 'role_permissions', 'hidden_fields'],
  properties: {
    user_type: { type: 'string' }, user_id: REF_ID, is_admin: { type: 'boolean' }, role_id: { type: ['integer', 'string', 'null'] },
    employee_id: NULLABLE_ID, supplier_id: NULLABLE_ID,
    role_permissions: { type: 'object', additionalProperties: { type: 'object', additionalProperties: { type: 'string' } } },
    hidden_fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const satisfies Shape;

// ---- the analytics page (domain/analytics.ts)
const KIND_SHAPES: Record<string, Shape> = {
  money: { type: 'string', description: 'roubles, 2 decimals' },
  kg: { type: 'string', description: 'kilograms, 2 decimals' },
  count: { type: ['integer', 'null'] },
  percent: { type: ['string', 'null'], description: 'percent, 2 decimals' },
  days: { type: 'number', description: 'days, 1 decimal' },
  week: { type: 'string', description: 'the Monday of the week, YYYY-MM-DD' },
  text: { type: 'string' },
  year: { type: ['string', 'null'] },
  ref: { type: ['object', 'null'], properties: { id: REF_ID, name: { type: 'string' } } },
  status: { type: 'string' },
};

/** GET /api/analytics/{chart}: the figures the caller gets, in order, and the rows. A row carries only those keys:
 * a figure hidden from the caller is absent, never null. */
export const ANALYTICS_CHART = {
  type: 'object',
  required: ['chart', 'from', 'to', 'fields', 'rows'],
  properties: {
    chart: { type: 'string', enum: [...CHARTS] },
    from: { type: 'string' },
    to: { type: 'string' },
    fields: { type: 'array', items: { type: 'string' } },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: Object.fromEntries(CHARTS.flatMap((c) => [...CHART[c].dimensions, ...CHART[c].figures].map((f) => [f.key, KIND_SHAPES[f.kind]]))),
        additionalProperties: false,
      },
    },
  },
} as const satisfies Shape;
