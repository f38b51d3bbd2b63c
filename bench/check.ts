// npm run bench:check [-- <bench> …]: runs the benches (all, or the ones named: export lists ui …), reads their
// RESULT lines and prints each figure beside its budget and its last quiet figure (bench/budgets.ts), with the
// load average the bench ran at. Exits 1 when a figure misses its budget, is more than 30 % worse than its last
// figure, or could not be measured (a bench failed, no DATABASE_URL for a PostgreSQL figure, no build for the
// page's). A tool for people before they stop, not a timed test: run it on a quiet machine.
//   npm run bench:check -- --readme   writes the README's budgets table from bench/budgets.ts and runs nothing.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BENCHES, BUDGETS, SLIP, type BenchName, type Budget } from './budgets';

const ROOT = path.resolve(__dirname, '..');
const README = path.join(ROOT, 'README.md');
const START = '<!-- bench:budgets start (written by `npm run bench:check -- --readme` from bench/budgets.ts) -->';
const END = '<!-- bench:budgets end -->';

/** Keys that tell apart lines of one bench: a line with one of them matches only a budget that names it. */
const DISCRIMINATING = ['case', 'section', 'chart'];

type Pairs = Record<string, string>;
const pairsOf = (words: string[]): Pairs =>
  Object.fromEntries(words.map((w) => w.split('=') as [string, string]).filter(([, v]) => v !== undefined));

/** A RESULT line: its name and its key=value pairs. */
function parseResult(line: string): { name: string; pairs: Pairs } | null {
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'RESULT' || !words[1]) return null;
  return { name: words[1], pairs: pairsOf(words.slice(2)) };
}

function matches(budget: Budget, line: { name: string; pairs: Pairs }): boolean {
  const [name, ...rest] = budget.result.split(/\s+/);
  const wanted = pairsOf(rest);
  if (line.name !== name) return false;
  if (Object.entries(wanted).some(([k, v]) => line.pairs[k] !== v)) return false;
  return DISCRIMINATING.every((k) => !(k in line.pairs) || k in wanted);
}

const shown = (n: number | null, unit: string) => (n === null ? '—' : `${n} ${unit}`);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

function readmeTable(): string {
  const rows = BUDGETS.map(
    (b) =>
      `| ${b.what} | \`${b.bench}\` (\`RESULT ${b.result} … ${b.figure}=\`) | ≤ ${b.limit} ${b.unit} | ${shown(b.last, b.unit)}${b.measured ? ` (${b.measured})` : ''} |`,
  );
  return [
    START,
    '',
    '| what | bench (RESULT line) | budget | last quiet figure |',
    '|---|---|---|---|',
    ...rows,
    '',
    END,
  ].join('\n');
}

function writeReadme() {
  const text = readFileSync(README, 'utf8');
  const at = text.indexOf(START);
  const end = text.indexOf(END);
  if (at < 0 || end < at) throw new Error(`README.md has no budgets section between ${START} and ${END}`);
  writeFileSync(README, text.slice(0, at) + readmeTable() + text.slice(end + END.length));
  console.log('README.md: the budgets table written from bench/budgets.ts');
}

/** The URL of a database of its own on DATABASE_URL's server, made if it is not there. */
async function keptDatabase(name: string): Promise<string> {
  const url = new URL(process.env.DATABASE_URL!);
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const there = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!there.rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

interface Ran {
  lines: { name: string; pairs: Pairs }[];
  failed: string | null;
  seconds: number;
  load: string;
}

async function run(name: BenchName): Promise<Ran> {
  const bench = BENCHES[name];
  const before = load();
  if (bench.postgres && !process.env.DATABASE_URL)
    return { lines: [], failed: 'not run: DATABASE_URL is not set', seconds: 0, load: before };
  if (bench.build && !existsSync(path.join(ROOT, 'dist', 'index.html')))
    return { lines: [], failed: 'not run: no build (npm run build first)', seconds: 0, load: before };
  const env: NodeJS.ProcessEnv = { ...process.env, ...bench.env };
  if (bench.keptDatabase) env.BENCH_DATABASE_URL = await keptDatabase(bench.keptDatabase);
  console.log(
    `\n=== ${name}: ${bench.command.join(' ')} ${Object.entries(bench.env ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')} (load average ${before})`,
  );
  const start = performance.now();
  const lines: Ran['lines'] = [];
  const code = await new Promise<number>((resolve) => {
    const child = spawn(bench.command[0], bench.command.slice(1), {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let rest = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      const text = rest + chunk.toString('utf8');
      const split = text.split('\n');
      rest = split.pop() ?? '';
      for (const line of split) {
        const result = parseResult(line);
        if (result) lines.push(result);
      }
    });
    child.on('close', (exit) => {
      const result = parseResult(rest);
      if (result) lines.push(result);
      resolve(exit ?? 1);
    });
    child.on('error', () => resolve(1));
  });
  const seconds = (performance.now() - start) / 1000;
  return { lines, failed: code === 0 ? null : `the bench exited ${code}`, seconds, load: `${before} → ${load()}` };
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--readme')) {
    writeReadme();
    return;
  }
  const unknown = args.filter((a) => !(a in BENCHES));
  if (unknown.length) {
    console.error(`Unknown bench: ${unknown.join(', ')}. Benches: ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }
  const chosen = (args.length ? args : Object.keys(BENCHES)) as BenchName[];
  const ran = new Map<BenchName, Ran>();
  for (const name of chosen) ran.set(name, await run(name));

  let bad = 0;
  const table: string[][] = [['what', 'figure', 'budget', 'last', 'verdict', 'load average']];
  for (const budget of BUDGETS.filter((b) => chosen.includes(b.bench))) {
    const r = ran.get(budget.bench)!;
    const line = [...r.lines].reverse().find((l) => matches(budget, l));
    const raw = line?.pairs[budget.figure];
    const figure = raw === undefined ? null : Number(raw);
    let verdict: string;
    if (figure === null || Number.isNaN(figure))
      verdict = `NOT MEASURED (${r.failed ?? `no line "RESULT ${budget.result} … ${budget.figure}="`})`;
    else if (figure > budget.limit) verdict = 'MISSED';
    else if (budget.last !== null && budget.last > 0 && figure > budget.last * (1 + SLIP))
      verdict = `SLIPPED: ${Math.round((figure / budget.last - 1) * 100)} % worse than last`;
    else verdict = 'met';
    if (verdict !== 'met') bad++;
    table.push([
      budget.what,
      shown(figure, budget.unit),
      `≤ ${budget.limit} ${budget.unit}`,
      shown(budget.last, budget.unit),
      verdict,
      r.load,
    ]);
  }
  const widths = table[0].map((_, i) => Math.min(70, Math.max(...table.map((row) => row[i].length))));
  console.log('\n=== bench:check');
  for (const row of table)
    console.log(
      row
        .map((cell, i) => (cell.length > widths[i] ? `${cell.slice(0, widths[i] - 1)}…` : cell.padEnd(widths[i])))
        .join('  '),
    );
  for (const name of chosen)
    console.log(
      `${name}: ${ran.get(name)!.seconds.toFixed(0)} s${ran.get(name)!.failed ? ` (${ran.get(name)!.failed})` : ''}`,
    );
  console.log(
    bad ? `\n${bad} figure(s) missed, slipped or not measured` : '\nevery figure within its budget and its last',
  );
  process.exit(bad ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
