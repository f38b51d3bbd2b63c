// The УПД routes' schemas: what each takes (TypeBox, the handlers' types) and answers.
import { Type } from '@sinclair/typebox';
import { ID, responses } from '../../http/schemas';

export const makeBody = Type.Object(
  { reserve_ids: Type.Array(ID, { minItems: 1, maxItems: 200 }) },
  { additionalProperties: false },
);
export const cancelBody = Type.Object(
  { version: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  { additionalProperties: false },
);
const DAY = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
export const listQuery = Type.Object({
  buyer_id: Type.Optional(ID),
  reserve_id: Type.Optional(ID),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('cancelled')])),
  date_from: Type.Optional(DAY),
  date_to: Type.Optional(DAY),
});
export const mappingBody = Type.Object(
  { text: Type.String({ minLength: 1, maxLength: 200 }), code: Type.String({ pattern: '^\\d{3}$', maxLength: 3 }) },
  { additionalProperties: false },
);

export const LIST_MSG = {
  reserve_ids: 'Выберите завершённые резервы для УПД',
  version: 'Укажите версию УПД',
  date: 'Дата: ГГГГ-ММ-ДД',
  status: 'Статус УПД: active или cancelled',
  code: 'Код ОКСМ: три цифры',
  text: 'Укажите страну, как она написана в лоте',
} as const;

const money = { type: 'string' } as const;
const line = {
  type: 'object',
  properties: {
    n: { type: 'integer' },
    reserve_id: { type: 'integer' },
    name: { type: 'string' },
    okei: { type: 'string' },
    unit_name: { type: 'string' },
    quantity: money,
    price: money,
    sum_without_vat: money,
    vat_rate: { type: 'string' },
    vat_sum: money,
    sum_with_vat: money,
    origin_code: { type: ['string', 'null'] },
    origin_short: { type: ['string', 'null'] },
    declaration: { type: ['string', 'null'] },
  },
} as const;
const upd = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    number: { type: 'integer' },
    year: { type: 'integer' },
    date: { type: 'string' },
    shipment_date: { type: 'string' },
    buyer_id: { type: 'integer' },
    buyer_name: { type: 'string' },
    file_id: { type: 'string' },
    sum_without_vat: money,
    vat_sum: money,
    sum_with_vat: money,
    status: { type: 'string', enum: ['active', 'cancelled'] },
    version: { type: 'integer' },
    created_at: { type: 'string' },
    cancelled_at: { type: ['string', 'null'] },
    created_by_name: { type: ['string', 'null'] },
    cancelled_by_name: { type: ['string', 'null'] },
    seller: { type: 'object', additionalProperties: true },
    buyer: { type: 'object', additionalProperties: true },
    lines: { type: 'array', items: line },
  },
} as const;

export const cardResponse = responses({ 200: upd });
export const cancelResponse = cardResponse;
export const createdResponse = responses({ 201: upd });
export const listResponse = responses({ 200: { type: 'object', properties: { data: { type: 'array', items: upd } } } });
export const fileResponse = responses({
  200: { description: 'the XML of format 5.03, the print form or the ZIP of XMLs', type: 'string', format: 'binary' },
});
export const countriesResponse = responses({
  200: {
    type: 'object',
    properties: {
      unmapped: {
        type: 'array',
        items: { type: 'object', properties: { text: { type: 'string' }, offers: { type: 'integer' } } },
      },
      mapped: {
        type: 'array',
        items: {
          type: 'object',
          properties: { text: { type: 'string' }, code: { type: 'string' }, short: { type: 'string' } },
        },
      },
      countries: {
        type: 'array',
        items: {
          type: 'object',
          properties: { code: { type: 'string' }, name: { type: 'string' }, short: { type: 'string' } },
        },
      },
    },
  },
});
