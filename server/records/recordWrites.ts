// The writes of an existing record, every section's: a card's change, a named step (a reserve's complete or cancel),
// a part kept in rows of its own (a product's varieties, a city's routes). Each is made on the version the user saw:
// the row is locked and a newer version answers 409 'stale' with what changed since, changing nothing; the record's
// history and the live streams hear of it in the write's transaction.
import { Type } from '@sinclair/typebox';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { HISTORY_FIELDS, HISTORY_TEXTS, type FieldChange } from '../../domain/history';
import { changedFieldTitles, VERSION_MSG, versionProperty, type StaleInfo } from '../../domain/versions';
import { badRequest, forbidden, notFound, stale } from '../errors';
import { select, selectFirst } from '../db/rows';
import { recordHistory } from '../db/schema';
import type { StoredRecord } from '../contract/tables';
import type { Section } from '../../domain/sections';
import { recordVisible } from './access';
import { changeRecord, lockedRecord } from './history';
import { changesSince } from './historyRead';
import {
  hiddenFields,
  readRecord,
  refuseHidden,
  type Change,
  type RecordSection,
  type RecordShape,
  type Row,
} from './pipeline';

/** The version a write names: 400 'Не указана версия записи' without one. */
export function versionOf(body: unknown): number {
  const version = (body as { version?: unknown } | null | undefined)?.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw badRequest(VERSION_MSG.missing);
  return version;
}

/** 404 when the caller may not read the record, 403 when it may not change it. */
async function requireChangeable<S extends Section>(
  db: Database,
  auth: AuthenticatedUser,
  section: RecordShape<S>,
  id: number,
) {
  if (section.refuseStatus) {
    // the status is the section's to refuse, after the version: here only the scope counts
    await readRecord(db, auth, section, id, true);
    if (!(await recordVisible(db, section.spec, auth, id, 'update'))) throw forbidden();
  } else if (!(await readRecord(db, auth, section, id, false)).can_update) {
    throw forbidden();
  }
}

/** Locks the record and checks the version the write was made on: a newer one is 409 'stale' with what changed
 * since (as the caller may see it), who changed it last and when. Answers the record as stored. */
async function lockVersion<S extends Section>(
  tx: Database,
  auth: AuthenticatedUser,
  section: RecordShape<S>,
  id: number,
  seen: number,
): Promise<StoredRecord<S>> {
  const before = await lockedRecord(tx, section.spec.section, id);
  if (!before) throw notFound();
  const current = Number(before.version);
  if (current !== seen) throw stale(await staleInfo(tx, auth, section, id, seen, current));
  return before;
}

async function staleInfo<S extends Section>(
  tx: Database,
  auth: AuthenticatedUser,
  section: RecordShape<S>,
  id: number,
  seen: number,
  version: number,
): Promise<StaleInfo> {
  const entries = await changesSince(tx, auth, section.spec.section, id, seen);
  // when, even where no change is the caller's to see: that the record changed, the 409 says anyway
  const h = recordHistory;
  const last = await selectFirst(
    tx,
    select({ at: sql<string | null>`max(${h.at})` }),
    sql`FROM ${h} WHERE ${h.section} = ${section.spec.section} AND ${h.record_id} = ${id} AND ${h.version} > ${seen}`,
  );
  // who: the last writer, where the role sees who writes records; the server's own job reads 'Система'
  const by = entries[0]?.user?.name ?? (entries[0]?.system ? HISTORY_TEXTS.system : null);
  const changes = entries.reverse().flatMap((e) => e.changes);
  return {
    version,
    by,
    at: last?.at ? new Date(last.at).toISOString() : null,
    changes,
    fields: changedFieldTitles(changes, (field) => HISTORY_FIELDS[section.spec.section][field]?.title),
  };
}

/** Runs a write of an existing record: rights, the version, the section's status rule for the step, then
 * `write` in the transaction, and the record's history of what the write changed. */
async function writeRecord<S extends Section>(
  db: Database,
  auth: AuthenticatedUser,
  section: RecordShape<S>,
  id: number,
  body: Row,
  step: string,
  write: (tx: Database, before: StoredRecord<S>, hidden: ReadonlySet<string>) => Promise<Change>,
): Promise<Row> {
  await requireChangeable(db, auth, section, id);
  const version = versionOf(body);
  const hidden = hiddenFields(section, auth);
  refuseHidden(hidden, body, section.fields);
  await db.transaction((tx) =>
    changeLocked(tx, auth, section, id, version, step, (before) => write(tx, before, hidden)),
  );
  return readRecord(db, auth, section, id, false);
}

