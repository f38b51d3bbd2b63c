// What each list column costs per row: for every section's list, every column whose SQL reads another
// table per row (a sub-select) is computed over every live row of the section and timed against the row's id
// alone; the difference, scaled to 100 000 rows, is what a list page of that many rows, an export or a filter on
// that column pays for it. Offers are grown to BENCH_OFFERS (100 000); the other sections are the demo data's.
//   RESULT columns section=<s> column=<key> rows=<n> per_100k_ms=<x>
// Runs on PGlite in memory; with DATABASE_URL set, on that PostgreSQL server too (BENCH_ENGINES picks one).
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createTestApp } from '../server/__tests__/testApp';
import { firstRow } from '../server/db/rows';
import type { Database } from '../server/db/client';
import type { SectionSpec } from '../server/contract/section';
import { offersSpec } from '../server/sections/offers';
import { reservesSpec } from '../server/sections/reserves';
import { employeesSpec } from '../server/sections/employees';
import { suppliersSpec } from '../server/sections/suppliers';
import { productsSpec } from '../server/sections/products';
import { citiesSpec } from '../server/sections/cities';
import { buyersSpec } from '../server/sections/buyers';
import { onEachEngine } from './engines';
import { seedOffers, TARGET_OFFERS } from './offers';

const OFFERS = Number(process.env.BENCH_OFFERS ?? TARGET_OFFERS);
const SPECS: SectionSpec[] = [
  offersSpec,
  reservesSpec,
  employeesSpec,
  suppliersSpec,
  productsSpec,
  citiesSpec,
  buyersSpec,
] as SectionSpec[];
const dialect = new PgDialect();

/** The best of three runs of a statement, in ms. */
async function timed(db: Database, statement: SQL): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    await db.execute(statement);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

async function bench(engine: string) {
  const ctx = await createTestApp({ scryptN: 2 ** 14 });
  const name = engine.startsWith('PGlite') ? 'pglite' : 'postgresql';
  try {
    await seedOffers(ctx.db, OFFERS);
    await ctx.db.execute(sql`VACUUM (ANALYZE)`);
    console.log(`\n${engine}: the columns that read another table per row, cost per 100 000 rows`);
    for (const spec of SPECS) {
      const a = sql.raw(spec.alias);
      const where = sql`WHERE ${a}.status <> 'deleted'`;
      const rows = firstRow<{ n: number }>(
        await ctx.db.execute(sql`SELECT count(*)::int AS n ${spec.from} ${where}`),
      )!.n;
      if (!rows) continue;
      // every column is read as text, so none is left unevaluated
      const over = (expr: SQL) => sql`SELECT sum(length((${expr})::text)) ${spec.from} ${where}`;
      const base = await timed(ctx.db, over(sql`${a}.id`));
      for (const [key, expr] of Object.entries(spec.columns)) {
        if (!/\(\s*SELECT/i.test(dialect.sqlToQuery(expr).sql)) continue;
        const ms = Math.max(0, (await timed(ctx.db, over(expr))) - base);
        const per100k = (ms / rows) * 100_000;
        console.log(
          `  ${spec.section.padEnd(10)} ${key.padEnd(24)} ${String(rows).padStart(7)} rows  ${ms.toFixed(1).padStart(8)} ms  → ${per100k.toFixed(0).padStart(7)} ms per 100 000`,
        );
        console.log(
          `RESULT columns engine=${name} section=${spec.section} column=${key} rows=${rows} per_100k_ms=${per100k.toFixed(0)}`,
        );
      }
    }
  } finally {
    await ctx.close();
  }
}

onEachEngine(bench);
