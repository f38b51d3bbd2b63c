// The landed cost as the card and the offer card read it: each lot's cost per kg (the actual lines where a kind has
// them), the estimate it was planned at and the difference per kg, and the waterfall's steps by kind. Read under the
// shipment's read rights, and only by a role that sees what a lot costs.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { forbidden, notFound } from '../../errors';
import { rowsOf } from '../../db/rows';
import { readRecord } from '../../records/pipeline';
import { isFieldVisible } from '../../../domain/permissions';
import type { CostLine } from '../../../domain/shipments/costLines';
import { parseDec, rublesText, unitsAt } from '../../../domain/shipments/decimals';
import { shipmentRecord } from './record';
import { computeLanded } from './landed';

const kopecks = (text: string) => unitsAt(parseDec(text)!, 2);

export async function landedOfShipment(db: Database, auth: AuthenticatedUser, id: number, onlyLot?: number) {
  if (!isFieldVisible(auth.permissions, 'offers', 'landed_kg_cost')) throw forbidden();
  const shipment = await readRecord(db, auth, shipmentRecord, id, false);
  const [row] = rowsOf<{ costs: CostLine[] }>(await db.execute(sql`SELECT costs FROM shipments WHERE id = ${id}`));
  const costs = (typeof row.costs === 'string' ? JSON.parse(row.costs) : row.costs) as CostLine[];
  const landed = await computeLanded(db, id, costs);
  const estimates = new Map((landed?.estimate.lots ?? []).map((l) => [l.offer_id, l.landed_kg_cost]));
  const lots = (landed?.current.lots ?? [])
    .filter((l) => onlyLot === undefined || l.offer_id === onlyLot)
    .map((l) => {
      const estimate = estimates.get(l.offer_id) ?? l.landed_kg_cost;
      return {
        ...l,
        estimate_kg_cost: estimate,
        difference_kg: rublesText(kopecks(l.landed_kg_cost) - kopecks(estimate)),
      };
    });
  return { shipment_id: id, name: String(shipment.name), basis: landed?.current.basis ?? 'actual', lots };
}

/** One lot's landed cost (the offer card's waterfall): 404 for a lot in no shipment. */
export async function landedOfLot(db: Database, auth: AuthenticatedUser, offerId: number) {
  const [row] = rowsOf<{ shipment_id: number | null }>(
    await db.execute(sql`SELECT shipment_id FROM offers WHERE id = ${offerId} AND status <> 'deleted'`),
  );
  if (!row?.shipment_id) throw notFound();
  return landedOfShipment(db, auth, Number(row.shipment_id), offerId);
}
