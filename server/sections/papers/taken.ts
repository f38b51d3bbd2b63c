// A reserve is on one live paper of a kind at a time (one live invoice, one live УПД): the making refuses, naming
// the first reserve already on one and that paper's number. Each kind names its tables and its refusal.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { badRequest } from '../../errors';

export interface PaperTables {
  /** The papers' table ('invoices', 'upd_documents'). */
  papers: string;
  /** Their lines' table, each with its reserve and `cancelled`. */
  lines: string;
  /** The line's column naming its paper. */
  paperKey: string;
}

/** The ids as an SQL list: `IN (${idList(ids)})`. */
export const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Throws the kind's 400 when one of the reserves is on a live paper of the kind ('number/year' named). */
export async function refuseTaken(
  tx: Database,
  tables: PaperTables,
  ids: readonly number[],
  refusal: (reserveId: number, number: string) => string,
): Promise<void> {
  const [taken] = rowsOf<{ reserve_id: number; number: string }>(
    await tx.execute(sql`
    SELECT l.reserve_id, p.number || '/' || p.year AS number
    FROM ${sql.raw(tables.lines)} l JOIN ${sql.raw(tables.papers)} p ON p.id = l.${sql.raw(tables.paperKey)}
    WHERE NOT l.cancelled AND l.reserve_id IN (${idList(ids)}) ORDER BY l.reserve_id LIMIT 1`),
  );
  if (taken) throw badRequest(refusal(taken.reserve_id, taken.number));
}
