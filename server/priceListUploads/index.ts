// A supplier's own price list: POST /api/suppliers/{id}/price-lists (multipart `file`), GET the same for the card's
// list of uploads, PUT /api/suppliers/{id}/price-list-profile, GET /api/price-list-uploads/{id} (the mapping screen
// again), …/preview, POST …/packings, POST …/apply {groups?}, GET …/file (the file as uploaded). The file is read
// once at upload (every sheet, streamed, within the import's limits) and only each sheet's first rows are kept with
// the upload; the sheet worked with is read again from the stored file. The supplier's profile (sheet, header row,
// columns, units, name answers, defaults) says how to read it; the preview compares its lots with the supplier's
// active offers before anything moves; apply writes the chosen groups in one transaction through the offers' record
// pipeline. In a plugin of its own so the multipart parser serves these routes only; the import right on offers is
// checked when a request arrives, before an upload is read.
import { Type } from '@sinclair/typebox';
import type { App } from '../http/typed';
import type { Database } from '../db/client';
import type { FileStores } from '../db/fileStores';
import { requireAuth } from '../accounts/auth';
import { ID, idOf, idParams, noQuery, responses } from '../http/schemas';
import { notFound } from '../errors';
import { IMPORT_LIMITS } from '../../domain/import';
import { PREVIEW_GROUPS } from '../../domain/suppliers/priceListPreview';
import { attachment } from '../lists/export';
import { spreadsheetUploads, uploadedFile } from '../lists/importUpload';
import { requireImportRight } from '../sections/offers';
import { applyUpload, type ApplyBody } from './apply';
import { addPacking, describeUpload, previewUpload, uploadPriceList } from './describe';
import { saveProfile, type ProfileBody } from './profile';
import { listUploads, uploadFile } from './uploads';
import { PREVIEW, PROFILE_BODY, UPLOAD } from './schemas';
import { PRICE_LIST_APPLIED, PRICE_LIST_UPLOADS } from '../../domain/answers';

/** The profile's body: its columns and name answers are keyed by the file's own headers and names, so its type is
 * the profile's, stated once beside its schema. */
const profileBody = Type.Unsafe<ProfileBody>(PROFILE_BODY);
/** Apply takes its groups, the full-list answer and what the preview showed, or no body at all (null: the defaults). */
const applyBody = Type.Unsafe<ApplyBody | null>({
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    groups: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', enum: [...PREVIEW_GROUPS] },
      description: 'default: new and changed, and gone for a full list',
    },
    full: { type: 'boolean', description: "'Это полный прайс', kept in the supplier's profile; 'gone' needs it" },
    expected: {
      type: 'object',
      additionalProperties: false,
      required: ['new', 'changed', 'gone'],
      description:
        'what the preview showed: the lines of the new and changed lots, the gone offers; apply refuses, naming the rows, when the file no longer reads so',
      properties: Object.fromEntries(
        (['new', 'changed', 'gone'] as const).map((g) => [
          g,
          { type: 'array', maxItems: IMPORT_LIMITS.maxRows * 4, items: ID },
        ]),
      ),
    },
  },
});

export default async function priceListUploadRoutes(app: App, opts: { db: Database; stores: FileStores }) {
  const { db, stores } = opts;
  await spreadsheetUploads(app, { fields: 1, check: (request) => requireImportRight(requireAuth(request)) });
  const specs = () => app.sectionSpecs;

  app.post(
    '/suppliers/:id/price-lists',
    {
      schema: {
        tags: ['suppliers'],
        summary: "Upload a supplier's own price list (XLSX or CSV): its sheets, header, columns and the mapping",
        params: idParams,
        consumes: ['multipart/form-data'],
        querystring: noQuery,
        body: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { description: `XLSX or CSV, at most ${IMPORT_LIMITS.maxBytes} bytes` } },
              },
            },
          },
        },
        response: responses({ 200: UPLOAD }),
      },
    },
    async (request) =>
      uploadPriceList(db, stores, specs(), requireAuth(request), idOf(request.params), uploadedFile(request)),
  );

  app.get(
    '/suppliers/:id/price-lists',
    {
      schema: {
        tags: ['suppliers'],
        summary: "The supplier's uploaded price lists: date, file, who, what applying them did",
        params: idParams,
        querystring: noQuery,
        response: responses({ 200: PRICE_LIST_UPLOADS }),
      },
    },
    async (request) => listUploads(db, specs(), requireAuth(request), idOf(request.params)),
  );

  app.put(
    '/suppliers/:id/price-list-profile',
    {
      schema: {
        tags: ['suppliers'],
        summary: "Keep the supplier's price-list profile: sheet, header row, columns, defaults, name answers",
        params: idParams,
        querystring: noQuery,
        body: profileBody,
        response: responses({ 200: UPLOAD }),
      },
    },
    async (request) => saveProfile(db, stores, specs(), requireAuth(request), idOf(request.params), request.body),
  );

  app.get(
    '/price-list-uploads/:id',
    {
      schema: {
        tags: ['suppliers'],
        summary: 'An uploaded price list as the mapping screen shows it (on another sheet or header row when asked)',
        params: idParams,
        querystring: Type.Object({
          sheet: Type.Optional(Type.String({ maxLength: 100 })),
          header_row: Type.Optional(Type.Integer({ minimum: 1, maximum: 1048576 })),
        }),
        response: responses({ 200: UPLOAD }),
      },
    },
    async (request) => describeUpload(db, stores, specs(), requireAuth(request), idOf(request.params), request.query),
  );

  app.get(
    '/price-list-uploads/:id/preview',
    {
      schema: {
        tags: ['suppliers'],
        summary: "The changes the price list makes to the supplier's offers: new, changed, unchanged, gone, problems",
        params: idParams,
        querystring: noQuery,
        response: responses({ 200: PREVIEW }),
      },
    },
    async (request) => previewUpload(db, stores, specs(), requireAuth(request), idOf(request.params)),
  );

  app.post(
    '/price-list-uploads/:id/packings',
    {
      schema: {
        tags: ['suppliers'],
        summary:
          "Add one of the preview's new packings ('Мешок 22,68 кг') to the packing list; answers the preview read again",
        params: idParams,
        querystring: noQuery,
        body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
        response: responses({ 200: PREVIEW }),
      },
    },
    async (request) => addPacking(db, stores, specs(), requireAuth(request), idOf(request.params), request.body.name),
  );

  app.post(
    '/price-list-uploads/:id/apply',
    {
      schema: {
        tags: ['suppliers'],
        summary: 'Apply the price list (all or the groups given) in one transaction',
        params: idParams,
        querystring: noQuery,
        body: applyBody,
        response: responses({ 200: PRICE_LIST_APPLIED }),
      },
    },
    async (request) => applyUpload(db, stores, specs(), requireAuth(request), idOf(request.params), request.body ?? {}),
  );

  app.get(
    '/price-list-uploads/:id/file',
    {
      schema: {
        tags: ['suppliers'],
        summary: 'The price list file as uploaded',
        params: idParams,
        querystring: noQuery,
        response: responses({ 200: { description: 'the file (XLSX or CSV)', type: 'string', format: 'binary' } }),
      },
    },
    async (request, reply) => {
      const row = await uploadFile(db, specs(), requireAuth(request), idOf(request.params));
      const stored = row && (await stores.of(row.store).get(row.storage_path));
      if (!stored) throw notFound();
      reply.header('Content-Type', row.mime);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'no-store');
      reply.header('Content-Disposition', attachment(row.original_name));
      reply.header('Content-Length', stored.size);
      return reply.send(stored.body);
    },
  );
}
