// /api/reserves: the list, bulk delete and the filter config (also at the spec's own path), one reserve's card,
// and its steps: complete and cancel.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { requireAuth } from '../../http/auth';
import { listRoutes } from '../../lists/routes';
import { filterConfig } from '../../lists/filterConfig';
import { reservesSpec } from './list';
import { idParams, noQuery, wantsDeleted, withDeletedQuery } from '../../http/schemas';
import { filterConfigResponse } from '../../lists/schema';
import { noBody, reserveBody, reserveResponse } from './schema';
import { readReserve } from './record';
import { cancelReserve, completeReserve, createReserve, updateReserve } from './lifecycle';

export default async function reservesPlugin(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  listRoutes(app, db, reservesSpec);
  // the spec's own path for the reserves filter config
  app.get('/reserves_filter_config', {
    schema: { tags: ['reserves'], summary: 'reserves: filter fields and options', querystring: noQuery, response: filterConfigResponse },
  }, async (request) =>
    filterConfig(db, reservesSpec, requireAuth(request), app.sectionSpecs),
  );

  const idOf = (params: unknown) => (params as { id: number }).id;

  app.get('/reserves/:id', {
    schema: { tags: ['reserves'], summary: 'One reserve with its offer\'s figures; a deleted one only with ?withDeleted', params: idParams, querystring: withDeletedQuery, response: reserveResponse(200) },
  }, async (request) =>
    readReserve(db, requireAuth(request), idOf(request.params), wantsDeleted((request.query as { withDeleted?: string }).withDeleted)),
  );
  app.post('/reserves', {
    schema: { tags: ['reserves'], summary: 'Reserve part of an offer\'s stock (400 when the offer cannot give it)', querystring: noQuery, body: reserveBody, response: reserveResponse(201) },
  }, async (request, reply) => {
    const reserve = await createReserve(db, requireAuth(request), (request.body ?? {}) as Record<string, unknown>);
    reply.status(201);
    return reserve;
  });
  app.patch('/reserves/:id', {
    schema: { tags: ['reserves'], summary: 'Change an active reserve; a new amount moves the offer\'s stock', params: idParams, querystring: noQuery, body: reserveBody, response: reserveResponse(200) },
  }, async (request) =>
    updateReserve(db, requireAuth(request), idOf(request.params), (request.body ?? {}) as Record<string, unknown>),
  );
  app.post('/reserves/:id/complete', {
    schema: { tags: ['reserves'], summary: 'Complete an active reserve: its amount becomes purchased', params: idParams, querystring: noQuery, body: noBody, response: reserveResponse(200) },
  }, async (request) =>
    completeReserve(db, requireAuth(request), idOf(request.params)),
  );
  app.post('/reserves/:id/cancel', {
    schema: { tags: ['reserves'], summary: 'Cancel an active reserve: its amount returns to the offer', params: idParams, querystring: noQuery, body: noBody, response: reserveResponse(200) },
  }, async (request) =>
    cancelReserve(db, requireAuth(request), idOf(request.params)),
  );
}
