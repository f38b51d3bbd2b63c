// /api/shipments: the list, bulk delete, the filter config and the export; one shipment's card with its
// lots and cost lines; the landed cost per kg of its lots, and of one lot for the offer card's waterfall.
import type { App } from '../../http/typed';
import type { Database } from '../../db/client';
import { requireAuth } from '../../accounts/auth';
import { idOf, idParams, noQuery } from '../../http/schemas';
import { listRoutes } from '../../lists/routes';
import { cardRoutes } from '../../records/cardRoutes';
import { shipmentsSpec } from './list';
import { shipmentBody, shipmentSummaries, landedResponse } from './schema';
import { shipmentRecord } from './record';
import { landedOfLot, landedOfShipment } from './landedRead';

export default async function shipmentsPlugin(app: App, opts: { db: Database }) {
  const { db } = opts;
  listRoutes(app, db, shipmentsSpec);
  cardRoutes(app, db, { body: shipmentBody, summaries: shipmentSummaries, record: shipmentRecord });
  app.get(
    '/shipments/:id/landed-cost',
    {
      schema: {
        tags: ['shipments'],
        summary: "Each lot's landed cost per kg, its waterfall by kind, the estimate and the difference",
        params: idParams,
        querystring: noQuery,
        response: landedResponse,
      },
    },
    async (request) => landedOfShipment(db, requireAuth(request), idOf(request.params)),
  );
  app.get(
    '/shipments/lots/:id/landed-cost',
    {
      schema: {
        tags: ['shipments'],
        summary: "One lot's landed cost per kg and its waterfall (the offer card); 404 for a lot in no shipment",
        params: idParams,
        querystring: noQuery,
        response: landedResponse,
      },
    },
    async (request) => landedOfLot(db, requireAuth(request), idOf(request.params)),
  );
}
