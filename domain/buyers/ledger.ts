// What a buyer owes: each completed reserve is a sale, due on its completion day plus the buyer's
// deferral days (on the day itself on prepayment); its payments pay it off. The buyer's card, its XLSX, the credit
// check at the reserve and the overdue job read these figures, so they are computed here once, to the kopeck.
import dayjs from 'dayjs';
import { roundHalfUp, type Num } from '../numbers';

export interface LedgerTerms {
  payment_terms: string;
  deferral_days: number | null;
}

/** A completed reserve as the ledger reads it: its selling sum and the day it was completed (YYYY-MM-DD). */
export interface Sale {
  reserve_id: number;
  date: string;
  sum: Num;
  /** Deleted since: still owed, shown as deleted. */
  deleted?: boolean;
}

/** A payment against a completed reserve. */
export interface Payment {
  id: number;
  reserve_id: number;
  date: string;
  amount: Num;
  comment?: string | null;
}

/** A buyer's opening balance: what he owed on `as_of` by the books kept before the ledger (below zero: paid
 * ahead). It adds to the debt as a sale of that day would, due after the same deferral; only a debt is ever overdue. */
export interface Opening {
  amount: Num;
  as_of: string;
}

/** One line of 'Взаиморасчёты', in date order: the opening balance ('Начальное сальдо'), a sale (what it adds to the
 * debt, when it is due) or a payment. */
export interface LedgerLine {
  date: string;
  kind: 'opening' | 'sale' | 'payment';
  /** Null on the opening balance's line. */
  reserve_id: number | null;
  payment_id: number | null;
  sale: string | null;
  payment: string | null;
  due_date: string | null;
  /** What the buyer owes after this line. */
  balance: string;
  comment: string | null;
  /** A sale deleted since, which the buyer still owes. */
  deleted?: boolean;
}

export interface Ledger {
  /** The opening balance ('0.00' when none was entered). */
  opening: string;
  sales: string;
  payments: string;
  /** What is owed: the opening balance and sales less payments. */
  balance: string;
  /** What is owed on sales past their due day. */
  overdue: string;
  /** The first day of the oldest debt still overdue (the day after its due day), or null. */
  overdue_since: string | null;
  /** Days the oldest overdue debt is past its due day on the day asked (1 on its first overdue day, as the debts'
   * ages count them), or null. */
  overdue_days: number | null;
  lines: LedgerLine[];
}

