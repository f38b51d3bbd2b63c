// The shapes of the answers the SPA reads through its shared endpoints (lists, filter configs, reference lists,
// bulk delete, cards): the server's route schemas answer with these objects and the SPA checks each answer against
// them (domain/shape.ts). `required` names what a screen cannot do without; rows and cards keep their other keys
// (additionalProperties), which the fields' hiding leaves out per role.
import type { Shape } from './shape';
import { TERM_FIELDS } from './reserves/terms';
import { CHART, CHARTS } from './analytics';

const REF_ID = { type: 'integer' } as const;

export const PAGINATION = {
  type: 'object',
  required: ['totalItems'],
  properties: {
    totalItems: { type: 'integer' },
    currentPage: { type: 'integer' },
    firstPage: { type: 'integer' },
    lastPage: { type: 'integer' },
    nextPage: { type: ['string', 'null'] },
    previousPage: { type: ['string', 'null'] },
    perPage: { type: 'integer' },
    pageCount: { type: 'integer' },
    pageURI: { type: 'string' },
    totalExact: { type: 'boolean' },
  },
} as const satisfies Shape;

/** GET /api/{section}: a page of rows, each with its id. */
export const LIST_PAGE = {
  type: 'object',
  required: ['data', 'pagination'],
  properties: {
    data: {
      type: 'array',
      items: { type: 'object', required: ['id'], properties: { id: REF_ID }, additionalProperties: true },
    },
    pagination: PAGINATION,
  },
} as const satisfies Shape;

const REFUSED_ROWS = {
  type: 'array',
  description: 'each record left as it was, with the reason in Russian',
  items: {
    type: 'object',
    required: ['id', 'reason'],
    properties: { id: { type: 'integer' }, reason: { type: 'string' } },
  },
} as const satisfies Shape;

/** DELETE /api/{section}. */
export const DELETE_RESULT = {
  type: 'object',
  required: ['status', 'deleted', 'notDeleted'],
  properties: {
    status: { type: 'string' },
    deleted: { type: 'integer' },
    notDeleted: { type: 'integer' },
    warning: { type: 'string' },
    reasons: {
      type: 'object',
      description: 'why the records not deleted stayed, per distinct id',
      properties: {
        kept: { type: 'integer' },
        forbidden: { type: 'integer' },
        deleted: { type: 'integer' },
        missing: { type: 'integer' },
      },
    },
    message: { type: 'string', description: 'why none was deleted, in Russian' },
    refused: REFUSED_ROWS,
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
        items: {
          type: 'object',
          required: ['title', 'value'],
          properties: {
            title: { type: 'string' },
            value: { type: ['string', 'integer'] },
            selected: { type: 'boolean' },
          },
        },
      },
      isForbidden: { type: 'boolean' },
    },
  },
} as const satisfies Shape;

/** GET /api/lists/{name}/items: [{id, name}] (a variety also names its product). */
export const REFERENCE_ITEMS = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'name'],
    properties: {
      id: REF_ID,
      name: { type: 'string' },
      product_id: { type: ['integer', 'null'] },
      expires: { type: 'boolean' },
    },
  },
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
    user_id: REF_ID,
    user_type: { type: 'string' },
    is_admin: { type: 'boolean' },
    role_id: NULLABLE_ID,
    employee_id: NULLABLE_ID,
    supplier_id: NULLABLE_ID,
    email: { type: 'string' },
    name: { type: 'string' },
  },
} as const satisfies Shape;

/** GET /api/permissions: the caller's rights per section and action, and the fields hidden from it. */
export const PERMISSIONS = {
  type: 'object',
  required: ['user_type', 'user_id', 'is_admin', 'role_permissions', 'hidden_fields'],
  properties: {
    user_type: { type: 'string' },
    user_id: REF_ID,
    is_admin: { type: 'boolean' },
    role_id: { type: ['integer', 'string', 'null'] },
    employee_id: NULLABLE_ID,
    supplier_id: NULLABLE_ID,
    role_permissions: {
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: { type: 'string' } },
    },
    hidden_fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    lower_delivery_cost: {
      type: 'boolean',
      description: "the role's right to type a reserve's delivery cost below its route's",
    },
    finance: {
      type: 'boolean',
      description: "the finance right ('Финансы'): payments, credit limits and terms, credit overrides",
    },
  },
} as const satisfies Shape;

