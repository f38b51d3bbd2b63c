// 100 000 offers for the server benches: the demo data set, its offers multiplied with their real references
// and figures (prices spread by up to ±10 %, dates a few hours apart), then ANALYZE.
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { seedDemoData } from '../server/db/seed';
import { seasonOf } from '../domain/offers/harvestYear';
import { refreshDocumentsState } from '../server/records/documentsState';

export const TARGET_OFFERS = 100_000;

/** Seeds the demo data and grows the offers to at least `target`; returns how many there are. */
export async function seedOffers(db: Database, target = TARGET_OFFERS): Promise<number> {
  await seedDemoData(db, { now: new Date('2026-11-01T09:00:00Z') });
  const [{ n }] = (
    (await db.execute(sql`SELECT count(*)::int AS n FROM offers`)) as unknown as { rows: { n: number }[] }
  ).rows;
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
  // every third lot has a certificate, valid from 60 days ago to 120 days ahead: some lapsed, some
  // within the notice days, most in order; then every offer's papers as stored
  await db.execute(sql`WITH f AS (
      INSERT INTO files (kind, entity_type, entity_id, original_name, mime, size, storage_path, store)
      SELECT 'document', 'offers', id, 'сертификат.pdf', 'application/pdf', 1024, 'bench/' || id, 'database' FROM offers WHERE id % 3 = 0
      RETURNING id, entity_id)
    INSERT INTO offer_documents (offer_id, file_id, type_id, number, valid_until)
    SELECT f.entity_id, f.id, (SELECT id FROM document_types WHERE code = 'phytosanitary'), 'ФС-' || f.entity_id,
      (now() AT TIME ZONE 'Europe/Moscow')::date + (f.entity_id % 180 - 60)
    FROM f`);
  await db.transaction((tx) => refreshDocumentsState(tx, sql`true`, false));
  await db.execute(sql`ANALYZE`);
  const [{ total }] = (
    (await db.execute(sql`SELECT count(*)::int AS total FROM offers`)) as unknown as { rows: { total: number }[] }
  ).rows;
  return total;
}

/** Harvest years the rule takes (1990 to next year, or a season) that no demo offer has (its own are
 * 2023–2026): 1990–2022, then the seasons 1990/91–2022/23. */
export const SPARE_HARVEST_YEARS: readonly string[] = [
  ...Array.from({ length: 33 }, (_, i) => String(1990 + i)),
  ...Array.from({ length: 33 }, (_, i) => seasonOf(1990 + i)),
];

/** `n` active offers holding no reserves, each made the only one of its kind (a harvest year of its own among the
 * offers it could be the twin of, so no card's duplicate rule refuses a bulk write of them): their ids, ascending.
 * The years are valid ones (1990 to next year) before the demo's 2023–2026: 1990–2022. */
export async function soleActiveOffers(db: Database, n: number): Promise<number[]> {
  const { rows } = (await db.execute(sql`
    UPDATE offers o SET harvest_year = (1989 + k.n)::text
    FROM (SELECT id, row_number() OVER (PARTITION BY supplier_id, product_id, variety_id, packing_id, city_id ORDER BY id) AS n
      FROM offers WHERE id IN (SELECT id FROM offers WHERE status = 'active' AND reserved_amount = 0 ORDER BY id LIMIT ${n})) k
    WHERE o.id = k.id
    RETURNING o.id, o.harvest_year`)) as unknown as { rows: { id: number; harvest_year: string }[] };
  const ids = rows.map((r) => Number(r.id)).sort((x, y) => x - y);
  if (ids.length < n) throw new Error(`only ${ids.length} active offers`);
  if (rows.some((r) => Number(r.harvest_year) > 2022))
    throw new Error('more than 33 offers of one kind: no harvest year of their own left');
  await db.execute(sql`ANALYZE offers`);
  return ids;
}

/** `lots` offers of a new product, loaded in every active city but Kazan, half by the kilogram, half in boxes of
 * 0.5 kg pieces, prices spread over 300 steps: a buyer's price list to Kazan of that many lines (the price-list
 * benches). Answers Kazan's id and the product's. */
export async function priceListLots(
  db: Database,
  productName: string,
  lots: number,
): Promise<{ kazan: number; product: number }> {
  const [refs] = (
    (await db.execute(sql`
    WITH p AS (INSERT INTO products (name) VALUES (${productName}) RETURNING id)
    SELECT (SELECT id FROM cities WHERE name = 'Казань') AS kazan, (SELECT id FROM p) AS product`)) as unknown as {
      rows: { kazan: number; product: number }[];
    }
  ).rows;
  await db.execute(sql`
    INSERT INTO offers (product_id, packing_id, city_id, supplier_id, harvest_year, origin_country, unit_measure, unit_weight,
      units_per_pack, unit_amount, unit_price, kg_price, status)
    SELECT ${refs.product}, 1, c.ids[1 + i % array_length(c.ids, 1)], 1, (2000 + i % 25)::text, (ARRAY['Иран', 'Турция', 'Вьетнам', 'США'])[1 + i % 4],
      CASE WHEN i % 2 = 0 THEN 'кг' ELSE 'шт' END, CASE WHEN i % 2 = 0 THEN 1 ELSE 0.5 END, CASE WHEN i % 2 = 0 THEN 10 ELSE 20 END,
      100 + i, 200 + (i % 300), CASE WHEN i % 2 = 0 THEN 200 + (i % 300) ELSE (200 + (i % 300)) * 2 END, 'active'
    FROM generate_series(1, ${lots}) AS i,
      (SELECT array_agg(id ORDER BY id) AS ids FROM cities WHERE status = 'active' AND id <> ${refs.kazan}) AS c`);
  await db.execute(sql`ANALYZE offers`);
  return refs;
}
