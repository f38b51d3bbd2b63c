// PGlite is single-connection: two processes on one data folder corrupt it. A lock file names the holder (its
// pid and the moment that process started) and refuses a second server (or create-admin, or seed) while the
// holder lives; a lock left by a dead process is taken over.
//
// A pid alone is not an identity: inside a container (its own PID namespace) a server killed with -9 comes back
// with the same pid, finds "its" pid alive and would refuse to start for ever. The process's start time
// (/proc/<pid>/stat, field 22) tells a reused pid from the holder: same pid, other start → stale.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  path: string;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Папка данных ${dataDir} уже занята процессом ${pid}: остановите его или укажите другой DATA_DIR. ` +
        `(The data folder ${dataDir} is held by process ${pid}; stop it or set another DATA_DIR.)`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** When the process started, in clock ticks since boot; null where /proc cannot tell (not Linux, or gone). */
export function processStart(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces and parentheses: count fields after its closing one
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Does the process named in the lock still hold it? */
export function holderLives(pid: number, start: string | null): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  const now = processStart(pid);
  if (start !== null && now !== null) return now === start;
  // no start time to compare (an old lock, or no /proc): our own pid cannot be another live holder
  return pid !== process.pid && isAlive(pid);
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'nutdesk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, `${process.pid}\n${processStart('self') ?? ''}\n`);
      closeSync(fd);
      let released = false;
      return {
        path: lockPath,
        release() {
          if (released) return;
          released = true;
          rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidLine, startLine] = readFileSync(lockPath, 'utf8').split('\n');
      const pid = Number(pidLine.trim());
      if (holderLives(pid, startLine?.trim() || null)) throw new DataDirLockedError(dataDir, pid);
      rmSync(lockPath, { force: true }); // stale: its process is gone, or its pid now belongs to another
    }
  }
  throw new Error(`Не удалось захватить ${lockPath}`);
}