const TEXT = { type: 'string' } as const;
const NULLABLE_TEXT = { type: ['string', 'null'] } as const;
/** A reference as {id, name}; null where there is none or the reader may not see it. */
const REFERENCE = { type: ['object', 'null'], properties: { id: REF_ID, name: TEXT } } as const satisfies Shape;

/** GET /api/filters/{section}: the caller's default filter, {} when none is saved. Its values are checked by the
 * list query codec when the list reads them; here, that it is a filter at all. */
export const SAVED_FILTER = {
  type: 'object',
  // a value's type is the filter's (text, list, flag or {from, to}); untyped here so the server writes each as it is
  additionalProperties: { description: "the filter's value: text, a list, a flag or {from, to}" },
} as const satisfies Shape;

/** GET /api/settings?keys=…: the caller's layouts by key, null for a key never saved. */
export const LAYOUTS = {
  type: 'object',
  additionalProperties: { description: 'the layout as saved: {column: {position, is_visible, width}}, or null' },
} as const satisfies Shape;

/** GET /api/products/{id}/varieties and its writes: the product's varieties, with how many offers name each. */
export const VARIETIES = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'name', 'product_id'],
    properties: { id: REF_ID, name: TEXT, product_id: REF_ID, offers: { type: 'integer' } },
  },
} as const satisfies Shape;

/** A comment of a record (GET /api/{section}/{id}/comments is a list of them; POST answers one). */
export const COMMENT = {
  type: 'object',
  required: ['id', 'text'],
  properties: {
    id: REF_ID,
    text: TEXT,
    author_id: NULLABLE_ID,
    author_name: NULLABLE_TEXT,
    created_at: { type: 'string', format: 'date-time' },
  },
} as const satisfies Shape;
export const COMMENTS = { type: 'array', items: COMMENT } as const satisfies Shape;

const HISTORY_CHANGE = {
  type: 'object',
  required: ['field'],
  properties: {
    field: { type: 'string', description: 'the database column (domain/history.ts names its title and format)' },
    key: { type: 'integer', description: 'which part of the field changed: the destination city of a delivery change' },
    name: { type: ['string', 'null'], description: 'the name of what key stands for' },
    old: { description: 'the value before; a reference as {id, name}' },
    new: { description: 'the value after; a reference as {id, name}' },
  },
} as const satisfies Shape;

/** GET /api/{section}/{id}/history: the record's history, newest first, as the reader may see it. */
export const HISTORY = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'at', 'action', 'changes'],
    properties: {
      id: REF_ID,
      at: { type: 'string', format: 'date-time' },
      action: { type: 'string', enum: ['create', 'update', 'delete', 'stock', 'restore'] },
      user: {
        ...REFERENCE,
        description: "who wrote it; null where the reader's role does not see who created records",
      },
      system: {
        type: 'boolean',
        description: "written by the server itself (the reserves' expiry job), by no user: shown as 'Система'",
      },
      changes: { type: 'array', items: HISTORY_CHANGE },
      via: {
        type: ['object', 'null'],
        description:
          "what changed an offer: the reserves (those the reader may read) and their step, a supplier's price list, or a save of the business settings",
        properties: {
          section: TEXT,
          step: {
            type: 'string',
            enum: ['create', 'change', 'complete', 'cancel', 'delete', 'restore', 'expire', 'renew', 'apply'],
          },
          ids: { type: 'array', items: REF_ID },
          file: { ...TEXT, description: "a supplier price list's file, where the reader sees the offer's supplier" },
          day: { type: 'string', format: 'date' },
          settings: {
            ...TEXT,
            description: "the business settings a save moved, which moved the offer's selling band",
          },
        },
      },
    },
  },
} as const satisfies Shape;

/** GET /api/admin/public-url: where buyer links start, whether PUBLIC_URL is set, the administrator's warning. */
export const PUBLIC_URL_STATE = {
  type: 'object',
  required: ['base', 'configured', 'warning'],
  properties: { base: TEXT, configured: { type: 'boolean' }, warning: { type: ['string', 'null'] } },
} as const satisfies Shape;

/** GET /api/cities/{id}/delivery and its PUT: the city's row of the delivery matrix. */
export const CITY_DELIVERY = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'to_id', 'to_name'],
    properties: { id: REF_ID, to_id: REF_ID, to_name: TEXT, cost: TEXT, days: { type: 'integer' } },
  },
} as const satisfies Shape;

