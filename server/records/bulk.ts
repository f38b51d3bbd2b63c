// Bulk edit (set-based: one statement for all the rows): PATCH /api/{section} with {ids, set, adjust?} changes every
// selected record as its card would, at the database's pace. Per chunk of records, in one transaction: the
// records are locked and checked (read scope, the update right and scope, the section's changeable and status
// rules) in one statement; the section's changeMany makes the card's checks as sets (its schema per record in
// memory, the references, stock and reserves, duplicates each in one statement for the chunk); the accepted
// records are written in one UPDATE guarded by the version they were locked at (a record whose version moved
// meanwhile is reported, never overwritten), their history in one INSERT, their events in a few notifications.
// A record its card refuses stays as it was, and the answer says why, in the card's own words; the others commit
// together. A section without changeMany runs its card's change per record, each in a savepoint. `adjust` moves
// money by a percentage of each record's own stored value, rounded half-up to the kopeck (domain/bulk.ts, the
// dialog's preview computes the same).
import { sql } from 'drizzle-orm';
import { ValidationError } from 'yup';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import {
  BULK_MAX,
  BULK_MSG,
  adjustedMoney,
  bulkFieldsOf,
  validPercent,
  type BulkEditResponse,
  type RefusedRow,
} from '../../domain/bulk';
import { MSG } from '../../domain/messages';
import { VERSION_MSG } from '../../domain/versions';
import type { HistoryCause } from '../../domain/history';
import { badRequest, forbidden, fromDatabaseError, HttpError } from '../errors';
import { returningRows, select, selectRows } from '../db/rows';
import { recordColumnsOf, storedRecordOf, type StoredRecord } from '../contract/tables';
import type { Section } from '../../domain/sections';
import { mayColumn, recordVisible, scopeCondition } from './access';
import { lockedRecord, recordsChanged } from './history';
import { hiddenFields, refuseHidden, type BulkRow, type RecordSection, type Row } from './pipeline';
import { updateRecord } from './recordWrites';
import { fieldProblems } from '../http/validation';

/** The distinct ids of a bulk body, ascending (two bulk writes lock their records in the same order). */
export function idsOf(body: unknown, texts: { noIds: string; tooMany: string }): number[] {
  const ids = (body as { ids?: unknown } | null)?.ids;
  if (!Array.isArray(ids) || !ids.length) throw badRequest(texts.noIds);
  if (ids.some((id) => !Number.isInteger(id) || (id as number) < 1)) throw badRequest(texts.noIds);
  if (ids.length > BULK_MAX) throw badRequest(texts.tooMany);
  return [...new Set(ids as number[])].sort((x, y) => x - y);
}

/** Why a record's write was refused, in Russian, as the card would have said it; anything else (the server's own
 * failure) is thrown on and fails the whole request. */
export function refusalOf(e: unknown): string {
  if (e instanceof HttpError) {
    if (e.statusCode >= 500) throw e;
    const { message, messages } = e.body;
    return message ?? messages?.join('. ') ?? MSG.validationFallback;
  }
  if (e instanceof ValidationError) {
    const messages = [...new Set(fieldProblems(e).values())];
    return (messages.length ? messages : [MSG.validationFallback]).join('. ');
  }
  const refused = fromDatabaseError(e);
  if (refused) return refusalOf(refused);
  throw e;
}

interface Checked {
  ids: number[];
  set: Row;
  adjust: Record<string, number>;
}

/** The body against the section's bulk fields: 400 for a field the dialog does not offer, a percentage on a
 * field that takes none or out of bounds, one field both set and moved, or nothing to change at all. */
function checkedBody<S extends Section>(section: RecordSection<unknown, S>, body: unknown): Checked {
  const ids = idsOf(body, BULK_MSG);
  const { set = {}, adjust = {} } = (body ?? {}) as { set?: Row; adjust?: Record<string, unknown> };
  const fields = bulkFieldsOf(section.spec.section);
  const fieldOf = (key: string) => fields.find((f) => f.key === key);
  const labelOf = (key: string) => fieldOf(key)?.label ?? key;
  for (const key of [...Object.keys(set), ...Object.keys(adjust)])
    if (!fieldOf(key)) throw badRequest(BULK_MSG.notBulk(key));
  for (const [key, percent] of Object.entries(adjust)) {
    if (!fieldOf(key)!.adjustable) throw badRequest(BULK_MSG.notAdjustable(labelOf(key)));
    if (!validPercent(percent)) throw badRequest(BULK_MSG.badPercent);
    if (key in set) throw badRequest(BULK_MSG.both(labelOf(key)));
  }
  if (!Object.keys(set).length && !Object.keys(adjust).length) throw badRequest(BULK_MSG.noFields);
  return { ids, set, adjust: adjust as Record<string, number> };
}

