// Bulk soft delete (DELETE /api/{section} with {ids}): status 'deleted' and deleted_at, in one transaction,
// only for records the caller may delete. What else a section must keep or do (an offer with active reserves
// stays; a deleted active reserve gives its amount back) are its hooks, `deletable` and `onDelete`. Each deleted
// record's history gets its 'deleted' entry in the same transaction.
import { sql } from 'drizzle-orm';
import * as yup from 'yup';
import type { Database } from '../db/client';
import { DELETE_MSG, type BulkDeleteResponse } from '../../domain/lists';
import type { AuthenticatedUser } from '../accounts/users';
import { rowsOf } from '../http/rows';
import { scopeCondition } from '../records/access';
import { recordDeleted } from '../records/history';
import type { SectionSpec } from '../spec/section';

export const deleteBodySchema = yup.object({
  ids: yup
    .array(yup.number().integer(DELETE_MSG.noIds).positive(DELETE_MSG.noIds).required(DELETE_MSG.noIds))
    .required(DELETE_MSG.noIds)
    .min(1, DELETE_MSG.noIds)
    .max(1000, DELETE_MSG.tooMany),
});

export async function bulkDelete(db: Database, spec: SectionSpec, auth: AuthenticatedUser, body: unknown): Promise<BulkDeleteResponse> {
  const scope = scopeCondition(spec, auth, 'delete');
  const { ids } = await deleteBodySchema.validate(body ?? {}, { abortEarly: true });
  const unique = [...new Set(ids)];
  const a = sql.raw(spec.alias);

  const conditions = [sql`${a}.id IN (${sql.join(unique.map((id) => sql`${id}`), sql`, `)})`, sql`${a}.status <> 'deleted'`, scope];
  if (spec.deletable) conditions.push(spec.deletable);
  const deleted = await db.transaction(async (tx) => {
    // The own-scope predicate may reference the section's joins, so pick the ids through its FROM; the rows stay
    // locked until commit, so `deletable` cannot change under us and onDelete sees them as they are.
    const chosen = rowsOf<{ id: number }>(await tx.execute(sql`
      SELECT ${a}.id ${spec.from} WHERE ${sql.join(conditions, sql` AND `)} ORDER BY ${a}.id FOR UPDATE OF ${a}`)).map((r) => r.id);
    if (!chosen.length) return 0;
    await spec.onDelete?.(tx, chosen, auth.user.id);
    await tx.execute(sql`UPDATE ${sql.identifier(spec.section)} SET status = 'deleted', deleted_at = now()
      WHERE id IN (${sql.join(chosen.map((id) => sql`${id}`), sql`, `)})`);
    await recordDeleted(tx, auth.user.id, spec.section, chosen);
    return chosen.length;
  });
  const notDeleted = ids.length - deleted;
  const response: BulkDeleteResponse = { status: 'success', deleted, notDeleted };
  if (deleted > 0 && notDeleted > 0) response.warning = DELETE_MSG.partial(deleted, ids.length, notDeleted);
  return response;
}
