// Trash and restore (set-based: one statement for all the rows): a soft-deleted record goes back to the status it was
// deleted from (migration 0013 keeps it in deleted_from), for a caller with the delete right on it, through the
// section's rules for coming back (the duplicate rule against the records not deleted: 409 with the twin's id, as a
// create answers; a reserve takes its stock again), with a 'restore' entry in its history, in one transaction.
// Records are locked and checked per chunk in one statement; a section with restoreMany judges the chunk at once
// and the records come back in one UPDATE with their history in one INSERT; another runs its beforeRestore per
// record in a savepoint. A refused record stays deleted and says why, the others come back.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { RESTORE_MSG, type BulkRestoreResponse, type RefusedRow } from '../../domain/bulk';
import { badRequest, forbidden, notFound } from '../errors';
import { select, selectRows } from '../db/rows';
import { recordColumnsOf, storedRecordOf, type RecordBase, type StoredRecord } from '../contract/tables';
import type { Section } from '../../domain/sections';
import { mayColumn, scopeCondition } from './access';
import { recordHistory, recordsRestored } from './history';
import { readRecord, type RecordSection, type RestoreRow, type Row } from './pipeline';
import { idsOf, refusalOf } from './bulk';

/** Records locked, checked and restored per statement. */
const CHUNK = 500;

/** A record the restore refused, with the error its card would answer. */
interface Refusal {
  id: number;
  error: unknown;
}

/** The status a deleted record comes back to: the one it was deleted from. */
const statusBack = (record: RecordBase) =>
  typeof record.deleted_from === 'string' && record.deleted_from !== 'deleted' ? record.deleted_from : 'active';

/** Inside the caller's transaction: locks and checks the records in one statement, restores those that may come
 * back; answers the ids restored, and each refused one with its error. */
async function restoreChunk<S extends Section>(
  tx: Database,
  auth: AuthenticatedUser,
  section: RecordSection<unknown, S>,
  ids: number[],
): Promise<{ restored: number[]; refused: Refusal[] }> {
  const { spec } = section;
  const a = sql.raw(spec.alias);
  const table = sql.identifier(spec.section);
  const locking = select({
    id: recordColumnsOf(spec).id,
    row: storedRecordOf(spec.section, a),
    may: sql<boolean>`${mayColumn(spec, auth, 'delete')}`,
  });
  const found = await selectRows(
    tx,
    locking,
    sql`
    ${spec.from} WHERE ${a}.id = ANY(${`{${ids.join(',')}}`}::int[]) AND ${mayColumn(spec, auth, 'read')}
    ORDER BY ${a}.id FOR UPDATE OF ${a}`,
  );
  const refused: Refusal[] = [];
  const there = new Set(found.map((f) => Number(f.id)));
  // what the caller may not read is as good as not there, and is not locked
  for (const id of ids) if (!there.has(id)) refused.push({ id, error: notFound() });
  const rows: RestoreRow<StoredRecord<S>>[] = [];
  for (const f of found) {
    const id = Number(f.id);
    if (!f.may) refused.push({ id, error: forbidden() });
    else if (f.row.status !== 'deleted') refused.push({ id, error: badRequest(RESTORE_MSG.notDeleted) });
    else rows.push({ id, record: f.row, status: statusBack(f.row) });
  }
  const restored: number[] = [];
  const back: RestoreRow<StoredRecord<S>>[] = [];
  if (section.restoreMany) {
    const outcomes = new Map((await section.restoreMany(tx, auth, rows)).map((o) => [o.id, o]));
    for (const row of rows) {
      const outcome = outcomes.get(row.id);
      if (outcome?.refused) refused.push({ id: row.id, error: outcome.refused });
      else back.push(row);
    }
  } else {
    for (const row of rows) {
      try {
        await tx.transaction(async (sp) => {
          await section.beforeRestore?.(sp, auth, row.record, row.status);
          await sp.execute(sql`UPDATE ${table} SET status = ${row.status}, deleted_at = NULL WHERE id = ${row.id}`);
          await recordHistory(sp, auth.user.id, [{ section: spec.section, recordId: row.id, action: 'restore' }]);
        });
        restored.push(row.id);
      } catch (e) {
        refused.push({ id: row.id, error: e });
      }
    }
  }
  if (back.length) {
    // the trigger of migration 0013 clears deleted_from; the version trigger bumps the version
    await tx.execute(sql`UPDATE ${table} AS t SET status = v.status, deleted_at = NULL
      FROM jsonb_to_recordset(${JSON.stringify(back.map((r) => ({ id: r.id, status: r.status })))}::jsonb) AS v(id int, status text)
      WHERE t.id = v.id`);
    await recordsRestored(
      tx,
      auth.user.id,
      spec.section,
      back.map((r) => r.id),
    );
    restored.push(...back.map((r) => r.id));
  }
  return { restored, refused };
}

/** POST /api/{section}/{id}/restore: the record as its card shows it, restored. */
export async function restoreRecord<Values, S extends Section>(
  db: Database,
  auth: AuthenticatedUser,
  section: RecordSection<Values, S>,
  id: number,
): Promise<Row> {
  scopeCondition(section.spec, auth, 'delete'); // 403 without the right at all
  await db.transaction(async (tx) => {
    const { refused } = await restoreChunk(tx, auth, section as RecordSection<unknown, S>, [id]);
    if (refused.length) throw refused[0].error;
  });
  return readRecord(db, auth, section, id, false);
}

/** POST /api/{section}/restore with {ids}: in id order (two restores lock alike), each refused one with its
 * reason; the answer as a bulk delete's. */
export async function bulkRestore<Values, S extends Section>(
  db: Database,
  auth: AuthenticatedUser,
  section: RecordSection<Values, S>,
  body: unknown,
): Promise<BulkRestoreResponse> {
  scopeCondition(section.spec, auth, 'delete');
  const ids = idsOf(body, RESTORE_MSG);
  const refused: RefusedRow[] = [];
  let restored = 0;
  await db.transaction(async (tx) => {
    for (let from = 0; from < ids.length; from += CHUNK) {
      const chunk = await restoreChunk(tx, auth, section as RecordSection<unknown, S>, ids.slice(from, from + CHUNK));
      restored += chunk.restored.length;
      for (const r of chunk.refused) refused.push({ id: r.id, reason: refusalOf(r.error) });
    }
  });
  refused.sort((x, y) => x.id - y.id);
  const answer: BulkRestoreResponse = { status: 'success', restored, notRestored: ids.length - restored, refused };
  if (restored > 0 && refused.length)
    answer.warning = RESTORE_MSG.partial(section.spec.section, restored, ids.length, refused.length);
  if (restored === 0) answer.message = [RESTORE_MSG.noneRestored, ...new Set(refused.map((r) => r.reason))].join('. ');
  return answer;
}
