// /api/offers/{id}/documents: an offer's typed and dated documents. POST is a multipart form (the file
// and its fields), PATCH changes a document's fields on the version the card saw, DELETE removes it with its file.
// In a plugin of its own, so its multipart parser serves these routes only.
import type { FastifyError } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { App } from '../../http/typed';
import multipart from '@fastify/multipart';
import type { Database } from '../../db/client';
import type { FileStores } from '../../db/fileStores';
import { requireAuth } from '../../accounts/auth';
import { ID, noQuery, responses, success } from '../../http/schemas';
import { russianErrors } from '../../http/validation';
import { badRequest } from '../../errors';
import { versionProperty } from '../../../domain/versions';
import { FILE_RULES } from '../../../domain/files';
import { removeUpload, streamUpload, type FileRow } from '../../records/files';
import { validatorCompiler } from '../../http/ajv';
import {
  DOCUMENT_MSG,
  DOCUMENT_NOTICE_DAYS_MAX,
  DOCUMENT_SETTING_MSG,
  DOCUMENT_TEXT_MAX,
} from '../../../domain/offers/documents';
import {
  addDocument,
  changeDocument,
  confirmDocument,
  removeDocument,
  requireDocumentsWritable,
  valuesOf,
} from './documents';
import { saveDocumentSettings } from './documentSettings';
import { readDocumentSettings } from '../../records/documentsState';
import { requireAdmin } from '../../accounts/admin';

const date = { type: ['string', 'null'], maxLength: 30 } as const;
const fields = {
  type_id: { type: ['integer', 'string'], maxLength: 12, maximum: ID.maximum },
  number: { type: ['string', 'null'], maxLength: DOCUMENT_TEXT_MAX.number + 50 },
  issued_on: date,
  valid_until: date,
  issuer: { type: ['string', 'null'], maxLength: DOCUMENT_TEXT_MAX.issuer + 50 },
  shareable: { type: ['boolean', 'string'], maxLength: 5 },
  values: {
    anyOf: [
      { type: 'string', maxLength: 200 },
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          aflatoxin_b1: { type: ['string', 'number', 'null'], maxLength: 20, maximum: 1e9 },
          moisture: { type: ['string', 'number', 'null'], maxLength: 20, maximum: 1e9 },
        },
      },
    ],
  },
} as const;

export const DOCUMENT_SHAPE = {
  type: 'object',
  required: ['id', 'file_id', 'url', 'type', 'version'],
  properties: {
    id: { type: 'integer' },
    file_id: { type: 'integer' },
    url: { type: 'string' },
    name: { type: 'string' },
    size: { type: 'integer' },
    mime: { type: 'string' },
    type: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    number: { type: ['string', 'null'] },
    issued_on: { type: ['string', 'null'] },
    valid_until: { type: ['string', 'null'] },
    issuer: { type: ['string', 'null'] },
    shareable: { type: 'boolean' },
    share_confirmed: { type: 'boolean' },
    values: {
      type: 'object',
      properties: { aflatoxin_b1: { type: ['string', 'null'] }, moisture: { type: ['string', 'null'] } },
    },
    version: { type: 'integer' },
  },
} as const;

const docParams = Type.Object({ id: ID, docId: ID });
const VERSION = Type.Integer(versionProperty);
/** A change of a document's fields: text, numbers and dates as the card sends them, read by the documents' own
 * schema (documents.ts valuesOf), on the version the card saw. */
const changeBody = Type.Unsafe<{ version: number } & Record<string, unknown>>({
  type: 'object',
  required: ['version'],
  additionalProperties: false,
  properties: { ...fields, version: versionProperty },
});
const texts = russianErrors({
  fields: {
    '': DOCUMENT_MSG.file,
    file: DOCUMENT_MSG.file,
    type_id: DOCUMENT_MSG.type,
    number: DOCUMENT_MSG.tooLong(DOCUMENT_TEXT_MAX.number),
    issued_on: DOCUMENT_MSG.date,
    valid_until: DOCUMENT_MSG.date,
    issuer: DOCUMENT_MSG.tooLong(DOCUMENT_TEXT_MAX.issuer),
    shareable: DOCUMENT_MSG.values,
    values: DOCUMENT_MSG.values,
    version: DOCUMENT_MSG.stale,
    id: DOCUMENT_MSG.notFound,
    docId: DOCUMENT_MSG.notFound,
  },
});

const MULTIPART_ERRORS = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
]);

