// 100 reserve requests at once on one offer with stock for 37 of them, through the whole server (app.inject:
// auth hook, schema, the shared form rules, the locked offer row): how many were accepted and refused, the
// stock left, and the latency of each request from the moment all were sent. DESIGN.md's budget: never
// oversold, on PGlite and on PostgreSQL. Runs on PGlite in memory; with DATABASE_URL set, on that server too.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import dayjs from 'dayjs';
import { createTestApp, signIn } from '../server/__tests__/testApp';
import { seedDemoData } from '../server/db/seed';
import { firstRow } from '../server/db/rows';
import { DEMO_PASSWORD } from '../domain/api';
import { onEachEngine, pct } from './engines';

const REQUESTS = 100;
const STOCK = 37;

async function bench(engine: string) {
  const ctx = await createTestApp({ scryptN: 2 ** 14 });
  try {
    await seedDemoData(ctx.db, { now: new Date('2026-11-01T09:00:00Z') });
    const token = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
    const call = (method: 'POST' | 'GET', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

    const refs = firstRow<{ product_id: number; city_id: number; to_city: number; employee: number }>(
      await ctx.db.execute(sql`
      SELECT (SELECT product_id FROM offers LIMIT 1) AS product_id, (SELECT min(id) FROM cities) AS city_id,
        (SELECT max(id) FROM cities) AS to_city, (SELECT min(id) FROM employees WHERE status = 'active') AS employee`),
    )!;
    const offer = await call('POST', '/api/offers', {
      product_id: refs.product_id,
      packing_id: 1,
      city_id: refs.city_id,
      supplier_id: 1,
      harvest_year: '2022',
      origin_country: 'Иран',
      unit_measure: 'кг',
      unit_weight: '1',
      units_per_pack: '1',
      unit_amount: String(STOCK),
      unit_price: '300',
      warehouse_cost: '0',
      loading_address: 'Москва, ул. Складская, 9',
    });
    if (offer.statusCode !== 201) throw new Error(`POST /api/offers: ${offer.statusCode} ${offer.body}`);
    const offerId = offer.json().id as number;
    const form = {
      offer_id: offerId,
      amount: '1',
      packs_amount: '1',
      unit_selling_price: '400',
      estimated_date_implementation: dayjs().add(1, 'day').format('YYYY-MM-DD'),
      buyer_name: 'ООО «Орех»',
      buyer_phone: '79123456789',
      city_id: refs.to_city,
      delivery_address: 'Казань, ул. Баумана, 5',
      delivery_cost: '15',
      delivery_days: '3',
      responsible_id: refs.employee,
    };

    const start = performance.now();
    const results = await Promise.all(
      Array.from({ length: REQUESTS }, async () => {
        const res = await call('POST', '/api/reserves', form);
        return { status: res.statusCode, ms: performance.now() - start };
      }),
    );
    const wall = performance.now() - start;
    const accepted = results.filter((r) => r.status === 201).length;
    const refused = results.filter((r) => r.status === 400).length;
    const other = REQUESTS - accepted - refused;
    const samples = results.map((r) => r.ms).sort((a, b) => a - b);
    const stock = firstRow<{ available: string; active: string; completed: string; unit_amount: string }>(
      await ctx.db.execute(sql`
      SELECT o.unit_amount::text, o.available_amount::text AS available,
        coalesce((SELECT sum(amount) FROM reserves WHERE offer_id = o.id AND status = 'active'), 0)::text AS active,
        coalesce((SELECT sum(amount) FROM reserves WHERE offer_id = o.id AND status = 'completed'), 0)::text AS completed
      FROM offers o WHERE o.id = ${offerId}`),
    )!;
    const balanced =
      Number(stock.available) === Number(stock.unit_amount) - Number(stock.active) - Number(stock.completed);
    const verdict =
      accepted === STOCK && refused === REQUESTS - STOCK && Number(stock.available) === 0 && balanced
        ? 'never oversold'
        : 'OVERSOLD OR LOST';

    console.log(`\n${engine}: ${REQUESTS} concurrent POST /api/reserves for 1 unit each, ${STOCK} in stock`);
    console.log(
      `  requests ${REQUESTS}   accepted ${accepted}   refused (400) ${refused}${other ? `   other ${other}` : ''}`,
    );
    console.log(
      `  latency from the common start: p50 ${pct(samples, 50).toFixed(1)} ms   p99 ${pct(samples, 99).toFixed(1)} ms   all done in ${wall.toFixed(0)} ms`,
    );
    console.log(
      `  available ${Number(stock.available)} = unit_amount ${Number(stock.unit_amount)} − active ${Number(stock.active)} − completed ${Number(stock.completed)}: ${verdict}`,
    );
  } finally {
    await ctx.close();
  }
}

onEachEngine(bench);
