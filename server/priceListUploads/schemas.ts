// The JSON schemas of the supplier price-list routes: the profile's body, the mapping screen's answer, the preview.
import { IMPORT_LIMITS } from '../../domain/import';
import { PRICE_LIST_TARGETS } from '../../domain/suppliers/priceList';
import { OFFER_LOADING_ADDRESS } from '../../domain/offers/resource';
import { LOT, lotProperties } from '../../domain/offers/lot';
import { ID } from '../http/schemas';

export const TEXT = { type: 'string' } as const;
export const NULLABLE_TEXT = { type: ['string', 'null'] } as const;
const NULLABLE_ID = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 } as const;
/** A name's origin, as a default or a name's answer. */
const ORIGIN = { type: ['string', 'null'], maxLength: 100 } as const;

export const DEFAULTS = {
  type: 'object',
  additionalProperties: false,
  properties: {
    city_id: NULLABLE_ID,
    [OFFER_LOADING_ADDRESS]: { type: ['string', 'null'], maxLength: 500 },
    [LOT.unit.field]: { type: ['string', 'null'], enum: ['шт', 'кг', null] },
    [LOT.year.field]: { type: ['string', 'null'], maxLength: 20 },
    [LOT.origin.field]: ORIGIN,
  },
} as const;

export const COLUMNS = {
  type: 'object',
  description: 'column number (1-based) → target: an offer field or a reading of one; null = Не загружать',
  maxProperties: IMPORT_LIMITS.maxColumns,
  propertyNames: { pattern: '^[1-9][0-9]{0,2}$' },
  additionalProperties: { type: ['string', 'null'], enum: [...PRICE_LIST_TARGETS, null] },
} as const;

export const NAME_ANSWER = {
  type: ['object', 'null'],
  description:
    "null forgets the answer; product_id null is 'Не сопоставлять' (the name's rows are skipped, the name is not asked again)",
  additionalProperties: false,
  required: ['product_id'],
  properties: { product_id: NULLABLE_ID, variety_id: NULLABLE_ID, [LOT.origin.field]: ORIGIN },
} as const;

export const PROFILE_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['sheet', 'header_row', 'columns', 'defaults'],
  properties: {
    upload_id: { ...ID, description: "the upload the mapping is made on (default: the supplier's latest)" },
    sheet: { type: 'string', maxLength: 100 },
    header_row: {
      type: 'integer',
      minimum: 1,
      maximum: 1048576,
      description: '1-based, as the spreadsheet numbers it',
    },
    columns: COLUMNS,
    defaults: DEFAULTS,
    names: {
      type: 'object',
      maxProperties: IMPORT_LIMITS.maxRows,
      propertyNames: { maxLength: IMPORT_LIMITS.maxCell },
      additionalProperties: NAME_ANSWER,
    },
  },
} as const;

export const PREVIEW_ROW = {
  type: 'object',
  properties: {
    line: { type: ['integer', 'null'] },
    offer_id: { type: ['integer', 'null'] },
    name: TEXT,
    ...lotProperties(),
    unit_price: NULLABLE_TEXT,
    old_unit_price: NULLABLE_TEXT,
    price_change_percent: NULLABLE_TEXT,
    unit_amount: NULLABLE_TEXT,
    old_unit_amount: NULLABLE_TEXT,
    kept: { type: 'boolean' },
  },
} as const;

export const PREVIEW = {
  type: 'object',
  required: ['new', 'changed', 'unchanged', 'gone', 'problems'],
  properties: {
    new: { type: 'array', items: PREVIEW_ROW },
    changed: { type: 'array', items: PREVIEW_ROW },
    unchanged: { type: 'array', items: PREVIEW_ROW },
    gone: { type: 'array', items: PREVIEW_ROW },
    problems: {
      type: 'array',
      items: { type: 'object', properties: { line: { type: 'integer' }, name: TEXT, column: TEXT, message: TEXT } },
    },
    skipped: {
      type: 'object',
      description:
        "rows with no lot, skipped: totals and subtotals, empty rows, rows of names answered 'Не сопоставлять'",
      properties: { totals: { type: 'integer' }, empty: { type: 'integer' }, not_matched: { type: 'integer' } },
    },
    new_packings: {
      type: 'array',
      description:
        'packings the file writes with kind and weight that our list lacks, as our list would name them; POST …/packings adds one',
      items: { type: 'object', properties: { name: TEXT, rows: { type: 'integer' } } },
    },
  },
} as const;

export const UPLOAD = {
  type: 'object',
  properties: {
    upload_id: { type: 'integer' },
    file_name: TEXT,
    sheets: { type: 'array', items: TEXT },
    sheet: TEXT,
    header_row: { type: 'integer' },
    columns: {
      type: 'array',
      items: {
        type: 'object',
        properties: { index: { type: 'integer' }, title: TEXT, samples: { type: 'array', items: TEXT } },
      },
    },
    rows: { type: 'array', items: { type: 'array', items: TEXT } },
    mapping: {
      type: 'object',
      properties: {
        sheet: TEXT,
        header_row: { type: 'integer' },
        columns: { type: 'object', additionalProperties: TEXT },
        defaults: { type: 'object', additionalProperties: true },
        names: { type: 'object', additionalProperties: { type: 'object', additionalProperties: true } },
        full: {
          type: 'boolean',
          description: "'Это полный прайс': the supplier's lots a file lacks are offered for removal",
        },
      },
    },
    layout_changed: { type: 'boolean' },
    unmatched: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: TEXT,
          candidates: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                product_id: { type: 'integer' },
                product: TEXT,
                variety_id: { type: ['integer', 'null'] },
                variety: NULLABLE_TEXT,
                [LOT.origin.field]: NULLABLE_TEXT,
                similarity: { type: 'number' },
              },
            },
          },
        },
      },
    },
    not_matched: { type: 'array', items: TEXT, description: "the file's names the profile answers 'Не сопоставлять'" },
    mapping_problem: NULLABLE_TEXT,
    preview: PREVIEW,
  },
} as const;
