// The record pipeline: every section's card is read, created, changed and stepped through here, so what all of
// them share is written once. Read: the caller's read scope, the list row with the card's own columns, the
// record's version, whether the caller may change it, every field hidden from the role stripped. Write: the
// section's create right, fields hidden from the role refused, then the section's own hooks (its schema, figures,
// stock and references), with comments and history in the write's transaction. A change and a step (a reserve's
// complete or cancel) name the version the user saw: the row is locked and a newer version answers 409 'stale'
// with what changed since, changing nothing. A part of a record kept in rows of its own (a product's varieties, a
// city's routes) is written as a change of the record (recordWrites.ts): the same lock, version, history and events.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { hiddenCardFields, hiddenFieldMessage } from '../../domain/schemas/card';
import type { FieldChange } from '../../domain/history';
import { forbidden, notFound } from '../errors';
import { select, selectFirst } from '../db/rows';
import { stripHidden } from '../contract/visible';
import type { SectionSpec } from '../contract/section';
import { recordColumnsOf, type RecordBase, type StoredRecord } from '../contract/tables';
import type { Section } from '../../domain/sections';
import { mayColumn, scopeCondition } from './access';
import { addRecordsComments } from './comments';
import { recordsCreated, type CreatedRecord } from './history';

/** Values by field name: a request's body as sent, a form's values, a card's answer. A record as stored is typed
 * from its section's table instead (StoredRecord<S>, server/contract/tables.ts). */
export type Row = Record<string, unknown>;

/** A value read as a row: an object (not an array), so its fields are read by name without a cast. */
export const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A change's write: the SET list of the record's own columns, and what else it changed for the history. */
export interface Change {
  set: SQL;
  /** Changes the UPDATE does not show (a city's delivery rows), recorded in the same history entry. */
  extra?: FieldChange[];
}

/** What a change's hook is handed: the record locked as stored (its version checked), the body, the hidden fields. */
export interface ChangeContext<R extends RecordBase = StoredRecord> {
  id: number;
  before: R;
  body: Row;
  hidden: ReadonlySet<string>;
}

/** A section's card as the pipeline runs it: its descriptor, its form fields, and its own hooks. `S` names the
 * section (`RecordSection<OfferValues, 'offers'>`), so that the record its hooks are handed as stored is its table's
 * row, `R` (StoredRecord<S>: a parameter of its own rather than computed inside, so that a named section's hooks
 * stay assignable where any section's are). A section not named is handed the columns every section has, typed,
 * and the rest by name. */
