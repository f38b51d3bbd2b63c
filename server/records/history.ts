// The history of every record, written once for every section: each write path calls these inside its own
// transaction, so a write and its history row commit or roll back together. One INSERT per write (a bulk delete
// writes its rows in that one INSERT too). What is recorded is the fields domain/history.ts names for the section,
// old → new, compared as the database holds them; a write that changes none of them leaves no row.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { HISTORY_FIELDS, type FieldChange, type HistoryAction, type HistoryCause } from '../../domain/history';
import type { Section } from '../../domain/sections';
import { namesOf, returningRows, select, selectFirst } from '../db/rows';
import { storedRecordOf, type StoredRecord } from '../contract/tables';
import { recordHistory as historyTable } from '../db/schema';
import { announceChanges } from '../db/changes';
import { liveTable, type LiveKind, type LiveSection } from '../../domain/live';

/** The signed-in user a write is done by (users.id). */
export type Author = number | null; // null: the system (the reserves' expiry job)

/** One entry: a section's record, or a wing's kept with a version and a history of its own (a saved quote). */
export interface HistoryWrite {
  section: LiveSection;
  recordId: number;
  action: HistoryAction;
  changes?: FieldChange[];
  via?: HistoryCause;
}

/** Writes the entries in one INSERT; a change or stock entry without changes is nothing to tell. */
export async function recordHistory(tx: Database, by: Author, writes: HistoryWrite[]): Promise<void> {
  await announce(tx, writes);
  const kept = writes.filter(
    (w) => w.action === 'create' || w.action === 'delete' || w.action === 'restore' || (w.changes?.length ?? 0) > 0,
  );
  if (!kept.length) return;
  // each entry keeps the record's version after the write (the write ran first): what a stale save answers from
  const rows = kept.map(
    (w) => sql`(${w.section}, ${w.recordId}, ${w.action}, ${by}, ${JSON.stringify(w.changes ?? [])}::jsonb,
    ${w.via ? JSON.stringify(w.via) : null}::jsonb, (SELECT version FROM ${sql.identifier(liveTable(w.section))} WHERE id = ${w.recordId}))`,
  );
  await tx.execute(
    sql`INSERT INTO record_history (section, record_id, action, user_id, changes, via, version) VALUES ${sql.join(rows, sql`, `)}`,
  );
}

/** Every write of a record passes the history writer: the live streams hear of it once its transaction commits
 * (even of a write that changed no recorded field: its version moved). A restored record comes back into the
 * lists as a new one would. */
async function announce(tx: Database, writes: HistoryWrite[]): Promise<void> {
  const groups = new Map<string, { section: LiveSection; kind: LiveKind; ids: number[] }>();
  for (const w of writes) {
    const kind: LiveKind = w.action === 'restore' ? 'create' : w.action;
    const key = `${w.section}:${kind}`;
    const group = groups.get(key);
    if (group) group.ids.push(w.recordId);
    else groups.set(key, { section: w.section, kind, ids: [w.recordId] });
  }
  for (const g of groups.values()) await announceChanges(tx, g.section, g.kind, g.ids);
}

export const recordCreated = (tx: Database, by: Author, section: Section, recordId: number) =>
  recordHistory(tx, by, [{ section, recordId, action: 'create' }]);

/** A record a create wrote: its id and its version as stored (what its history's first entry keeps). */
export interface CreatedRecord {
  id: number;
  version: number;
}

/** One history entry of `action` for each record (a create's first, a delete's, a restore's) in one INSERT (the
 * ids travel as one JSON parameter), each keeping the version the record has after the write; answers the ids with
 * those versions, in the order given. */
async function recordsEntered(
  tx: Database,
  by: Author,
  section: Section,
  action: 'create' | 'delete' | 'restore',
  recordIds: number[],
  changes?: FieldChange[][],
): Promise<CreatedRecord[]> {
  if (!recordIds.length) return [];
  // what an entry tells besides its action, by the record's id (none: '[]')
  const told = Object.fromEntries(
    (changes ?? []).map((c, i) => [recordIds[i], c]).filter(([, c]) => (c as FieldChange[]).length),
  );
  const h = historyTable;
  const written = await returningRows(
    tx,
    sql`
    INSERT INTO ${h} (${namesOf(h.section, h.record_id, h.action, h.user_id, h.changes, h.via, h.version)})
    SELECT ${section}, t.id, ${action}, ${by}::int, coalesce(${JSON.stringify(told)}::jsonb -> t.id::text, '[]'::jsonb), NULL, t.version FROM ${sql.identifier(section)} t
    WHERE t.id IN (SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(recordIds)}::jsonb)) ORDER BY t.id`,
    select({ id: h.record_id, version: h.version }),
  );
  const versions = new Map(written.map((row) => [Number(row.id), Number(row.version)]));
  // heard on the live streams like every other write (recordHistory's note); a restored record comes back into
  // the lists as a new one would
  await announceChanges(tx, section, action === 'restore' ? 'create' : action, recordIds);
  return recordIds.map((id) => ({ id, version: versions.get(id)! }));
}

/** The first history entry of each new record, keeping the version it was stored with; `changes` (by position)
 * what each tells besides 'Создано'. */
export const recordsCreated = (
  tx: Database,
  by: Author,
  section: Section,
  recordIds: number[],
  changes?: FieldChange[][],
) => recordsEntered(tx, by, section, 'create', recordIds, changes);

