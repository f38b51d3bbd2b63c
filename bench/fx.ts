// A new rate of the Bank at 100 000 'daily' offers and 20 000 active reserves on PostgreSQL, through the job's own
// path: the feed read (a local stand-in serving today's USD), the rate stored, then the followers the app runs
// (server/app.ts RATES_FOLLOWERS: every 'daily' lot priced again, then every reserve on one judged again). The offers
// are the bench's 100 000 (bench/offers.ts) bought in USD at 85,50 yesterday, the new rate 86,50; the reserves are one made through the
// card, copied onto 20 000 of them. Budgets: the whole ≤ 10 s; no batch's transaction (the longest any row is locked)
// over 1 000 ms. Lists keep their budget while it runs: the offers list a manager reads (the lists bench's query:
// one product's active lots by price, page 3) is asked in a loop through the whole server, first on the quiet
// database and then the whole time the job runs, on the same app instance (its event loop computes the batches);
// the p99 during the job is held to the lists' own p99 budget (30 ms), the figure before it printed beside it so the
// run's load can be told from the job's. Prints
//   RESULT fx engine=postgresql offers=100000 reserves=20000 seconds=<s> max_lock_ms=<ms>
//   RESULT fx engine=postgresql case=lists_during p50_ms=<ms> p99_ms=<ms> requests=<n> before_p50_ms=<ms> before_p99_ms=<ms>
// Needs DATABASE_URL (a PostgreSQL server): the test app makes a throwaway database on it and drops it after.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn } from '../server/__tests__/testApp';
import { firstRow, rowsOf } from '../server/db/rows';
import { todayOf } from '../server/db/businessDay';
import { loadRates, type RatesFollower } from '../server/sections/currencyRates';
import { repriceDailyOffers } from '../server/sections/offers';
import { checkMargins } from '../server/sections/reserves';
import { addDays } from '../domain/businessDay';
import { DEMO_PASSWORD } from '../domain/api';
import { seedOffers } from './offers';
import { pct } from './engines';

const OFFERS = 100_000;
const RESERVES = 20_000;
/** The lists bench's query (bench/lists.ts): a product's active lots between two prices, by price, page 3. */
const LIST_URL = `/api/offers?${new URLSearchParams({
  statuses_ids: 'active',
  products_ids: '1',
  unit_price_from: '200',
  unit_price_to: '2000',
  sort: 'unit_price',
  order: 'desc',
  page: '3',
  perPage: '20',
}).toString()}`;
/** Requests of the list read on the quiet database, before the job, and the pause between two requests. */
const LIST_BEFORE = 200;
const LIST_EVERY_MS = 100;

