// How the seed writes: multi-row inserts in batches with the ids back from RETURNING, and the business day of a
// seeded instant.
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import { businessDayOf, TIME_ZONE_DEFAULT } from '../../../domain/businessDay';

/** Rows per INSERT: well under PostgreSQL's 65 535 bind parameters for the widest table. */
const BATCH = 500;

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(table).values(rows.slice(i, i + BATCH));
}

/** Inserts and returns the new ids in the order of the rows. */
export async function insertIds<T extends PgTable & { id: PgColumn }>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const inserted = (await tx
      .insert(table)
      .values(rows.slice(i, i + BATCH))
      .returning({ id: table.id })) as { id: number }[];
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** The business day of a seeded instant (the demo's zone is the default one). */
export const isoDate = (d: Date) => businessDayOf(d, TIME_ZONE_DEFAULT);
