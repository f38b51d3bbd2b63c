// A supplier's own price list (issue 41): POST /api/suppliers/{id}/price-lists (multipart `file`), GET the same for
// the card's list of uploads, PUT /api/suppliers/{id}/price-list-profile, GET /api/price-list-uploads/{id} (the
// mapping screen again), …/preview, POST …/apply {groups?}, GET …/file (the file as uploaded). In a plugin of their
// own so the multipart parser serves these routes only; the import right on offers is checked when a request
// arrives, before an upload is read.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { FileStores } from '../../db/fileStores';
import { requireAuth } from '../../accounts/auth';
import { ID, idOf, idParams, noQuery, responses } from '../../http/schemas';
import { notFound } from '../../errors';
import { IMPORT_LIMITS } from '../../../domain/import';
import { PREVIEW_GROUPS, PRICE_LIST_TARGETS } from '../../../domain/suppliers/priceList';
import { OFFER_LOADING_ADDRESS } from '../../../domain/offers/resource';
import { LOT, lotProperties } from '../../../domain/offers/lot';
import { attachment } from '../../lists/export';
import { spreadsheetUploads, uploadedFile } from '../../lists/importUpload';
import { requireImportRight } from './import';
import {
  type ApplyBody, addPacking, applyUpload, describeUpload, listUploads, previewUpload, saveProfile, uploadFile, uploadPriceList, type ProfileBody,
} from './supplierPriceLists';

const TEXT = { type: 'string' } as const;
const NULLABLE_TEXT = { type: ['string', 'null'] } as const;
const NULLABLE_ID = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 } as const;
/** A name's origin, as a default or a name's answer. */
const ORIGIN = { type: ['string', 'null'], maxLength: 100 } as const;

const DEFAULTS = {
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

const COLUMNS = {
  type: 'object',
  description: 'column number (1-based) → target: an offer field or a reading of one; null = Не загружать',
  maxProperties: IMPORT_LIMITS.maxColumns,
  propertyNames: { pattern: '^[1-9][0-9]{0,2}$' },
  additionalProperties: { type: ['string', 'null'], enum: [...PRICE_LIST_TARGETS, null] },
} as const;

const NAME_ANSWER = {
  type: ['object', 'null'],
  description: "null forgets the answer; product_id null is 'Не сопоставлять' (the name's rows are skipped, the name is not asked again)",
  additionalProperties: false,
  required: ['product_id'],
  properties: { product_id: NULLABLE_ID, variety_id: NULLABLE_ID, [LOT.origin.field]: ORIGIN },
} as const;

const PROFILE_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['sheet', 'header_row', 'columns', 'defaults'],
  properties: {
    upload_id: { ...ID, description: 'the upload the mapping is made on (default: the supplier\'s latest)' },
    sheet: { type: 'string', maxLength: 100 },
    header_row: { type: 'integer', minimum: 1, maximum: 1048576, description: '1-based, as the spreadsheet numbers it' },
    columns: COLUMNS,
    defaults: DEFAULTS,
    names: { type: 'object', maxProperties: IMPORT_LIMITS.maxRows, propertyNames: { maxLength: IMPORT_LIMITS.maxCell }, additionalProperties: NAME_ANSWER },
  },
} as const;

const PREVIEW_ROW = {
  type: 'object',
  properties: {
    line: { type: ['integer', 'null'] }, offer_id: { type: ['integer', 'null'] }, name: TEXT, ...lotProperties(),
    unit_price: NULLABLE_TEXT, old_unit_price: NULLABLE_TEXT, price_change_percent: NULLABLE_TEXT, unit_amount: NULLABLE_TEXT,
    old_unit_amount: NULLABLE_TEXT, kept: { type: 'boolean' },
  },
} as const;

const PREVIEW = {
  type: 'object',
  required: ['new', 'changed', 'unchanged', 'gone', 'problems'],
  properties: {
    new: { type: 'array', items: PREVIEW_ROW },
    changed: { type: 'array', items: PREVIEW_ROW },
    unchanged: { type: 'array', items: PREVIEW_ROW },
    gone: { type: 'array', items: PREVIEW_ROW },
    problems: { type: 'array', items: { type: 'object', properties: { line: { type: 'integer' }, name: TEXT, column: TEXT, message: TEXT } } },
    skipped: {
      type: 'object', description: "rows with no lot, skipped: totals and subtotals, empty rows, rows of names answered 'Не сопоставлять'",
      properties: { totals: { type: 'integer' }, empty: { type: 'integer' }, not_matched: { type: 'integer' } },
    },
    new_packings: {
      type: 'array', description: 'packings the file writes with kind and weight that our list lacks, as our list would name them; POST …/packings adds one',
      items: { type: 'object', properties: { name: TEXT, rows: { type: 'integer' } } },
    },
  },
} as const;

