// Access to records, written once for every section: the caller's scope for an action (none → 403,
// own → the section's `own` predicate, all → everything) as one SQL condition, and whether one record is
// within it. A card's "may I change it" is the same predicate selected as a column, never re-derived in JS.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { scopeOf, type Action } from '../../domain/permissions';
import { forbidden } from '../errors';
import { createRefusal } from '../../domain/requiredFields';
import type { Section } from '../../domain/sections';
import { select, selectFirst, selectRows } from '../db/rows';
import type { SectionSpec } from '../contract/section';
import { recordColumnsOf } from '../contract/tables';

type Spec = Pick<SectionSpec, 'section' | 'alias' | 'from' | 'own'>;

/** The rows the caller may touch for the action, as a condition over the section's FROM; 403 when none. */
export function scopeCondition(spec: Spec, auth: AuthenticatedUser, action: Action): SQL {
  const scope = scopeOf(auth.permissions, spec.section, action);
  if (scope === 'none') throw forbidden();
  return scope === 'own' ? sql`(${spec.own(auth)})` : sql`true`;
}

/** A role that cannot see a required field of the section cannot create in it: 403 naming the fields,
 * 'Нельзя создавать предложения: роли скрыты обязательные поля «Поставщик», …'. Every create checks it: the card's,
 * an import's, a reserve from a quote. */
export function requireCompleteCreate(auth: AuthenticatedUser, section: Section): void {
  const refused = createRefusal(auth.permissions, section, { supplierUser: auth.user.supplier_id !== null });
  if (refused) throw forbidden(refused);
}

/** The same rule as a boolean column: true where the caller may do the action on the row. */
export function mayColumn(spec: Spec, auth: AuthenticatedUser, action: Action): SQL {
  const scope = scopeOf(auth.permissions, spec.section, action);
  if (scope === 'none') return sql`false`;
  return scope === 'own' ? sql`coalesce((${spec.own(auth)}), false)` : sql`true`;
}

/** Is the record there and within the caller's scope for the action? */
export async function recordVisible(
  db: Database,
  spec: Spec,
  auth: AuthenticatedUser,
  id: number,
  action: Action = 'read',
): Promise<boolean> {
  const scope = scopeOf(auth.permissions, spec.section, action);
  if (scope === 'none') return false;
  const a = sql.raw(spec.alias);
  const found = await selectFirst(
    db,
    select({ one: sql<number>`1` }),
    sql`${spec.from} WHERE ${a}.id = ${id} AND ${mayColumn(spec, auth, action)} LIMIT 1`,
  );
  return found !== undefined;
}

/** Of these records, the ids within the caller's scope for the action, in one query (a batch of live events). */
export async function visibleIds(
  db: Database,
  spec: Spec,
  auth: AuthenticatedUser,
  ids: number[],
  action: Action = 'read',
): Promise<Set<number>> {
  const scope = scopeOf(auth.permissions, spec.section, action);
  if (scope === 'none' || !ids.length) return new Set();
  if (scope === 'all') return new Set(ids);
  const a = sql.raw(spec.alias);
  const rows = await selectRows(
    db,
    select({ id: recordColumnsOf(spec).id }),
    sql`${spec.from}
    WHERE ${a}.id = ANY(${`{${ids.join(',')}}`}::int[]) AND ${mayColumn(spec, auth, action)}`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}
