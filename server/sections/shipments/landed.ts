// A shipment's lots and their landed cost per kg: the lots read from their offers (kg, value, quantity, purchase in
// rubles), each cost line's rate resolved (the one typed on the line, or the Central Bank's on its rate day:
// domain/shipments/rateDay.ts), the split made by domain/shipments/landedCost.ts, and each lot's landed_kg_cost
// stored in the shipment's transaction with the selling band it gives, in the lot's own history and announced.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf, select, selectRows } from '../../db/rows';
import { badRequest } from '../../errors';
import { todayOf } from '../../db/businessDay';
import { recordsChanged, type Author } from '../../records/history';
import { storedRecordOf } from '../../contract/tables';
import type { FieldChange } from '../../../domain/history';
import {
  landedCost,
  LandedCostError,
  type LandedCost,
  type LotBasis,
  type RatedLine,
} from '../../../domain/shipments/landedCost';
import type { CostLine } from '../../../domain/shipments/costLines';
import { rateDayOf } from '../../../domain/shipments/rateDay';
import { SHIPMENT_MSG } from '../../../domain/shipments/schema';
import { rateOn } from '../currencyRates';
import { readBusinessSettings, readImportVatRecovered } from '../../settings';
import { offerSellingBand } from '../../../domain/offers/figures';
import { money } from '../../../domain/numbers';

/** The shipment's lots as the split reads them, in id order (the last lot takes the remainders). */
export async function lotsOf(db: Database, shipmentId: number): Promise<LotBasis[]> {
  const rows = rowsOf<{ id: number; product_id: number; kg: string; value: string; quantity: string }>(
    await db.execute(sql`
    SELECT o.id, o.product_id,
      (o.unit_amount * CASE WHEN o.unit_measure = 'шт' THEN coalesce(o.unit_weight, 0) ELSE 1 END)::text AS kg,
      round(o.unit_amount * o.unit_price, 2)::text AS value, o.unit_amount::text AS quantity
    FROM offers o WHERE o.shipment_id = ${shipmentId} AND o.status <> 'deleted' ORDER BY o.id`),
  );
  return rows.map((r) => ({
    offer_id: Number(r.id),
    product_id: Number(r.product_id),
    weight_kg: r.kg,
    value: r.value,
    quantity: r.quantity,
    purchase_rub: r.value,
  }));
}

/** Every line with its rate: the typed one, rubles at 1, else the Central Bank's in force on the line's rate day
 * (domain/shipments/rateDay.ts: its own day, today's when it has none). */
export async function ratedLines(db: Database, lines: CostLine[]): Promise<RatedLine[]> {
  const today = await todayOf(db);
  const rated: RatedLine[] = [];
  for (const [i, line] of lines.entries()) {
    const day = rateDayOf(line, today);
    if (day === null) {
      rated.push({ ...line, unit_rate: line.rate || '1' });
      continue;
    }
    const rate = (await rateOn(db, line.currency, day))?.unit_rate;
    if (!rate)
      throw badRequest(
        SHIPMENT_MSG.line(i + 1, `нет курса ${line.currency} на ${day.split('-').reverse().join('.')}: укажите курс`),
      );
    rated.push({ ...line, unit_rate: rate });
  }
  return rated;
}

export interface ShipmentLanded {
  /** The lots' cost: each kind's actual lines where it has any, else its estimate. */
  current: LandedCost;
  /** What was planned: each kind's estimate where it has one, else its actual lines. */
  estimate: LandedCost;
}

/** The landed cost of the shipment's lots for these lines; 400 in Russian where it cannot be computed (a lot with no
 * weight, a zero basis, a line with no rate). Null for a shipment with no lots. */
export async function computeLanded(
  db: Database,
  shipmentId: number,
  lines: CostLine[],
): Promise<ShipmentLanded | null> {
  const lots = await lotsOf(db, shipmentId);
  if (!lots.length) return null;
  const rated = await ratedLines(db, lines);
  const vat = await readImportVatRecovered(db);
  try {
    return {
      current: landedCost(lots, rated, { vatRecovered: vat }),
      estimate: landedCost(lots, rated, { vatRecovered: vat, prefer: 'estimate' }),
    };
  } catch (e) {
    if (e instanceof LandedCostError) throw badRequest(e.message);
    throw e;
  }
}

const idsArray = (ids: number[]) => `{${ids.join(',')}}`;

/** Inside the shipment's write: each lot's landed cost stored where it moved (null for `released` lots, which left
 * the shipment), each moved lot's history telling it (the lists and cards hear of it); answers the shipment's history
 * of the moves, by lot. */
export async function storeLanded(
  tx: Database,
  by: Author,
  shipmentId: number,
  lines: CostLine[],
  released: number[] = [],
): Promise<FieldChange[]> {
  const landed = await computeLanded(tx, shipmentId, lines);
  const next = new Map<number, string | null>(released.map((id) => [id, null]));
  for (const lot of landed?.current.lots ?? []) next.set(lot.offer_id, lot.landed_kg_cost);
  if (!next.size) return [];
  const row = select({ row: storedRecordOf('offers', sql`t`) });
  const before = (
    await selectRows(
      tx,
      row,
      sql`FROM offers t WHERE t.id = ANY(${idsArray([...next.keys()])}::int[]) ORDER BY t.id FOR UPDATE`,
    )
  ).map((r) => r.row);
  const shown = (v: unknown) => (v === null || v === undefined ? null : Number(v).toFixed(2));
  const moved = before.filter((o) => shown(o.landed_kg_cost) !== next.get(Number(o.id)));
  if (!moved.length) return [];
  // the selling band follows the landed cost, which replaces the lot's kg price and hand-typed delivery in it
  const settings = await readBusinessSettings(tx);
  const values = JSON.stringify(
    moved.map((o) => {
      const cost = next.get(Number(o.id)) ?? null;
      const band = offerSellingBand(
        { ...(o as Parameters<typeof offerSellingBand>[0]), landed_kg_cost: cost },
        settings,
      );
      return { id: Number(o.id), cost, min: money(band.min_unit_price), max: money(band.max_unit_price) };
    }),
  );
  await tx.execute(
    sql`UPDATE offers o SET landed_kg_cost = v.cost, min_unit_price = v.min, max_unit_price = v.max
    FROM jsonb_to_recordset(${values}::jsonb) AS v(id int, cost numeric, min numeric, max numeric) WHERE o.id = v.id`,
  );
  const after = new Map(
    (
      await selectRows(tx, row, sql`FROM offers t WHERE t.id = ANY(${idsArray(moved.map((o) => Number(o.id)))}::int[])`)
    ).map((r) => [Number(r.row.id), r.row]),
  );
  await recordsChanged(
    tx,
    by,
    'offers',
    moved.map((o) => ({ id: Number(o.id), before: o, after: after.get(Number(o.id))! })),
  );
  return moved.map((o) => ({
    field: 'landed_kg_cost',
    key: Number(o.id),
    name: `№ ${o.id}`,
    old: shown(o.landed_kg_cost),
    new: next.get(Number(o.id)),
  }));
}
