// Every budget in one table: the bench that measures it, the RESULT line it prints, the limit and the
// figure last measured on a quiet machine. `npm run bench:check` runs the benches and holds each figure against
// both (bench/check.ts); `npm run bench:check -- --readme` writes the README's budgets table from this one.
// After a quiet run, write its figures into `last` (with the date and the load average in `measured`).

/** How a bench is run: its command (from the repository's root) and what it needs. */
export interface BenchRun {
  command: string[];
  /** Environment beside DATABASE_URL (which the check passes on as it is). */
  env?: Record<string, string>;
  /** It needs a PostgreSQL server (DATABASE_URL); without one its budgets cannot be measured. */
  postgres?: boolean;
  /** It needs the built SPA (`npm run build`). */
  build?: boolean;
  /** The lists' million offers are seeded once into a database of their own on DATABASE_URL's server, kept for
   * the next runs (BENCH_DATABASE_URL). */
  keptDatabase?: string;
}

export const BENCHES: Record<string, BenchRun> = {
  bundle: { command: ['npx', 'tsx', 'bench/bundle.ts'], build: true },
  lists: {
    command: ['npx', 'tsx', 'bench/lists.ts'],
    postgres: true,
    keptDatabase: 'nutdesk_bench_lists',
    env: { BENCH_ENGINES: 'postgresql', BENCH_OFFERS: '1000000' },
  },
  export: { command: ['node', '--expose-gc', '--import', 'tsx', 'bench/export.ts'], postgres: true },
  import: { command: ['npx', 'tsx', 'bench/import.ts'], postgres: true, env: { BENCH_ENGINES: 'postgresql' } },
  bulk: { command: ['npx', 'tsx', 'bench/bulk.ts'], postgres: true },
  quote: { command: ['npx', 'tsx', 'bench/quote.ts'], postgres: true },
  'supplier-pricelist': {
    command: ['npx', 'tsx', 'bench/supplier-pricelist.ts'],
    postgres: true,
    env: { BENCH_ENGINES: 'postgresql' },
  },
  live: {
    command: ['node', '--expose-gc', '--import', 'tsx', 'bench/live.ts'],
    postgres: true,
    env: { BENCH_ENGINES: 'postgresql' },
  },
  ui: { command: ['npx', 'tsx', 'bench/ui.ts'], build: true },
  fx: { command: ['npx', 'tsx', 'bench/fx.ts'], postgres: true },
};

export type BenchName = keyof typeof BENCHES;

export interface Budget {
  /** What is measured, as the README's table says it. */
  what: string;
  bench: BenchName;
  /** The RESULT line's name and the key=value pairs that pick it: 'export engine=postgresql format=csv'. */
  result: string;
  /** The figure's key on that line (`seconds`, `p99_ms`). */
  figure: string;
  unit: 'ms' | 's' | 'KB' | 'MB' | 'requests';
  /** The budget: the figure must not exceed it. */
  limit: number;
  /** The figure last measured on a quiet machine (null: never yet); more than 30 % above it is a slip. */
  last: number | null;
  /** When and how quiet `last` was: '2026-12-05, load average 0.9'. */
  measured: string;
}