/** Records locked, checked and written per statement: a chunk's rows travel as one JSON parameter. */
export const CHUNK = 500;

/** The values the body sets on one stored record: `set` as given, `adjust` as a percentage of the stored money
 * (a value that is not there, no warehouse cost, stays not there). */
function valuesFor(stored: StoredRecord, set: Row, adjust: Record<string, number>): Row {
  const values: Row = { ...set };
  for (const [key, percent] of Object.entries(adjust)) {
    const moved = adjustedMoney(stored[key] as string | number | null, percent);
    if (moved !== null) values[key] = moved;
  }
  return values;
}

/** Why the card would refuse this record before its own checks, as readRecord, the update right and the section's
 * status rule answer there (404, 403, the status's own words); null when it goes on. */
function lockedRefusal<S extends Section>(
  section: RecordSection<unknown, S>,
  f: { row: StoredRecord<S>; may: boolean; changeable: boolean },
): string | null {
  const status = String(f.row.status);
  // a deleted record is not found (like one the caller may not read, which is not even locked) unless its section
  // says why it cannot change (a reserve in its status's words)
  if (status === 'deleted' && !section.refuseStatus) return BULK_MSG.missing;
  if (section.refuseStatus ? !f.may : !(f.changeable && f.may)) return refusalOf(forbidden());
  const byStatus = section.refuseStatus?.(status, 'change');
  return byStatus ? refusalOf(badRequest(byStatus)) : null;
}

/**
 * One chunk, set-based, inside the caller's transaction (a bulk edit's, a supplier's price list's): the records
 * locked and checked, `valuesOf` each one's values over its stored ones, the section's changeMany, one UPDATE on the
 * locked versions, the history in one INSERT (`via`: what caused it). Answers the ids written; refusals go to
 * `refused`.
 */
export async function changeChunk<S extends Section>(
  tx: Database,
  auth: AuthenticatedUser,
  section: RecordSection<unknown, S>,
  ids: number[],
  valuesOf: (stored: StoredRecord<S>, id: number) => Row,
  hidden: ReadonlySet<string>,
  refused: RefusedRow[],
  via?: HistoryCause,
): Promise<number[]> {
  const { spec } = section;
  const a = sql.raw(spec.alias);
  const table = sql.identifier(spec.section);
  const changeable = section.changeable ?? sql`${a}.status <> 'deleted'`;
  // locked in id order (two bulk writes lock alike) and checked in one statement. Only what the caller may read is
  // locked at all (another supplier's rows are not held up by a write that cannot touch them), and what it may not
  // read is answered as a record that is not there: the same words, so 'not yours' cannot be told from 'no such'
  const locking = select({
    id: recordColumnsOf(spec).id,
    row: storedRecordOf(spec.section, a),
    may: sql<boolean>`${mayColumn(spec, auth, 'update')}`,
    changeable: sql<boolean>`coalesce(${changeable}, false)`,
  });
  const found = await selectRows(
    tx,
    locking,
    sql`
    ${spec.from} WHERE ${a}.id = ANY(${`{${ids.join(',')}}`}::int[]) AND ${mayColumn(spec, auth, 'read')}
    ORDER BY ${a}.id FOR UPDATE OF ${a}`,
  );
  const there = new Set(found.map((f) => Number(f.id)));
  for (const id of ids) if (!there.has(id)) refused.push({ id, reason: BULK_MSG.missing });
  const rows: BulkRow<StoredRecord<S>>[] = [];
  for (const f of found) {
    const reason = lockedRefusal(section, f);
    if (reason) refused.push({ id: Number(f.id), reason });
    else rows.push({ id: Number(f.id), before: f.row, body: valuesOf(f.row, Number(f.id)) });
  }
  if (!rows.length) return [];
  const outcomes = await section.changeMany!(tx, auth, rows, hidden);
  const writes: { id: number; version: number; patch: Row }[] = [];
  const before = new Map(rows.map((r) => [r.id, r.before]));
  for (const outcome of outcomes) {
    if ('refused' in outcome) refused.push({ id: outcome.id, reason: refusalOf(outcome.refused) });
    else writes.push({ id: outcome.id, version: Number(before.get(outcome.id)!.version), patch: outcome.set });
  }
  if (!writes.length) return [];
  const columns = [...new Set(writes.flatMap((w) => Object.keys(w.patch)))];
  const assignments = sql.join(
    columns.map(
      (c) =>
        sql`${sql.identifier(c)} = CASE WHEN v.patch ? ${c} THEN p.${sql.identifier(c)} ELSE t.${sql.identifier(c)} END`,
    ),
    sql`, `,
  );
  // one UPDATE, each record on the version it was locked at: one whose version moved is reported, not overwritten
  const written = await returningRows(
    tx,
    sql`
    UPDATE ${table} AS t SET ${assignments}
    FROM jsonb_to_recordset(${JSON.stringify(writes)}::jsonb) AS v(id int, version int, patch jsonb),
      LATERAL jsonb_populate_record(NULL::${table}, v.patch) AS p
    WHERE t.id = v.id AND t.version = v.version`,
    select({ id: sql<number>`t.id`, after: storedRecordOf(spec.section, sql`t`) }),
  );
  const done = new Set(written.map((w) => Number(w.id)));
  for (const w of writes) if (!done.has(w.id)) refused.push({ id: w.id, reason: VERSION_MSG.stale });
  await recordsChanged(
    tx,
    auth.user.id,
    spec.section,
    written.map((w) => ({ id: Number(w.id), before: before.get(Number(w.id))!, after: w.after })),
    via,
  );
  if (written.length)
    await section.written?.(
      tx,
      written.map((w) => Number(w.id)),
    );
  return written.map((w) => Number(w.id));
}

