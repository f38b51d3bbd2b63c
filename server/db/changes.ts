// "A record changed", announced by the database once the write committed: the live event streams
// (server/events/) hear of every write of a record, never of one rolled back.
//
// How a write is heard: the history writer (server/records/history.ts, which every write of a record passes)
// calls `announceChanges` inside the write's own transaction. That is a NOTIFY: PostgreSQL keeps a transaction's
// notifications until it commits, then delivers them to every connection listening on the channel (on a server
// every app instance through its bus's LISTEN; the embedded PGlite alike, to this process), and drops them with a
// rollback. Nothing patches the transaction and nothing is published by the app after it: a reader of the write
// sees what it announces. Each notification names up to BATCH records of one section with the version this write
// left them at, so a 1 000-row bulk edit is a handful of notifications, not a thousand. A user's new notification
// is announced the same way (`announceNotifications`).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { isLiveSection, liveTable, type LiveEvent, type LiveKind, type LiveSection } from '../../domain/live';

/** The bus channels: record changes, and a user's new notification. */
export const CHANGES_CHANNEL = 'nutdesk_changes';
export const NOTIFY_CHANNEL = 'nutdesk_notifications';

/** Records per notification: each ~16 bytes, well under PostgreSQL's 8 000-byte payload. */
const BATCH = 200;

const instance = randomBytes(3).toString('hex');
let counter = 0;

/** What one notification carries: the section, the kind of change, the event ids' prefix (time and writing
 * instance) and first counter, and [id, version] of each record in id order. */
interface Announcement {
  s: LiveSection;
  k: LiveKind;
  p: string;
  c: number;
  e: [number, number][];
}

/** Inside the write's transaction: the records of `section` it changed (`kind`) are announced, each with the
 * version the write left it at, when (and only if) the transaction commits. */
export async function announceChanges(
  tx: Database,
  section: LiveSection,
  kind: LiveKind,
  ids: number[],
): Promise<void> {
  if (!ids.length) return;
  // an event's id, unique across instances and increasing within one: what `Last-Event-ID` names
  const prefix = `${Date.now().toString(36)}-${instance}-`;
  const first = counter;
  counter += ids.length;
  // the ids as one array parameter: an import's 5 000 records are not 5 000 bound values
  // and the change generation moves (migration 0028), which the buyers' links' cache reads
  await tx.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, json_build_object('s', ${section}::text, 'k', ${kind}::text,
      'p', ${prefix}::text, 'c', ${first}::int + c.chunk * ${BATCH}, 'e', json_agg(json_build_array(c.id, c.version) ORDER BY c.id))::text),
      nextval('change_generation')
    FROM (SELECT t.id, t.version, ((row_number() OVER (ORDER BY t.id)) - 1)::int / ${BATCH} AS chunk
      FROM ${sql.identifier(liveTable(section))} t WHERE t.id = ANY(${`{${ids.join(',')}}`}::int[])) c
    GROUP BY c.chunk`);
}

/** Inside a write no record's history announces (the business settings): moves the change generation alone, so
 * what is built from the settings (a buyer's link's list) is built anew. */
export async function moveChangeGeneration(tx: Database): Promise<void> {
  await tx.execute(sql`SELECT nextval('change_generation')`);
}

/** The events one announcement names (none when it is not one). */
export function eventsOf(payload: string): LiveEvent[] {
  let a: Announcement;
  try {
    a = JSON.parse(payload) as Announcement;
  } catch {
    return [];
  }
  if (!a || !isLiveSection(a.s) || !Array.isArray(a.e)) return [];
  return a.e.map(([id, version], i) => ({
    eid: `${a.p}${(a.c + i).toString(36)}`,
    section: a.s,
    id,
    version,
    kind: a.k,
  }));
}

/** Inside the write's transaction: these users have a new notification (told once it commits). */
export async function announceNotifications(tx: Database, users: number[]): Promise<void> {
  if (!users.length) return;
  await tx.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify({ users: [...new Set(users)] })})`);
}
