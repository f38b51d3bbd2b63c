// The three tiles of the offers page: placed reserves, realized reserves and the value of realized offers,
// over the offers the caller may see. A reserve counts by its own status alone, as in the reserves list: a
// completed reserve is a deal that happened and stays in the figures when its offer is later deleted (the
// tiles are what people report on), and an active one cannot outlive its offer, since an offer holding
// reserved stock is never deleted (offers/stock.ts `unreserved`).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { firstRow } from '../../http/rows';
import { scopeCondition } from '../../records/access';
import { offersSpec } from './list';

export interface OffersSummary {
  placed_reserves: { count: number; sum: string };
  realized_reserves: { count: number; sum: string };
  realized_value: string;
}

export async function offersSummary(db: Database, auth: AuthenticatedUser): Promise<OffersSummary> {
  const visible = scopeCondition(offersSpec, auth, 'read');
  const row = firstRow<Record<string, string & number>>(await db.execute(sql`
    SELECT count(*) FILTER (WHERE r.status = 'active')::int AS placed_count,
           round(coalesce(sum(r.total_selling_sum) FILTER (WHERE r.status = 'active'), 0), 2)::text AS placed_sum,
           count(*) FILTER (WHERE r.status = 'completed')::int AS realized_count,
           round(coalesce(sum(r.total_selling_sum) FILTER (WHERE r.status = 'completed'), 0), 2)::text AS realized_sum,
           round(coalesce(sum(r.total_sum) FILTER (WHERE r.status = 'completed'), 0), 2)::text AS realized_value
    FROM reserves r JOIN offers o ON o.id = r.offer_id
    WHERE ${visible}`))!;
  return {
    placed_reserves: { count: row.placed_count, sum: row.placed_sum },
    realized_reserves: { count: row.realized_count, sum: row.realized_sum },
    realized_value: row.realized_value,
  };
}
