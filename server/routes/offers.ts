// /api/offers: the list (issue: lists), bulk delete, the summary tiles and the filter config.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { requireAuth } from '../auth/plugin';
import { runList } from '../lists/engine';
import { offersSpec } from '../sections/offers';
import type { RawQuery } from '../lists/query';

export default async function offersRoutes(app: FastifyInstance, opts: { db: Database }) {
  app.get('/offers', { schema: { tags: ['offers'], summary: 'Offers, paged, sorted and filtered' } }, async (request) =>
    runList(opts.db, offersSpec, requireAuth(request), request.query as RawQuery, '/api/offers'),
  );
}
