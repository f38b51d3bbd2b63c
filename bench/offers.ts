// 100 000 offers for the server benches: the demo data set, its offers multiplied with their real references
// and figures (prices spread by up to ±10 %, dates a few hours apart), then ANALYZE.
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { seedDemoData } from '../server/db/seed';

export const TARGET_OFFERS = 100_000;

/** Seeds the demo data and grows the offers to at least `target`; returns how many there are. */
export async function seedOffers(db: Database, target = TARGET_OFFERS): Promise<number> {
  await seedDemoData(db, { now: new Date('2026-11-01T09:00:00Z') });
  const [{ n }] = (await db.execute(sql`SELECT count(*)::int AS n FROM offers`) as unknown as { rows: { n: number }[] }).rows;
  const copies = Math.ceil(target / n) - 1;
  await db.execute(sql`
    INSERT INTO offers (product_id, variety_id, packing_id, city_id, supplier_id, harvest_year, origin_country,
      unit_measure, unit_weight, units_per_pack, unit_amount, unit_price, total_sum, kg_price, warehouse_cost,
      min_unit_price, max_unit_price, reserved_amount, purchased_amount, loading_address, created_by, status, created_at)
    SELECT product_id, variety_id, packing_id, city_id, supplier_id, harvest_year, origin_country,
      unit_measure, unit_weight, units_per_pack, unit_amount, round(unit_price * (0.9 + (g % 20) / 100.0), 2), total_sum,
      kg_price, warehouse_cost, min_unit_price, max_unit_price, reserved_amount, purchased_amount, loading_address,
      created_by, status, created_at - (g || ' hours')::interval
    FROM offers, generate_series(1, ${copies}) AS g`);
  await db.execute(sql`ANALYZE`);
  const [{ total }] = (await db.execute(sql`SELECT count(*)::int AS total FROM offers`) as unknown as { rows: { total: number }[] }).rows;
  return total;
}

/** `n` active offers holding no reserves, each made the only one of its kind (a harvest year of its own, so no
 * card's duplicate rule refuses a bulk write of them): their ids, ascending. */
export async function soleActiveOffers(db: Database, n: number): Promise<number[]> {
  const { rows } = await db.execute(sql`
    UPDATE offers SET harvest_year = (5000 + id)::text WHERE id IN (
      SELECT id FROM offers WHERE status = 'active' AND reserved_amount = 0 ORDER BY id LIMIT ${n})
    RETURNING id`) as unknown as { rows: { id: number }[] };
  const ids = rows.map((r) => Number(r.id)).sort((x, y) => x - y);
  if (ids.length < n) throw new Error(`only ${ids.length} active offers`);
  await db.execute(sql`ANALYZE offers`);
  return ids;
}
