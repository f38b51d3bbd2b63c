// The CPU a bench's step costs, beside its wall time: this process's (on PGlite the database's too, which runs
// inside it) and, on a PostgreSQL server on this machine, the server processes serving the bench's database. On a
// shared machine the wall time moves with the load; the CPU time is the work done, so a fix is shown by the work
// it removed rather than by one lucky timing.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { rowsOf } from '../server/db/rows';

/** Clock ticks per second of /proc's counters (Linux's USER_HZ). */
const TICKS = 100;

/** A process's CPU (user + system) in seconds, or null when /proc does not show it (another machine). */
function processCpu(pid: number): number | null {
  try {
    // the fields after the command's closing parenthesis: state is the 3rd of /proc's, utime and stime the 14th, 15th
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
}

async function backends(db: Database): Promise<Map<number, number | null>> {
  const pids = rowsOf<{ pid: number }>(
    await db.execute(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`),
  );
  return new Map(pids.map(({ pid }) => [Number(pid), processCpu(Number(pid))]));
}

export interface CpuSpent {
  /** This process's CPU seconds. */
  node: number;
  /** The database server's CPU seconds for this database (null: PGlite, or a server whose processes are not here). */
  db: number | null;
}

/** Starts counting; the function it answers stops and tells what was spent since. */
export async function cpuMeter(db: Database, engine: 'pglite' | 'postgresql'): Promise<() => Promise<CpuSpent>> {
  const before = engine === 'postgresql' ? await backends(db) : new Map<number, number | null>();
  const start = process.cpuUsage();
  return async () => {
    const used = process.cpuUsage(start);
    const node = (used.user + used.system) / 1e6;
    if (engine === 'pglite') return { node, db: null };
    const after = await backends(db);
    let spent = 0;
    for (const [pid, cpu] of after) {
      if (cpu === null) return { node, db: null };
      // a connection opened meanwhile spent all it has on this step
      spent += cpu - (before.get(pid) ?? 0);
    }
    return { node, db: spent };
  };
}

/** The CPU figures as a RESULT line's key=value pairs. */
export const cpuFigures = (spent: CpuSpent) =>
  `node_cpu_s=${spent.node.toFixed(2)}${spent.db === null ? '' : ` db_cpu_s=${spent.db.toFixed(2)}`}`;

/** Runs `step`, with BENCH_PROFILE=<dir> set profiling this process's CPU meanwhile into <dir>/<name>.cpuprofile
 * (what the step costs here, without the seeding around it). */
export async function profiled<T>(name: string, step: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return step();
  const { Session } = await import('node:inspector/promises');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await step();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}
