// `npm start`: build the SPA if it is missing, take the data folder, migrate, seed demo data on a fresh
// embedded database, listen; on SIGINT/SIGTERM shut down gracefully: drain behind a proxy, stop accepting
// connections, end the long-lived streams (server/http/shutdown.ts), let the requests in flight finish, then close
// (checkpoint) the database and free the folder. A request that still runs after SHUTDOWN_TIMEOUT_SECONDS is cut off.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { embeddedMaintenance } from './db/maintenance';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/lock';
import { hasNoOffers, seedDemoData } from './db/seed';
import { buildApp, RATES_FOLLOWERS } from './app';
import { scheduleReserveExpiry } from './sections/reserves';
import { scheduleDocumentMoves, scheduleDocumentNotices } from './sections/offers';
import { scheduleRatesLoad } from './sections/currencyRates';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../domain/api';

async function main(): Promise<void> {
  const config = loadConfig();

  if (process.argv.includes('--build-if-missing') && !existsSync(path.join(config.distDir, 'index.html'))) {
    console.log('Сборка интерфейса (npm run build)…');
    const build = spawnSync('npx', ['webpack', '--mode', 'production'], {
      stdio: 'inherit',
      cwd: path.resolve(__dirname, '..'),
    });
    if (build.status !== 0) throw new Error('Сборка интерфейса не удалась');
  }

  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir);
  const database = await openDatabase(config);
  await database.migrate();

  let demo = false;
  if (database.kind === 'pglite' && (await hasNoOffers(database.db))) {
    console.log('Первый запуск: записываю демонстрационные данные…');
    await seedDemoData(database.db);
    demo = true;
  }
  // An embedded database is a demo installation unless someone cleared it: show the accounts every start.
  demo ||= database.kind === 'pglite';

  const app = await buildApp({ config, db: database.db, bus: database.bus, logger: { level: config.logLevel } });

  // the reserves' expiry job: at start and every minute; one runner across instances by its lock
  const stopExpiry = scheduleReserveExpiry(database.db, (message) => app.log.info(message));
  // the lot documents' expiry notices: the same way, under a lock of their own
  const stopDocumentNotices = scheduleDocumentNotices(
    database.db,
    (message) => app.log.info(message),
    config.documentNoticesEveryMs,
  );
  // the lots' papers moved by the calendar at the start of each business day
  const stopDocumentMoves = scheduleDocumentMoves(database.db, (message) => app.log.info(message));

  // the Central Bank's rates: asked until the next business day's are in, then again the day after
  const stopRates = scheduleRatesLoad(
    database.db,
    { url: config.cbrRatesUrl, everyMs: config.cbrRatesEveryMs, followers: RATES_FOLLOWERS },
    (message) => app.log.info(message),
  );

  const stopMaintenance = embeddedMaintenance(database, (message) => app.log.info(message));

  const shutdownSeconds = config.shutdownTimeoutSeconds;
  const DATABASE_CLOSE_MS = 5000;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: останавливаюсь…`);
    const deadline = setTimeout(() => {
      console.error(`Запросы не завершились за ${shutdownSeconds} с: закрываю соединения`);
      app.server.closeAllConnections();
    }, shutdownSeconds * 1000);
    deadline.unref();
    stopMaintenance();
    // never waits on a job: the expiry's timer stops, and a run in progress ends with the database (its
    // transaction rolls back; the next run, here or on another instance, takes it up)
    void stopExpiry();
    void stopDocumentNotices();
    stopDocumentMoves();
    void stopRates();
    try {
      // behind a proxy: reads answer 503 for a while, so the proxy sends nothing more here before the listener closes
      if (config.shutdownDrainMs > 0) {
        app.drain.start();
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      }
      await app.close();
      // on PostgreSQL a connection some job still holds does not keep the process: the pool gets a few seconds to
      // close (PGlite's close is its CHECKPOINT, always waited for: a data folder is never left half-written)
      const closed = database.close();
      await (database.kind === 'pg'
        ? Promise.race([closed, new Promise((resolve) => setTimeout(resolve, DATABASE_CLOSE_MS).unref())])
        : closed);
    } finally {
      clearTimeout(deadline);
      lock?.release();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  console.log(
    `\nNutDesk: http://${shown}:${config.port}  (база: ${database.kind === 'pg' ? 'PostgreSQL' : `PGlite в ${config.dataDir}`})`,
  );
  if (demo) {
    console.log(`Демо-учётные записи, пароль ${DEMO_PASSWORD}:`);
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(26)} ${account.role}`);
  }
}

main().catch((error) => {
  if (error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
