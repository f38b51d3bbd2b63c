// The receivables chart: the buyers' debt by age, and the top buyers by sales and by debt (the buyers' ledger's
// rule of a sale's debt and due day, sections/buyers/debt.ts).
import { sql } from 'drizzle-orm';
import { DEBT_AGES, RECEIVABLE_PARTS, TOP_BUYERS } from '../../domain/analytics';
import { scopeOf } from '../../domain/permissions';
import { rowsAs } from '../db/rows';
import { buyers } from '../db/schema';
import { scopeCondition } from '../records/access';
import { todayOf } from '../db/businessDay';
import { dueDay, leftToPay, saleOf } from '../sections/buyers';
import { b, chartOf, int, isZero, money, r, reservesFrom, type Context } from './chartSql';

type Row = Record<string, unknown>;

/** The receivables' rows: the debt by age (every age, in order), then the top buyers by sales in the period, then
 * by debt, opening balances included. A completed reserve's debt and due day are the buyers' rule (sections/buyers/debt.ts); its age is the
 * business day less its due day (0 and less: not due yet, as the ledger's overdue is a due day before today). */
export async function receivables(ctx: Context): Promise<Row[]> {
  const { filter: f } = ctx;
  const today = await todayOf(ctx.db);
  // the buyers' ledger's sales: a sale deleted when it was completed still counts (sections/buyers/debt.ts saleOf)
  const { from, where, narrowed } = reservesFrom(ctx, saleOf('r'));
  // a buyer's opening balance is owed as a sale of its day (the ledger's first line) for a caller who reads every
  // reserve and narrows by no product, city or responsible: it belongs to none of them
  const unfiltered = !narrowed && scopeOf(ctx.auth.permissions, 'reserves', 'read') === 'all';
  const openings = unfiltered
    ? sql`
      UNION ALL
      SELECT ${b.id}, ${b.name}, 0, ob.as_of, greatest(ob.amount, 0),
             ${today}::date - (ob.as_of + CASE WHEN ${b.payment_terms} = 'deferral' THEN coalesce(${b.deferral_days}, 0) ELSE 0 END)
      FROM buyer_opening_balances ob JOIN ${buyers} ${b} ON ${b.id} = ob.buyer_id
      WHERE ${scopeCondition(ctx.specs.buyers, ctx.auth, 'read')}`
    : sql``;
  const ages = sql.join(
    DEBT_AGES.map((a, i) => sql`(${i}::int, ${a.title}::text, ${a.min}::int, ${a.max}::int)`),
    sql`, `,
  );
  const perBuyer = sql`SELECT d.buyer_id, d.name, sum(d.left_to_pay) AS debt,
      coalesce(sum(d.sale) FILTER (WHERE d.sold BETWEEN ${f.from}::date AND ${f.to}::date), 0) AS sales
    FROM d GROUP BY d.buyer_id, d.name`;
  // the completed reserves d and the receivables' rows x: a CTE's and a subquery's columns, typed beside their SQL
  const answer = chartOf(
    ctx,
    { part: sql<string>`x.part`, label: sql<string>`x.label` },
    {
      debt_sum: money(sql`x.debt`),
      selling_sum: money(sql`x.sales`),
      buyers_count: int(sql`x.buyers`),
    },
  );
  const rows = rowsAs(
    answer,
    await ctx.db.execute(sql`
    WITH d AS (
      SELECT ${b.id} AS buyer_id, ${b.name}, coalesce(${r.total_selling_sum}, 0) AS sale, ${r.actual_date_implementation} AS sold,
             ${leftToPay('r')} AS left_to_pay, ${today}::date - ${dueDay('r', 'b')} AS late
      ${from} JOIN ${buyers} ${b} ON ${b.id} = ${r.buyer_id}
      WHERE ${where} AND ${scopeCondition(ctx.specs.buyers, ctx.auth, 'read')}
        AND ${r.actual_date_implementation} IS NOT NULL${openings}
    )
    SELECT ${answer}
    FROM (
      SELECT 1 AS k, a.n AS ord, ${RECEIVABLE_PARTS.age}::text AS part, a.title AS label, coalesce(sum(d.left_to_pay), 0) AS debt,
             0 AS sales, count(DISTINCT d.buyer_id) AS buyers
      FROM (VALUES ${ages}) a(n, title, lo, hi)
      LEFT JOIN d ON d.left_to_pay > 0 AND (a.lo IS NULL OR d.late >= a.lo) AND (a.hi IS NULL OR d.late <= a.hi)
      GROUP BY a.n, a.title
      UNION ALL
      (SELECT 2, row_number() OVER (ORDER BY t.sales DESC, t.name, t.buyer_id), ${RECEIVABLE_PARTS.sales}::text, t.name, t.debt, t.sales, NULL
       FROM (${perBuyer}) t WHERE t.sales > 0 ORDER BY t.sales DESC, t.name, t.buyer_id LIMIT ${TOP_BUYERS})
      UNION ALL
      (SELECT 3, row_number() OVER (ORDER BY t.debt DESC, t.name, t.buyer_id), ${RECEIVABLE_PARTS.debt}::text, t.name, t.debt, t.sales, NULL
       FROM (${perBuyer}) t WHERE t.debt > 0 ORDER BY t.debt DESC, t.name, t.buyer_id LIMIT ${TOP_BUYERS})
    ) x
    ORDER BY x.k, x.ord`),
  );
  return rows.some((row) => !isZero(row.debt_sum) || (row.selling_sum !== undefined && !isZero(row.selling_sum)))
    ? rows
    : [];
}
