// /api/cities/{id}: one city's card, created (with its delivery rows and comments), read and changed.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { requireAuth } from '../../http/auth';
import { idParams, noQuery, wantsDeleted, withDeletedQuery } from '../../http/schemas';
import { cityBody, cityResponse } from './schema';
import { createCity, readCity, updateCity } from './record';

export function cityCardRoutes(app: FastifyInstance, db: Database) {
  const idOf = (params: unknown) => (params as { id: number }).id;
  app.get('/cities/:id', {
    schema: { tags: ['cities'], summary: 'One city; a deleted one only with ?withDeleted', params: idParams, querystring: withDeletedQuery, response: cityResponse(200) },
  }, async (request) => readCity(db, requireAuth(request), idOf(request.params), wantsDeleted((request.query as { withDeleted?: string }).withDeleted)));
  app.post('/cities', {
    schema: { tags: ['cities'], summary: 'Create a city with its delivery rows (409 with the id of a city of the same name)', querystring: noQuery, body: cityBody, response: cityResponse(201) },
  }, async (request, reply) => {
    const city = await createCity(db, requireAuth(request), (request.body ?? {}) as Record<string, unknown>);
    reply.status(201);
    return city;
  });
  app.patch('/cities/:id', {
    schema: { tags: ['cities'], summary: 'Rename a city', params: idParams, querystring: noQuery, body: cityBody, response: cityResponse(200) },
  }, async (request) => updateCity(db, requireAuth(request), idOf(request.params), (request.body ?? {}) as Record<string, unknown>));
}
