// The quote's route schemas: the buyer's question and the ranked lines it answers. A line's lot is
// described by what it is (its texts, domain/offers/lot.ts); no schema here has a supplier, a loading city or a
// purchase price.
import { Type } from '@sinclair/typebox';
import { ID, enumOf, nullable as nullableOf, responses } from '../http/schemas';
import { QUOTE_LEVELS, QUOTE_UNITS } from '../../domain/quotes/ranking';
import { QUOTE_MSG } from '../../domain/quotes/access';
import { QUOTE_RECORD_MSG, QUOTE_STATUSES } from '../../domain/quotes/record';
import type { FastifySchemaValidationError, SchemaErrorDataVar } from 'fastify/types/schema';
import { russianErrors } from '../http/validation';
import { badRequest } from '../errors';
import { BUYER_DOCUMENTS } from '../priceList/schema';
import { versionProperty } from '../../domain/versions';
import { PAGINATION } from '../../domain/answers';
import { RESERVE_BUYER, type ReserveBuyerKey } from '../../domain/reserves/buyerFields';
import { QUOTE_BUYER } from '../../domain/quotes/buyer';
import { lotProperties } from '../../domain/offers/lot';

const ids = Type.Optional(Type.Array(ID, { maxItems: 200 }));

export const searchBody = Type.Object(
  {
    product_id: ID,
    variety_ids: ids,
    packing_ids: ids,
    harvest_years: Type.Optional(Type.Array(Type.String({ maxLength: 10 }), { maxItems: 50 })),
    origin: Type.Optional(Type.String({ maxLength: 100 })),
    amount: Type.Number({ exclusiveMinimum: 0, maximum: 1e9 }),
    unit: enumOf('string', QUOTE_UNITS),
    buyer_id: Type.Optional(ID),
    city_id: Type.Optional(ID),
    level: enumOf('string', QUOTE_LEVELS),
    margin: Type.Optional(Type.Number({ minimum: 0, maximum: 99.99 })),
  },
  { additionalProperties: false },
);

export const quoteErrors = russianErrors({
  fields: {
    product_id: QUOTE_MSG.product,
    amount: QUOTE_MSG.amount,
    unit: QUOTE_MSG.unit,
    city_id: QUOTE_MSG.city,
    buyer_id: QUOTE_MSG.buyer,
    level: QUOTE_MSG.level,
    margin: 'Маржа: число процентов от 0 до 99.99',
    variety_ids: 'Сорта: список номеров',
    packing_ids: 'Упаковки: список номеров',
    harvest_years: 'Годы урожая: список лет',
    origin: 'Происхождение: не длиннее 100 символов',
  },
  unknown: (key) => `Неизвестное поле: ${key}`,
});

const nullable = (type: string) => ({ type: [type, 'null'] });
const band = {
  type: 'object',
  additionalProperties: false,
  properties: { min: { type: 'string' }, max: { type: 'string' } },
} as const;

/** One lot of a line, closed: nothing beyond what a quote may show is ever written out. */
const part = {
  type: 'object',
  additionalProperties: false,
  properties: {
    offer_id: { type: 'integer' },
    amount: { type: 'string' },
    kg: { type: 'string' },
    ...lotProperties(),
    unit_weight: nullable('string'),
    available_amount: { type: 'string' },
    delivery_cost: { type: 'string' },
    default_delivery: { type: 'boolean' },
    route_days: nullable('integer'),
    earliest_delivery: nullable('string'),
    availability: { type: 'string' },
    expected_arrival: nullable('string'),
    delivered_kg_price: { type: 'string' },
    delivered_unit_price: { type: 'string' },
    unit_price: { type: 'string' },
    price_kg: { type: 'string' },
    band,
    margin: { type: 'string' },
    documents_blocking: { type: 'array', items: { type: 'string' } },
    rate_date: nullable('string'),
  },
} as const;

const line = {
  type: 'object',
  additionalProperties: false,
  properties: {
    offers: { type: 'array', items: part },
    delivered_kg_price: { type: 'string' },
    unit_price: nullable('string'),
    price_kg: { type: 'string' },
    band: { ...band, type: ['object', 'null'] },
    margin: { type: 'string' },
    route_days: nullable('integer'),
    earliest_delivery: nullable('string'),
    available: { type: 'string' },
    total_kg: { type: 'string' },
    total_sum: { type: 'string' },
    credit: { type: ['array', 'null'], items: { type: 'string' } },
  },
} as const;

