// The credit check at the reserve, in the reserve's own transaction beside the stock's: the buyer's row
// is locked first, so two reserves racing for the same buyer's credit queue and the second sees the first.
// Refused: a reserve that takes the exposure (active reserves' selling sums and what is owed) past the limit, or any
// reserve for a buyer with overdue debt; a user with the right to exceed limits may go ahead with a reason, which
// the reserve's history keeps and the buyer's responsible is told of.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { CREDIT_MSG, hasFinance, creditRefusals } from '../../../domain/buyers/credit';
import { NOTIFICATION_TEXT } from '../../../domain/notifications';
import type { FieldChange } from '../../../domain/history';
import { kopecks, kopecksText } from '../../../domain/buyers/ledger';
import { badRequest, forbidden, HttpError } from '../../errors';
import { notify } from '../../records/notify';
import { buyerTerms, creditStateOf } from '../buyers';

export interface CreditCheck {
  buyerId: number | null;
  /** The reserve being changed (its own sum is not counted twice), or being created (its new number). */
  reserveId: number;
  /** Its selling sum after the write. */
  sum: string | null;
  /** Does the write take more credit than before (a new reserve, a bigger sum, another buyer)? */
  takesMore: boolean;
  /** The body's credit_override: {reason}. */
  override: unknown;
}

/** 409 'credit' with the figures: nothing is written. */
const refused = (messages: string[]) =>
  new HttpError(409, { status: 'error', error: 'credit', message: messages.join('. '), messages });

/** Runs the check inside the write's transaction; answers the history's change when a limit was exceeded on purpose. */
export async function checkCredit(tx: Database, auth: AuthenticatedUser, check: CreditCheck): Promise<FieldChange[]> {
  if (check.buyerId === null) return [];
  const buyer = await buyerTerms(tx, check.buyerId, true);
  if (!buyer || buyer.status === 'deleted') throw badRequest(CREDIT_MSG.buyerMissing);
  if (!check.takesMore) return [];
  const refusals = creditRefusals(await creditStateOf(tx, buyer, check.reserveId), check.sum ?? '0');
  if (!refusals.length) return [];
  const reason = (check.override as { reason?: unknown } | null | undefined)?.reason;
  if (check.override === undefined || check.override === null) throw refused(refusals);
  if (!hasFinance(auth.permissions)) throw forbidden(CREDIT_MSG.forbidden);
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (!text) throw badRequest(CREDIT_MSG.reason);
  await notify(tx, {
    to: sql`u.employee_id = ${buyer.responsible_id}`,
    kind: 'credit_override',
    section: 'reserves',
    recordId: check.reserveId,
    text: NOTIFICATION_TEXT.credit_override(buyer.name, check.reserveId, text),
    by: auth.user.id,
  });
  return [{ field: 'credit_override', old: null, new: `${text} (${refusals.join('. ')})` }];
}

/** Reserves coming back active at once (a bulk restore), each judged as a new reserve in id order: their
 * buyers locked in id order before any offer, each buyer's credit read once, and a reserve that fits counted in what
 * the next of the same buyer meets. Answers the refused ones with the card's 409 (or 400 for a buyer gone). */
export async function checkCreditMany(
  tx: Database,
  rows: { id: number; buyerId: number | null; sum: string | null }[],
): Promise<Map<number, HttpError>> {
  const refusals = new Map<number, HttpError>();
  const buyerIds = [...new Set(rows.map((r) => r.buyerId).filter((b): b is number => b !== null))].sort(
    (x, y) => x - y,
  );
  for (const buyerId of buyerIds) {
    const buyer = await buyerTerms(tx, buyerId, true);
    const mine = rows.filter((r) => r.buyerId === buyerId).sort((x, y) => x.id - y.id);
    if (!buyer || buyer.status === 'deleted') {
      for (const r of mine) refusals.set(r.id, badRequest(CREDIT_MSG.buyerMissing));
      continue;
    }
    const state = await creditStateOf(tx, buyer);
    let taken = 0n;
    for (const r of mine) {
      const why = creditRefusals({ ...state, reserved: kopecksText(kopecks(state.reserved) + taken) }, r.sum ?? '0');
      if (why.length) refusals.set(r.id, refused(why));
      else taken += kopecks(r.sum ?? '0');
    }
  }
  return refusals;
}
