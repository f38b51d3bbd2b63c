import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { listRoutes } from '../lists/routes';
import { reservesSpec } from '../sections/reserves';
import { requireAuth } from '../http/auth';
import { filterConfig } from '../lists/filterConfig';

export default async function reservesRoutes(app: FastifyInstance, opts: { db: Database }) {
  listRoutes(app, opts.db, reservesSpec);
  // the spec's own path for the reserves filter config
  app.get('/reserves_filter_config', { schema: { tags: ['reserves'], summary: 'reserves: filter fields and options' } }, async (request) =>
    filterConfig(opts.db, reservesSpec, requireAuth(request)),
  );
}
