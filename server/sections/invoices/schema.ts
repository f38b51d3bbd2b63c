// The invoices' routes' schemas: what each takes (TypeBox, the handlers' types) and answers.
import { Type } from '@sinclair/typebox';
import { ID, responses } from '../../http/schemas';
import { INVOICE_PAYMENTS } from '../../../domain/invoices/status';

export const makeBody = Type.Object(
  { reserve_ids: Type.Array(ID, { minItems: 1, maxItems: 200 }) },
  { additionalProperties: false },
);
export const cancelBody = Type.Object(
  { version: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  { additionalProperties: false },
);
// a day of the calendar within the years an invoice can carry: no '9999-12-31' reaches the database
const DAY = Type.String({ pattern: '^(19|20)\\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', maxLength: 10 });
export const listQuery = Type.Object(
  {
    buyer_id: Type.Optional(ID),
    reserve_id: Type.Optional(ID),
    payment: Type.Optional(Type.Union(INVOICE_PAYMENTS.map((p) => Type.Literal(p)))),
    date_from: Type.Optional(DAY),
    date_to: Type.Optional(DAY),
  },
  { additionalProperties: false },
);
export const exportQuery = Type.Object(
  { ...listQuery.properties, format: Type.Optional(Type.Literal('xlsx')) },
  { additionalProperties: false },
);

export const LIST_MSG = {
  reserve_ids: 'Выберите резервы для счёта',
  version: 'Укажите версию счёта',
  date_from: 'Дата: ГГГГ-ММ-ДД',
  date_to: 'Дата: ГГГГ-ММ-ДД',
  payment: 'Статус оплаты: unpaid, partly_paid, paid, overdue или cancelled',
  format: 'Формат выгрузки: xlsx',
} as const;

const money = { type: 'string' } as const;
const line = {
  type: 'object',
  properties: {
    n: { type: 'integer' },
    reserve_id: { type: 'integer' },
    name: { type: 'string' },
    unit_name: { type: 'string' },
    amount: money,
    price: money,
    vat_rate: { type: 'string' },
    vat_sum: money,
    total: money,
  },
} as const;
const payment = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    reserve_id: { type: 'integer' },
    date: { type: 'string' },
    amount: money,
    comment: { type: ['string', 'null'] },
  },
} as const;
const invoice = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    number: { type: 'integer' },
    year: { type: 'integer' },
    date: { type: 'string' },
    due_date: { type: 'string' },
    buyer_id: { type: 'integer' },
    buyer_name: { type: 'string' },
    total: money,
    vat_sum: money,
    paid_sum: money,
    payment: { type: 'string', enum: [...INVOICE_PAYMENTS] },
    status: { type: 'string', enum: ['active', 'cancelled'] },
    version: { type: 'integer' },
    created_at: { type: 'string' },
    cancelled_at: { type: ['string', 'null'] },
    created_by_name: { type: ['string', 'null'] },
    cancelled_by_name: { type: ['string', 'null'] },
    seller: { type: 'object', additionalProperties: true },
    buyer: { type: 'object', additionalProperties: true },
    words: { type: 'string' },
    lines: { type: 'array', items: line },
    // the card's alone: the payments tied to it
    payments: { type: 'array', items: payment },
  },
} as const;

export const cardResponse = responses({ 200: invoice });
export const createdResponse = responses({ 201: invoice });
export const listResponse = responses({
  200: { type: 'object', properties: { data: { type: 'array', items: invoice } } },
});
export const fileResponse = responses({
  200: { description: 'the print form or the list as a spreadsheet', type: 'string', format: 'binary' },
});
