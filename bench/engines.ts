// What the server benches share: a percentile of sorted samples, and one run per database engine — the
// embedded PGlite always, then PostgreSQL when DATABASE_URL is set (each run builds its own test app).

/** The p-th percentile of samples sorted ascending. */
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs the bench on PGlite in memory, then on PostgreSQL if DATABASE_URL names one; exits 1 on an error. */
export function onEachEngine(bench: (engine: string) => Promise<void>): void {
  const main = async () => {
    const url = process.env.DATABASE_URL;
    process.env.DATABASE_URL = '';
    await bench('PGlite (in memory)');
    if (url) {
      process.env.DATABASE_URL = url;
      await bench('PostgreSQL');
    }
  };
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
