// 'Маржа под риском': the active reserves the margins' check marked after the last rate, by their lot's currency.
// The money at risk is their selling sums (what is sold on a margin that no longer holds); beside it their margin in
// rubles at today's rate, as the check stored it (risk_margin_sum), and how many they are. Sums of stored columns:
// the check prices them when a rate arrives, not when the page is read.
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { reserves } from '../db/schema';
import { rowsOf } from '../db/rows';
import type { FigureDef } from '../../domain/analytics';

const r = alias(reserves, 'r');

/** The reserves a margin-risk row counts (a reserve chart's `counted`): active and marked. */
export const MARKED_ACTIVE = sql`${r.status} = 'active' AND ${r.margin_at_risk}`;

const FIGURES: Record<string, SQL> = {
  selling_sum: sql`round(coalesce(sum(${r.total_selling_sum}), 0), 2)::text`,
  margin_sum: sql`round(coalesce(sum(${r.risk_margin_sum}), 0), 2)::text`,
  reserves_count: sql`count(*)::int`,
};

/** `from`/`where`: the reserves within the caller's scopes and filters (charts.ts reservesFrom over MARKED_ACTIVE);
 * only the figures the caller sees are selected. Largest selling sum first. */
export async function marginRiskRows(
  db: Database,
  reservesOf: { from: SQL; where: SQL },
  figures: FigureDef[],
): Promise<Record<string, unknown>[]> {
  const selected = figures.map((f) => sql`${FIGURES[f.key]} AS ${sql.identifier(f.key)}`);
  return rowsOf(
    await db.execute(sql`
    SELECT coalesce(${r.risk_currency}, 'RUB') AS currency${selected.length ? sql`, ${sql.join(selected, sql`, `)}` : sql``}
    ${reservesOf.from}
    WHERE ${reservesOf.where}
    GROUP BY 1 ORDER BY sum(${r.total_selling_sum}) DESC NULLS LAST, 1`),
  );
}
