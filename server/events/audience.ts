// Who hears what of a batch of changes, decided per AUDIENCE rather than per stream: streams whose read
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
import { scopeOf, type Permissions } from '../../domain/permissions';
import { selectColumns } from '../lists/engine';
import { stripHidden } from '../contract/visible';
import type { LiveSection } from '../../domain/live';

const dialect = new PgDialect();

/** Own predicates asked in one statement (a column each). */
const OWN_COLUMNS = 100;

/** A stream's read scope over a section: its key (alike keys, alike records) and, for an own scope, its column. */
export interface ReadScope {
  key: string;
  column?: SQL;
}

/** A wing's records the streams hear of (a saved quote): not a section, so its own rule says who reads which, as a
 * condition over its FROM (by `alias`) or all or none. */
export interface WingAudience {
  section: LiveSection;
  alias: string;
  from: SQL;
  scope: (auth: AuthenticatedUser) => 'all' | 'none' | SQL;
}

/** Who hears of a kind of record: a section (its list's read scope) or a wing (its own rule). */
export type Audience = Pick<SectionSpec, 'section' | 'alias' | 'from' | 'own'> | WingAudience;

/** Scopes made, by the stream's auth (a new one at each heartbeat's check) and section: a batch asks every stream's. */
const scopes = new WeakMap<AuthenticatedUser, Map<string, ReadScope>>();

export function readScope(spec: Audience, auth: AuthenticatedUser): ReadScope {
  const made = scopes.get(auth) ?? scopes.set(auth, new Map()).get(auth)!;
  let scope = made.get(spec.section);
  if (!scope) made.set(spec.section, (scope = makeScope(spec, auth)));
  return scope;
}

function makeScope(spec: Audience, auth: AuthenticatedUser): ReadScope {
  let column: SQL;
  if ('scope' in spec) {
    const scope = spec.scope(auth);
    if (scope === 'all' || scope === 'none') return { key: scope };
    column = scope;
  } else {
    const scope = scopeOf(auth.permissions, spec.section, 'read');
    if (scope !== 'own') return { key: scope };
    column = mayColumn(spec, auth, 'read');
  }
  const { sql: text, params } = dialect.sqlToQuery(column);
  return { key: `own ${text} ${JSON.stringify(params)}`, column };
}

/** The `{a,b,…}` literal of an int[] parameter: a batch's ids as one bound value. */
export const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** Of these records, the ids each distinct scope may read: all and none without a query, every own scope in one
 * statement for the section (up to OWN_COLUMNS a statement). */
export async function readableByScope(
  db: Database,
  spec: Pick<SectionSpec, 'alias' | 'from'>,
  ids: readonly number[],
  scopes: readonly ReadScope[],
): Promise<Map<string, Set<number>>> {
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
    const columns = sql.join(
      chunk.map(([, column], i) => sql`${column} AS ${sql.raw(`v${i}`)}`),
      sql`, `,
    );
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`SELECT ${a}.id, ${columns} ${spec.from}
      WHERE ${a}.id = ANY(${idArray(ids)}::int[])`),
    );
    for (const row of rows) sets.forEach((set, i) => row[`v${i}`] && set.add(Number(row.id)));
  }
  return readable;
}

/** The rows of these records as the section's list answers them (GET /api/{section}: its FROM, its columns, its
 * default of no deleted record), read once for every stream that shows them; what a stream may see of them is cut
 * afterwards (`stripFor`). A record the list would not show (deleted meanwhile) is no row: its streams read again. */
export async function listRows(
  db: Database,
  spec: SectionSpec,
  ids: readonly number[],
): Promise<Map<number, Record<string, unknown>>> {
  if (!ids.length) return new Map();
  const a = sql.raw(spec.alias);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT ${selectColumns(spec)} ${spec.from}
    WHERE ${a}.id = ANY(${idArray(ids)}::int[]) AND ${a}.status <> 'deleted'`),
  );
  return new Map(rows.map((row) => [Number(row.id), row]));
}

/** What the list's stripping (contract/visible.ts stripHidden) leaves of a row with these keys for these
 * permissions, as a key: streams alike in it get the same text of a row. Read off the stripping itself (a row of
 * every key and a comment with its author run through it), never re-derived from the rules. */
export function stripKey(
  perms: Permissions,
  spec: Pick<SectionSpec, 'section' | 'columnDefs'>,
  keys: readonly string[],
): string {
  const made = stripKeys.get(perms) ?? stripKeys.set(perms, new Map()).get(perms)!;
  const at = `${spec.section}:${keys.join(',')}`;
  let key = made.get(at);
  if (key === undefined) made.set(at, (key = makeStripKey(perms, spec, keys)));
  return key;
}

/** Strip keys made, by the stream's permissions (new ones at each heartbeat's check), section and row keys. */
const stripKeys = new WeakMap<Permissions, Map<string, string>>();

function makeStripKey(
  perms: Permissions,
  spec: Pick<SectionSpec, 'section' | 'columnDefs'>,
  keys: readonly string[],
): string {
  const probe = Object.fromEntries(
    keys.map((key) => [key, key === 'comments' ? [{ author_id: 1, author_name: '' }] : null]),
  );
  return JSON.stringify(stripHidden([probe], perms, spec)[0]);
}

/** The rows as one stream's list would answer them: its hidden fields and comments' authors stripped, each row's
 * JSON text by id. */
export function stripFor(
  perms: Permissions,
  spec: Pick<SectionSpec, 'section' | 'columnDefs'>,
  rows: Iterable<Record<string, unknown>>,
): Map<number, string> {
  const copies = [...rows].map((row) => ({ ...row }));
  return new Map(stripHidden(copies, perms, spec).map((row) => [Number(row.id), JSON.stringify(row)]));
}
