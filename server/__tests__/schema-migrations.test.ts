// server/db/schema.ts is the type the code reads rows by, the migrations are what the database holds: a migration
// written by hand that forgets schema.ts, names a constraint otherwise than drizzle-kit does, or adds an index schema.ts
// does not know, lets them part, and `npm run db:generate` would then write migrations against a database that is not
// there. (The snapshot drizzle-kit compares with is `npm run db:check`'s other half, resynced by `npm run db:snapshot`.)
import { migrationsAgainstSchema } from '../scripts/db-schema';

test('a database migrated to the end holds exactly the tables, columns, constraints and indexes schema.ts describes', async () => {
  expect(await migrationsAgainstSchema()).toEqual([]);
}, 180_000); // two databases built from nothing: ~50 s on the loaded 2-core machine