/** GET /api/reserves/route: a reserve's delivery cost (₽ per kg, the route's or the default) and days; no city. */
export const RESERVE_ROUTE = {
  type: 'object',
  required: ['offer_id', 'to_id', 'cost', 'days', 'default'],
  additionalProperties: false,
  properties: {
    offer_id: REF_ID,
    to_id: REF_ID,
    cost: {
      type: 'string',
      description: "₽ per kg: the route's, or delivery_cost_default where the matrix holds no route",
    },
    days: { type: ['integer', 'null'] },
    default: { type: 'boolean', description: 'no route in the matrix: the cost is delivery_cost_default' },
  },
} as const satisfies Shape;

/** GET /api/delivery: cost (₽ per kg) and days of one route; null where the matrix holds no such route. */
export const DELIVERY = {
  type: 'object',
  required: ['to_id', 'cost', 'days'],
  properties: {
    to_id: REF_ID,
    cost: { type: ['string', 'null'], description: '₽ per kg; null when the matrix holds no such route' },
    days: { type: ['integer', 'null'] },
  },
} as const satisfies Shape;

/** POST /api/settings with names: the business settings asked for, each as its stored text. */
export const BUSINESS_SETTINGS = { type: 'object', additionalProperties: TEXT } as const satisfies Shape;

/** GET /api/reserves/{id}/reprice: the terms a re-pricing takes now, as text. */
export const REPRICE_TERMS = {
  type: 'object',
  required: [...TERM_FIELDS],
  properties: Object.fromEntries(TERM_FIELDS.map((field) => [field, NULLABLE_TEXT])),
} as const satisfies Shape;

const RESERVE_TILE = {
  type: 'object',
  required: ['count'],
  properties: { count: { type: 'integer' }, sum: TEXT },
} as const satisfies Shape;
/** GET /api/offers/summary: the three tiles, each figure only if the caller may see it. */
export const OFFERS_SUMMARY = {
  type: 'object',
  properties: { placed_reserves: RESERVE_TILE, realized_reserves: RESERVE_TILE, realized_value: TEXT },
} as const satisfies Shape;

/** GET /api/profile and its PATCH: the caller's own data and which of it they may change. */
export const PROFILE = {
  type: 'object',
  required: ['user_id', 'email', 'user_type', 'editable'],
  properties: {
    user_id: REF_ID,
    email: TEXT,
    name: TEXT,
    user_type: TEXT,
    is_admin: { type: 'boolean' },
    role: NULLABLE_TEXT,
    supplier: NULLABLE_TEXT,
    phone: NULLABLE_TEXT,
    position: NULLABLE_TEXT,
    editable: { type: 'array', items: TEXT },
  },
} as const satisfies Shape;

/** GET /api/profile/sessions: the caller's live sessions, the current one marked. */
export const SESSIONS = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'browser', 'created_at', 'current'],
    properties: {
      id: REF_ID,
      browser: TEXT,
      address: NULLABLE_TEXT,
      created_at: { type: 'string', format: 'date-time' },
      last_seen_at: { type: ['string', 'null'], format: 'date-time' },
      current: { type: 'boolean' },
    },
  },
} as const satisfies Shape;

/** An account on the settings page (GET /api/admin/users lists them; its changes answer one). */
export const ADMIN_USER = {
  type: 'object',
  required: ['id', 'email', 'user_type', 'status'],
  properties: {
    id: REF_ID,
    email: TEXT,
    name: NULLABLE_TEXT,
    user_type: TEXT,
    is_admin: { type: 'boolean' },
    role: REFERENCE,
    linked: REFERENCE,
    status: TEXT,
    last_sign_in_at: NULLABLE_TEXT,
    created_at: TEXT,
  },
} as const satisfies Shape;
export const ADMIN_USERS = { type: 'array', items: ADMIN_USER } as const satisfies Shape;

const SCOPES = { type: 'object', additionalProperties: TEXT } as const satisfies Shape;
/** A role with its permission matrix and hidden fields (GET /api/admin/roles lists them; its changes answer one). */
export const ADMIN_ROLE = {
  type: 'object',
  required: ['id', 'name', 'permissions', 'hidden', 'lower_delivery_cost', 'finance'],
  properties: {
    id: REF_ID,
    name: TEXT,
    users: { type: 'integer' },
    permissions: { type: 'object', additionalProperties: SCOPES },
    hidden: { type: 'object', additionalProperties: { type: 'array', items: TEXT } },
    lower_delivery_cost: {
      type: 'boolean',
      description: "the role's users may type a reserve's delivery cost below its route's",
    },
    finance: {
      type: 'boolean',
      description:
        "the role's users have the finance right ('Финансы'): payments, credit limits and terms, credit overrides",
    },
  },
} as const satisfies Shape;
const HIDEABLE = {
  type: 'object',
  required: ['title', 'fields'],
  properties: { title: TEXT, fields: { type: 'array', items: TEXT } },
} as const satisfies Shape;
export const ADMIN_ROLES = {
  type: 'object',
  required: ['roles', 'fields'],
  properties: {
    roles: { type: 'array', items: ADMIN_ROLE },
    fields: { type: 'object', additionalProperties: { type: 'array', items: HIDEABLE } },
  },
} as const satisfies Shape;

