// /api/cities/{id}/delivery: the city's row of the delivery matrix, one entry per other city (the card's
// 'Города' tab), read and saved in one request with the rows the table changed.
import type { App } from '../../http/typed';
import type { Database } from '../../db/client';
import { requireAuth } from '../../accounts/auth';
import { idOf, idParams, withDeletedOf, withDeletedQuery } from '../../http/schemas';
import { partVersionOf, partVersionQuery } from '../../records/recordWrites';
import { deliveryResponse, deliveryRowsBody } from './schema';
import { readDelivery, saveDelivery } from './record';

export function deliveryMatrixRoutes(app: App, db: Database) {
  app.get(
    '/cities/:id/delivery',
    {
      schema: {
        tags: ['cities'],
        summary: 'Delivery from the city to every other city: {id, to_id, to_name, cost, days}',
        params: idParams,
        querystring: withDeletedQuery,
        response: deliveryResponse,
      },
    },
    async (request) => readDelivery(db, requireAuth(request), idOf(request.params), withDeletedOf(request.query)),
  );
  app.put(
    '/cities/:id/delivery',
    {
      schema: {
        tags: ['cities'],
        summary: 'Save the changed rows {to_id, cost, days}; a row with neither cost nor days is removed',
        params: idParams,
        querystring: partVersionQuery,
        body: deliveryRowsBody,
        response: deliveryResponse,
      },
    },
    async (request) =>
      saveDelivery(db, requireAuth(request), idOf(request.params), request.body, partVersionOf(request.query)),
  );
}
