// Bulk soft delete (DELETE /api/{section} with {ids}): status 'deleted' and deleted_at, in one transaction,
// only for records the caller may delete. What else a section must keep or do (an offer with active reserves
// stays; a deleted active reserve gives its amount back) are its hooks, `deletable` and `onDelete`; a record that
// active records of another section use (a supplier under active offers) stays with the count, its `inUse`. Each
// deleted record's history gets its 'deleted' entry in the same transaction.
import { sql } from 'drizzle-orm';
import * as yup from 'yup';
import type { Database } from '../db/client';
import { DELETE_MSG, noneDeletedText, type BulkDeleteResponse, type DeleteReasons } from '../../domain/lists';
import type { RefusedRow } from '../../domain/bulk';
import type { AuthenticatedUser } from '../accounts/users';
import { select, selectRows } from '../db/rows';
import { recordColumnsOf } from '../contract/tables';
import { mayColumn, scopeCondition } from '../records/access';
import { recordDeleted } from '../records/history';
import type { SectionSpec } from '../contract/section';

export const deleteBodySchema = yup.object({
  ids: yup
    .array(yup.number().integer(DELETE_MSG.noIds).positive(DELETE_MSG.noIds).required(DELETE_MSG.noIds))
    .required(DELETE_MSG.noIds)
    .min(1, DELETE_MSG.noIds)
    .max(1000, DELETE_MSG.tooMany),
});

/** Inside the caller's transaction (a bulk delete's, a supplier's price list's): each of `ids` deleted if the
 * caller may and the section lets it go (an offer with active reserves stays), with its history entry; answers
 * the ids deleted and why the others were not. */
export async function deleteLocked(
  tx: Database,
  spec: SectionSpec,
  auth: AuthenticatedUser,
  unique: number[],
  handTo?: number,
): Promise<{ deleted: number; ids: number[]; reasons: DeleteReasons; refused: RefusedRow[] }> {
  const a = sql.raw(spec.alias);
  const may = mayColumn(spec, auth, 'delete');
  // Each selected record with why it may or may not go, read through the section's FROM (the own-scope predicate
  // may reference its joins); the rows stay locked until commit, so `deletable` cannot change under us and
  // onDelete sees them as they are.
  const { id, status } = recordColumnsOf(spec);
  const locking = select({
    id,
    status,
    readable: sql<boolean>`${mayColumn(spec, auth, 'read')}`,
    may: sql<boolean>`${may}`,
    kept: sql<boolean>`${spec.deletable ? sql`NOT coalesce((${spec.deletable}), false)` : sql`false`}`,
  });
  const found = await selectRows(
    tx,
    locking,
    sql`
    ${spec.from} WHERE ${a}.id IN (${sql.join(
      unique.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY ${a}.id FOR UPDATE OF ${a}`,
  );
  const why: DeleteReasons = { kept: 0, forbidden: 0, deleted: 0, missing: unique.length - found.length };
  let chosen: number[] = [];
  for (const row of found) {
    // what the caller may not read is as good as not there: no reason tells it apart
    if (!row.readable) why.missing++;
    else if (row.status === 'deleted') why.deleted++;
    else if (!row.may) why.forbidden++;
    else if (row.kept) why.kept++;
    else chosen.push(Number(row.id));
  }
  // what uses them handed to another first, where the section may and the delete asks (an employee's reserves)
  const handOver = spec.inUse?.handOver;
  if (handOver && handTo !== undefined && chosen.length) await handOver.run(tx, auth, chosen, handTo);
  const refused = [...(await refuseInUse(tx, spec, chosen))];
  const guarded =
    spec.refuseDelete && chosen.length
      ? await spec.refuseDelete(
          tx,
          auth,
          chosen.filter((id) => !refused.some((r) => r.id === id)),
        )
      : [];
  refused.push(...guarded);
  why.kept += refused.length;
  if (refused.length) chosen = chosen.filter((id) => !refused.some((r) => r.id === id));
  if (!chosen.length) return { deleted: 0, ids: [], reasons: why, refused };
  await spec.onDelete?.(tx, chosen, auth.user.id);
  await tx.execute(sql`UPDATE ${sql.identifier(spec.section)} SET status = 'deleted', deleted_at = now()
    WHERE id IN (${sql.join(
      chosen.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  await recordDeleted(tx, auth.user.id, spec.section, chosen);
  return { deleted: chosen.length, ids: chosen, reasons: why, refused };
}

/** The records of `ids` that active records of another section use (the section's `inUse`), each with its refusal
 * naming the count. Counted in a statement of its own after the records were locked, so that it sees what was
 * committed while the lock was awaited (a write putting a record in use locks it too: records/liveReferences.ts). */
async function refuseInUse(tx: Database, spec: SectionSpec, ids: number[]): Promise<RefusedRow[]> {
  if (!spec.inUse || !ids.length) return [];
  const a = sql.raw(spec.alias);
  const counted = select({ id: recordColumnsOf(spec).id, count: sql<number>`(${spec.inUse.count})::int` });
  const used = await selectRows(
    tx,
    counted,
    sql`
    FROM ${sql.identifier(spec.section)} ${a} WHERE ${a}.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY ${a}.id`,
  );
  return used.filter((u) => u.count > 0).map((u) => ({ id: Number(u.id), reason: spec.inUse!.refusal(u.count) }));
}

export async function bulkDelete(
  db: Database,
  spec: SectionSpec,
  auth: AuthenticatedUser,
  body: unknown,
): Promise<BulkDeleteResponse> {
  scopeCondition(spec, auth, 'delete'); // 403 without the right at all
  const { ids } = await deleteBodySchema.validate(body ?? {}, { abortEarly: true });
  // a repeated id is one record: [5, 5] deletes one of one, not one of two
  const unique = [...new Set(ids)];
  const field = spec.inUse?.handOver?.field;
  const named = field ? (body as Record<string, unknown> | null)?.[field] : undefined;
  const handTo = named === undefined || named === null ? undefined : Number(named);
  const { deleted, reasons, refused } = await db.transaction((tx) => deleteLocked(tx, spec, auth, unique, handTo));
  const notDeleted = unique.length - deleted;
  const response: BulkDeleteResponse = { status: 'success', deleted, notDeleted };
  if (notDeleted > 0) response.reasons = reasons;
  if (refused.length) response.refused = refused;
  if (deleted > 0 && notDeleted > 0)
    response.warning = DELETE_MSG.partial(spec.section, deleted, unique.length, notDeleted);
  if (deleted === 0) response.message = noneDeletedText(spec.section, reasons, refused);
  return response;
}
