// /api/reserves: the list, bulk delete and the filter config (also at the spec's own path).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { requireAuth } from '../../http/auth';
import { listRoutes } from '../../lists/routes';
import { filterConfig } from '../../lists/filterConfig';
import { reservesSpec } from './list';
import { noQuery } from '../../http/schemas';
import { filterConfigResponse } from '../../lists/schema';

export default async function reservesPlugin(app: FastifyInstance, opts: { db: Database }) {
  listRoutes(app, opts.db, reservesSpec);
  // the spec's own path for the reserves filter config
  app.get('/reserves_filter_config', {
    schema: { tags: ['reserves'], summary: 'reserves: filter fields and options', querystring: noQuery, response: filterConfigResponse },
  }, async (request) =>
    filterConfig(opts.db, reservesSpec, requireAuth(request), app.sectionSpecs),
  );
}
