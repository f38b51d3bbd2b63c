// /api/suppliers: the list, bulk delete and the filter config; one supplier's card.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { requireAuth } from '../../http/auth';
import { idParams, noQuery, wantsDeleted, withDeletedQuery } from '../../http/schemas';
import { listRoutes } from '../../lists/routes';
import { suppliersSpec } from './list';
import { supplierBody, supplierResponse } from './schema';
import { createSupplier, readSupplier, updateSupplier } from './record';

type Row = Record<string, unknown>;

export default async function suppliersPlugin(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  listRoutes(app, db, suppliersSpec);
  const idOf = (params: unknown) => (params as { id: number }).id;

  app.get('/suppliers/:id', {
    schema: { tags: ['suppliers'], summary: 'One supplier with its figures; a deleted one only with ?withDeleted', params: idParams, querystring: withDeletedQuery, response: supplierResponse(200) },
  }, async (request) => readSupplier(db, requireAuth(request), idOf(request.params), wantsDeleted((request.query as { withDeleted?: string }).withDeleted)));
  app.post('/suppliers', {
    schema: { tags: ['suppliers'], summary: 'Create a supplier (409 with the id of a supplier with the same INN)', querystring: noQuery, body: supplierBody, response: supplierResponse(201) },
  }, async (request, reply) => {
    const record = await createSupplier(db, requireAuth(request), (request.body ?? {}) as Row);
    reply.status(201);
    return record;
  });
  app.patch('/suppliers/:id', {
    schema: { tags: ['suppliers'], summary: 'Change a supplier', params: idParams, querystring: noQuery, body: supplierBody, response: supplierResponse(200) },
  }, async (request) => updateSupplier(db, requireAuth(request), idOf(request.params), (request.body ?? {}) as Row));
}
