// `npm run seed`: writes the demo data set into the configured database (PGlite in DATA_DIR, or DATABASE_URL)
// when it holds no offers yet; a database with data is left alone.
import { loadConfig } from '../config';
import { migrate, openDatabase } from '../db/client';
import { acquireDataDirLock } from '../db/lock';
import { hasNoOffers, seedDemoData } from '../db/seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../domain/api';

async function main(): Promise<void> {
  const config = loadConfig();
  // PGlite is single-connection: never open a data folder a running server holds.
  const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
  const database = await openDatabase(config);
  try {
    await migrate(database);
    if (!(await hasNoOffers(database.db))) {
      console.log('В базе данных уже есть данные: демонстрационный набор не записан.');
      return;
    }
    const started = Date.now();
    await seedDemoData(database.db);
    console.log(
      `Демонстрационные данные записаны за ${((Date.now() - started) / 1000).toFixed(1)} с. Учётные записи (пароль ${DEMO_PASSWORD}):`,
    );
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email} — ${account.role}`);
  } finally {
    await database.close();
    lock?.release();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
