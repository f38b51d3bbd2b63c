// The demo's credit story in figures (README 'Кредит'): a fresh in-memory database seeded as `npm start`
// seeds it on the day given (YYYY-MM-DD, today by default), then its buyers' debt and overdue as the buyers list counts
// them, and the buyers near their limit. Usage: npx tsx server/scripts/credit-figures.ts [day]
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { seedDemoData } from '../db/seed';
import { debtJoin } from '../sections/buyers';
import { rowsOf } from '../db/rows';

async function main() {
  const day = process.argv[2] ?? new Date().toISOString().slice(0, 10);
  const opened = await openDatabase({ inMemory: true });
  await opened.migrate();
  await seedDemoData(opened.db, { now: new Date(`${day}T09:00:00Z`) });
  const [totals] = rowsOf<Record<string, string>>(
    await opened.db.execute(sql`SELECT count(*)::int AS buyers,
      count(*) FILTER (WHERE debt.balance > 0)::int AS owing, round(sum(debt.balance), 2)::text AS debt,
      count(*) FILTER (WHERE debt.overdue > 0)::int AS overdue_buyers, round(sum(debt.overdue), 2)::text AS overdue
    FROM buyers b ${debtJoin('b', sql`${day}::date`)} WHERE b.status <> 'deleted'`),
  );
  const near = rowsOf(
    await opened.db.execute(sql`SELECT b.id, b.name, b.credit_limit::text AS credit_limit,
      round(debt.balance + coalesce((SELECT sum(r.total_selling_sum) FROM reserves r WHERE r.buyer_id = b.id AND r.status = 'active'), 0), 2)::text AS exposure
    FROM buyers b ${debtJoin('b', sql`${day}::date`)} WHERE b.credit_limit IS NOT NULL
    ORDER BY (debt.balance + coalesce((SELECT sum(r.total_selling_sum) FROM reserves r WHERE r.buyer_id = b.id AND r.status = 'active'), 0)) / nullif(b.credit_limit, 0) DESC NULLS LAST LIMIT 4`),
  );
  console.log(JSON.stringify({ day, ...totals, near }, null, 1));
  await opened.close();
}

void main();