export default async function offerDocumentsRoutes(app: App, opts: { db: Database; stores: FileStores }) {
  const { db, stores } = opts;
  const maxBytes = FILE_RULES.document.maxBytes;
  // the file streams into the store as /api/files does (records/files.ts streamUpload), never held whole
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: maxBytes, files: 1, fields: 8, parts: 9 },
  });
  const compile = validatorCompiler();
  app.setErrorHandler((error: FastifyError) => {
    if (
      (error.code && MULTIPART_ERRORS.has(error.code)) ||
      (!error.statusCode && /multipart|boundary|form/i.test(error.message))
    )
      throw badRequest(DOCUMENT_MSG.file);
    throw error;
  });

  app.post(
    '/offers/:id/documents',
    {
      schema: {
        tags: ['offers'],
        summary:
          "Add a document to an offer: the file and its type, number, dates, issuer, 'Можно показывать покупателю', lab values",
        consumes: ['multipart/form-data'],
        params: Type.Object({ id: ID }),
        querystring: noQuery,
        body: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { description: `the document: ${FILE_RULES.document.label}` }, ...fields },
              },
            },
          },
        },
        response: responses({ 201: DOCUMENT_SHAPE }),
      },
      // the multipart body is read part by part by the handler: its fields are checked by the documents' own schema
      validatorCompiler: (route) => (route.httpPart === 'body' ? () => true : compile(route)),
      schemaErrorFormatter: texts,
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw badRequest(DOCUMENT_MSG.file);
      const offerId = request.params.id;
      // who may not change the offer is refused before a byte of the file is read
      await requireDocumentsWritable(db, auth, offerId);
      const fields: Record<string, unknown> = {};
      let file: FileRow | null = null;
      let body: Record<string, unknown>;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') fields[part.fieldname] = part.value;
          else if (part.fieldname !== 'file' || file) part.file.resume();
          // counted in the caller's quota of unsaved uploads until the document takes it
          else file = await streamUpload(db, stores, auth, 'document', part, Number(request.headers['content-length']));
        }
        const { values, ...rest } = fields;
        body = { ...rest, ...valuesOf(values) };
      } catch (error) {
        if (file) await removeUpload(db, stores, auth, file.id);
        throw error;
      }
      if (!file) throw badRequest(DOCUMENT_MSG.file);
      const doc = await addDocument(db, stores, auth, offerId, file, body);
      reply.status(201);
      return doc;
    },
  );

  app.patch(
    '/offers/:id/documents/:docId',
    {
      schema: {
        tags: ['offers'],
        summary: "Change a document's fields on the version the card saw (409 stale when newer)",
        params: docParams,
        querystring: noQuery,
        body: changeBody,
        response: responses({ 200: DOCUMENT_SHAPE }),
      },
      schemaErrorFormatter: texts,
    },
    async (request) => {
      const { id, docId } = request.params;
      return changeDocument(db, requireAuth(request), id, docId, request.body);
    },
  );

  // a document a supplier's account shared reaches buyers once staff confirm it
  app.post(
    '/offers/:id/documents/:docId/confirm',
    {
      schema: {
        tags: ['offers'],
        summary:
          'Confirm a document a supplier marked for buyers (staff with the update right on offers), on the version the card saw',
        params: docParams,
        querystring: noQuery,
        body: Type.Object({ version: VERSION }, { additionalProperties: false }),
        response: responses({ 200: DOCUMENT_SHAPE }),
      },
      schemaErrorFormatter: texts,
    },
    async (request) => {
      const { id, docId } = request.params;
      return confirmDocument(db, requireAuth(request), id, docId, request.body.version);
    },
  );

  // the business settings of lot documents: what an imported lot needs, whether a lot without them may be reserved,
  // how many days ahead an expiry is told
  const settingsShape = Type.Object({
    documents_imported_types: Type.Optional(Type.Array(ID, { maxItems: 100 })),
    documents_forbid_reserve: Type.Optional(Type.Boolean()),
    documents_notice_days: Type.Optional(Type.Integer({ minimum: 0, maximum: DOCUMENT_NOTICE_DAYS_MAX })),
  });
  const settingsTexts = russianErrors({
    fields: {
      documents_imported_types: DOCUMENT_SETTING_MSG.types,
      documents_forbid_reserve: DOCUMENT_SETTING_MSG.types,
      documents_notice_days: DOCUMENT_SETTING_MSG.noticeDays,
    },
  });
  app.get(
    '/admin/document-settings',
    {
      schema: {
        tags: ['admin'],
        summary: "The lot documents' business settings",
        querystring: noQuery,
        response: responses({ 200: settingsShape }),
      },
    },
    async (request) => {
      requireAdmin(request);
      return readDocumentSettings(db);
    },
  );
  app.put(
    '/admin/document-settings',
    {
      schema: {
        tags: ['admin'],
        summary: "Change the lot documents' business settings (logged)",
        querystring: noQuery,
        body: Type.Object(settingsShape.properties, { additionalProperties: false }),
        response: responses({ 200: settingsShape }),
      },
      schemaErrorFormatter: settingsTexts,
    },
    async (request) => saveDocumentSettings(db, requireAdmin(request), request.body),
  );

  app.delete(
    '/offers/:id/documents/:docId',
    {
      schema: {
        tags: ['offers'],
        summary: 'Remove a document of an offer with its file',
        params: docParams,
        querystring: noQuery,
        response: responses({ 200: success }),
      },
      schemaErrorFormatter: texts,
    },
    async (request) => {
      const { id, docId } = request.params;
      await removeDocument(db, stores, requireAuth(request), id, docId);
      return { status: 'success' as const };
    },
  );
}
