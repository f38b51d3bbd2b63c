// GET /api/{section}/import/template and POST /api/{section}/import (multipart: the file and mode=all|valid) of a
// section that imports (offers, ; buyers), in a plugin of their own so the multipart parser serves
// these routes only. The import right is checked when the request arrives, and a declared size over the limit
// refused, before a byte of the upload is read. What a row means is the section's (its import.ts).
import type { App } from '../http/typed';
import type { AuthenticatedUser } from '../accounts/users';
import { requireAuth } from '../accounts/auth';
import { noQuery, responses } from '../http/schemas';
import { russianErrors } from '../http/validation';
import { IMPORT_LIMITS, IMPORT_MODES, IMPORT_MSG, type ImportMode, type ImportReport } from '../../domain/import';
import type { Section } from '../../domain/sections';
import { attachment } from './export';
import { spreadsheetUploads, uploadedFile } from './importUpload';
import type { UploadedFile } from './import';
import { requireCompleteCreate } from '../records/access';
import type { ScopeSpecs } from '../records/references';
import type { Database } from '../db/client';

/** A section's import: who may, its template and its rows. */
export interface SectionImport {
  section: Section;
  /** 'Шаблон импорта предложений.xlsx' */
  templateName: string;
  requireRight(auth: AuthenticatedUser): void;
  template(auth: AuthenticatedUser): Promise<Buffer>;
  /** Reads the file's rows into the section (the sections' scopes: which references the caller may name). */
  run(
    db: Database,
    specs: ScopeSpecs,
    auth: AuthenticatedUser,
    file: UploadedFile,
    mode: ImportMode,
  ): Promise<ImportReport>;
}

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
        items: {
          type: 'object',
          properties: { row: { type: 'integer' }, column: { type: 'string' }, message: { type: 'string' } },
        },
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
          file: {
            description: `the XLSX or CSV file, at most ${IMPORT_LIMITS.maxBytes} bytes and ${IMPORT_LIMITS.maxRows} rows`,
          },
          mode: {
            type: 'string',
            enum: [...IMPORT_MODES],
            description: 'all: nothing until every row is valid; valid: the valid rows',
          },
        },
      },
    },
  },
} as const;

/** The form's mode, checked against importBody's list before the handler (a multipart body has no static type); none: 'all'. */
const modeOf = (body: unknown): ImportMode => {
  const mode = typeof body === 'object' && body !== null && 'mode' in body ? body.mode : undefined;
  return IMPORT_MODES.find((m) => m === mode) ?? 'all';
};

export default async function importRoutes(app: App, opts: { db: Database; import: SectionImport }) {
  const { section, templateName, requireRight, template, run } = opts.import;
  // a role that cannot fill a required field of the section imports nothing into it
  const mayImport = (auth: AuthenticatedUser) => {
    requireRight(auth);
    requireCompleteCreate(auth, section);
  };
  await spreadsheetUploads(app, { fields: 2, check: (request) => mayImport(requireAuth(request)) });

  app.get(
    `/${section}/import/template`,
    {
      schema: {
        tags: [section],
        summary: 'The import template: the columns the caller may fill, with an example row (XLSX)',
        querystring: noQuery,
        response: responses({ 200: { description: 'the XLSX file', type: 'string', format: 'binary' } }),
      },
    },
    async (request, reply) => {
      const file = await template(requireAuth(request));
      reply.header('Content-Type', XLSX);
      reply.header('Content-Disposition', attachment(templateName));
      reply.header('Cache-Control', 'no-store');
      return reply.send(file);
    },
  );

  app.post(
    `/${section}/import`,
    {
      schema: {
        tags: [section],
        summary: `Import ${section} from an XLSX or CSV file: the per-row report`,
        consumes: ['multipart/form-data'],
        querystring: noQuery,
        body: importBody,
        response: reportResponse,
      },
      schemaErrorFormatter: russianErrors({
        fields: { '': IMPORT_MSG.noFile, file: IMPORT_MSG.noFile, mode: IMPORT_MSG.mode },
      }),
    },
    async (request) => {
      const file = uploadedFile(request);
      return run(opts.db, app.sectionSpecs, requireAuth(request), file, modeOf(request.body));
    },
  );
}
