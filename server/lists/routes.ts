// The routes every section's list has: GET /api/{section}, DELETE /api/{section} and the filter config.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { requireAuth } from '../http/auth';
import { runList, type SectionSpec } from './engine';
import { bulkDelete } from './delete';
import { filterConfig } from './filterConfig';
import type { RawQuery } from './query';

export function listRoutes(app: FastifyInstance, db: Database, spec: SectionSpec) {
  const path = `/${spec.section}`;
  const tags = [spec.section];
  app.get(path, { schema: { tags, summary: `${spec.section}: a page, sorted and filtered` } }, async (request) =>
    runList(db, spec, requireAuth(request), request.query as RawQuery, `/api${path}`),
  );
  app.delete(path, {
    schema: { tags, summary: `${spec.section}: soft-delete {ids}`, body: { type: 'object', properties: { ids: { type: 'array' } } } },
  }, async (request) => bulkDelete(db, spec, requireAuth(request), request.body));
  app.get(`${path}/filter_config`, { schema: { tags, summary: `${spec.section}: filter fields and options` } }, async (request) =>
    filterConfig(db, spec, requireAuth(request)),
  );
}