/** The quote's buyer: its name, and its credit's figures for a role that sees them. */
const buyer = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    credit: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: {
        limit: nullable('string'),
        exposure: { type: 'string' },
        overdue: { type: 'string' },
        overdue_since: nullable('string'),
      },
    },
  },
} as const;

export const searchResponse = responses({
  200: {
    type: 'object',
    additionalProperties: false,
    properties: {
      city: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
      buyer,
      date: { type: 'string' },
      amount: { type: 'string' },
      unit: { type: 'string' },
      lines: { type: 'array', items: line },
    },
  },
});

const DAY = Type.String({ maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' });

/** An amount or a price of a saved line: a number, or a number as text as the search answers it ('100.00',
 * '12,5'); the record checks it is above 0 (records.ts lineFigure). */
const FIGURE = Type.Unsafe<number | string>({
  type: ['number', 'string'],
  exclusiveMinimum: 0,
  maximum: 1e9,
  maxLength: 20,
  pattern: '^\\s*\\d[\\d\\s]*([.,]\\d+)?\\s*$',
});
/** The buyer's name as typed on a quote (none: the buyer card's). */
const BUYER_NAME = Type.Optional(nullableOf(Type.String({ maxLength: 200 })));
const VERSION = Type.Integer(versionProperty);

const linePart = Type.Object(
  { offer_id: ID, amount: FIGURE, unit_price: Type.Optional(FIGURE) },
  { additionalProperties: false },
);
const savedLine = Type.Object(
  {
    offers: Type.Array(linePart, { minItems: 1, maxItems: 3 }),
    unit_price: Type.Optional(FIGURE),
  },
  { additionalProperties: false },
);

export const createBody = Type.Object(
  {
    buyer_id: Type.Optional(ID),
    city_id: Type.Optional(ID),
    [QUOTE_BUYER]: BUYER_NAME,
    valid_until: Type.Optional(DAY),
    lines: Type.Array(savedLine, { minItems: 1, maxItems: 50 }),
  },
  { additionalProperties: false },
);

/** A step of a quote (revoke its link, delete it): the version seen, if the caller names it. */
export const stepBody = Type.Object({ version: Type.Optional(VERSION) }, { additionalProperties: false });

export const changeBody = Type.Object(
  {
    version: VERSION,
    valid_until: Type.Optional(DAY),
    [QUOTE_BUYER]: BUYER_NAME,
    buyer_id: Type.Optional(nullableOf(ID)),
  },
  { additionalProperties: false },
);

/** The reserve's buyer as the quote's reserve form sends it (the quote's name when it sends none). */
const reserveBuyer = {
  [RESERVE_BUYER.name]: Type.Optional(Type.String({ maxLength: 200 })),
  [RESERVE_BUYER.phone]: Type.Optional(nullableOf(Type.String({ maxLength: 30 }))),
  [RESERVE_BUYER.address]: Type.Optional(Type.String({ maxLength: 500 })),
} satisfies Record<ReserveBuyerKey, object>;

export const reserveBody = Type.Object(
  {
    version: Type.Optional(VERSION),
    lines: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 50 }), { maxItems: 50 })),
    ...reserveBuyer,
    estimated_date_implementation: Type.Optional(DAY),
    responsible_id: Type.Optional(ID),
    credit_override: Type.Optional(
      Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

/** A saved quote's refusal: a line's amount or price that is no number above 0 says so (not 'choose a line'). */
export const createErrors = (errors: FastifySchemaValidationError[], dataVar: SchemaErrorDataVar) => {
  const figure = errors
    .map((e) => /^\/lines\/\d+(\/offers\/\d+)?\/(amount|unit_price)$/.exec(e.instancePath ?? '')?.[2])
    .find(Boolean);
  if (figure) return badRequest(figure === 'amount' ? QUOTE_RECORD_MSG.amount : QUOTE_RECORD_MSG.unitPrice);
  return recordErrors(errors, dataVar);
};

export const recordErrors = russianErrors({
  fields: {
    city_id: QUOTE_MSG.city,
    lines: QUOTE_RECORD_MSG.lines,
    valid_until: 'Срок действия: дата в формате ГГГГ-ММ-ДД',
    [QUOTE_BUYER]: 'Покупатель: не длиннее 200 символов',
    version: 'Не указана версия записи',
    [RESERVE_BUYER.address]: QUOTE_RECORD_MSG.address,
    estimated_date_implementation: 'Дата реализации: дата в формате ГГГГ-ММ-ДД',
    [RESERVE_BUYER.phone]: 'Телефон: не длиннее 30 символов',
    responsible_id: 'Ответственный: номер сотрудника',
    buyer_id: QUOTE_MSG.buyer,
    credit_override: 'Превышение лимита: укажите причину',
  },
  unknown: (key) => `Неизвестное поле: ${key}`,
});

const shownPart = {
  type: 'object',
  additionalProperties: false,
  properties: {
    offer_id: { type: 'integer' },
    amount: { type: 'string' },
    kg: { type: 'string' },
    unit_price: { type: 'string' },
    price_kg: { type: 'string' },
    delivery_cost: { type: 'string' },
    route_days: nullable('integer'),
    ...lotProperties(),
    band,
    margin: { type: 'string' },
    rate_date: nullable('string'),
  },
} as const;

const card = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    number: { type: 'integer' },
    public_number: { type: 'string' },
    status: { type: 'string', enum: QUOTE_STATUSES },
    city: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    buyer_id: nullable('integer'),
    [QUOTE_BUYER]: nullable('string'),
    valid_until: { type: 'string' },
    total_sum: { type: 'string' },
    version: { type: 'integer' },
    created_at: { type: 'string' },
    token: { type: 'string' },
    url: { type: 'string' },
    link_revoked: { type: 'boolean' },
    text: { type: 'string' },
    reserve_ids: { type: 'array', items: { type: 'integer' } },
    // 'Цены в рублях по курсу ЦБ на 05.12.2026' of the held lines (domain/priceList/rateNote.ts), or null
    rate_note: nullable('string'),
    margin_at_risk: { type: 'boolean' },
    can_change: { type: 'boolean' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          offers: { type: 'array', items: shownPart },
          total_sum: { type: 'string' },
          total_kg: { type: 'string' },
          price_kg: { type: 'string' },
        },
      },
    },
  },
} as const;

