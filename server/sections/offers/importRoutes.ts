// GET /api/offers/import/template and POST /api/offers/import (multipart: the file and mode=all|valid), in a plugin
// of their own so the multipart parser serves these routes only. The import right is checked when the request
// arrives, and a declared size over the limit refused, before a byte of the upload is read.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Database } from '../../db/client';
import { requireAuth } from '../../http/auth';
import { noQuery, responses } from '../../http/schemas';
import { russianErrors } from '../../http/validation';
import { badRequest } from '../../errors';
import { isStorableText } from '../../http/input';
import { IMPORT_LIMITS, IMPORT_MODES, IMPORT_MSG, type ImportMode } from '../../../domain/import';
import { attachment } from '../../lists/export';
import type { UploadedFile } from '../../lists/import';
import { importOffers, offerImportTemplate, requireImportRight } from './import';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const reportResponse = responses({
  200: {
    type: 'object',
    properties: {
      mode: { type: 'string', enum: [...IMPORT_MODES] },
      total: { type: 'integer' },
      valid: { type: 'integer' },
      imported: { type: 'integer' },
      ids: { type: 'array', items: { type: 'integer' } },
      problems: {
        type: 'array',
        items: { type: 'object', properties: { row: { type: 'integer' }, column: { type: 'string' }, message: { type: 'string' } } },
      },
    },
  },
});

/** The multipart form as the route's body: Fastify checks it (mode's value, no other field) before the handler. */
const importBody = {
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { description: `the XLSX or CSV file, at most ${IMPORT_LIMITS.maxBytes} bytes and ${IMPORT_LIMITS.maxRows} rows` },
          mode: { type: 'string', enum: [...IMPORT_MODES], description: 'all: nothing until every row is valid; valid: the valid rows' },
        },
      },
    },
  },
} as const;

/** Multipart's own refusals (too many parts or files, a malformed form) in Russian. */
const MULTIPART_ERRORS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: IMPORT_MSG.size,
  FST_FILES_LIMIT: IMPORT_MSG.noFile,
  FST_PARTS_LIMIT: IMPORT_MSG.noFile,
  FST_FIELDS_LIMIT: IMPORT_MSG.noFile,
  FST_PROTO_VIOLATION: IMPORT_MSG.noFile,
  FST_INVALID_MULTIPART_CONTENT_TYPE: IMPORT_MSG.noFile,
};

export default async function offerImportRoutes(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  // before the upload is read: the right, and a size the client declares over the limit (the form's own few
  // hundred bytes allowed); a size it does not declare is cut at the limit by the parser below
  app.addHook('onRequest', async (request: FastifyRequest) => {
    requireImportRight(requireAuth(request));
    const declared = Number(request.headers['content-length'] ?? 0);
    if (request.method === 'POST' && declared > IMPORT_LIMITS.maxBytes + 64 * 1024) throw badRequest(IMPORT_MSG.size);
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    throwFileSizeLimit: false,
    limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 2, parts: 3 },
    // the file as the handler checks it: its name, its bytes, and whether the limit cut it
    async onFile(part) {
      const content = await part.toBuffer();
      (part as unknown as { value: UploadedFile }).value = { filename: part.filename, content, truncated: part.file.truncated };
    },
  });
  app.setErrorHandler((error: FastifyError) => {
    const message = error.code ? MULTIPART_ERRORS[error.code] : undefined;
    // busboy's own complaints about a broken form carry no code
    if (message || (!error.statusCode && /multipart|boundary|form/i.test(error.message))) throw badRequest(message ?? IMPORT_MSG.noFile);
    throw error;
  });

  app.get('/offers/import/template', {
    schema: {
      tags: ['offers'], summary: 'The import template: the columns the caller may fill, with an example row (XLSX)', querystring: noQuery,
      response: responses({ 200: { description: 'the XLSX file', type: 'string', format: 'binary' } }),
    },
  }, async (request, reply) => {
    const file = await offerImportTemplate(requireAuth(request));
    reply.header('Content-Type', XLSX);
    reply.header('Content-Disposition', attachment('Шаблон импорта предложений.xlsx'));
    reply.header('Cache-Control', 'no-store');
    return reply.send(file);
  });

  app.post('/offers/import', {
    schema: {
      tags: ['offers'], summary: 'Import offers from an XLSX or CSV file: the per-row report', consumes: ['multipart/form-data'],
      querystring: noQuery, body: importBody, response: reportResponse,
    },
    schemaErrorFormatter: russianErrors({ fields: { '': IMPORT_MSG.noFile, file: IMPORT_MSG.noFile, mode: IMPORT_MSG.mode } }),
  }, async (request) => {
    if (!request.isMultipart()) throw badRequest(IMPORT_MSG.noFile);
    const { file, mode } = (request.body ?? {}) as { file?: UploadedFile; mode?: ImportMode };
    if (typeof file !== 'object' || file === null || !Buffer.isBuffer(file.content)) throw badRequest(IMPORT_MSG.noFile);
    if (!isStorableText(file.filename ?? '')) throw badRequest(IMPORT_MSG.type);
    return importOffers(db, app.sectionSpecs, requireAuth(request), file, mode ?? 'all');
  });
}
