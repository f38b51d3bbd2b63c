// What the command-line scripts share: the configured database opened (the data folder locked when it is the
// embedded one) and migrated, the work done, everything closed, and the process ended with the work's exit code
// (1 and the message on an error).
import { loadConfig, type Config } from '../config';
import { openDatabase, type OpenedDatabase } from '../db/client';
import { acquireDataDirLock } from '../db/lock';

/** Runs `work` on the migrated database; `prepare` reads the arguments first (a number: exit with it, untouched). */
export function runScript<A>(
  prepare: (config: Config) => A | number | Promise<A | number>,
  work: (args: A, database: OpenedDatabase, config: Config) => Promise<number>,
) {
  const main = async (): Promise<number> => {
    const config = loadConfig();
    const args = await prepare(config);
    if (typeof args === 'number') return args;
    const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
    const database = await openDatabase(config);
    try {
      await database.migrate();
      return await work(args, database, config);
    } finally {
      await database.close();
      lock?.release();
    }
  };
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