export const cardResponse = responses({ 200: card });
export const createdResponse = responses({ 201: card });
export const deletedResponse = responses({ 200: { type: 'object', properties: { status: { type: 'string' } } } });
export const reservedResponse = responses({
  201: {
    type: 'object',
    additionalProperties: false,
    properties: { reserve_ids: { type: 'array', items: { type: 'integer' } }, quote: card },
  },
});
/** One row of 'Котировки': the quote's header and the first lot's product. */
const listRow = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    number: { type: 'integer' },
    status: { type: 'string', enum: QUOTE_STATUSES },
    city: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    buyer_id: nullable('integer'),
    [QUOTE_BUYER]: nullable('string'),
    valid_until: { type: 'string' },
    product: { type: 'string' },
    total_sum: { type: 'string' },
    created_at: { type: 'string' },
    version: { type: 'integer' },
  },
} as const;

export const listResponse = responses({
  200: {
    type: 'object',
    additionalProperties: false,
    required: ['data', 'pagination'],
    properties: { data: { type: 'array', items: listRow }, pagination: PAGINATION },
  },
});

const TOKEN = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });
export const quoteTokenParams = Type.Object({ token: TOKEN });
export const quoteDocumentParams = Type.Object({ token: TOKEN, docId: ID });

/** The buyer's page: closed objects, no internal field (supplier, purchase price, margin, band, delivery cost). */
export const publicResponse = responses({
  200: {
    type: 'object',
    additionalProperties: false,
    properties: {
      number: { type: 'string' },
      company: { type: 'string' },
      phone: nullable('string'),
      buyer: nullable('string'),
      city: { type: 'string' },
      valid_until: { type: 'string' },
      status: { type: 'string', enum: QUOTE_STATUSES },
      total_sum: { type: 'string' },
      text: { type: 'string' },
      // 'Цены в рублях по курсу ЦБ на 05.12.2026' of the held lines (domain/priceList/rateNote.ts), or null
      rate_note: nullable('string'),
      lines: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...lotProperties(),
            amount: { type: 'string' },
            kg: { type: 'string' },
            price: { type: 'string' },
            price_per_kg: { type: 'string' },
            delivery_days: nullable('integer'),
            documents: BUYER_DOCUMENTS,
          },
        },
      },
    },
  },
});

/** GET /api/quotes/{id}/history: who did what when (changes as {field, old, new}). */
export const historyResponse = responses({
  200: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      properties: {
        at: { type: 'string' },
        user: nullable('string'),
        action: { type: 'string', enum: ['create', 'update', 'delete'] },
        changes: {
          type: 'array',
          items: { type: 'object', additionalProperties: true, properties: { field: { type: 'string' } } },
        },
      },
    },
  },
});