/** A section without a set-based change: each record through its card's change, in a savepoint, on the version
 * it has when its turn comes. */
async function changeEach<S extends Section>(
  tx: Database,
  auth: AuthenticatedUser,
  section: RecordSection<unknown, S>,
  ids: number[],
  body: Checked,
  refused: RefusedRow[],
): Promise<number> {
  let changed = 0;
  for (const id of ids) {
    // what the caller may not read is not locked, and is as good as not there
    const stored = (await recordVisible(tx, section.spec, auth, id))
      ? await lockedRecord(tx, section.spec.section, id)
      : undefined;
    if (!stored) {
      refused.push({ id, reason: BULK_MSG.missing });
      continue;
    }
    try {
      // the record is locked in this transaction: the version it has now is the one the change is made on
      await updateRecord(tx, auth, section, id, {
        ...valuesFor(stored, body.set, body.adjust),
        version: Number(stored.version),
      });
      changed++;
    } catch (e) {
      refused.push({ id, reason: refusalOf(e) });
    }
  }
  return changed;
}

/** PATCH /api/{section}: how many changed, and each refused record with its reason (in id order). */
export async function bulkUpdate<Values, S extends Section>(
  db: Database,
  auth: AuthenticatedUser,
  section: RecordSection<Values, S>,
  body: unknown,
): Promise<BulkEditResponse> {
  const record = section as RecordSection<unknown, S>;
  scopeCondition(record.spec, auth, 'update'); // 403 without the right at all
  const checked = checkedBody(record, body);
  const { ids, set, adjust } = checked;
  // a field hidden from the role is refused for the whole request, set or moved, as the card refuses it
  const hidden = hiddenFields(record, auth);
  refuseHidden(hidden, { ...set, ...Object.fromEntries(Object.keys(adjust).map((k) => [k, 1])) }, [
    ...record.fields,
    ...Object.keys(adjust),
  ]);
  const refused: RefusedRow[] = [];
  let changed = 0;
  await db.transaction(async (tx) => {
    for (let from = 0; from < ids.length; from += CHUNK) {
      const chunk = ids.slice(from, from + CHUNK);
      changed += record.changeMany
        ? (await changeChunk(tx, auth, record, chunk, (stored) => valuesFor(stored, set, adjust), hidden, refused))
            .length
        : await changeEach(tx, auth, record, chunk, checked, refused);
    }
  });
  refused.sort((x, y) => x.id - y.id);
  const answer: BulkEditResponse = { status: 'success', changed, notChanged: ids.length - changed, refused };
  if (changed > 0 && refused.length)
    answer.warning = BULK_MSG.partial(record.spec.section, changed, ids.length, refused.length);
  if (changed === 0) answer.message = [BULK_MSG.noneChanged, ...new Set(refused.map((r) => r.reason))].join('. ');
  return answer;
}
