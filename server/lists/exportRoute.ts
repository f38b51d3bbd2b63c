// The export route every section's list gets beside its page: the list's own query schema (filter keys, sort,
// order, withDeleted) plus the format and the columns, answered with a file streamed as it is written.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { requireAuth } from '../http/auth';
import { responses } from '../http/schemas';
import { russianErrors, type ErrorTexts } from '../http/validation';
import type { SectionSpec } from './engine';
import { EXPORT_FORMATS, EXPORT_MSG, attachment, prepareExport, type ExportFormat } from './export';
import type { RawQuery } from './query';
import { listQuerySchema } from './schema';

export function exportQuerySchema(spec: SectionSpec): { schema: object; texts: ErrorTexts } {
  const list = listQuerySchema(spec.filterDefs);
  const schema = list.schema as { properties: Record<string, object> };
  return {
    schema: {
      ...schema,
      required: ['format'],
      properties: {
        ...schema.properties,
        format: { type: 'string', enum: [...EXPORT_FORMATS], description: 'xlsx or csv' },
        columns: {
          type: 'array', maxItems: 200, items: { type: 'string', maxLength: 2000 },
          description: 'column keys in the order wanted (repeated or comma-separated); every visible column by default',
        },
      },
    },
    texts: { ...list.texts, fields: { ...list.texts.fields, format: EXPORT_MSG.format } },
  };
}

export function exportRoute(app: FastifyInstance, db: Database, spec: SectionSpec) {
  const query = exportQuerySchema(spec);
  app.get(`/${spec.section}/export`, {
    schema: {
      tags: [spec.section],
      summary: `${spec.section}: the filtered, sorted list as an XLSX or CSV file`,
      querystring: query.schema,
      response: responses({}),
    },
    schemaErrorFormatter: russianErrors(query.texts),
  }, async (request, reply) => {
    const { format, columns, ...rest } = request.query as RawQuery & { format: ExportFormat; columns?: string[] };
    const { page: _page, perPage: _perPage, ...listQuery } = rest;
    const file = await prepareExport(db, spec, requireAuth(request), { format, columns, query: listQuery });
    // the client stops reading: stop paging the database
    reply.raw.on('close', () => file.stream.destroy());
    reply.header('Content-Type', file.contentType);
    reply.header('Content-Disposition', attachment(file.fileName));
    reply.header('Cache-Control', 'no-store');
    reply.header('X-Total-Count', String(file.total));
    return reply.send(file.stream);
  });
}