const UPLOAD = {
  type: 'object',
  properties: {
    upload_id: { type: 'integer' }, file_name: TEXT, sheets: { type: 'array', items: TEXT }, sheet: TEXT, header_row: { type: 'integer' },
    columns: { type: 'array', items: { type: 'object', properties: { index: { type: 'integer' }, title: TEXT, samples: { type: 'array', items: TEXT } } } },
    rows: { type: 'array', items: { type: 'array', items: TEXT } },
    mapping: {
      type: 'object',
      properties: {
        sheet: TEXT, header_row: { type: 'integer' }, columns: { type: 'object', additionalProperties: TEXT }, defaults: { type: 'object', additionalProperties: true },
        names: { type: 'object', additionalProperties: { type: 'object', additionalProperties: true } },
        full: { type: 'boolean', description: "'Это полный прайс': the supplier's lots a file lacks are offered for removal" },
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
                product_id: { type: 'integer' }, product: TEXT, variety_id: { type: ['integer', 'null'] }, variety: NULLABLE_TEXT,
                [LOT.origin.field]: NULLABLE_TEXT, similarity: { type: 'number' },
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

const COUNTS = { type: ['object', 'null'], properties: { new: { type: 'integer' }, changed: { type: 'integer' }, gone: { type: 'integer' }, kept: { type: 'integer' } } } as const;
const IDS = { type: 'array', items: { type: 'integer' } } as const;

export default async function priceListRoutes(app: FastifyInstance, opts: { db: Database; stores: FileStores }) {
  const { db, stores } = opts;
  await spreadsheetUploads(app, { fields: 1, check: (request) => requireImportRight(requireAuth(request)) });
  const specs = () => app.sectionSpecs;

  app.post('/suppliers/:id/price-lists', {
    schema: {
      tags: ['suppliers'], summary: 'Upload a supplier\'s own price list (XLSX or CSV): its sheets, header, columns and the mapping', params: idParams,
      consumes: ['multipart/form-data'], querystring: noQuery,
      body: { content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { description: `XLSX or CSV, at most ${IMPORT_LIMITS.maxBytes} bytes` } } } } } },
      response: responses({ 200: UPLOAD }),
    },
  }, async (request) => uploadPriceList(db, stores, specs(), requireAuth(request), idOf(request.params), uploadedFile(request)));

  app.get('/suppliers/:id/price-lists', {
    schema: {
      tags: ['suppliers'], summary: 'The supplier\'s uploaded price lists: date, file, who, what applying them did', params: idParams, querystring: noQuery,
      response: responses({
        200: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'integer' }, file_name: TEXT, uploaded_at: TEXT, uploaded_by: NULLABLE_TEXT, applied_at: NULLABLE_TEXT, counts: COUNTS },
          },
        },
      }),
    },
  }, async (request) => listUploads(db, specs(), requireAuth(request), idOf(request.params)));

  app.put('/suppliers/:id/price-list-profile', {
    schema: {
      tags: ['suppliers'], summary: 'Keep the supplier\'s price-list profile: sheet, header row, columns, defaults, name answers', params: idParams,
      querystring: noQuery, body: PROFILE_BODY, response: responses({ 200: UPLOAD }),
    },
  }, async (request) => saveProfile(db, specs(), requireAuth(request), idOf(request.params), request.body as ProfileBody));

  app.get('/price-list-uploads/:id', {
    schema: {
      tags: ['suppliers'], summary: 'An uploaded price list as the mapping screen shows it (on another sheet or header row when asked)', params: idParams,
      querystring: {
        type: 'object',
        properties: { sheet: { type: 'string', maxLength: 100 }, header_row: { type: 'integer', minimum: 1, maximum: 1048576 } },
      },
      response: responses({ 200: UPLOAD }),
    },
  }, async (request) => describeUpload(db, specs(), requireAuth(request), idOf(request.params), request.query as { sheet?: string; header_row?: number }));

  app.get('/price-list-uploads/:id/preview', {
    schema: {
      tags: ['suppliers'], summary: 'The changes the price list makes to the supplier\'s offers: new, changed, unchanged, gone, problems', params: idParams,
      querystring: noQuery, response: responses({ 200: PREVIEW }),
    },
  }, async (request) => previewUpload(db, specs(), requireAuth(request), idOf(request.params)));

  app.post('/price-list-uploads/:id/packings', {
    schema: {
      tags: ['suppliers'], summary: "Add one of the preview's new packings ('Мешок 22,68 кг') to the packing list; answers the preview read again",
      params: idParams, querystring: noQuery,
      body: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 100 } } },
      response: responses({ 200: PREVIEW }),
    },
  }, async (request) => addPacking(db, specs(), requireAuth(request), idOf(request.params), (request.body as { name: string }).name));

  app.post('/price-list-uploads/:id/apply', {
    schema: {
      tags: ['suppliers'], summary: 'Apply the price list (all or the groups given) in one transaction', params: idParams, querystring: noQuery,
      body: {
        type: ['object', 'null'], additionalProperties: false,
        properties: {
          groups: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: [...PREVIEW_GROUPS] }, description: "default: new and changed, and gone for a full list" },
          full: { type: 'boolean', description: "'Это полный прайс', kept in the supplier's profile; 'gone' needs it" },
          expected: {
            type: 'object', additionalProperties: false, required: ['new', 'changed', 'gone'],
            description: 'what the preview showed: the lines of the new and changed lots, the gone offers; apply refuses, naming the rows, when the file no longer reads so',
            properties: Object.fromEntries((['new', 'changed', 'gone'] as const).map((g) => [g, { type: 'array', maxItems: IMPORT_LIMITS.maxRows * 4, items: { type: 'integer', minimum: 1, maximum: 2147483647 } }])),
          },
        },
      },
      response: responses({ 200: { type: 'object', properties: { created: IDS, changed: IDS, deleted: IDS, kept: IDS, counts: COUNTS } } }),
    },
  }, async (request) => applyUpload(db, specs(), requireAuth(request), idOf(request.params), (request.body as ApplyBody | null) ?? {}));

  app.get('/price-list-uploads/:id/file', {
    schema: {
      tags: ['suppliers'], summary: 'The price list file as uploaded', params: idParams, querystring: noQuery,
      response: responses({ 200: { description: 'the file (XLSX or CSV)', type: 'string', format: 'binary' } }),
    },
  }, async (request, reply) => {
    const row = await uploadFile(db, specs(), requireAuth(request), idOf(request.params));
    const stored = row && (await stores.of(row.store).get(row.storage_path));
    if (!stored) throw notFound();
    reply.header('Content-Type', row.mime);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Disposition', attachment(row.original_name));
    reply.header('Content-Length', stored.size);
    return reply.send(stored.body);
  });
}
