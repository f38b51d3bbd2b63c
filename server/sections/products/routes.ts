// /api/products: the list, bulk delete and the filter config; one product's card and its varieties.
import type { App } from '../../http/typed';
import type { Database } from '../../db/client';
import { requireAuth } from '../../accounts/auth';
import { idOf, idParams, withDeletedOf, withDeletedQuery } from '../../http/schemas';
import { partVersionOf, partVersionQuery } from '../../records/recordWrites';
import { listRoutes } from '../../lists/routes';
import { cardRoutes } from '../../records/cardRoutes';
import { productsSpec } from './list';
import { productBody, productSummaries, varietiesResponse, varietyBody, varietyParams } from './schema';
import { addVariety, listVarieties, productRecord, removeVariety, renameVariety } from './record';
import { productDocumentTypesRoutes } from './documentTypes';

export default async function productsPlugin(app: App, opts: { db: Database }) {
  const { db } = opts;
  listRoutes(app, db, productsSpec);
  cardRoutes(app, db, { body: productBody, summaries: productSummaries, record: productRecord });
  productDocumentTypesRoutes(app, db);

  app.get(
    '/products/:id/varieties',
    {
      schema: {
        tags: ['products'],
        summary: "The product's varieties, with how many offers name each",
        params: idParams,
        querystring: withDeletedQuery,
        response: varietiesResponse(200),
      },
    },
    async (request) => listVarieties(db, requireAuth(request), idOf(request.params), withDeletedOf(request.query)),
  );
  app.post(
    '/products/:id/varieties',
    {
      schema: {
        tags: ['products'],
        summary: "Add a variety; answers the product's varieties",
        params: idParams,
        querystring: partVersionQuery,
        body: varietyBody,
        response: varietiesResponse(201),
      },
    },
    async (request, reply) => {
      const list = await addVariety(
        db,
        requireAuth(request),
        idOf(request.params),
        request.body,
        partVersionOf(request.query),
      );
      reply.status(201);
      return list;
    },
  );
  app.patch(
    '/products/:id/varieties/:varietyId',
    {
      schema: {
        tags: ['products'],
        summary: 'Rename a variety',
        params: varietyParams,
        querystring: partVersionQuery,
        body: varietyBody,
        response: varietiesResponse(200),
      },
    },
    async (request) =>
      renameVariety(
        db,
        requireAuth(request),
        idOf(request.params),
        request.params.varietyId,
        request.body,
        partVersionOf(request.query),
      ),
  );
  app.delete(
    '/products/:id/varieties/:varietyId',
    {
      schema: {
        tags: ['products'],
        summary: 'Remove a variety no offer names',
        params: varietyParams,
        querystring: partVersionQuery,
        body: { type: ['object', 'null'] },
        response: varietiesResponse(200),
      },
    },
    async (request) =>
      removeVariety(
        db,
        requireAuth(request),
        idOf(request.params),
        request.params.varietyId,
        partVersionOf(request.query),
      ),
  );
}
