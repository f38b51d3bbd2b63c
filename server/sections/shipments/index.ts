// /api/shipments: the list, bulk delete, the filter config and the export; one shipment's card with its
// lots and cost lines; the landed cost per kg of its lots, and of one lot for the offer card's waterfall. Also the
// section's public face: what other sections and wings may ask of shipments (a lot's customs declaration).
import type { App } from '../../http/typed';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { requireAuth } from '../../accounts/auth';
import { idOf, idParams, noQuery } from '../../http/schemas';
import { listRoutes } from '../../lists/routes';
import { cardRoutes } from '../../records/cardRoutes';
import { rowsOf } from '../../db/rows';
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

/** A lot's customs declaration from its shipment, where it has one: by offer id, the declaration's number and date. */
export async function declarationOf(
  db: Database,
  offerIds: number[],
): Promise<Map<number, { dt_number: string; dt_date: string | null }>> {
  if (!offerIds.length) return new Map();
  const rows = rowsOf<{ id: number; dt_number: string; dt_date: string | null }>(
    await db.execute(sql`
    SELECT o.id, sh.dt_number, sh.dt_date::text AS dt_date FROM offers o JOIN shipments sh ON sh.id = o.shipment_id
    WHERE o.id = ANY(${`{${offerIds.join(',')}}`}::int[]) AND sh.status <> 'deleted' AND sh.dt_number IS NOT NULL AND sh.dt_number <> ''`),
  );
  return new Map(rows.map((r) => [Number(r.id), { dt_number: r.dt_number, dt_date: r.dt_date }]));
}

// the public face: the plugin above and the list spec the sections' registry reads; nothing outside this folder imports
// its other files
export { shipmentsSpec } from './list';
