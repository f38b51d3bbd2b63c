// The routes every section's list has: GET /api/{section}, DELETE /api/{section}, the filter config and the export,
// each with its schema: the query string generated from the section's filters, the {ids} body of a delete.
import { Type } from '@sinclair/typebox';
import type { App } from '../http/typed';
import type { Database } from '../db/client';
import { requireAuth } from '../accounts/auth';
import { noQuery, responses } from '../http/schemas';
import { russianErrors } from '../http/validation';
import { runList } from './engine';
import type { SectionSpec } from '../contract/section';
import { bulkDelete } from './delete';
import { filterConfig } from './filterConfig';
import { attachment, prepareExport } from './export';
import { checked } from './query';
import { deleteBodyOf, deleteResponse, deleteTexts, filterConfigResponse, listResponse } from './schema';
import { decodeExport, type RawQuery } from '../../domain/listQuery';
import { exportQuerySchema, listQuerySchema } from '../../domain/listQuerySchemas';

/** The list's query string, built from the section's filters: each key one value or a list, read as text (page and
 * perPage may come coerced to numbers, which the decoder reads as text too). */
const queryOf = (query: { schema: object }) => Type.Unsafe<RawQuery>(query.schema);

export function listRoutes(app: App, db: Database, spec: SectionSpec) {
  const path = `/${spec.section}`;
  const tags = [spec.section];
  const query = listQuerySchema(spec.filterDefs);
  app.get(
    path,
    {
      schema: {
        tags,
        summary: `${spec.section}: a page, sorted and filtered`,
        querystring: queryOf(query),
        response: listResponse,
      },
      schemaErrorFormatter: russianErrors(query.texts),
    },
    async (request) => runList(db, spec, requireAuth(request), request.query, `/api${path}`),
  );
  app.delete(
    path,
    {
      schema: {
        tags,
        summary: `${spec.section}: soft-delete {ids}`,
        querystring: noQuery,
        body: deleteBodyOf(spec.inUse?.handOver?.field),
        response: deleteResponse,
      },
      schemaErrorFormatter: russianErrors(deleteTexts),
    },
    async (request) => bulkDelete(db, spec, requireAuth(request), request.body),
  );
  app.get(
    `${path}/filter_config`,
    {
      schema: {
        tags,
        summary: `${spec.section}: filter fields and options`,
        querystring: noQuery,
        response: filterConfigResponse,
      },
    },
    async (request) => filterConfig(db, spec, requireAuth(request), app.sectionSpecs),
  );
  exportRoute(app, db, spec);
}

/** The error a download is cut with when the instance shuts down: the reader sees a broken download, not a
 * shorter file. */
const EXPORT_SHUTDOWN = 'the instance shuts down: the download is cut';

/** GET /api/{section}/export: the list's own query plus format and columns, answered with the file as it is written. */
function exportRoute(app: App, db: Database, spec: SectionSpec) {
  const query = exportQuerySchema(spec.filterDefs);
  app.get(
    `/${spec.section}/export`,
    {
      schema: {
        tags: [spec.section],
        summary: `${spec.section}: the filtered, sorted list as an XLSX or CSV file`,
        querystring: queryOf(query),
        // the file itself, streamed: Fastify sends a stream as it is, the schema only describes it
        response: responses({ 200: { description: 'the XLSX or CSV file', type: 'string', format: 'binary' } }),
      },
      schemaErrorFormatter: russianErrors(query.texts),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { format, columns, list } = checked(() => decodeExport(request.query));
      // a place among the instance's and the user's downloads, held until the writer is done with the database
      const release = app.heavyGate.enter(auth.user.id);
      let file: Awaited<ReturnType<typeof prepareExport>>;
      try {
        file = await prepareExport(db, spec, auth, { format, columns, query: list, stallMs: app.heavyGate.stallMs });
      } catch (error) {
        release();
        throw error;
      }
      void file.done.finally(release);
      // the client stops reading, or the instance shuts down (which never waits for a download): stop paging the database
      const unregister = app.longLivedStreams.add(() => file.stream.destroy(new Error(EXPORT_SHUTDOWN)));
      reply.raw.on('close', () => {
        unregister();
        file.stream.destroy();
      });
      reply.header('Content-Type', file.contentType);
      reply.header('Content-Disposition', attachment(file.fileName));
      reply.header('Cache-Control', 'no-store');
      reply.header('X-Total-Count', String(file.total));
      return reply.send(file.stream);
    },
  );
}
