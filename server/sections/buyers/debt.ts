// What each buyer owes, in SQL: its completed reserves' selling sums less their payments, the overdue part being
// what is left of sales past their due day (completion + deferral days on deferred terms). The same rule as
// domain/buyers/ledger.ts, which the card's ledger and the credit check read, and as migration 0062's buyer_debt,
// whose figures the buyers list reads stored (kept by the database's triggers and by server/records/buyersDebt.ts).
import { sql, type SQL } from 'drizzle-orm';

/** A sale of reserve `r`: a completed reserve, or one deleted when it was completed (a deleted sale stays in
 * the ledger as the sale it was). */
export const saleOf = (r: string) =>
  sql.raw(`(${r}.status = 'completed' OR (${r}.status = 'deleted' AND ${r}.deleted_from = 'completed'))`);

/** A completed reserve's rest to pay: its selling sum less its payments, never below zero. `r` is the reserve. */
export const leftToPay = (r: string) =>
  sql.raw(`greatest(coalesce(${r}.total_selling_sum, 0) - coalesce((SELECT sum(p.amount) FROM payments p
  WHERE p.reserve_id = ${r}.id AND NOT p.deleted), 0), 0)`);

/** The day a completed reserve `r` of buyer `b` is due. */
export const dueDay = (r: string, b: string) =>
  sql.raw(
    `(${r}.actual_date_implementation + CASE WHEN ${b}.payment_terms = 'deferral' THEN coalesce(${b}.deferral_days, 0) ELSE 0 END)`,
  );

/** The LATERAL join giving `debt.balance` and `debt.overdue` of buyer `b` on the day `today` (YYYY-MM-DD); the
 * opening balance counts as a sale of its day, and only a debt is ever overdue. */
export const debtJoin = (b: string, today: SQL) => sql`LEFT JOIN LATERAL (
    SELECT coalesce(sum(s.left_to_pay), 0) AS balance, coalesce(sum(s.left_to_pay) FILTER (WHERE s.due < ${today} AND s.left_to_pay > 0), 0) AS overdue
    FROM (SELECT ${leftToPay('dr')} AS left_to_pay, ${dueDay('dr', b)} AS due
          FROM reserves dr WHERE dr.buyer_id = ${sql.raw(b)}.id AND ${saleOf('dr')}
          UNION ALL
          SELECT ob.amount, ob.as_of + CASE WHEN ${sql.raw(b)}.payment_terms = 'deferral' THEN coalesce(${sql.raw(b)}.deferral_days, 0) ELSE 0 END
          FROM buyer_opening_balances ob WHERE ob.buyer_id = ${sql.raw(b)}.id) s) debt ON true`;
