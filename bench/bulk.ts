// Bulk work on 1 000 offers through the whole server (app.inject: auth hook, schema, the set-based engine of
// server/records/bulk.ts): a bulk edit of the loading address, a price moved +5 % (every rule of the card checked:
// the schema, stock, reserves, duplicates, the selling band recomputed), a bulk delete and a bulk restore of the
// same offers. The demo data's offers are grown to BENCH_OFFERS (default 20 000), and 1 000 active offers with no
// active twin are picked. Goals: the edit ≤ 1 s on PostgreSQL, ≤ 2 s on PGlite. Then the same for 1 000
// active reserves (20 on each of 50 offers, made through the card and copied): a bulk edit of their delivery address
// (each through the reserve's own rules: its schema on its offer's figures and kept terms, the band, the
// responsible, the buyer), a bulk delete giving their stock back and a bulk restore taking it again.
// Runs on PGlite in memory; with DATABASE_URL set, on that PostgreSQL server too (in a throwaway database).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { createTestApp, signIn } from '../server/__tests__/testApp';
import { DEMO_PASSWORD } from '../domain/api';
import { onEachEngine } from './engines';
import { SPARE_HARVEST_YEARS, seedOffers, soleActiveOffers } from './offers';

const ROWS = 1000;
const RUNS = 3;
/** The reserves' bench: this many offers, each with ROWS / RESERVE_OFFERS reserves. */
const RESERVE_OFFERS = 50;

type Call = (
  method: 'PATCH' | 'DELETE' | 'POST',
  url: string,
  payload: object,
) => Promise<{ body: Record<string, unknown>; seconds: number }>;

/** ROWS active reserves of 20 kg, ROWS / RESERVE_OFFERS on each of RESERVE_OFFERS new offers: one per offer made
 * through the card (the stock writer, the band, the terms), the rest copied from it in SQL with the offers' reserved
 * amounts grown to match. Answers their ids. */