/** The Bank's XML_daily.asp for one day with one rate, as it comes (windows-1251 declared, decimal commas). */
function feedOf(day: string, usd: string): Buffer {
  const [y, m, d] = day.split('-');
  return Buffer.from(
    `<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="${d}.${m}.${y}" name="Foreign Currency Market">` +
      `<Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>1</Nominal><Name>US Dollar</Name>` +
      `<Value>${usd}</Value><VunitRate>${usd}</VunitRate></Valute></ValCurs>`,
    'latin1',
  );
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('bench/fx.ts runs on PostgreSQL: set DATABASE_URL');
  const ctx = await createTestApp({ scryptN: 2 ** 14 });
  const server = createServer((_request, response) => response.writeHead(200).end(feed));
  let feed: Buffer = Buffer.alloc(0);
  try {
    // the seed deletes some of its offers: enough are grown for 100 000 live ones
    await seedOffers(ctx.db, Math.ceil(OFFERS * 1.15));
    const { db } = ctx;
    const today = await todayOf(db);
    const yesterday = addDays(today, -1);
    await db.execute(sql`INSERT INTO currency_rates (date, code, nominal, value, unit_rate, source)
      VALUES (${yesterday}, 'USD', 1, 85.5, 85.5, 'manual')`);
    // the first 100 000 offers bought in USD at the daily rate, priced at yesterday's 85,50
    await db.execute(sql`UPDATE offers o SET purchase_currency = 'USD', rate_policy = 'daily',
        purchase_price = greatest(round(o.unit_price / 85.5, 2), 0.01), purchase_rate = 85.5, purchase_rate_date = ${yesterday}::date
      WHERE o.id IN (SELECT id FROM offers WHERE status <> 'deleted' ORDER BY id LIMIT ${OFFERS})`);
    await db.execute(
      sql`UPDATE offers SET unit_price = round(purchase_price * 85.5, 2) WHERE purchase_currency = 'USD'`,
    );

    // one reserve through the card on a USD lot, copied onto 20 000 of them
    const token = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
    // the settings the reserve is priced on: delivery 15 ₽/kg (no route), own costs 12 ₽/kg, markups 10 % … 35 %
    for (const [name, value] of Object.entries({
      delivery_cost_default: '15',
      costs_per_kg: '12',
      min_markup: '0.1',
      max_markup: '0.35',
    }))
      await db.execute(sql`INSERT INTO business_settings (name, value) VALUES (${name}, ${value})
        ON CONFLICT (name) DO UPDATE SET value = ${value}`);
    const refs = firstRow<{ offer: number; price: string; city: number; employee: number }>(
      await db.execute(sql`WITH lot AS (SELECT id, unit_price FROM offers WHERE purchase_currency = 'USD' AND status = 'active'
          AND unit_measure = 'кг' AND available_amount >= 20 ORDER BY id LIMIT 1)
        SELECT lot.id AS offer, round((lot.unit_price + 27) * 1.2, 2)::text AS price,
          (SELECT max(id) FROM cities WHERE status = 'active') AS city,
          (SELECT min(id) FROM employees WHERE status = 'active') AS employee FROM lot`),
    )!;
    await db.execute(sql`DELETE FROM city_delivery WHERE to_city_id = ${refs.city}`);
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/reserves',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        offer_id: refs.offer,
        amount: '20',
        unit_selling_price: refs.price,
        estimated_date_implementation: addDays(today, 30),
        buyer_name: 'ООО «Орех»',
        buyer_phone: '+7 (912) 345-67-89',
        city_id: refs.city,
        delivery_address: 'Казань, ул. Баумана, 5',
        delivery_cost: '15',
        delivery_days: '3',
        responsible_id: refs.employee,
      },
    });
    if (made.statusCode !== 201) throw new Error(`reserve: ${made.statusCode} ${made.body}`);
    const template = Number(made.json().id);
    const columns = rowsOf<{ name: string }>(
      await db.execute(sql`SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'reserves'
        AND column_name NOT IN ('id', 'version', 'offer_id') AND is_generated = 'NEVER'`),
    ).map((c) => sql.identifier(c.name));
    const list = sql.join(columns, sql`, `);
    // the demo's own active reserves on these lots count among the 20 000
    const have = firstRow<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM reserves r JOIN offers o ON o.id = r.offer_id
        WHERE r.status = 'active' AND o.purchase_currency = 'USD'`),
    )!.n;
    await db.execute(sql`INSERT INTO reserves (offer_id, ${list})
      SELECT o.id, ${list} FROM reserves, (SELECT id FROM offers WHERE purchase_currency = 'USD' AND status = 'active'
        AND id <> ${refs.offer} ORDER BY id LIMIT ${RESERVES - have}) o
      WHERE reserves.id = ${template}`);
    // selling prices 2-11 % over the lots' costs: at the new rate (+1,17 %, under the move's threshold) the margins
    // under 5 % are marked
    await db.execute(sql`UPDATE reserves r SET unit_selling_price = round((o.kg_price + 27) * (1.02 + (r.id % 10) / 100.0), 2)
      FROM offers o WHERE o.id = r.offer_id AND o.purchase_currency = 'USD'`);
    await db.execute(sql`VACUUM ANALYZE`);
    const counted = firstRow<{ offers: number; reserves: number }>(
      await db.execute(sql`SELECT (SELECT count(*)::int FROM offers WHERE purchase_currency = 'USD' AND rate_policy = 'daily') AS offers,
        (SELECT count(*)::int FROM reserves r JOIN offers o ON o.id = r.offer_id
          WHERE r.status = 'active' AND o.rate_policy = 'daily') AS reserves`),
    )!;

    // the list asked ten times a second (a room of managers paging, not a loop that would starve the job of the
    // process it shares), each request timed whole
    const listed = async (token: string, until: (done: number) => boolean) => {
      const samples: number[] = [];
      while (!until(samples.length)) {
        if (samples.length) await new Promise((resolve) => setTimeout(resolve, LIST_EVERY_MS));
        const t = performance.now();
        const answer = await ctx.app.inject({
          method: 'GET',
          url: LIST_URL,
          headers: { authorization: `Bearer ${token}` },
        });
        if (answer.statusCode !== 200) throw new Error(`GET ${LIST_URL}: ${answer.statusCode} ${answer.body}`);
        samples.push(performance.now() - t);
      }
      return samples.sort((a, b) => a - b);
    };
    await listed(token, (done) => done >= 30); // warm-up
    const before = await listed(token, (done) => done >= LIST_BEFORE);

    feed = feedOf(today, '86,5000');
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/scripts/XML_daily.asp`;
    // the app's followers, in its order, their figures kept
    let repriced = 0;
    let judged = 0;
    let marked = 0;
    let longest = 0;
    const followers: RatesFollower[] = [
      async (d, stored) => {
        const t = performance.now();
        const out = await repriceDailyOffers(d, stored);
        repriced = out.ids.length;
        longest = Math.max(longest, out.longestMs);
        console.log(
          `  offers re-priced: ${((performance.now() - t) / 1000).toFixed(2)} s, longest batch ${out.longestMs} ms`,
        );
      },
      async (d, stored) => {
        const t = performance.now();
        const out = await checkMargins(d, stored);
        judged = out.judged;
        marked = out.marked.length;
        longest = Math.max(longest, out.longestMs);
        console.log(
          `  reserves judged: ${((performance.now() - t) / 1000).toFixed(2)} s, longest batch ${out.longestMs} ms`,
        );
      },
    ];
    const start = performance.now();
    let running = true;
    const during = listed(token, () => !running);
    const load = await loadRates(db, url, followers).finally(() => {
      running = false;
    });
    const seconds = (performance.now() - start) / 1000;
    const duringJob = await during;
    if (load.stored.length !== 1) throw new Error(`the feed's rate was not stored: ${JSON.stringify(load)}`);
    console.log(
      `${counted.offers} 'daily' offers, ${counted.reserves} active reserves: ${repriced} re-priced, ${judged} judged, ${marked} marked`,
    );
    if (repriced !== counted.offers) throw new Error(`re-priced ${repriced} of ${counted.offers}`);
    console.log(
      `RESULT fx engine=postgresql offers=${counted.offers} reserves=${counted.reserves} seconds=${seconds.toFixed(2)} max_lock_ms=${longest}`,
    );
    const ms = (x: number) => x.toFixed(2);
    console.log(
      `RESULT fx engine=postgresql case=lists_during p50_ms=${ms(pct(duringJob, 50))} p99_ms=${ms(pct(duringJob, 99))} requests=${duringJob.length} before_p50_ms=${ms(pct(before, 50))} before_p99_ms=${ms(pct(before, 99))}`,
    );
  } finally {
    server.close();
    await ctx.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
