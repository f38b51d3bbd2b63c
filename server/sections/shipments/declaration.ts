// A lot's customs declaration as its shipment holds it, which the УПД puts on the lot's line.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

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
