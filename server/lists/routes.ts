// The routes every section's list has: GET /api/{section}, DELETE /api/{section}, the filter config and the export,
// each with its schema: the query string generated from the section's filters, the {ids} body of a delete.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { requireAuth } from '../http/auth';
import { noQuery } from '../http/schemas';
import { russianErrors } from '../http/validation';
import { runList, type SectionSpec } from './engine';
import { bulkDelete } from './delete';
import { filterConfig } from './filterConfig';
import { exportRoute } from './exportRoute';
import type { RawQuery } from './query';
import { deleteBody, deleteResponse, deleteTexts, filterConfigResponse, listQuerySchema, listResponse } from './schema';

export function listRoutes(app: FastifyInstance, db: Database, spec: SectionSpec) {
  const path = `/${spec.section}`;
  const tags = [spec.section];
  const query = listQuerySchema(spec.filterDefs);
  app.get(path, {
    schema: { tags, summary: `${spec.section}: a page, sorted and filtered`, querystring: query.schema, response: listResponse },
    schemaErrorFormatter: russianErrors(query.texts),
  }, async (request) => runList(db, spec, requireAuth(request), request.query as RawQuery, `/api${path}`));
  app.delete(path, {
    schema: { tags, summary: `${spec.section}: soft-delete {ids}`, querystring: noQuery, body: deleteBody, response: deleteResponse },
    schemaErrorFormatter: russianErrors(deleteTexts),
  }, async (request) => bulkDelete(db, spec, requireAuth(request), request.body));
  app.get(`${path}/filter_config`, {
    schema: { tags, summary: `${spec.section}: filter fields and options`, querystring: noQuery, response: filterConfigResponse },
  }, async (request) => filterConfig(db, spec, requireAuth(request), app.sectionSpecs));
  exportRoute(app, db, spec);
}