export interface RecordSection<Values = Row, S extends Section = Section, R extends RecordBase = StoredRecord<S>> {
  spec: SectionSpec<S>;
  /** The fields a card writes (besides comments and files): a write naming one hidden from the role is refused. */
  fields: readonly string[];
  /** The rule a field is hidden by, where it is not its own name (a supplier's city_id by 'city'). */
  visibleAs?: Readonly<Record<string, string>>;
  /** Columns the card reads beside the list row's, over the section's FROM (ids of references, figures). */
  readColumns?: Record<string, SQL>;
  /** Which records may be changed at all, over the section's alias; the card's can_update. Default: not deleted. */
  changeable?: SQL;
  /** A section whose records change only in some statuses refuses the others in its own words (reserves:
   * 'Резерв в статусе «Завершен» нельзя отменить'); such a record is found even when deleted, to say so. */
  refuseStatus?: (status: string, step: string) => string | null;
  /** Rows a write of the record may change besides it, locked before it so that every writer takes them in one
   * order (an offer's active reserves: a reserve's own steps lock the reserve, then its offer). */
  lockFirst?: (tx: Database, id: number) => Promise<void>;
  /** The section's own part of the read, after the hidden fields went. */
  finishRead?: (db: Database, auth: AuthenticatedUser, row: Row) => Row | Promise<Row>;
  /** A create's values, checked (outside the transaction). */
  prepareCreate: (db: Database, auth: AuthenticatedUser, body: Row, hidden: ReadonlySet<string>) => Promise<Values>;
  /** Writes the checked values inside the create's transaction; answers the new record's id. */
  insert: (tx: Database, auth: AuthenticatedUser, values: Values, body: Row) => Promise<number>;
  /** What a create's first history entry tells beside 'Создано' (a reserve's delivery cost typed below its route's,
   * with the route's figure); none by default. */
  createdChanges?: (values: Values) => FieldChange[];
  /** Writes many checked creates at once (an import) in a few multi-row statements, inside the caller's
   * transaction; answers their ids in the order given. Without it, `insert` runs once per record. */
  insertMany?: (tx: Database, auth: AuthenticatedUser, items: NewRecord<Values>[]) => Promise<number[]>;
  /** A change inside its transaction, the record locked and its version checked: the section's checks and writes
   * (stock through the stock writer), answering the SET of the record's own columns. */
  change: (tx: Database, auth: AuthenticatedUser, context: ChangeContext<R>) => Promise<Change>;
  /** A bulk edit of many records at once (records/bulk.ts), inside its transaction with every record locked, in
   * the caller's scope and changeable: the section's checks of `change` made as sets (one statement for all the
   * records, not one per record), answering per record the columns to write (the engine writes them in one
   * UPDATE) or why the card would refuse it. Without it, a bulk edit runs `change` once per record. */
  changeMany?: (
    tx: Database,
    auth: AuthenticatedUser,
    rows: BulkRow<R>[],
    hidden: ReadonlySet<string>,
  ) => Promise<BulkOutcome[]>;
  /** A bulk restore as sets (records/restore.ts): beforeRestore's rules for a chunk of locked deleted records at once,
   * answering per record nothing (it comes back) or the error beforeRestore would have thrown. Without it, each
   * record runs beforeRestore in a savepoint of its own. */
  restoreMany?: (
    tx: Database,
    auth: AuthenticatedUser,
    rows: RestoreRow<R>[],
  ) => Promise<{ id: number; refused?: unknown }[]>;
  /** After records were created or changed (a card, an import, a bulk edit), inside the write's transaction: the
   * section brings what it stores derived from them up to date (an offer's documents state follows its product and
   * origin). The write announces the records itself. */
  written?: (tx: Database, ids: number[]) => Promise<void>;
  /** A restore (records/restore.ts), inside its transaction with the record locked, still deleted, before it goes
   * back to `status`: the section's duplicate rule against the records not deleted (409 with the twin's id), and
   * what else coming back means (a reserve takes its amount again through the stock writer, or is refused). */
  beforeRestore?: (tx: Database, auth: AuthenticatedUser, record: R, status: string) => Promise<void>;
}

/** One record of a set-based bulk edit: as stored (locked), and the values the edit sets on it (over the stored
 * ones, what the card's form would send). */
export interface BulkRow<R extends RecordBase = StoredRecord> {
  id: number;
  before: R;
  body: Row;
}

/** One deleted record of a restore: as stored (locked), and the status it comes back to. */
export interface RestoreRow<R extends RecordBase = StoredRecord> {
  id: number;
  record: R;
  status: string;
}

/** A set-based change's answer for one record: its own columns to write (values as the card stores them), or the
 * error the card would have answered (its Russian message is the refusal's reason). */
export type BulkOutcome = { id: number; set: Row } | { id: number; refused: unknown };

/** What a section's card is, apart from its writes: enough to read it and check a write's rights and version. */
export type RecordShape<S extends Section = Section> = Pick<
  RecordSection<unknown, S>,
  | 'spec'
  | 'fields'
  | 'visibleAs'
  | 'readColumns'
  | 'changeable'
  | 'refuseStatus'
  | 'finishRead'
  | 'lockFirst'
  | 'written'
>;