export async function recordDeleted(tx: Database, by: Author, section: Section, recordIds: number[]): Promise<void> {
  await recordsEntered(tx, by, section, 'delete', recordIds);
}

export async function recordsRestored(tx: Database, by: Author, section: Section, recordIds: number[]): Promise<void> {
  await recordsEntered(tx, by, section, 'restore', recordIds);
}

/** A value as history compares and keeps it: numbers (numeric columns come as text or JSON numbers) as numbers,
 * dates as YYYY-MM-DD, an empty text as none. */
function normalise(format: string, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (format === 'money' || format === 'number') {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  if (format === 'date') return String(value).slice(0, 10);
  return value;
}

/** The recorded fields that differ between two states of a record (fields missing from either are not compared). */
export function diff(section: Section, beforeRecord: object, afterRecord: object): FieldChange[] {
  const before = beforeRecord as Record<string, unknown>;
  const after = afterRecord as Record<string, unknown>;
  const changes: FieldChange[] = [];
  for (const field of Object.values(HISTORY_FIELDS[section])) {
    if (!(field.key in before) || !(field.key in after)) continue;
    // the same stored value is the same recorded one: a bulk write's thousands of records skip their untouched fields
    if (before[field.key] === after[field.key]) continue;
    const old = normalise(field.format, before[field.key]);
    const next = normalise(field.format, after[field.key]);
    if (JSON.stringify(old) !== JSON.stringify(next)) changes.push({ field: field.key, old, new: next });
  }
  return changes;
}

/** The record as stored, locked until the transaction ends: what a change made in several statements is
 * compared with (an offer's edit sets its quantity through the stock writer first). */
export async function lockedRecord<S extends Section>(
  tx: Database,
  section: S,
  id: number,
): Promise<StoredRecord<S> | undefined> {
  const locked = select({ row: storedRecordOf(section, sql`t`) });
  return (await selectFirst(tx, locked, sql`FROM ${sql.identifier(section)} t WHERE t.id = ${id} FOR UPDATE`))?.row;
}

export interface ChangeOptions<S extends Section = Section> {
  /** The record before the write, when the caller locked and read it already (lockedRecord). */
  before?: StoredRecord<S>;
  /** Changes the UPDATE does not show (a city's delivery rows, a product's varieties), recorded in the same row. */
  extra?: FieldChange[];
}

/** UPDATE one record (`set`: the SET list, unqualified columns) and record what it changed, in the caller's
 * transaction. Without `before`, the row is locked and read by the UPDATE itself. Returns the record after. */
export async function changeRecord<S extends Section>(
  tx: Database,
  by: Author,
  section: S,
  id: number,
  set: SQL,
  options: ChangeOptions<S> = {},
): Promise<StoredRecord<S> | undefined> {
  const table = sql.identifier(section);
  const after = storedRecordOf(section, sql`t`);
  let before = options.before;
  let row: { after: StoredRecord<S> } | undefined;
  if (before) {
    [row] = await returningRows(tx, sql`UPDATE ${table} AS t SET ${set} WHERE t.id = ${id}`, select({ after }));
  } else {
    const [both] = await returningRows(
      tx,
      sql`UPDATE ${table} AS t SET ${set}
        FROM (SELECT x.id AS old_id, to_jsonb(x) AS before FROM ${table} x WHERE x.id = ${id} FOR UPDATE) old
        WHERE t.id = old.old_id`,
      select({ before: sql<StoredRecord<S>>`old.before`, after }),
    );
    before = both?.before;
    row = both;
  }
  if (!row || !before) return undefined;
  await recordHistory(tx, by, [
    {
      section,
      recordId: id,
      action: 'update',
      changes: [...diff(section, before, row.after), ...(options.extra ?? [])],
    },
  ]);
  return row.after;
}

/** A record a set-based write changed: as it was (locked) and as the UPDATE left it (its version moved). */
export interface ChangedRecord<S extends Section = Section> {
  id: number;
  before: StoredRecord<S>;
  after: StoredRecord<S>;
}

/** The history of many records one set-based UPDATE changed (a bulk edit), in one INSERT whose rows travel as one
 * JSON parameter, each keeping the version the UPDATE left; a record whose recorded fields did not change gets no
 * row, but is heard on the live streams as every write is. */
export async function recordsChanged<S extends Section>(
  tx: Database,
  by: Author,
  section: S,
  records: ChangedRecord<S>[],
  via?: HistoryCause,
): Promise<void> {
  if (!records.length) return;
  const entries = records
    .map((r) => ({ record_id: r.id, version: Number(r.after.version), changes: diff(section, r.before, r.after) }))
    .filter((e) => e.changes.length);
  if (entries.length) {
    await tx.execute(sql`INSERT INTO record_history (section, record_id, action, user_id, changes, via, version)
      SELECT ${section}, e.record_id, 'update', ${by}::int, e.changes, ${via ? JSON.stringify(via) : null}::jsonb, e.version
      FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS e(record_id int, version int, changes jsonb)`);
  }
  await announceChanges(
    tx,
    section,
    'update',
    records.map((r) => r.id),
  );
}

/** Changes of a keyed part of a record (a city's delivery to each city): `before` and `after` by key. */
export function keyedChanges(
  field: string,
  keys: number[],
  before: Map<number, unknown>,
  after: Map<number, unknown>,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const key of keys) {
    const old = before.get(key) ?? null;
    const next = after.get(key) ?? null;
    if (JSON.stringify(old) !== JSON.stringify(next)) changes.push({ field, key, old, new: next });
  }
  return changes;
}
