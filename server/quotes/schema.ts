// The quote's route schemas (issue 38): the buyer's question and the ranked lines it answers. A line's lot is
// described by what it is; no schema here has a supplier, a loading city or a purchase price.
import { ID, responses } from '../http/schemas';
import { QUOTE_LEVELS, QUOTE_UNITS } from '../../domain/quotes/ranking';
import { QUOTE_MSG } from '../../domain/quotes/access';
import { russianErrors } from '../http/validation';

const ids = { type: 'array', items: ID, maxItems: 200 } as const;

export const searchBody = {
  type: 'object',
  required: ['product_id', 'amount', 'unit', 'level'],
  additionalProperties: false,
  properties: {
    product_id: ID,
    variety_ids: ids,
    packing_ids: ids,
    harvest_years: { type: 'array', items: { type: 'string', maxLength: 10 }, maxItems: 50 },
    origin: { type: 'string', maxLength: 100 },
    amount: { type: 'number', exclusiveMinimum: 0, maximum: 1e9 },
    unit: { type: 'string', enum: QUOTE_UNITS },
    city_id: ID,
    level: { type: 'string', enum: QUOTE_LEVELS },
    margin: { type: 'number', minimum: 0, maximum: 99.99 },
  },
} as const;

export const quoteErrors = russianErrors({
  fields: {
    product_id: QUOTE_MSG.product,
    amount: QUOTE_MSG.amount,
    unit: QUOTE_MSG.unit,
    city_id: QUOTE_MSG.city,
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
const band = { type: 'object', additionalProperties: false, properties: { min: { type: 'string' }, max: { type: 'string' } } } as const;

/** One lot of a line, closed: nothing beyond what a quote may show is ever written out. */
const part = {
  type: 'object',
  additionalProperties: false,
  properties: {
    offer_id: { type: 'integer' }, amount: { type: 'string' }, kg: { type: 'string' },
    product: { type: 'string' }, variety: nullable('string'), packing: nullable('string'), harvest_year: nullable('string'),
    origin_country: nullable('string'), unit_measure: nullable('string'), unit_weight: nullable('string'), available_amount: { type: 'string' },
    delivery_cost: { type: 'string' }, default_delivery: { type: 'boolean' }, route_days: nullable('integer'), earliest_delivery: nullable('string'),
    delivered_kg_price: { type: 'string' }, delivered_unit_price: { type: 'string' }, unit_price: { type: 'string' }, price_kg: { type: 'string' },
    band, margin: { type: 'string' },
    documents_blocking: { type: 'array', items: { type: 'string' } },
  },
} as const;

const line = {
  type: 'object',
  additionalProperties: false,
  properties: {
    offers: { type: 'array', items: part },
    delivered_kg_price: { type: 'string' }, unit_price: nullable('string'), price_kg: { type: 'string' },
    band: { ...band, type: ['object', 'null'] }, margin: { type: 'string' }, route_days: nullable('integer'), earliest_delivery: nullable('string'),
    available: { type: 'string' }, total_kg: { type: 'string' }, total_sum: { type: 'string' },
  },
} as const;

export const searchResponse = responses({
  200: {
    type: 'object',
    additionalProperties: false,
    properties: {
      city: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
      date: { type: 'string' }, amount: { type: 'string' }, unit: { type: 'string' },
      lines: { type: 'array', items: line },
    },
  },
});