/** Inside a write's transaction: the rows the section locks first, the record locked and the version the write was
 * made on checked (none: written over the record as stored), the section's status rule for the step, then `write`
 * and the record's history of what it changed. */
async function changeLocked<S extends Section>(
  tx: Database,
  auth: AuthenticatedUser,
  section: RecordShape<S>,
  id: number,
  version: number | undefined,
  step: string,
  write: (before: StoredRecord<S>) => Promise<Change>,
): Promise<void> {
  await section.lockFirst?.(tx, id);
  const before =
    version === undefined
      ? await lockedRecord(tx, section.spec.section, id)
      : await lockVersion(tx, auth, section, id, version);
  if (!before) throw notFound();
  const refused = section.refuseStatus?.(String(before.status), step);
  if (refused) throw badRequest(refused);
  const { set, extra } = await write(before);
  await changeRecord(tx, auth.user.id, section.spec.section, id, set, { before, extra });
  await section.written?.(tx, [id]);
}

/** PATCH /{section}/{id}: the card's change, made on the version the user saw. */
export const updateRecord = <Values, S extends Section>(
  db: Database,
  auth: AuthenticatedUser,
  section: RecordSection<Values, S>,
  id: number,
  body: Row,
) =>
  writeRecord(db, auth, section, id, body, 'change', (tx, before, hidden) =>
    section.change(tx, auth, { id, before, body, hidden }),
  );

/** A named step of a record (a reserve's complete or cancel), made on the version the user saw: `write` moves
 * what the step moves and answers the record's own columns it sets. */
export const recordStep = <Values, S extends Section>(
  db: Database,
  auth: AuthenticatedUser,
  section: RecordSection<Values, S>,
  id: number,
  body: Row,
  step: string,
  write: (tx: Database, before: StoredRecord<S>) => Promise<SQL>,
) =>
  writeRecord(db, auth, section, id, body, step, async (tx, before) => ({
    set: await write(tx, before),
  }));

/** A write of a record's part kept in rows of its own (a product's varieties, a city's routes), with the guarantees
 * of a change of the record: the caller's right to change it (and `allowed`, the part's own), the record locked
 * (after lockFirst) and the version the card read checked (409 'stale' with what changed since), then `write`
 * inside the transaction, answering what changed for the record's history. The record's version moves by one
 * (the card goes on from the version it sent plus one), its history tells the changes and the live streams hear
 * of it. Without a version the part is written over whatever is stored (a client that sends none). */
export async function recordPartWrite<S extends Section>(
  db: Database,
  auth: AuthenticatedUser,
  section: RecordShape<S>,
  id: number,
  part: {
    version?: number;
    allowed?: () => void;
    write: (tx: Database, before: StoredRecord<S>) => Promise<FieldChange[]>;
  },
): Promise<void> {
  await requireChangeable(db, auth, section, id);
  part.allowed?.();
  // the record's own columns stay as they are: the UPDATE moves its version (the trigger's), the history tells the part
  await db.transaction((tx) =>
    changeLocked(tx, auth, section, id, part.version, 'change', async (before) => ({
      set: sql`version = version`,
      extra: await part.write(tx, before),
    })),
  );
}

/** The query of a part's write: `?version=`, the version of the record the card read (409 'stale' when newer). */
export const partVersionQuery = Type.Object({
  version: Type.Optional(
    Type.Integer({
      ...versionProperty,
      description: 'the version of the record the change was made on (409 stale when newer)',
    }),
  ),
});

/** The version a part's write names in its query (`?version=`): none where the client sent none. */
export const partVersionOf = (query: { version?: number }): number | undefined => query.version;

/** A step that changes what the record's own columns do not show (a reserve's payments): `write` answers the
 * changes for the history beside its SET (which may set nothing new: the version moves all the same). */
export const recordChangeStep = <Values, S extends Section>(
  db: Database,
  auth: AuthenticatedUser,
  section: RecordSection<Values, S>,
  id: number,
  body: Row,
  step: string,
  write: (tx: Database, before: StoredRecord<S>) => Promise<Change>,
) => writeRecord(db, auth, section, id, body, step, (tx, before) => write(tx, before));
