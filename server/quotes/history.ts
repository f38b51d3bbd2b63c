// A quote's history: who made it, changed its date or buyer, revoked its link, reserved it (the status
// 'Принята') or deleted it, and when, in the records' own history table under the section 'quotes'; the card reads
// it as GET /api/quotes/{id}/history.
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { FieldChange } from '../../domain/history';
import { select, selectRows } from '../db/rows';
import { recordHistory as historyTable, users } from '../db/schema';
import { recordHistory } from '../records/history';
import { isRefVisible, type Permissions } from '../../domain/permissions';
import type { Section } from '../../domain/sections';
import { changedFieldTitles, type StaleInfo } from '../../domain/versions';
import { QUOTE_FIELD_TITLES } from '../../domain/quotes/texts';

/** A quote's people (who wrote its history, who commented on it) follow the person-field rule of the reserves it
 * is read under: shown where the role sees who created a reserve. */
export const QUOTE_PEOPLE: Section = 'reserves';

export type QuoteAction = 'create' | 'update' | 'delete';

/** One entry through the records' history writer, with the quote's version after the write (the write ran first):
 * the live streams hear of it once the transaction commits, as of every record's write (an update that changed
 * nothing recorded leaves no entry, but its version moved and is heard). */
export async function recordQuoteHistory(
  tx: Database,
  by: number,
  id: number,
  action: QuoteAction,
  changes: FieldChange[] = [],
): Promise<void> {
  await recordHistory(tx, by, [{ section: 'quotes', recordId: id, action, changes }]);
}

/** Every write of a quote: its columns (`set`), its version moved by one, and its entry through the records' history
 * writer (the live streams hear of it), in the caller's transaction. */
export async function writeQuote(
  tx: Database,
  by: number,
  id: number,
  set: SQL,
  action: QuoteAction,
  changes: FieldChange[] = [],
): Promise<void> {
  await tx.execute(sql`UPDATE quotes SET ${set}, version = version + 1 WHERE id = ${id}`);
  await recordQuoteHistory(tx, by, id, action, changes);
}

export interface QuoteHistoryEntry {
  at: string;
  user: string | null;
  action: QuoteAction;
  changes: FieldChange[];
}

const h = alias(historyTable, 'h');
const u = alias(users, 'u');
/** An entry as read: when, by whom (the user's name, else the address), what. */
const ENTRY = { at: h.at, user: sql<string | null>`coalesce(${u.name}, ${u.email})` };
const CHANGES = sql<FieldChange[]>`${h.changes}`;
const BY_USER = sql`FROM ${historyTable} ${h} LEFT JOIN ${users} ${u} ON ${u.id} = ${h.user_id} WHERE ${h.section} = 'quotes'`;

/** The quote's entries, oldest first; who wrote them only for a role that sees who created a reserve. */
export async function quoteHistory(db: Database, id: number, perms: Permissions): Promise<QuoteHistoryEntry[]> {
  const shown = isRefVisible(perms, `${QUOTE_PEOPLE}.created_by`);
  const rows = await selectRows(
    db,
    select({ ...ENTRY, action: sql<QuoteAction>`${h.action}`, changes: CHANGES }),
    sql`${BY_USER} AND ${h.record_id} = ${id} ORDER BY ${h.id}`,
  );
  return rows.map((r) => ({ ...r, user: shown ? r.user : null, at: new Date(r.at).toISOString() }));
}

/** What a 409 'stale' on a quote tells beside its message (as offers and reserves do): who changed it last
 * (where the role sees who writes a reserve), when, and what, from the entries after the version the caller saw. */
export async function quoteStaleInfo(
  db: Database,
  perms: Permissions,
  id: number,
  seen: number,
  version: number,
): Promise<StaleInfo> {
  const shown = isRefVisible(perms, `${QUOTE_PEOPLE}.created_by`);
  const rows = await selectRows(
    db,
    select({ ...ENTRY, changes: CHANGES }),
    sql`${BY_USER} AND ${h.record_id} = ${id} AND ${h.version} > ${seen} ORDER BY ${h.id}`,
  );
  const last = rows.at(-1);
  const changes = rows.flatMap((r) => r.changes ?? []);
  return {
    version,
    by: shown ? (last?.user ?? null) : null,
    at: last ? new Date(last.at).toISOString() : null,
    changes,
    fields: changedFieldTitles(changes, (field) => QUOTE_FIELD_TITLES[field]),
  };
}
