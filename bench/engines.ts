// What the server benches share: a percentile of sorted samples, and one run per database engine — the
// embedded PGlite, then PostgreSQL when DATABASE_URL is set (each run builds its own test app);
// BENCH_ENGINES=pglite or =postgresql runs one of them (a profile of one engine alone).

/** The p-th percentile of samples sorted ascending. */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs the bench on PGlite in memory, then on PostgreSQL if DATABASE_URL names one; exits 1 on an error. */
export function onEachEngine(bench: (engine: string) => Promise<void>): void {
  const main = async () => {
    const url = process.env.DATABASE_URL;
    const chosen = (name: string) => !process.env.BENCH_ENGINES || process.env.BENCH_ENGINES.split(',').includes(name);
    process.env.DATABASE_URL = '';
    if (chosen('pglite')) await bench('PGlite (in memory)');
    if (url && chosen('postgresql')) {
      process.env.DATABASE_URL = url;
      await bench('PostgreSQL');
    }
  };
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
