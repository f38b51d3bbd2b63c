// The credit check at the reserve: a reserve that takes the buyer's exposure (its active reserves' selling
// sums and what it owes) past its credit limit, or any reserve for a buyer with overdue debt, is refused with the
// figures. A user with the right to exceed limits may go ahead, giving a reason. The server runs it in the
// reserve's own transaction; the card shows the same words.
import { formatDate, formatMoney } from '../format';
import { roundHalfUp, type Num } from '../numbers';
import { hasFinance } from '../permissions';
import { kopecks, kopecksText } from './ledger';

/** 1 000 000,00 ₽ with plain spaces, as the messages are written. */
export const rub = (value: Num) => formatMoney(roundHalfUp(value, 2) ?? '0').replace(/[\u00a0\u202f]/g, ' ');

export const CREDIT_MSG = {
  limit: (limit: Num, exposure: Num, reserve: Num) =>
    `Превышен кредитный лимит: лимит ${rub(limit)}, долг и резервы ${rub(exposure)}, этот резерв ${rub(reserve)}`,
  overdue: (amount: Num, since: string) => `У покупателя просроченный долг ${rub(amount)} (с ${formatDate(since)})`,
  reason: 'Укажите причину превышения лимита',
  forbidden: 'Превышать кредитный лимит и резервировать при просроченном долге может только роль с правом «Финансы»',
  buyerMissing: 'Покупатель не найден',
  /** Every reserve belongs to a buyer card. */
  buyerRequired: 'Выберите покупателя из списка: резерв ставится на карточку покупателя',
  newBuyerForbidden: 'Такого покупателя нет: добавить нового покупателя может роль с правом создавать покупателей',
  /** The reserve's history and the responsible's notification. */
  overridden: (reason: string) => `Резерв сверх кредитного лимита: ${reason}`,
} as const;

export interface CreditState {
  /** The buyer's limit; null: none. */
  credit_limit: Num;
  /** What it owes now (sales less payments) and its overdue part. */
  balance: Num;
  overdue: Num;
  overdue_since: string | null;
  /** The selling sums of its other active reserves (the one being changed left out). */
  reserved: Num;
}

/** What the buyer's credit already carries: what it owes and its active reserves' selling sums, to the kopeck. */
export const creditExposure = (state: Pick<CreditState, 'balance' | 'reserved'>): string =>
  kopecksText(kopecks(state.balance) + kopecks(state.reserved));

/** Why a reserve of `sum` may not be placed for the buyer (the overdue debt first), or null when it fits. */
export function creditRefusals(state: CreditState, sum: Num): string[] {
  const refusals: string[] = [];
  if (kopecks(state.overdue) > 0n && state.overdue_since)
    refusals.push(CREDIT_MSG.overdue(state.overdue, state.overdue_since));
  const limit = roundHalfUp(state.credit_limit, 2);
  if (limit !== null) {
    const exposure = creditExposure(state);
    if (kopecks(exposure) + kopecks(sum) > kopecks(limit)) refusals.push(CREDIT_MSG.limit(limit, exposure, sum));
  }
  return refusals;
}

/** Who may exceed a limit (or reserve for a buyer with overdue debt), giving a reason: the finance right's. */
export { hasFinance };
