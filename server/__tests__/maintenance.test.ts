// The embedded database looks after itself: PGlite has no autovacuum, so the server runs VACUUM (ANALYZE) after
// start and then periodically; the planner's row counts (pg_class.reltuples) are then the table's.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { imageOf } from './testImages';
import { embeddedMaintenance } from '../db/maintenance';
import { rowsOf } from '../db/rows';

test('on PGlite the statistics are brought up to date after start, and again on the period', async () => {
  const database = await openDatabase({ inMemory: true, loadDataDir: await imageOf('migrated') });
  try {
    await database.db.execute(sql`CREATE TABLE lots (id serial PRIMARY KEY, kg numeric)`);
    await database.db.execute(sql`INSERT INTO lots (kg) SELECT g FROM generate_series(1, 1234) g`);
    const reltuples = async () =>
      Number(
        rowsOf<{ reltuples: number }>(
          await database.db.execute(sql`SELECT reltuples FROM pg_class WHERE relname = 'lots'`),
        )[0].reltuples,
      );
    // never analysed: PostgreSQL 14+ says -1
    expect(await reltuples()).toBe(-1);
    const logged: string[] = [];
    const stop = embeddedMaintenance(database, (message) => logged.push(message), { firstMs: 10, everyMs: 200 });
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await until(() => logged.length >= 1);
    expect(logged[0]).toMatch(/^VACUUM \(ANALYZE\): \d+ мс$/);
    expect(await reltuples()).toBe(1234);
    await database.db.execute(sql`INSERT INTO lots (kg) SELECT g FROM generate_series(1, 766) g`);
    await until(() => logged.length >= 2);
    stop();
    expect(await reltuples()).toBe(2000);
  } finally {
    await database.close();
  }
});

test('a PostgreSQL server vacuums on its own: nothing is run there', async () => {
  let statements = 0;
  const pg = {
    kind: 'pg',
    db: {
      execute: async () => {
        statements++;
      },
    },
  } as unknown as Parameters<typeof embeddedMaintenance>[0];
  const logged: string[] = [];
  const stop = embeddedMaintenance(pg, (message) => logged.push(message), { firstMs: 0, everyMs: 5 });
  await new Promise((resolve) => setTimeout(resolve, 50));
  stop();
  expect([statements, logged]).toEqual([0, []]);
});
