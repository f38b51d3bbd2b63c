// Trash and restore (issue 25): a soft-deleted record goes back to the status it was deleted from (migration 0013
// keeps it in deleted_from), for a caller with the delete right on it, through the section's beforeRestore hook
// (the duplicate rule against the records not deleted: 409 with the twin's id, as a create answers; a reserve
// takes its stock again), with a 'restore' entry in its history, in one transaction. A bulk restore runs each
// record in a savepoint of one transaction: a refused record stays deleted and says why, the others come back.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { RESTORE_MSG, type BulkRestoreResponse, type RefusedRow } from '../../domain/bulk';
import { badRequest, forbidden, notFound } from '../errors';
import { firstRow } from '../http/rows';
import { mayColumn, scopeCondition } from './access';
import { lockedRecord, recordHistory } from './history';
import { readRecord, type RecordSection, type Row } from './pipeline';
import { idsOf, refusalOf } from './bulk';

/** Inside the caller's transaction: checks and restores one record. */
async function restoreIn(tx: Database, auth: AuthenticatedUser, section: RecordSection<unknown>, id: number): Promise<void> {
  const { spec } = section;
  const a = sql.raw(spec.alias);
  const found = firstRow<{ status: string; readable: boolean; may: boolean }>(await tx.execute(sql`
    SELECT ${a}.status, ${mayColumn(spec, auth, 'read')} AS readable, ${mayColumn(spec, auth, 'delete')} AS may
    ${spec.from} WHERE ${a}.id = ${id} FOR UPDATE OF ${a}`));
  // what the caller may not read is as good as not there
  if (!found?.readable) throw notFound();
  if (!found.may) throw forbidden();
  if (found.status !== 'deleted') throw badRequest(RESTORE_MSG.notDeleted);
  const record = (await lockedRecord(tx, spec.section, id)) as Row;
  const status = typeof record.deleted_from === 'string' && record.deleted_from !== 'deleted' ? record.deleted_from : 'active';
  await section.beforeRestore?.(tx, auth, record, status);
  // the trigger of migration 0013 clears deleted_from; the version trigger bumps the version
  await tx.execute(sql`UPDATE ${sql.identifier(spec.section)} SET status = ${status}, deleted_at = NULL WHERE id = ${id}`);
  await recordHistory(tx, auth.user.id, [{ section: spec.section, recordId: id, action: 'restore' }]);
}

/** POST /api/{section}/{id}/restore: the record as its card shows it, restored. */
export async function restoreRecord<Values>(db: Database, auth: AuthenticatedUser, section: RecordSection<Values>, id: number): Promise<Row> {
  scopeCondition(section.spec, auth, 'delete'); // 403 without the right at all
  await db.transaction((tx) => restoreIn(tx, auth, section as RecordSection<unknown>, id));
  return readRecord(db, auth, section, id, false);
}

/** POST /api/{section}/restore with {ids}: each in id order (two restores lock alike), each refused one with its
 * reason; the answer as a bulk delete's. */
export async function bulkRestore<Values>(db: Database, auth: AuthenticatedUser, section: RecordSection<Values>, body: unknown): Promise<BulkRestoreResponse> {
  scopeCondition(section.spec, auth, 'delete');
  const ids = idsOf(body, RESTORE_MSG);
  const refused: RefusedRow[] = [];
  let restored = 0;
  await db.transaction(async (tx) => {
    for (const id of ids) {
      try {
        await tx.transaction((sp) => restoreIn(sp, auth, section as RecordSection<unknown>, id));
        restored++;
      } catch (e) {
        refused.push({ id, reason: refusalOf(e) });
      }
    }
  });
  const answer: BulkRestoreResponse = { status: 'success', restored, notRestored: ids.length - restored, refused };
  if (restored > 0 && refused.length) answer.warning = RESTORE_MSG.partial(section.spec.section, restored, ids.length, refused.length);
  if (restored === 0) answer.message = [RESTORE_MSG.noneRestored, ...new Set(refused.map((r) => r.reason))].join('. ');
  return answer;
}
