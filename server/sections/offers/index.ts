// /api/offers: the list, bulk delete, the filter config, the export and import, the summary tiles and one offer's card.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { requireAuth } from '../../http/auth';
import { idParams, noQuery, wantsDeleted, withDeletedQuery } from '../../http/schemas';
import { offerBody, offerResponse, summaryResponse } from './schema';
import { listRoutes } from '../../lists/routes';
import { offersSpec } from './list';
import { createOffer, readOffer, updateOffer } from './record';
import { offersSummary } from './summary';
import offerImportRoutes from './importRoutes';

export default async function offersPlugin(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  listRoutes(app, db, offersSpec);
  // the import in a plugin of its own: the multipart parser serves its routes only
  await app.register(offerImportRoutes, { db });

  app.get('/offers/summary', { schema: { tags: ['offers'], summary: 'The three tiles of the offers page', querystring: noQuery, response: summaryResponse } }, async (request) =>
    offersSummary(db, requireAuth(request), app.sectionSpecs.reserves),
  );

  const idOf = (params: unknown) => (params as { id: number }).id;

  app.get('/offers/:id', {
    schema: { tags: ['offers'], summary: 'One offer; a deleted one only with ?withDeleted', params: idParams, querystring: withDeletedQuery, response: offerResponse(200) },
  }, async (request) =>
    readOffer(db, requireAuth(request), idOf(request.params), wantsDeleted((request.query as { withDeleted?: string }).withDeleted)),
  );
  app.post('/offers', {
    schema: { tags: ['offers'], summary: 'Create an offer (409 with the id of an active duplicate)', querystring: noQuery, body: offerBody, response: offerResponse(201) },
  }, async (request, reply) => {
    const offer = await createOffer(db, requireAuth(request), (request.body ?? {}) as Record<string, unknown>);
    reply.status(201);
    return offer;
  });
  app.patch('/offers/:id', {
    schema: { tags: ['offers'], summary: 'Change an offer', params: idParams, querystring: noQuery, body: offerBody, response: offerResponse(200) },
  }, async (request) =>
    updateOffer(db, requireAuth(request), idOf(request.params), (request.body ?? {}) as Record<string, unknown>),
  );
}
