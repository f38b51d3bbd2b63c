// /api/products: the list, bulk delete and the filter config; one product's card and its varieties.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { requireAuth } from '../../http/auth';
import { idParams, noQuery, wantsDeleted, withDeletedQuery } from '../../http/schemas';
import { listRoutes } from '../../lists/routes';
import { productsSpec } from './list';
import { productBody, productResponse, varietiesResponse, varietyBody, varietyParams } from './schema';
import { addVariety, createProduct, listVarieties, readProduct, removeVariety, renameVariety, updateProduct } from './record';

type Row = Record<string, unknown>;

export default async function productsPlugin(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  listRoutes(app, db, productsSpec);
  const idOf = (params: unknown) => (params as { id: number }).id;
  const varietyOf = (params: unknown) => (params as { varietyId: number }).varietyId;
  const withDeleted = (query: unknown) => wantsDeleted((query as { withDeleted?: string }).withDeleted);

  app.get('/products/:id', {
    schema: { tags: ['products'], summary: 'One product; a deleted one only with ?withDeleted', params: idParams, querystring: withDeletedQuery, response: productResponse(200) },
  }, async (request) => readProduct(db, requireAuth(request), idOf(request.params), withDeleted(request.query)));
  app.post('/products', {
    schema: { tags: ['products'], summary: 'Create a product (409 with the id of a product of the same name)', querystring: noQuery, body: productBody, response: productResponse(201) },
  }, async (request, reply) => {
    const product = await createProduct(db, requireAuth(request), (request.body ?? {}) as Row);
    reply.status(201);
    return product;
  });
  app.patch('/products/:id', {
    schema: { tags: ['products'], summary: 'Rename, deactivate (status deactivated) or reactivate (active) a product', params: idParams, querystring: noQuery, body: productBody, response: productResponse(200) },
  }, async (request) => updateProduct(db, requireAuth(request), idOf(request.params), (request.body ?? {}) as Row));

  app.get('/products/:id/varieties', {
    schema: { tags: ['products'], summary: 'The product\'s varieties, with how many offers name each', params: idParams, querystring: withDeletedQuery, response: varietiesResponse(200) },
  }, async (request) => listVarieties(db, requireAuth(request), idOf(request.params), withDeleted(request.query)));
  app.post('/products/:id/varieties', {
    schema: { tags: ['products'], summary: 'Add a variety; answers the product\'s varieties', params: idParams, querystring: noQuery, body: varietyBody, response: varietiesResponse(201) },
  }, async (request, reply) => {
    const list = await addVariety(db, requireAuth(request), idOf(request.params), request.body);
    reply.status(201);
    return list;
  });
  app.patch('/products/:id/varieties/:varietyId', {
    schema: { tags: ['products'], summary: 'Rename a variety', params: varietyParams, querystring: noQuery, body: varietyBody, response: varietiesResponse(200) },
  }, async (request) => renameVariety(db, requireAuth(request), idOf(request.params), varietyOf(request.params), request.body));
  app.delete('/products/:id/varieties/:varietyId', {
    schema: { tags: ['products'], summary: 'Remove a variety no offer names', params: varietyParams, querystring: noQuery, body: { type: ['object', 'null'] }, response: varietiesResponse(200) },
  }, async (request) => removeVariety(db, requireAuth(request), idOf(request.params), varietyOf(request.params)));
}
