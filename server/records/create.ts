// Creates through the record pipeline: the section's create right and scope, the fields hidden from the role
// refused, the section's checks (prepareCreate), then one write of the records with their comments, history and
// live events (insertRecords). One card's POST makes one record; a wing that makes many at once (a quote's
// reserves) names them all in one entry, so rights and hidden fields are asked once and the history and the events
// are one statement each.
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import type { Section } from '../../domain/sections';
import { requireCompleteCreate, scopeCondition } from './access';
import {
  hiddenFields,
  insertRecord,
  insertRecords,
  readRecord,
  refuseHidden,
  type CreatedRecord,
  type RecordSection,
  type RecordShape,
  type Row,
} from './pipeline';

/** POST /{section}: one record, checked outside the transaction, written in one; answers the card as read. */
export async function createRecord<Values, S extends Section>(
  db: Database,
  auth: AuthenticatedUser,
  section: RecordSection<Values, S>,
  body: Row,
): Promise<Row> {
  const hidden = mayCreate(auth, section);
  refuseHidden(hidden, body, section.fields);
  const values = await section.prepareCreate(db, auth, body, hidden);
  const id = await db.transaction((tx) => insertRecord(tx, auth, section, values, body));
  return readRecord(db, auth, section, id, false);
}

/** One record of many made at once: its form's body, and where it is checked on terms of its own (a quote's line
 * on the prices the quote held), its own check in place of the section's. */
export interface NewBody<Values> {
  body: Row;
  prepare?: RecordSection<Values>['prepareCreate'];
}

/** Inside the caller's transaction (which holds the locks the records need): many records of one section, each
 * checked as its card would be, then written together; answers their ids and versions in the order given. A refusal
 * of any of them throws, and the caller's transaction writes none. */
export async function createRecords<Values, S extends Section>(
  tx: Database,
  auth: AuthenticatedUser,
  section: RecordSection<Values, S>,
  items: readonly NewBody<Values>[],
): Promise<CreatedRecord[]> {
  const hidden = mayCreate(auth, section);
  for (const { body } of items) refuseHidden(hidden, body, section.fields);
  const checked = [];
  for (const { body, prepare } of items)
    checked.push({ values: await (prepare ?? section.prepareCreate)(tx, auth, body, hidden), body });
  return insertRecords(tx, auth, section, checked);
}

/** The section's create right (403 without it, or without the right to fill a whole card); answers the fields
 * hidden from the caller's role. A wing asks it before its own checks, so that a refusal reads as the card's would. */
export function mayCreate<S extends Section>(auth: AuthenticatedUser, section: RecordShape<S>) {
  scopeCondition(section.spec, auth, 'create');
  requireCompleteCreate(auth, section.spec.section);
  return hiddenFields(section, auth);
}