export const BUDGETS: Budget[] = [
  {
    what: 'JS the sign-in page loads (gzipped)',
    bench: 'bundle',
    result: 'bundle page=signin',
    figure: 'gzip_kb',
    unit: 'KB',
    limit: 160,
    last: 157.1,
    measured: '2026-11-25',
  },
  {
    what: "`GET /api/offers` at 1 000 000 offers, every column ('Документы' among them), p99",
    bench: 'lists',
    result: 'lists engine=postgresql',
    figure: 'p99_ms',
    unit: 'ms',
    limit: 30,
    last: null,
    measured: '',
  },
  {
    what: 'the same, filtered by `documents_state=expiring`, p99',
    bench: 'lists',
    result: 'lists engine=postgresql case=documents_state',
    figure: 'p99_ms',
    unit: 'ms',
    limit: 50,
    last: null,
    measured: '',
  },
  {
    what: 'export of 100 000 offers, CSV, PostgreSQL',
    bench: 'export',
    result: 'export engine=postgresql format=csv',
    figure: 'seconds',
    unit: 's',
    limit: 1.5,
    last: 2.61,
    measured: '2026-12-06 07:43–07:46 UTC, load average 1.2–2.0',
  },
  {
    what: 'export of 100 000 offers, XLSX, PostgreSQL',
    bench: 'export',
    result: 'export engine=postgresql format=xlsx',
    figure: 'seconds',
    unit: 's',
    limit: 5,
    last: 5.2,
    measured: '2026-12-06 07:43–07:46 UTC, load average 1.2–2.0',
  },
  {
    what: 'export of 100 000 offers, CSV, PGlite',
    bench: 'export',
    result: 'export engine=pglite format=csv',
    figure: 'seconds',
    unit: 's',
    limit: 4,
    last: 6.86,
    measured: '2026-12-06 07:43–07:46 UTC, load average 1.2–2.0',
  },
  {
    what: 'export of 100 000 offers, XLSX, PGlite',
    bench: 'export',
    result: 'export engine=pglite format=xlsx',
    figure: 'seconds',
    unit: 's',
    limit: 8,
    last: 9.35,
    measured: '2026-12-06 07:43–07:46 UTC, load average 1.2–2.0',
  },
  {
    what: 'export of 100 000 offers, CSV, PostgreSQL: peak RSS growth',
    bench: 'export',
    result: 'export engine=postgresql format=csv',
    figure: 'rss_growth_mb',
    unit: 'MB',
    limit: 100,
    last: 20,
    measured: '2026-12-06 07:43–07:46 UTC, load average 1.2–2.0',
  },
  {
    what: 'export of 100 000 offers, XLSX, PostgreSQL: peak RSS growth',
    bench: 'export',
    result: 'export engine=postgresql format=xlsx',
    figure: 'rss_growth_mb',
    unit: 'MB',
    limit: 100,
    last: 3,
    measured: '2026-12-06 07:43–07:46 UTC, load average 1.2–2.0',
  },
  {
    what: 'import of 5 000 rows (50 bad), XLSX, checked and written, PostgreSQL',
    bench: 'import',
    result: 'import engine=postgresql format=xlsx mode=valid',
    figure: 'seconds',
    unit: 's',
    limit: 0.8,
    last: null,
    measured: '',
  },
  {
    what: 'import of 5 000 rows (50 bad), CSV, checked and written, PostgreSQL',
    bench: 'import',
    result: 'import engine=postgresql format=csv mode=valid',
    figure: 'seconds',
    unit: 's',
    limit: 0.8,
    last: null,
    measured: '',
  },
  {
    what: 'bulk edit of 1 000 offers, PostgreSQL',
    bench: 'bulk',
    result: 'bulk engine=postgresql',
    figure: 'seconds',
    unit: 's',
    limit: 1,
    last: 0.52,
    measured: '2026-11-29, load average 1.7–1.9',
  },
  {
    what: 'a quote over 100 000 offers, p99',
    bench: 'quote',
    result: 'quote engine=postgresql',
    figure: 'p99_ms',
    unit: 'ms',
    limit: 100,
    last: 59.0,
    measured: '2026-11-27, load average about 1',
  },
  {
    what: "a supplier's 5 000-row price list previewed, PostgreSQL",
    bench: 'supplier-pricelist',
    result: 'supplier-pricelist engine=postgresql',
    figure: 'preview_s',
    unit: 's',
    limit: 2,
    last: 0.26,
    measured: '2026-11-27, load average 0.8–1.3',
  },
  {
    what: "a supplier's 5 000-row price list applied, PostgreSQL",
    bench: 'supplier-pricelist',
    result: 'supplier-pricelist engine=postgresql',
    figure: 'apply_s',
    unit: 's',
    limit: 2,
    last: 1.08,
    measured: '2026-11-27, load average 0.8–1.3',
  },
  {
    what: '200 open screens follow a 1 000-row write: follow-up requests',
    bench: 'live',
    result: 'live engine=postgresql',
    figure: 'followup_requests',
    unit: 'requests',
    limit: 200,
    last: 0,
    measured: '2026-11-29, load average 0.0–1.3',
  },
  {
    what: '200 open screens follow a 1 000-row write: p95 after the answer',
    bench: 'live',
    result: 'live engine=postgresql',
    figure: 'p95_ms',
    unit: 'ms',
    limit: 1000,
    last: 582,
    measured: '2026-11-29, load average 0.0–1.3',
  },
  {
    what: 'offers page, 200 rows, all columns: rows shown after the data arrives (median)',
    bench: 'ui',
    result: 'ui case=rows_shown',
    figure: 'median_ms',
    unit: 'ms',
    limit: 100,
    last: null,
    measured: '',
  },
  {
    what: 'the same page, page size 20 → 200, request included (median)',
    bench: 'ui',
    result: 'ui case=page_size',
    figure: 'median_ms',
    unit: 'ms',
    limit: 250,
    last: null,
    measured: '',
  },
  {
    what: 'the same page: select-all shown (median)',
    bench: 'ui',
    result: 'ui case=select_all',
    figure: 'median_ms',
    unit: 'ms',
    limit: 50,
    last: null,
    measured: '',
  },
  {
    what: "the same page: one row's checkbox shown (median)",
    bench: 'ui',
    result: 'ui case=one_row',
    figure: 'median_ms',
    unit: 'ms',
    limit: 16,
    last: null,
    measured: '',
  },
  {
    what: "a new rate: 100 000 'daily' offers re-priced and 20 000 active reserves judged, PostgreSQL",
    bench: 'fx',
    result: 'fx engine=postgresql',
    figure: 'seconds',
    unit: 's',
    limit: 10,
    last: 24.14,
    measured: '2026-12-06 07:43–07:46 UTC, load average 1.2–2.0',
  },
  {
    what: "the same: the longest batch's transaction (no offer's or reserve's row locked longer)",
    bench: 'fx',
    result: 'fx engine=postgresql',
    figure: 'max_lock_ms',
    unit: 'ms',
    limit: 1000,
    last: 426,
    measured: '2026-12-06 07:43–07:46 UTC, load average 1.2–2.0',
  },
  {
    // the lists' own p99 budget (the lists bench's, at 1 000 000 offers): a manager paging the offers list must
    // not notice a new rate re-pricing 100 000 of them; the line also prints the same read's p99 before the job
    what: "the same: `GET /api/offers` (the lists bench's read) p99 while it runs, ten requests a second",
    bench: 'fx',
    result: 'fx engine=postgresql case=lists_during',
    figure: 'p99_ms',
    unit: 'ms',
    limit: 30,
    last: 83.43,
    measured: '2026-12-06 07:43–07:46 UTC, load average 1.2–2.0',
  },
];

/** A figure more than this much worse than its last quiet one is a slip, within its budget or not. */
export const SLIP = 0.3;