/** The form fields the caller's role may neither see nor write, under every name they go by. */
export const hiddenFields = <S extends Section>(section: RecordShape<S>, auth: AuthenticatedUser) =>
  hiddenCardFields(auth.permissions, section.spec.section, section.fields, section.visibleAs);

/** A write may not name a field the caller's role does not see: 403 naming it. */
export function refuseHidden(hidden: ReadonlySet<string>, body: Row, fields: readonly string[]) {
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || value === null || value === '') continue;
    if (hidden.has(field)) throw forbidden(hiddenFieldMessage(field));
  }
}

/** A card's row as read: the columns by the keys its section's spec names them (a list row's, the card's own), the
 * record's version and whether the caller may change it. */
type CardRead = Row & { version: number; can_update: boolean };

/** One record as its card shows it; 404 when it is not there, out of the caller's read scope, or deleted and
 * `withDeleted` was not asked for. */
export async function readRecord<S extends Section>(
  db: Database,
  auth: AuthenticatedUser,
  section: RecordShape<S>,
  id: number,
  withDeleted: boolean,
): Promise<Row> {
  const { spec } = section;
  const a = sql.raw(spec.alias);
  const columns = { ...spec.columns, ...section.readColumns };
  const changeable = section.changeable ?? sql`${a}.status <> 'deleted'`;
  // the list row's columns and the card's own by key (what the section's spec names), the record's version, and
  // whether the caller may change it
  const card = select({
    ...columns,
    version: recordColumnsOf(spec).version,
    can_update: sql<boolean>`${changeable} AND ${mayColumn(spec, auth, 'update')}`,
  });
  const row: CardRead | undefined = await selectFirst(
    db,
    card,
    sql`${spec.from} WHERE ${a}.id = ${id} AND ${scopeCondition(spec, auth, 'read')}`,
  );
  if (!row || (row.status === 'deleted' && !withDeleted)) throw notFound();
  const [stripped] = stripHidden([row], auth.permissions, spec);
  for (const field of hiddenFields(section, auth)) delete stripped[field];
  return section.finishRead ? section.finishRead(db, auth, stripped) : stripped;
}

/** A create as the pipeline writes it: the section's checked values and the form body (comments, files). */
export interface NewRecord<Values> {
  values: Values;
  body: Row;
}

export type { CreatedRecord };

/** Inside the caller's transaction: writes new records, each with its comments and its history's first entry;
 * answers their ids and versions in the order given. Every create ends here (the card's POST through
 * insertRecord, an import with all its rows at once), so this is the one place records are known created.
 * Many records go in set-based statements (the section's insertMany, the comments and the history rows each a
 * multi-row INSERT), not one round trip per record. */
export async function insertRecords<Values, S extends Section>(
  tx: Database,
  auth: AuthenticatedUser,
  section: RecordSection<Values, S>,
  items: NewRecord<Values>[],
): Promise<CreatedRecord[]> {
  if (!items.length) return [];
  let ids: number[];
  if (section.insertMany && items.length > 1) {
    ids = await section.insertMany(tx, auth, items);
  } else {
    ids = [];
    for (const item of items) ids.push(await section.insert(tx, auth, item.values, item.body));
  }
  await section.written?.(tx, ids);
  await addRecordsComments(
    tx,
    auth,
    section.spec.section,
    ids.map((id, i) => ({ id, input: items[i].body.comments })),
  );
  const told = section.createdChanges;
  return recordsCreated(tx, auth.user.id, section.spec.section, ids, told && ids.map((_, i) => told(items[i].values)));
}

/** One new record (the card's POST): insertRecords with one item; answers its id. */
export async function insertRecord<Values, S extends Section>(
  tx: Database,
  auth: AuthenticatedUser,
  section: RecordSection<Values, S>,
  values: Values,
  body: Row,
): Promise<number> {
  const [created] = await insertRecords(tx, auth, section, [{ values, body }]);
  return created.id;
}
