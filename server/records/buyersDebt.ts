// A buyer's stored debt ('Долг', 'Просрочено' of the buyers list; migration 0062): the database keeps it with every
// statement on reserves, payments and opening balances (its triggers, by its function buyer_debt, the rule of
// server/sections/buyers/debt.ts); what moves it otherwise is the calendar and the time zone, which this makes
// follow, in the caller's transaction, and announces.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { announceChanges } from '../db/changes';
import { keepingVersions } from './keepVersions';
import { returningRows, select } from '../db/rows';

/** The buyers `where` picks (over `buyers b`) summed again on the business day `today` (YYYY-MM-DD) by the
 * database's own rule (function buyer_debt, migration 0062), inside the caller's transaction: the daily job for the
 * buyers whose overdue part grows today (debt_turns_on, by its index), a change of the time zone for every buyer.
 * Only buyers whose stored debt differs are written, their versions kept (a card open on one stays current); the
 * buyers whose balance or overdue part moved are announced as changed, so lists follow them live. Answers them. */
export async function refreshBuyersDebt(tx: Database, where: SQL, today: string): Promise<number[]> {
  const written = await keepingVersions(tx, () =>
    returningRows(
      tx,
      sql`WITH d AS (SELECT b.id, s.balance, s.overdue, s.turns_on FROM buyers b,
        LATERAL buyer_debt(b.id, b.payment_terms, b.deferral_days, ${today}::date) s WHERE ${where})
    UPDATE buyers t SET debt_balance = d.balance, debt_overdue = d.overdue, debt_turns_on = d.turns_on
    FROM d JOIN buyers was ON was.id = d.id
    WHERE t.id = d.id AND (was.debt_balance, was.debt_overdue, was.debt_turns_on) IS DISTINCT FROM (d.balance, d.overdue, d.turns_on)`,
      select({
        id: sql<number>`t.id`,
        shown: sql<boolean>`(was.debt_balance, was.debt_overdue) IS DISTINCT FROM (d.balance, d.overdue)`,
      }),
    ),
  );
  const shown = written
    .filter((w) => w.shown)
    .map((w) => Number(w.id))
    .sort((x, y) => x - y);
  await announceChanges(tx, 'buyers', 'update', shown);
  return shown;
}

/** The daily move: the buyers whose overdue part grows by the calendar on or before `today` (a sale fell due). */
export const debtTurns = (today: string) => sql`b.debt_turns_on <= ${today}::date`;
