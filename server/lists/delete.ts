// Bulk soft delete (DELETE /api/{section} with {ids}): status 'deleted' and deleted_at, in one transaction,
// only for records the caller may delete. An offer with active reserves is kept (it counts in notDeleted).
import { sql } from 'drizzle-orm';
import * as yup from 'yup';
import type { Database } from '../db/client';
import { DELETE_MSG, type BulkDeleteResponse } from '../../domain/lists';
import type { Section } from '../../domain/sections';
import { scopeOf } from '../../domain/permissions';
import { forbidden } from '../errors';
import type { AuthenticatedUser } from '../accounts/users';
import type { SectionSpec } from './engine';


export const deleteBodySchema = yup.object({
  ids: yup
    .array(yup.number().integer(DELETE_MSG.noIds).positive(DELETE_MSG.noIds).required(DELETE_MSG.noIds))
    .required(DELETE_MSG.noIds)
    .min(1, DELETE_MSG.noIds)
    .max(1000, DELETE_MSG.tooMany),
});

const TABLES: Record<Section, string> = {
  offers: 'offers', reserves: 'reserves', employees: 'employees', suppliers: 'suppliers', products: 'products', cities: 'cities',
};

export async function bulkDelete(db: Database, spec: SectionSpec, auth: AuthenticatedUser, body: unknown): Promise<BulkDeleteResponse> {
  const scope = scopeOf(auth.permissions, spec.section, 'delete');
  if (scope === 'none') throw forbidden();
  const { ids } = await deleteBodySchema.validate(body ?? {}, { abortEarly: true });
  const unique = [...new Set(ids)];
  const table = sql.raw(TABLES[spec.section]);
  const a = sql.raw(spec.alias);

  const conditions = [sql`${a}.id IN (${sql.join(unique.map((id) => sql`${id}`), sql`, `)})`, sql`${a}.status <> 'deleted'`];
  if (scope === 'own') conditions.push(spec.own(auth));
  if (spec.section === 'offers') {
    conditions.push(sql`NOT EXISTS (SELECT 1 FROM reserves r WHERE r.offer_id = ${a}.id AND r.status = 'active')`);
  }
  // The own-scope predicate may reference the section's joins, so pick the ids through its FROM.
  const deleted = await db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      UPDATE ${table} SET status = 'deleted', deleted_at = now()
      WHERE id IN (SELECT ${a}.id ${spec.from} WHERE ${sql.join(conditions, sql` AND `)} FOR UPDATE OF ${a})
      RETURNING id`);
    return (result as unknown as { rows: unknown[] }).rows.length;
  });
  const notDeleted = ids.length - deleted;
  const response: BulkDeleteResponse = { status: 'success', deleted, notDeleted };
  if (deleted > 0 && notDeleted > 0) response.warning = DELETE_MSG.partial(deleted, ids.length, notDeleted);
  return response;
}
