// The margins' check, a follower of new rates (after the offers' re-pricing, which stores each 'daily' lot's price at
// today's rate): every active reserve on a lot bought at the daily rate is judged again at today's cost
// (domain/reserves/margins.ts), and its mark and the figures it was judged on are stored, so the list filters
// (?margin_at_risk=true) and the analytics sum stored columns. A reserve whose lot was paid (no longer 'daily') or that
// ended is cleared. Each newly marked reserve tells its responsible and the administrators who see margins.
// Batches of a few hundred reserves, each its own short transaction (its rows locked only for it), in id order; the
// mark keeps the reserves' versions (a card open on one stays current) and is announced as a change.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { CurrencyRate } from '../../../domain/currency';
import { select, selectRows } from '../../db/rows';
import { readBusinessSettings } from '../../settings';
import { announceChanges } from '../../db/changes';
import { notifyMany } from '../../records/notify';
import { keepingVersions } from '../../records/keepVersions';
import { money } from '../../../domain/numbers';
import { judgeMargin, marginLimits, marginNotice, marginText } from '../../../domain/reserves/margins';

/** Reserves judged per transaction. */
const BATCH = 500;

const CANDIDATE = select({
  id: sql<number>`r.id`,
  amount: sql<string>`r.amount::text`,
  unit_selling_price: sql<string | null>`r.unit_selling_price::text`,
  delivery_cost: sql<string | null>`r.delivery_cost::text`,
  costs_per_kg: sql<string | null>`r.costs_per_kg::text`,
  unit_weight: sql<string | null>`r.unit_weight::text`,
  frozen_rate: sql<string | null>`r.purchase_rate::text`,
  at_risk: sql<boolean>`r.margin_at_risk`,
  judged: sql<boolean>`r.status = 'active' AND o.rate_policy = 'daily' AND o.purchase_currency <> 'RUB'`,
  kg_price: sql<string | null>`o.kg_price::text`,
  rate: sql<string | null>`o.purchase_rate::text`,
  currency: sql<string>`o.purchase_currency`,
});

/** Who hears of a reserve newly at risk (over `users u` and the notice `n`): its responsible and the administrators,
 * each only where its role sees the margin. */
const TOLD = sql`(u.is_admin OR u.employee_id = (SELECT responsible_id FROM reserves WHERE id = n.record_id))
  AND NOT EXISTS (SELECT 1 FROM role_hidden_fields h WHERE h.role_id = u.role_id AND h.resource = 'reserves'
    AND h.field = 'marginality' AND NOT u.is_admin)`;

export interface MarginsChecked {
  judged: number;
  marked: number[];
  cleared: number[];
  /** The longest transaction of a batch, ms: no reserve's row is locked longer. */
  longestMs: number;
}

/** Judges the reserves on 'daily' lots in the currencies of `stored` (every currency when none is named), and clears
 * the marks of reserves no longer judged. */
export async function checkMargins(db: Database, stored: CurrencyRate[] = []): Promise<MarginsChecked> {
  const limits = marginLimits(await readBusinessSettings(db));
  const codes = [...new Set(stored.map((rate) => rate.code))];
  const inCodes = codes.length ? sql`AND o.purchase_currency = ANY(${`{${codes.join(',')}}`}::text[])` : sql``;
  const result: MarginsChecked = { judged: 0, marked: [], cleared: [], longestMs: 0 };
  let after = 0;
  for (;;) {
    const started = Date.now();
    const done = await db.transaction(async (tx) => {
      const rows = await selectRows(
        tx,
        CANDIDATE,
        sql`FROM reserves r JOIN offers o ON o.id = r.offer_id
        WHERE r.id > ${after} AND ((r.status = 'active' AND o.rate_policy = 'daily' ${inCodes}) OR r.margin_at_risk)
        ORDER BY r.id LIMIT ${BATCH} FOR UPDATE OF r`,
      );
      if (!rows.length) return true;
      after = Number(rows[rows.length - 1].id);
      const written = rows.map((row) => {
        const judgement = row.judged ? judgeMargin(row, limits) : null;
        return { row, judgement, at_risk: judgement?.at_risk ?? false };
      });
      const values = sql.join(
        written.map(
          ({ row, judgement, at_risk }) =>
            sql`(${Number(row.id)}::int, ${at_risk}::boolean, ${judgement ? money(judgement.marginality) : null}::numeric,
            ${judgement ? row.rate : null}::numeric, ${judgement ? money(judgement.margin_sum) : null}::numeric,
            ${judgement ? row.currency : null}::text)`,
        ),
        sql`, `,
      );
      // the mark is the margins' judgement, not an edit of the reserve: its version stays
      await keepingVersions(tx, () =>
        tx.execute(sql`UPDATE reserves r SET margin_at_risk = v.at_risk, risk_marginality = v.marginality,
          risk_rate = v.rate, risk_margin_sum = v.margin_sum, risk_currency = v.currency
          FROM (VALUES ${values}) AS v(id, at_risk, marginality, rate, margin_sum, currency) WHERE r.id = v.id`),
      );
      const marked = written.filter((w) => w.at_risk && !w.row.at_risk);
      const cleared = written.filter((w) => !w.at_risk && w.row.at_risk);
      await notifyMany(
        tx,
        marked.map(({ row }) => ({
          recordId: Number(row.id),
          text: marginNotice(Number(row.id), marginText(row), row.currency, row.rate, row.frozen_rate),
        })),
        { to: TOLD, kind: 'margin_at_risk', section: 'reserves' },
      );
      await announceChanges(
        tx,
        'reserves',
        'update',
        written.map((w) => Number(w.row.id)),
      );
      result.judged += written.filter((w) => w.judgement).length;
      result.marked.push(...marked.map((w) => Number(w.row.id)));
      result.cleared.push(...cleared.map((w) => Number(w.row.id)));
      return rows.length < BATCH;
    });
    result.longestMs = Math.max(result.longestMs, Date.now() - started);
    if (done) return result;
  }
}