/** A name of a reference list on the settings page, with how many records use it. */
export const ADMIN_REFERENCE_ITEM = {
  type: 'object',
  required: ['id', 'name', 'used'],
  properties: { id: REF_ID, name: TEXT, used: { type: 'integer' }, expires: { type: 'boolean' } },
} as const satisfies Shape;
export const ADMIN_REFERENCE = { type: 'array', items: ADMIN_REFERENCE_ITEM } as const satisfies Shape;

/** GET /api/admin/log: every administrative change, newest first, a page of them. */
export const ADMIN_LOG = {
  type: 'object',
  required: ['data', 'pagination'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'created_at', 'summary'],
        properties: { id: REF_ID, created_at: TEXT, user: REFERENCE, summary: TEXT },
      },
    },
    pagination: { type: 'object', additionalProperties: true },
  },
} as const satisfies Shape;

/** GET /api/price-list: the buyer's city and a line per available lot. */
export const PRICE_LIST = {
  type: 'object',
  required: ['city', 'lines'],
  properties: {
    city: { type: 'object', required: ['id', 'name'], properties: { id: REF_ID, name: { type: 'string' } } },
    company: { type: 'string' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['offer_id', 'product', 'unit_price', 'kg_price'],
        properties: {
          offer_id: REF_ID,
          product: { type: 'string' },
          unit_price: { type: 'string' },
          kg_price: { type: 'string' },
          default_delivery: { type: 'boolean' },
        },
      },
    },
  },
} as const satisfies Shape;

/** POST /api/quotes/search: the buyer's city and the ranked lines, each with its lots. */
export const QUOTE_SEARCH = {
  type: 'object',
  required: ['city', 'lines'],
  properties: {
    city: { type: 'object', required: ['id', 'name'], properties: { id: REF_ID, name: { type: 'string' } } },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['offers', 'delivered_kg_price', 'price_kg', 'margin'],
        properties: {
          offers: {
            type: 'array',
            items: {
              type: 'object',
              required: ['offer_id', 'amount', 'unit_price'],
              properties: { offer_id: REF_ID, amount: TEXT, unit_price: TEXT },
            },
          },
          delivered_kg_price: TEXT,
          price_kg: TEXT,
          margin: TEXT,
        },
      },
    },
  },
} as const satisfies Shape;

/** GET /api/price-list/links: the caller's buyer links. */
export const PRICE_LIST_LINKS = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'url', 'status'],
    properties: { id: REF_ID, url: { type: 'string' }, status: { type: 'string' } },
  },
} as const satisfies Shape;

/** A bulk write's records left as they were, each with its reason. */
/** PATCH /api/{section} with {ids, set, adjust?}: as a bulk delete answers, with each refused record's reason. */
export const BULK_EDIT_RESULT = {
  type: 'object',
  required: ['status', 'changed', 'notChanged', 'refused'],
  properties: {
    status: { type: 'string' },
    changed: { type: 'integer' },
    notChanged: { type: 'integer' },
    warning: { type: 'string' },
    message: { type: 'string', description: 'why none was changed, in Russian' },
    refused: REFUSED_ROWS,
  },
} as const satisfies Shape;

/** POST /api/{section}/restore with {ids}: the same for a restore. */
export const BULK_RESTORE_RESULT = {
  type: 'object',
  required: ['status', 'restored', 'notRestored', 'refused'],
  properties: {
    status: { type: 'string' },
    restored: { type: 'integer' },
    notRestored: { type: 'integer' },
    warning: { type: 'string' },
    message: { type: 'string', description: 'why none was restored, in Russian' },
    refused: REFUSED_ROWS,
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
        properties: Object.fromEntries(
          CHARTS.flatMap((c) => [...CHART[c].dimensions, ...CHART[c].figures].map((f) => [f.key, KIND_SHAPES[f.kind]])),
        ),
        additionalProperties: false,
      },
    },
  },
} as const satisfies Shape;
