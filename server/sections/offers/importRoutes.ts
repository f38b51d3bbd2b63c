// GET /api/offers/import/template and POST /api/offers/import (multipart: the file and mode=all|valid), in a plugin
// of their own so the multipart parser serves these routes only. The import right is checked when the request
// arrives, and a declared size over the limit refused, before a byte of the upload is read.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { requireAuth } from '../../http/auth';
import { noQuery, responses } from '../../http/schemas';
import { russianErrors } from '../../http/validation';
import { IMPORT_LIMITS, IMPORT_MODES, IMPORT_MSG, type ImportMode } from '../../../domain/import';
import { attachment } from '../../lists/export';
import { spreadsheetUploads, uploadedFile } from '../../lists/importUpload';
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

export default async function offerImportRoutes(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  await spreadsheetUploads(app, { fields: 2, check: (request) => requireImportRight(requireAuth(request)) });

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
    const file = uploadedFile(request);
    const { mode } = request.body as { mode?: ImportMode };
    return importOffers(db, app.sectionSpecs, requireAuth(request), file, mode ?? 'all');
  });
}
