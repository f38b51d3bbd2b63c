// Bulk edit (issue 25): PATCH /api/{section} with {ids, set, adjust?} changes every selected record as its card
// would: each goes through the record pipeline's updateRecord (rights and scope, hidden fields, the section's
// schema and rules, stock, the version, history), on the version it has when its turn comes, in a savepoint of one
// transaction. A record its card refuses stays as it was, and the answer says why, in the card's own words; the
// others commit together. `adjust` moves money by a percentage of each record's own stored value, rounded half-up
// to the kopeck (domain/bulk.ts, the dialog's preview computes the same).
import { ValidationError } from 'yup';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import {
  BULK_MAX, BULK_MSG, adjustedMoney, bulkFieldsOf, validPercent, type BulkEditResponse, type RefusedRow,
} from '../../domain/bulk';
import { MSG } from '../../domain/messages';
import { badRequest, fromDatabaseError, HttpError } from '../errors';
import { scopeCondition } from './access';
import { lockedRecord } from './history';
import { hiddenFields, refuseHidden, updateRecord, type RecordSection, type Row } from './pipeline';

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
  if (e instanceof ValidationError) return (e.errors.length ? e.errors : [MSG.validationFallback]).join('. ');
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
function checkedBody(section: RecordSection<unknown>, body: unknown): Checked {
  const ids = idsOf(body, BULK_MSG);
  const { set = {}, adjust = {} } = (body ?? {}) as { set?: Row; adjust?: Record<string, unknown> };
  const fields = bulkFieldsOf(section.spec.section);
  const fieldOf = (key: string) => fields.find((f) => f.key === key);
  const labelOf = (key: string) => fieldOf(key)?.label ?? key;
  for (const key of [...Object.keys(set), ...Object.keys(adjust)]) if (!fieldOf(key)) throw badRequest(BULK_MSG.notBulk(key));
  for (const [key, percent] of Object.entries(adjust)) {
    if (!fieldOf(key)!.adjustable) throw badRequest(BULK_MSG.notAdjustable(labelOf(key)));
    if (!validPercent(percent)) throw badRequest(BULK_MSG.badPercent);
    if (key in set) throw badRequest(BULK_MSG.both(labelOf(key)));
  }
  if (!Object.keys(set).length && !Object.keys(adjust).length) throw badRequest(BULK_MSG.noFields);
  return { ids, set, adjust: adjust as Record<string, number> };
}

/** PATCH /api/{section}: how many changed, and each refused record with its reason. */
export async function bulkUpdate<Values>(db: Database, auth: AuthenticatedUser, section: RecordSection<Values>, body: unknown): Promise<BulkEditResponse> {
  const record = section as RecordSection<unknown>;
  scopeCondition(record.spec, auth, 'update'); // 403 without the right at all
  const { ids, set, adjust } = checkedBody(record, body);
  // a field hidden from the role is refused for the whole request, set or moved, as the card refuses it
  refuseHidden(hiddenFields(record, auth), { ...set, ...Object.fromEntries(Object.keys(adjust).map((k) => [k, 1])) }, [...record.fields, ...Object.keys(adjust)]);
  const refused: RefusedRow[] = [];
  let changed = 0;
  await db.transaction(async (tx) => {
    for (const id of ids) {
      const stored = await lockedRecord(tx, record.spec.section, id);
      if (!stored) {
        refused.push({ id, reason: BULK_MSG.missing });
        continue;
      }
      const values: Row = { ...set };
      // a percentage of what is stored; a value that is not there (no warehouse cost) stays not there
      for (const [key, percent] of Object.entries(adjust)) {
        const moved = adjustedMoney(stored[key] as string | number | null, percent);
        if (moved !== null) values[key] = moved;
      }
      try {
        // the record is locked in this transaction: the version it has now is the one the change is made on
        await updateRecord(tx, auth, record, id, { ...values, version: Number(stored.version) });
        changed++;
      } catch (e) {
        refused.push({ id, reason: refusalOf(e) });
      }
    }
  });
  const answer: BulkEditResponse = { status: 'success', changed, notChanged: ids.length - changed, refused };
  if (changed > 0 && refused.length) answer.warning = BULK_MSG.partial(record.spec.section, changed, ids.length, refused.length);
  if (changed === 0) answer.message = [BULK_MSG.noneChanged, ...new Set(refused.map((r) => r.reason))].join('. ');
  return answer;
}
