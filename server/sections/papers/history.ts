// A paper's history (an invoice's, a УПД's): who made it and who cancelled it, and when. Written through the records'
// history writer in the write's own transaction, so the entry keeps the version the write left and the live streams
// hear of the paper once it commits (an open list or card follows); read back as GET /api/{invoices|upd}/{id}/history.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { recordHistory } from '../../records/history';
import type { FieldChange } from '../../../domain/history';
import type { PaperHistoryEntry } from '../../../domain/answers';

export type PaperSection = 'invoices' | 'upd';
export type PaperAction = 'create' | 'update';

/** The paper's status, as its history tells a cancel: active → cancelled. */
export const CANCELLED: FieldChange[] = [{ field: 'status', old: 'active', new: 'cancelled' }];

export async function recordPaperHistory(
  tx: Database,
  by: number,
  section: PaperSection,
  id: number,
  action: PaperAction,
  changes: FieldChange[] = [],
): Promise<void> {
  await recordHistory(tx, by, [{ section, recordId: id, action, changes }]);
}

export type { PaperHistoryEntry };

/** The paper's entries, oldest first; who wrote them only where the role sees who writes a reserve (`people`). */
export async function paperHistory(
  db: Database,
  section: PaperSection,
  id: number,
  people: boolean,
): Promise<PaperHistoryEntry[]> {
  const rows = rowsOf<PaperHistoryEntry & { at: string | Date }>(
    await db.execute(sql`
    SELECT h.at, coalesce(u.name, u.email) AS user, h.action, h.changes
    FROM record_history h LEFT JOIN users u ON u.id = h.user_id
    WHERE h.section = ${section} AND h.record_id = ${id} ORDER BY h.id`),
  );
  return rows.map((r) => ({ ...r, user: people ? r.user : null, at: new Date(r.at).toISOString() }));
}
