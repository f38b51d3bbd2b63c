// The credit check at the reserve (issue 37), in the reserve's own transaction beside the stock's: the buyer's row
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
import { badRequest, forbidden, HttpError } from '../../errors';
import { notify } from '../../records/notify';
import { buyerTerms, creditStateOf } from '../buyers/ledger';

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
const refused = (messages: string[]) => new HttpError(409, { status: 'error', error: 'credit', message: messages.join('. '), messages });

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
    to: sql`u.employee_id = ${buyer.responsible_id}`, kind: 'credit_override', section: 'reserves', recordId: check.reserveId,
    text: NOTIFICATION_TEXT.credit_override(buyer.name, check.reserveId, text), by: auth.user.id,
  });
  return [{ field: 'credit_override', old: null, new: `${text} (${refusals.join('. ')})` }];
}
