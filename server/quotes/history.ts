// A quote's history (issue 38): who made it, changed its date or buyer, revoked its link, reserved it (the status
// 'Принята') or deleted it, and when, in the records' own history table under the section 'quotes'; the card reads
// it as GET /api/quotes/{id}/history.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { FieldChange } from '../../domain/history';
import { rowsOf } from '../db/rows';
import { isRefVisible, type Permissions } from '../../domain/permissions';
import type { Section } from '../../domain/sections';

/** A quote's people (who wrote its history, who commented on it) follow the person-field rule of the reserves it
 * is read under: shown where the role sees who created a reserve (issue 34). */
export const QUOTE_PEOPLE: Section = 'reserves';

export type QuoteAction = 'create' | 'update' | 'delete';

/** One entry, with the quote's version after the write (the write ran first). */
export async function recordQuoteHistory(tx: Database, by: number, id: number, action: QuoteAction, changes: FieldChange[] = []): Promise<void> {
  if (action === 'update' && !changes.length) return;
  await tx.execute(sql`INSERT INTO record_history (section, record_id, action, user_id, changes, version)
    VALUES ('quotes', ${id}, ${action}, ${by}, ${JSON.stringify(changes)}::jsonb, (SELECT version FROM quotes WHERE id = ${id}))`);
}

export interface QuoteHistoryEntry {
  at: string;
  user: string | null;
  action: QuoteAction;
  changes: FieldChange[];
}

/** The quote's entries, oldest first; who wrote them only for a role that sees who created a reserve. */
export async function quoteHistory(db: Database, id: number, perms: Permissions): Promise<QuoteHistoryEntry[]> {
  const shown = isRefVisible(perms, `${QUOTE_PEOPLE}.created_by`);
  const rows = rowsOf<QuoteHistoryEntry & { at: string | Date }>(await db.execute(sql`SELECT h.at, coalesce(u.name, u.email) AS user, h.action, h.changes
    FROM record_history h LEFT JOIN users u ON u.id = h.user_id WHERE h.section = 'quotes' AND h.record_id = ${id} ORDER BY h.id`));
  return rows.map((r) => ({ ...r, user: shown ? r.user : null, at: new Date(r.at).toISOString() }));
}
