// The finance right ('Финансы'): what only a role holding it may do to a buyer's money, in the words the
// server refuses with and the cards show. A buyer's terms (its credit limit, payment terms and deferral) are the
// finance right's: without it a new buyer takes the default terms (prepayment, no deferral, no limit) and a change
// may not move them. Every such act is told to the buyer's responsible.
import { rub } from './credit';
import { formatDate } from '../format';
import type { Num } from '../numbers';

/** The buyer card's fields only the finance right moves. */
export const FINANCE_FIELDS = ['payment_terms', 'deferral_days', 'credit_limit'] as const;
export type FinanceField = (typeof FINANCE_FIELDS)[number];

/** A new buyer's terms where the finance right does not choose them ('Новый покупатель'). */
export const DEFAULT_TERMS = { payment_terms: 'prepay', deferral_days: null, credit_limit: null } as const;

export const FINANCE_MSG = {
  terms: 'Кредитный лимит, условия оплаты и отсрочку покупателя меняет только роль с правом «Финансы»',
  payments: 'Вносить оплаты может только роль с правом «Финансы»',
  deletePayment: 'Удалить оплату может только роль с правом «Финансы»',
  deleteSale: 'Завершенную продажу может удалить только роль с правом «Финансы»',
  beforeSale: (sale: string) => `Дата оплаты не может быть раньше продажи (${formatDate(sale)})`,
} as const;

const blank = (value: unknown) => value === undefined || value === null || value === '';
const same = (a: unknown, b: unknown) =>
  (blank(a) && blank(b)) ||
  (!blank(a) && !blank(b) && String(a) === String(b)) ||
  (!blank(a) && !blank(b) && Number.isFinite(Number(a)) && Number(a) === Number(b));

/** The finance fields a write would move: a create's (`before` null) away from the default terms, a change's away
 * from what is stored. */
export function financeMoves(
  body: Readonly<Record<string, unknown>>,
  before: Readonly<Record<string, unknown>> | null,
): FinanceField[] {
  const from: Readonly<Record<string, unknown>> = before ?? DEFAULT_TERMS;
  return FINANCE_FIELDS.filter(
    (field) =>
      body[field] !== undefined &&
      !(before === null && field === 'payment_terms' && blank(body[field])) &&
      !same(body[field], from[field]),
  );
}

/** What the buyer's responsible is told of a finance act. */
export const FINANCE_NOTICE = {
  payment: (reserve: number, amount: Num, reason: string | null) =>
    `оплата ${rub(amount)} по резерву № ${reserve}${reason ? `: ${reason}` : ''}`,
  paymentDeleted: (reserve: number, amount: Num) => `удалена оплата ${rub(amount)} по резерву № ${reserve}`,
  terms: (what: string) => `изменены условия: ${what}`,
  saleDeleted: (reserve: number) => `удалена завершенная продажа по резерву № ${reserve}; в долге она остается`,
  opening: (amount: Num, asOf: string) => `начальный остаток долга ${rub(amount)} на ${formatDate(asOf)}`,
} as const;
