// Who hears what of a batch of changes, decided per AUDIENCE rather than per stream (issue 36): streams whose read
// scope over a section is alike see the same records of it, so the question is asked once for all of them. A
// scope is the one the list engine applies (records/access.ts mayColumn: all, none, or the section's own
// predicate for that user); two users' own predicates are alike when they compile to the same SQL and values (a
// supplier's user's own offers differ by user, so each is its own audience). 200 streams of four roles cost one
// query per section and batch, not one per stream.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import type { SectionSpec } from '../contract/section';
import { mayColumn } from '../records/access';
import { rowsOf } from '../db/rows';
import { scopeOf } from '../../domain/permissions';

const dialect = new PgDialect();

/** Own predicates asked in one statement (a column each). */
const OWN_COLUMNS = 100;

/** A stream's read scope over a section: its key (alike keys, alike records) and, for an own scope, its column. */
export interface ReadScope {
  key: string;
  column?: SQL;
}

export function readScope(spec: Pick<SectionSpec, 'section' | 'alias' | 'from' | 'own'>, auth: AuthenticatedUser): ReadScope {
  const scope = scopeOf(auth.permissions, spec.section, 'read');
  if (scope !== 'own') return { key: scope };
  const column = mayColumn(spec, auth, 'read');
  const { sql: text, params } = dialect.sqlToQuery(column);
  return { key: `own ${text} ${JSON.stringify(params)}`, column };
}

/** The `{a,b,…}` literal of an int[] parameter: a batch's ids as one bound value. */
export const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** Of these records, the ids each distinct scope may read: all and none without a query, every own scope in one
 * statement for the section (up to OWN_COLUMNS a statement). */
export async function readableByScope(db: Database, spec: Pick<SectionSpec, 'alias' | 'from'>, ids: readonly number[], scopes: readonly ReadScope[]): Promise<Map<string, Set<number>>> {
  const readable = new Map<string, Set<number>>();
  const own = new Map<string, SQL>();
  for (const scope of scopes) {
    if (readable.has(scope.key) || own.has(scope.key)) continue;
    if (scope.column) own.set(scope.key, scope.column);
    else readable.set(scope.key, scope.key === 'all' ? new Set(ids) : new Set());
  }
  const entries = [...own];
  const a = sql.raw(spec.alias);
  for (let at = 0; at < entries.length; at += OWN_COLUMNS) {
    const chunk = entries.slice(at, at + OWN_COLUMNS);
    const sets = chunk.map(([key]) => readable.set(key, new Set()).get(key)!);
    if (!ids.length) continue;
    const columns = sql.join(chunk.map(([, column], i) => sql`${column} AS ${sql.raw(`v${i}`)}`), sql`, `);
    const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`SELECT ${a}.id, ${columns} ${spec.from}
      WHERE ${a}.id = ANY(${idArray(ids)}::int[])`));
    for (const row of rows) sets.forEach((set, i) => row[`v${i}`] && set.add(Number(row.id)));
  }
  return readable;
}
