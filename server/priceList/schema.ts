// The price list's route schemas: its query, the lines it answers, the links, and the public answer,
// whose schema lists the buyer's columns only (the serializer drops any other key a line could ever carry).
import { Type } from '@sinclair/typebox';
import { ID, defaulted, enumOf, responses } from '../http/schemas';
import type { PriceListQuery } from '../../domain/priceList/query';
import { PRICE_LEVELS, ROUNDINGS } from '../../domain/priceList/query';
import { PRICE_LIST_MSG } from '../../domain/priceList/access';
import { russianErrors } from '../http/validation';
import { PAGE_SIZES } from '../../domain/lists';
import { LIST_MSG } from '../../domain/listQuery';
import { PUBLIC_PAGE_SIZE } from '../../domain/priceList/lines';
import { lotFilterProperties, lotProperties, PRICE_LIST_LOT } from '../../domain/offers/lot';
import { PRICE_LIST_LINK_MADE, PRICE_LIST_LINKS } from '../../domain/answers';

const ids = { type: 'array', items: ID, maxItems: 200 } as const;
const texts = { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 200 } as const;
const DAY = { type: 'string', maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' } as const;

const queryProperties = {
  city_id: ID,
  ...lotFilterProperties({ ids, texts }),
  min_available: { type: 'number', minimum: 0, maximum: 1e12 },
  level: { type: 'string', enum: PRICE_LEVELS, default: 'min' },
  markup: { type: 'number', minimum: 0, maximum: 10000 },
  rounding: { type: 'string', enum: ROUNDINGS, default: 'none' },
  valid_until: DAY,
} as const;

// the lot filters' keys come from the offers' resource (lotFilterProperties), so the query's type is the domain's, stated here once
export const priceListQuery = Type.Unsafe<PriceListQuery>({
  type: 'object',
  required: ['city_id'],
  properties: queryProperties,
});

export const exportQuery = Type.Unsafe<PriceListQuery & { format: 'xlsx' | 'pdf' }>({
  type: 'object',
  required: ['city_id', 'format'],
  properties: { ...queryProperties, format: { type: 'string', enum: ['xlsx', 'pdf'] } },
});

/** POST /api/price-list/links: the list's request, with its validity (the link expires with it). */
export const linkBody = Type.Unsafe<PriceListQuery & { valid_until: string }>({
  type: 'object',
  required: ['city_id', 'valid_until'],
  properties: queryProperties,
});

export const priceListErrors = russianErrors({
  fields: {
    city_id: PRICE_LIST_MSG.city,
    level: 'Уровень цены: min, max или percent',
    rounding: 'Округление: none, 1 или 10',
    format: 'Формат: xlsx или pdf',
    valid_until: { default: 'Срок действия: дата в формате ГГГГ-ММ-ДД', required: PRICE_LIST_MSG.validUntilMissing },
    markup: 'Наценка: число процентов',
    min_available: 'Минимальный доступный объём: число не меньше 0',
  },
});

const nullable = (type: string) => ({ type: [type, 'null'] });

const line = {
  type: 'object',
  properties: {
    offer_id: { type: 'integer' },
    ...lotProperties(PRICE_LIST_LOT),
    available_amount: { type: 'string' },
    available_packs: nullable('string'),
    unit_price: { type: 'string' },
    kg_price: { type: 'string' },
    delivery_cost: { type: 'string' },
    delivery_days: nullable('integer'),
    default_delivery: { type: 'boolean' },
    documents_blocking: { type: 'array', items: { type: 'string' } },
    logistics_state: { type: 'string' },
    expected_arrival: nullable('string'),
    rate_date: nullable('string'),
  },
} as const;

export const priceListResponse = responses({
  200: {
    type: 'object',
    properties: {
      city: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
      company: { type: 'string' },
      date: { type: 'string' },
      valid_until: nullable('string'),
      lines: { type: 'array', items: line },
    },
  },
});

export const linksResponse = responses({ 200: PRICE_LIST_LINKS });
export const linkCreated = responses({ 201: PRICE_LIST_LINK_MADE });
export const fileResponse = responses({
  200: { description: 'the XLSX or PDF file', type: 'string', format: 'binary' },
});
export const revokeResponse = responses({ 200: { type: 'object', properties: { status: { type: 'string' } } } });

/** A lot's documents marked 'Можно показывать покупателю' as a buyer's link lists them: a price list's
 * or a quote's, each served through the link's token. */
export const BUYER_DOCUMENTS = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['type', 'name', 'url'],
    properties: {
      type: { type: 'string' },
      number: nullable('string'),
      valid_until: nullable('string'),
      name: { type: 'string' },
      url: { type: 'string' },
    },
  },
} as const;

/** A document's file served through a buyer's link. */
export const documentFileResponse = responses({
  200: { description: "the document's file", type: 'string', format: 'binary' },
});

/** A document served through a buyer's link. */
const TOKEN = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });
export const tokenDocumentParams = Type.Object({ token: TOKEN, docId: ID });

/** The buyer's page is paged: at 20 000 lots the whole list was 5.7 MB of JSON per read. The staff lists'
 * sizes and messages; a page past the last reads the last (a link opened after lots sold out still shows a page). */
export const publicPageQuery = Type.Object({
  page: defaulted(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  perPage: defaulted(enumOf('integer', PAGE_SIZES, { default: PUBLIC_PAGE_SIZE })),
});

export const publicPageTexts = { page: LIST_MSG.page, perPage: LIST_MSG.perPage } as const;

export const tokenParams = Type.Object({ token: TOKEN });

/** The buyer's columns, and nothing else: closed objects, so no other key is ever written out. */
export const publicResponse = responses({
  200: {
    type: 'object',
    additionalProperties: false,
    properties: {
      company: { type: 'string' },
      city: { type: 'string' },
      date: { type: 'string' },
      valid_until: nullable('string'),
      // 'Цены в рублях по курсу ЦБ на 05.12.2026' of all the link's lines (domain/priceList/rateNote.ts), or null
      rate_note: nullable('string'),
      lines: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...lotProperties(PRICE_LIST_LOT),
            available_amount: { type: 'string' },
            available_packs: nullable('string'),
            price: { type: 'string' },
            price_per_kg: { type: 'string' },
            delivery_days: nullable('integer'),
            logistics_state: { type: 'string' },
            expected_arrival: nullable('string'),
            // a held line whose lot can no longer be bought ('распродано', 'нет в наличии', 'снято')
            unavailable: { type: 'string' },
            // the lot's documents marked for buyers, each served through the link's token
            documents: BUYER_DOCUMENTS,
          },
        },
      },
      // the staff lists' names (domain/lists.ts Pagination), without the page links: they would repeat the token
      pagination: {
        type: 'object',
        additionalProperties: false,
        required: ['totalItems', 'currentPage', 'firstPage', 'lastPage', 'perPage', 'pageCount'],
        properties: {
          totalItems: { type: 'integer' },
          currentPage: { type: 'integer' },
          firstPage: { type: 'integer' },
          lastPage: { type: 'integer' },
          perPage: { type: 'integer' },
          pageCount: { type: 'integer' },
        },
      },
    },
  },
});
