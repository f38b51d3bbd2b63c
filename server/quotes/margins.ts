// The margins' check of saved quotes, a follower of new rates after the reserves' (server/app.ts RATES_FOLLOWERS):
// a quote still held (not accepted, not past its day) keeps its prices, but each of its parts on a lot bought at the
// daily rate is judged again at the lot's cost today, as a reserve is (domain/reserves/margins.ts): the held selling
// price, delivery, own costs and unit weight against the lot's kg price now. The rate the held price was worked out
// at is the one it implies (the held ruble price ÷ the lot's currency price, to 10 places). A quote is marked
// (margin_at_risk, and margin_risk: each part judged with its margin and today's rate) when any part's margin falls
// under the minimum or its rate moved past the threshold; a mark no longer holding is cleared. Only the marks are
// written: the quote's version stays (its card stays current), and its lines are never re-priced.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { CurrencyRate } from '../../domain/currency';
import type { HeldLine } from '../../domain/quotes/record';
import { judgeMargin, marginLimits } from '../../domain/reserves/margins';
import { money, ratio } from '../../domain/numbers';
import { rowsOf } from '../db/rows';
import { todayOf } from '../db/businessDay';
import { readBusinessSettings } from '../settings';

/** One part of a quote judged: its lot, its margin at today's cost, %, and the lot's rate today. */
export interface PartRisk {
  offer_id: number;
  currency: string;
  rate: string;
  margin: string;
  at_risk: boolean;
}

interface DailyLot {
  id: number;
  kg_price: string | null;
  purchase_price: string | null;
  purchase_rate: string | null;
  purchase_currency: string;
}

/** Judges every held quote with a part on a 'daily' lot (of the currencies of `stored`; every currency when none is
 * named) and clears the marks that no longer hold; answers the ids newly marked. */
export async function checkQuoteMargins(db: Database, stored: CurrencyRate[] = []): Promise<{ marked: number[] }> {
  const limits = marginLimits(await readBusinessSettings(db));
  const today = await todayOf(db);
  const quotes = rowsOf<{ id: number; lines: HeldLine[]; at_risk: boolean; held: boolean }>(
    await db.execute(sql`SELECT q.id, q.lines, q.margin_at_risk AS at_risk,
        (q.status = 'active' AND q.valid_until >= ${today}::date) AS held
      FROM quotes q WHERE (q.status = 'active' AND q.valid_until >= ${today}::date) OR q.margin_at_risk ORDER BY q.id`),
  );
  if (!quotes.length) return { marked: [] };
  const codes = new Set(stored.map((rate) => rate.code as string));
  const ids = [...new Set(quotes.flatMap((q) => q.lines.flatMap((l) => l.offers.map((p) => Number(p.offer_id)))))];
  const lots = new Map(
    rowsOf<DailyLot>(
      await db.execute(sql`SELECT id, kg_price::text, purchase_price::text, trim_scale(purchase_rate)::text AS purchase_rate,
          purchase_currency FROM offers
        WHERE id = ANY(${`{${ids.join(',')}}`}::int[]) AND rate_policy = 'daily' AND purchase_currency <> 'RUB'`),
    ).map((lot) => [Number(lot.id), lot]),
  );
  const changed: { id: number; at_risk: boolean; risk: PartRisk[] | null }[] = [];
  const marked: number[] = [];
  for (const quote of quotes) {
    const risk: PartRisk[] = [];
    for (const part of quote.held ? quote.lines.flatMap((l) => l.offers) : []) {
      const lot = lots.get(Number(part.offer_id));
      if (!lot || (codes.size && !codes.has(lot.purchase_currency))) continue;
      const judged = judgeMargin(
        {
          amount: part.amount,
          unit_selling_price: part.unit_price,
          delivery_cost: part.delivery_cost,
          costs_per_kg: part.terms.costs_per_kg,
          unit_weight: part.terms.unit_weight,
          kg_price: lot.kg_price,
          frozen_rate: ratio(part.terms.unit_price, lot.purchase_price, 10),
          rate: lot.purchase_rate,
        },
        limits,
      );
      risk.push({
        offer_id: lot.id,
        currency: lot.purchase_currency,
        rate: lot.purchase_rate ?? '',
        margin: money(judged.marginality)!,
        at_risk: judged.at_risk,
      });
    }
    // a quote judged on other currencies only keeps its mark as it was
    if (quote.held && codes.size && !risk.length) continue;
    const atRisk = risk.some((r) => r.at_risk);
    if (atRisk && !quote.at_risk) marked.push(Number(quote.id));
    changed.push({ id: Number(quote.id), at_risk: atRisk, risk: risk.length ? risk : null });
  }
  if (changed.length)
    await db.execute(sql`UPDATE quotes q SET margin_at_risk = v.at_risk, margin_risk = v.risk
      FROM jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) AS v(id int, at_risk boolean, risk jsonb)
      WHERE q.id = v.id AND (q.margin_at_risk, q.margin_risk) IS DISTINCT FROM (v.at_risk, v.risk)`);
  return { marked };
}