// exact money: kopecks as integers, from and to the 2-decimal text the database and the wire hold
export const kopecks = (value: Num): bigint => BigInt((roundHalfUp(value, 2) ?? '0').replace('.', ''));
export const kopecksText = (k: bigint): string => {
  const digits = (k < 0n ? -k : k).toString().padStart(3, '0');
  return `${k < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/** The day a sale completed on `date` must be paid by: + the deferral days on deferred terms. */
export function dueDate(date: string, terms: LedgerTerms): string {
  const days = terms.payment_terms === 'deferral' ? Math.max(0, terms.deferral_days ?? 0) : 0;
  return dayjs(date.slice(0, 10)).add(days, 'day').format('YYYY-MM-DD');
}

/** Days a debt overdue from `since` (the day after its due day) is late on `today`: the days since its due day. */
export const daysLate = (since: string, today: string) => dayjs(today).diff(dayjs(since), 'day') + 1;

/** The first day a debt due on `due` is overdue. */
export const overdueFrom = (due: string) => dayjs(due).add(1, 'day').format('YYYY-MM-DD');

/** What is left to pay of one sale after its payments (never below zero). */
export function leftToPay(sum: Num, paid: readonly Num[]): string {
  const left = paid.reduce<bigint>((rest, p) => rest - kopecks(p), kopecks(sum));
  return kopecksText(left > 0n ? left : 0n);
}

/** The buyer's ledger on `today` (YYYY-MM-DD, the business day). */
export function buildLedger(
  sales: readonly Sale[],
  payments: readonly Payment[],
  terms: LedgerTerms,
  today: string,
  opening: Opening | null = null,
): Ledger {
  const paidOn = new Map<number, bigint>();
  for (const p of payments) paidOn.set(p.reserve_id, (paidOn.get(p.reserve_id) ?? 0n) + kopecks(p.amount));
  let totalSales = 0n;
  let totalPayments = 0n;
  let overdue = 0n;
  let since: string | null = null;
  for (const sale of sales) {
    const sum = kopecks(sale.sum);
    totalSales += sum;
    const left = sum - (paidOn.get(sale.reserve_id) ?? 0n);
    const due = dueDate(sale.date, terms);
    if (left > 0n && due < today) {
      overdue += left;
      const from = overdueFrom(due);
      if (since === null || from < since) since = from;
    }
  }
  for (const p of payments) totalPayments += kopecks(p.amount);
  const open = opening ? kopecks(opening.amount) : 0n;
  if (opening && open > 0n && dueDate(opening.as_of, terms) < today) {
    overdue += open;
    const from = overdueFrom(dueDate(opening.as_of, terms));
    if (since === null || from < since) since = from;
  }

  type Entry = { date: string; order: number; line: Omit<LedgerLine, 'balance'>; delta: bigint };
  const entries: Entry[] = [
    ...(opening
      ? [
          {
            date: opening.as_of.slice(0, 10),
            order: -1,
            delta: open,
            line: {
              date: opening.as_of.slice(0, 10),
              kind: 'opening' as const,
              reserve_id: null,
              payment_id: null,
              sale: kopecksText(open),
              payment: null,
              due_date: dueDate(opening.as_of, terms),
              comment: null,
            },
          },
        ]
      : []),
    ...sales.map((s) => ({
      date: s.date.slice(0, 10),
      order: 0,
      delta: kopecks(s.sum),
      line: {
        date: s.date.slice(0, 10),
        kind: 'sale' as const,
        reserve_id: s.reserve_id,
        payment_id: null,
        sale: kopecksText(kopecks(s.sum)),
        payment: null,
        due_date: dueDate(s.date, terms),
        comment: null,
        ...(s.deleted ? { deleted: true } : {}),
      },
    })),
    ...payments.map((p) => ({
      date: p.date.slice(0, 10),
      order: 1,
      delta: -kopecks(p.amount),
      line: {
        date: p.date.slice(0, 10),
        kind: 'payment' as const,
        reserve_id: p.reserve_id,
        payment_id: p.id,
        sale: null,
        payment: kopecksText(kopecks(p.amount)),
        due_date: null,
        comment: p.comment ?? null,
      },
    })),
  ];
  entries.sort((a, b) =>
    a.date < b.date
      ? -1
      : a.date > b.date
        ? 1
        : a.order - b.order || (a.line.reserve_id ?? 0) - (b.line.reserve_id ?? 0),
  );
  let running = 0n;
  const lines = entries.map((e) => {
    running += e.delta;
    return { ...e.line, balance: kopecksText(running) };
  });
  return {
    opening: kopecksText(open),
    sales: kopecksText(totalSales),
    payments: kopecksText(totalPayments),
    balance: kopecksText(open + totalSales - totalPayments),
    overdue: kopecksText(overdue),
    overdue_since: since,
    overdue_days: since === null ? null : daysLate(since, today),
    lines,
  };
}

/** Debts by age on `today` (the analytics' 'Дебиторская задолженность'): not yet due, 1–30, 31–60, 61–90 and over
 * 90 days past the due day; each sale's unpaid rest counts in one bucket. */
export const AGE_BUCKETS = [
  { key: 'not_due', title: 'Не наступил срок' },
  { key: 'd1_30', title: '1–30 дней' },
  { key: 'd31_60', title: '31–60 дней' },
  { key: 'd61_90', title: '61–90 дней' },
  { key: 'd90_plus', title: 'Более 90 дней' },
] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number]['key'];

export function ageBucket(due: string, today: string): AgeBucket {
  const late = dayjs(today).diff(dayjs(due), 'day');
  if (late <= 0) return 'not_due';
  if (late <= 30) return 'd1_30';
  if (late <= 60) return 'd31_60';
  if (late <= 90) return 'd61_90';
  return 'd90_plus';
}
