// Import of a 5 000-row price list (the limit) into the demo data, as XLSX and as CSV: the time to check every row
// (mode=all on a file with 50 bad rows: every row is checked and resolved, nothing is written) and to check and
// write the 4 950 good ones (mode=valid, one transaction). With BENCH_OFFERS=100000 the offers table is first
// grown to that size, so the duplicate look-ups run against a real table.
// Each line also tells the CPU the import cost (bench/cpu.ts): wall time moves with a shared machine's load.
// Runs on PGlite in memory; with DATABASE_URL set, on that PostgreSQL server too (in a throwaway database).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, signIn, type TestContext } from '../server/__tests__/testApp';
import { seedDemoData } from '../server/db/seed';
import { DEMO_PASSWORD } from '../domain/api';
import { businessToday, TIME_ZONE_DEFAULT } from '../domain/businessDay';
import { IMPORT_LIMITS } from '../domain/import';
import { OFFER_IMPORT_COLUMNS } from '../domain/offers/import';
import { rowsOf } from '../server/db/rows';
import { onEachEngine } from './engines';
import { SPARE_HARVEST_YEARS, seedOffers } from './offers';
import { cpuFigures, cpuMeter, profiled } from './cpu';

const ROWS = IMPORT_LIMITS.maxRows;
const BAD_EVERY = 100;

/** A lot of its own per row (no row is another's duplicate, nor a demo offer's): a harvest year the rule takes
 * (there are few) in a packing and a loading city, the `first`th lot on. */
interface Lots {
  packing: string[];
  cities: string[];
}
function lines(inn: string, lots: Lots, first: number): (string | number)[][] {
  const years = SPARE_HARVEST_YEARS.length;
  return Array.from({ length: ROWS }, (_, i) =>
    OFFER_IMPORT_COLUMNS.map((c) => {
      const lot = first + i;
      const kind = Math.floor(lot / years);
      if (c.key === 'supplier_id') return inn;
      if (c.key === 'harvest_year') return SPARE_HARVEST_YEARS[lot % years];
      if (c.key === 'packing_id') return lots.packing[kind % lots.packing.length];
      if (c.key === 'city_id') return lots.cities[Math.floor(kind / lots.packing.length)];
      // a bad row's price is nought (the lot's ruble price is its purchase price at the day's rate)
      if ((c.key === 'unit_price' || c.key === 'purchase_price') && i % BAD_EVERY === BAD_EVERY - 1) return 0;
      return c.example;
    }),
  );
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Прайс');
  sheet.addRow(OFFER_IMPORT_COLUMNS.map((c) => c.title));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function csv(rows: (string | number)[][]): Buffer {
  const cell = (v: string | number) => {
    const text = typeof v === 'number' ? String(v).replace('.', ',') : v;
    return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return Buffer.from(
    `\uFEFF${[OFFER_IMPORT_COLUMNS.map((c) => c.title), ...rows].map((r) => r.map(cell).join(';')).join('\r\n')}\r\n`,
  );
}

/** The engine as a RESULT line names it. */
const engineName = (engine: string) => (engine.startsWith('PGlite') ? 'pglite' : 'postgresql');

async function upload(
  ctx: TestContext,
  engine: string,
  token: string,
  file: Buffer,
  name: string,
  mode: 'all' | 'valid',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  form.append('mode', mode);
  const request = new Request('http://localhost/api/offers/import', { method: 'POST', body: form });
  const meter = await cpuMeter(ctx.db, engineName(engine));
  const start = performance.now();
  const payload = Buffer.from(await request.arrayBuffer());
  const res = await profiled(`import-${engineName(engine)}-${name}-${mode}`, () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/offers/import',
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')! },
    }),
  );
  const ms = performance.now() - start;
  const spent = await meter();
  if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body}`);
  const report = res.json() as { total: number; valid: number; imported: number; problems: unknown[] };
  console.log(
    `  ${name.padEnd(10)} ${(file.length / 1024 / 1024).toFixed(1)} MB  mode=${mode.padEnd(5)}  ${report.total} rows, ${report.problems.length} problems, ` +
      `${report.imported} written  ${(ms / 1000).toFixed(1).padStart(5)} s  (${Math.round(report.total / (ms / 1000))} rows/s; ` +
      `CPU ${spent.node.toFixed(2)} s here${spent.db === null ? '' : `, ${spent.db.toFixed(2)} s in the database`})`,
  );
  console.log(
    `RESULT import engine=${engineName(engine)} format=${name.split('.').pop()} mode=${mode} rows=${report.total} seconds=${(ms / 1000).toFixed(2)} ${cpuFigures(spent)}`,
  );
}

async function bench(engine: string) {
  const ctx = await createTestApp({ scryptN: 2 ** 14 });
  try {
    const target = Number(process.env.BENCH_OFFERS ?? 0);
    if (target) await seedOffers(ctx.db, target);
    else await seedDemoData(ctx.db, { now: new Date('2026-11-01T09:00:00Z') });
    const [{ n }] = rowsOf<{ n: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM offers`));
    const [{ inn }] = rowsOf<{ inn: string }>(
      await ctx.db.execute(sql`SELECT inn FROM suppliers WHERE status = 'active' ORDER BY id LIMIT 1`),
    );
    // the template's lot is bought in USD at the Bank's rate of the day: today's rate published
    await ctx.db.execute(sql`INSERT INTO currency_rates (date, code, nominal, value, unit_rate, source)
      VALUES (${businessToday(TIME_ZONE_DEFAULT)}, 'USD', 1, 90.1234, 90.1234, 'manual') ON CONFLICT DO NOTHING`);
    const token = await signIn(ctx.app, 'admin@nutdesk.demo', DEMO_PASSWORD);
    console.log(`\n${engine}: ${ROWS} rows (1 in ${BAD_EVERY} bad) into ${n} offers`);
    const names = async (query: ReturnType<typeof sql>) =>
      rowsOf<{ name: string }>(await ctx.db.execute(query)).map((r) => r.name);
    const lots = {
      packing: await names(sql`SELECT name FROM packing ORDER BY id`),
      cities: await names(sql`SELECT name FROM cities WHERE status = 'active' ORDER BY id`),
    };
    if (lots.packing.length * lots.cities.length * SPARE_HARVEST_YEARS.length < 2 * ROWS)
      throw new Error('too few lots of their own');
    await upload(ctx, engine, token, await xlsx(lines(inn, lots, 0)), 'price.xlsx', 'all');
    await upload(ctx, engine, token, await xlsx(lines(inn, lots, 0)), 'price.xlsx', 'valid');
    await upload(ctx, engine, token, csv(lines(inn, lots, ROWS)), 'price.csv', 'all');
    await upload(ctx, engine, token, csv(lines(inn, lots, ROWS)), 'price.csv', 'valid');
  } finally {
    await ctx.close();
  }
}

onEachEngine(bench);
