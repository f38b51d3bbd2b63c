// "A record changed", said once per committed change: the live event streams (server/events/) hear of every
// write of a record through the bus, after its transaction committed and never for one rolled back.
//
// How a write is heard: every top-level transaction on a database the app delivers for (deliverChanges) runs
// with a collector; `recordChanged` inside it (the history writer calls it for each record a write touches, so
// every pipeline write, bulk delete, stock move and the other engineers' bulk edits and batched inserts are
// heard without calling anything) notes the change there, and when the transaction commits the notes are
// published on the bus, deduplicated, with each record's version as committed. A transaction that throws
// publishes nothing. `recordChanged` outside a transaction publishes at once (a write that just committed).
// Notifications for a user ride the same way (`notificationCreated`).
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import type { Bus } from './bus';
import { isSection, type Section } from '../../domain/sections';
import type { LiveEvent, LiveKind } from '../../domain/live';
import { rowsOf } from '../http/rows';

/** The bus channels: record changes, and a user's new notification. */
export const CHANGES_CHANNEL = 'nutdesk_changes';
export const NOTIFY_CHANNEL = 'nutdesk_notifications';

interface Pending {
  changes: Map<string, { section: Section; id: number; kind: LiveKind }>;
  notifications: Set<number>;
}

const store = new AsyncLocalStorage<Pending>();
const delivered = new WeakMap<Database, Bus>();

/** Of two changes to one record in one transaction, the one a reader must hear of: created and deleted say more
 * than changed, changed more than a stock move. */
const WEIGHT: Record<LiveKind, number> = { stock: 0, update: 1, create: 2, delete: 3 };

/** Notes that a record changed. Inside a transaction: published after it commits; outside: now, on `db`'s bus. */
export function recordChanged(section: Section, id: number, kind: LiveKind, db?: Database): void {
  const pending = store.getStore();
  if (pending) {
    const key = `${section}:${id}`;
    const before = pending.changes.get(key);
    if (!before || WEIGHT[kind] > WEIGHT[before.kind]) pending.changes.set(key, { section, id, kind });
    return;
  }
  const bus = db && delivered.get(db);
  if (bus) void publishChanges(db, bus, [{ section, id, kind }]).catch(() => undefined);
}

/** Notes that a user has a new notification (inside its transaction: told after the commit). */
export function notificationCreated(userId: number, db?: Database): void {
  const pending = store.getStore();
  if (pending) {
    pending.notifications.add(userId);
    return;
  }
  const bus = db && delivered.get(db);
  if (bus) void bus.publish(NOTIFY_CHANNEL, JSON.stringify({ users: [userId] })).catch(() => undefined);
}

const instance = randomBytes(3).toString('hex');
let counter = 0;
/** An event's id, unique across instances and increasing within one: what `Last-Event-ID` names. */
const eventId = () => `${Date.now().toString(36)}-${instance}-${(counter++).toString(36)}`;

/** Events per bus message: each ~90 bytes, well under PostgreSQL's 8 000-byte notification. */
const BATCH = 50;

async function publishChanges(db: Database, bus: Bus, changes: { section: Section; id: number; kind: LiveKind }[]) {
  const bySection = new Map<Section, number[]>();
  for (const c of changes) {
    const ids = bySection.get(c.section);
    if (ids) ids.push(c.id);
    else bySection.set(c.section, [c.id]);
  }
  const versions = new Map<string, number>();
  for (const [section, ids] of bySection) {
    if (!isSection(section)) continue;
    // the ids as one array parameter: an import's 5 000 records are not 5 000 bound values
    const rows = rowsOf<{ id: number; version: number }>(await db.execute(sql`SELECT id, version FROM ${sql.identifier(section)}
      WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`));
    for (const r of rows) versions.set(`${section}:${r.id}`, Number(r.version));
  }
  const events: LiveEvent[] = changes.map((c) => ({ eid: eventId(), section: c.section, id: c.id, version: versions.get(`${c.section}:${c.id}`) ?? null, kind: c.kind }));
  for (let i = 0; i < events.length; i += BATCH) await bus.publish(CHANGES_CHANNEL, JSON.stringify(events.slice(i, i + BATCH)));
}

/** Makes every top-level transaction on `db` tell the bus what it changed, once it committed. Idempotent: two
 * app instances on one embedded database share its bus and wrap it once. */
export function deliverChanges(db: Database, bus: Bus): void {
  if (delivered.has(db)) return;
  delivered.set(db, bus);
  const original = db.transaction.bind(db);
  const wrapped = async (...args: Parameters<typeof original>) => {
    if (store.getStore()) return original(...args);
    const pending: Pending = { changes: new Map(), notifications: new Set() };
    const result = await store.run(pending, () => original(...args));
    // after the commit, outside the collector: a failure to publish never fails the write that succeeded
    try {
      if (pending.changes.size) await publishChanges(db, bus, [...pending.changes.values()]);
      if (pending.notifications.size) await bus.publish(NOTIFY_CHANNEL, JSON.stringify({ users: [...pending.notifications] }));
    } catch (err) {
      console.error('live events not published:', (err as Error).message);
    }
    return result;
  };
  (db as { transaction: unknown }).transaction = wrapped;
}