async function seedReserves(db: Database, call: Call): Promise<number[]> {
  for (const [name, value] of Object.entries({
    delivery_cost_default: '15',
    costs_per_kg: '12',
    min_markup: '0.1',
    max_markup: '0.35',
  })) {
    await db.execute(
      sql`INSERT INTO business_settings (name, value) VALUES (${name}, ${value}) ON CONFLICT (name) DO UPDATE SET value = ${value}`,
    );
  }
  const refs = rowsOf<{ product_id: number; from_city: number; to_city: number; employee: number }>(
    await db.execute(sql`
    SELECT (SELECT product_id FROM offers LIMIT 1) AS product_id, (SELECT min(id) FROM cities WHERE status = 'active') AS from_city,
      (SELECT max(id) FROM cities WHERE status = 'active') AS to_city, (SELECT min(id) FROM employees WHERE status = 'active') AS employee`),
  )[0];
  await db.execute(
    sql`DELETE FROM city_delivery WHERE from_city_id = ${refs.from_city} AND to_city_id = ${refs.to_city}`,
  );
  const perOffer = ROWS / RESERVE_OFFERS;
  const templates: number[] = [];
  for (let i = 0; i < RESERVE_OFFERS; i++) {
    const offer = await call('POST', '/api/offers', {
      product_id: refs.product_id,
      packing_id: 1,
      city_id: refs.from_city,
      supplier_id: 1,
      harvest_year: SPARE_HARVEST_YEARS[i],
      origin_country: 'Иран',
      unit_measure: 'кг',
      unit_weight: '1',
      units_per_pack: '10',
      unit_amount: '100000',
      unit_price: '300',
      warehouse_cost: '0',
      loading_address: 'Москва, ул. Складская, 9',
    });
    const reserve = await call('POST', '/api/reserves', {
      offer_id: offer.body.id,
      amount: '20',
      packs_amount: '2',
      unit_selling_price: '400',
      estimated_date_implementation: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      buyer_name: 'ООО «Орех»',
      buyer_phone: '+7 (912) 345-67-89',
      city_id: refs.to_city,
      delivery_address: 'Казань, ул. Баумана, 5',
      delivery_cost: '15',
      delivery_days: '3',
      responsible_id: refs.employee,
    });
    templates.push(Number(reserve.body.id));
  }
  const columns = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT column_name AS name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'reserves' AND column_name NOT IN ('id', 'version') AND is_generated = 'NEVER'`),
  ).map((c) => sql.identifier(c.name));
  const list = sql.join(columns, sql`, `);
  await db.execute(sql`INSERT INTO reserves (${list}) SELECT ${list} FROM reserves, generate_series(2, ${perOffer}) AS g
    WHERE id = ANY(${`{${templates.join(',')}}`}::int[])`);
  await db.execute(sql`UPDATE offers o SET reserved_amount = o.reserved_amount + ${20 * (perOffer - 1)}
    WHERE o.id IN (SELECT offer_id FROM reserves WHERE id = ANY(${`{${templates.join(',')}}`}::int[]))`);
  await db.execute(sql`ANALYZE`);
  return rowsOf<{ id: number }>(
    await db.execute(sql`SELECT r.id FROM reserves r WHERE r.status = 'active' AND r.offer_id IN
    (SELECT offer_id FROM reserves WHERE id = ANY(${`{${templates.join(',')}}`}::int[])) ORDER BY r.id`),
  ).map((r) => Number(r.id));
}

const engineName = (engine: string) => (engine.startsWith('PGlite') ? 'pglite' : 'postgresql');

async function bench(engine: string) {
  const ctx = await createTestApp({ scryptN: 2 ** 14 });
  try {
    const total = await seedOffers(ctx.db, Number(process.env.BENCH_OFFERS ?? 20_000));
    const ids = await soleActiveOffers(ctx.db, ROWS);
    const token = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
    const call: Call = async (method, url, payload) => {
      const start = performance.now();
      const res = await ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
      const ms = performance.now() - start;
      if (res.statusCode !== 200 && res.statusCode !== 201)
        throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return { body: res.json() as Record<string, unknown>, seconds: ms / 1000 };
    };
    console.log(`\n${engine}: ${ROWS} of ${total} offers`);
    const report = (op: string, seconds: number, done: unknown) => {
      console.log(`  ${op.padEnd(22)} ${seconds.toFixed(2)} s  (${String(done)} of ${ROWS})`);
      return seconds;
    };
    const edits: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const edit = await call('PATCH', '/api/offers', {
        ids,
        set: { loading_address: `Москва, ул. Складская, ${run + 1}` },
      });
      edits.push(report('edit loading address', edit.seconds, edit.body.changed));
      if (edit.body.changed !== ROWS) throw new Error(`edit: ${JSON.stringify(edit.body).slice(0, 300)}`);
    }
    const price = await call('PATCH', '/api/offers', { ids, set: {}, adjust: { unit_price: 5 } });
    report('edit price +5 %', price.seconds, price.body.changed);
    const deleted = await call('DELETE', '/api/offers', { ids });
    report('delete', deleted.seconds, deleted.body.deleted);
    const restored = await call('POST', '/api/offers/restore', { ids });
    report('restore', restored.seconds, restored.body.restored);
    const median = [...edits].sort((x, y) => x - y)[Math.floor(edits.length / 2)];
    console.log(`RESULT bulk engine=${engineName(engine)} rows=${ROWS} seconds=${median.toFixed(2)}`);
    console.log(`RESULT bulk_price engine=${engineName(engine)} rows=${ROWS} seconds=${price.seconds.toFixed(2)}`);
    console.log(`RESULT bulk_delete engine=${engineName(engine)} rows=${ROWS} seconds=${deleted.seconds.toFixed(2)}`);
    console.log(`RESULT bulk_restore engine=${engineName(engine)} rows=${ROWS} seconds=${restored.seconds.toFixed(2)}`);

    const reserveIds = await seedReserves(ctx.db, call);
    if (reserveIds.length !== ROWS) throw new Error(`reserves: ${reserveIds.length} seeded`);
    console.log(`\n${engine}: ${ROWS} reserves on ${RESERVE_OFFERS} offers`);
    const reserveEdits: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const edit = await call('PATCH', '/api/reserves', {
        ids: reserveIds,
        set: { delivery_address: `Казань, ул. Баумана, ${run + 10}` },
      });
      reserveEdits.push(report('edit delivery address', edit.seconds, edit.body.changed));
      if (edit.body.changed !== ROWS) throw new Error(`reserves edit: ${JSON.stringify(edit.body).slice(0, 300)}`);
    }
    const reserveDeleted = await call('DELETE', '/api/reserves', { ids: reserveIds });
    report('delete (stock back)', reserveDeleted.seconds, reserveDeleted.body.deleted);
    const reserveRestored = await call('POST', '/api/reserves/restore', { ids: reserveIds });
    report('restore (stock again)', reserveRestored.seconds, reserveRestored.body.restored);
    if (reserveRestored.body.restored !== ROWS)
      throw new Error(`reserves restore: ${JSON.stringify(reserveRestored.body).slice(0, 300)}`);
    const reserveMedian = [...reserveEdits].sort((x, y) => x - y)[Math.floor(reserveEdits.length / 2)];
    console.log(
      `RESULT bulk section=reserves engine=${engineName(engine)} rows=${ROWS} seconds=${reserveMedian.toFixed(2)}`,
    );
    console.log(
      `RESULT bulk_delete section=reserves engine=${engineName(engine)} rows=${ROWS} seconds=${reserveDeleted.seconds.toFixed(2)}`,
    );
    console.log(
      `RESULT bulk_restore section=reserves engine=${engineName(engine)} rows=${ROWS} seconds=${reserveRestored.seconds.toFixed(2)}`,
    );
  } finally {
    await ctx.close();
  }
}

onEachEngine(bench);
