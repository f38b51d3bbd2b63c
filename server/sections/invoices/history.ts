// An invoice's history: who made it and who cancelled it, and when, in the records' history table under the section
// 'invoices'; the card reads it as GET /api/invoices/{id}/history. Its payments are written in their reserve's history.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { FieldChange } from '../../../domain/history';

export type InvoiceAction = 'create' | 'update';

export async function recordInvoiceHistory(
  tx: Database,
  by: number,
  id: number,
  action: InvoiceAction,
  changes: FieldChange[] = [],
): Promise<void> {
  await tx.execute(sql`INSERT INTO record_history (section, record_id, action, user_id, changes, version)
    VALUES ('invoices', ${id}, ${action}, ${by}, ${JSON.stringify(changes)}::jsonb, (SELECT version FROM invoices WHERE id = ${id}))`);
}

export interface InvoiceHistoryEntry {
  at: string;
  user: string | null;
  action: InvoiceAction;
  changes: FieldChange[];
}

/** The invoice's entries, oldest first; who wrote them only where the role sees who writes a reserve (`people`). */
export async function invoiceHistory(db: Database, id: number, people: boolean): Promise<InvoiceHistoryEntry[]> {
  const rows = rowsOf<InvoiceHistoryEntry & { at: string | Date }>(
    await db.execute(sql`
    SELECT h.at, coalesce(u.name, u.email) AS user, h.action, h.changes
    FROM record_history h LEFT JOIN users u ON u.id = h.user_id
    WHERE h.section = 'invoices' AND h.record_id = ${id} ORDER BY h.id`),
  );
  return rows.map((r) => ({ ...r, user: people ? r.user : null, at: new Date(r.at).toISOString() }));
}
