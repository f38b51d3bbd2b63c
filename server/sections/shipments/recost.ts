// The shipments' follower of new rates: a shipment still costed at a rate that moves (a cost line with no day, which
// takes today's rate, or whose day is not yet behind the new rate's: domain/shipments/rateDay.ts), or whose lots are
// bought at the daily rate (their purchase in rubles follows it), is costed again at the rates in force, and each
// lot's landed cost per kg that moved is stored with its selling band in the shipment's transaction, in the lot's
// history by the system and announced, as a shipment's own save does (landed.ts). Lines with a typed rate (the
// prepaid shares of the goods, a contract's rate) and lines on a day whose rate is published never move. A rate stored
// for a later day (the evening feed's tomorrow) moves nothing until that day is the business day: the rates' job
// runs its followers when it begins.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { todayOf } from '../../db/businessDay';
import { announceChanges } from '../../db/changes';
import { HttpError } from '../../errors';
import type { CurrencyRate } from '../../../domain/currency';
import type { CostLine } from '../../../domain/shipments/costLines';
import { movesWithRate } from '../../../domain/shipments/rateDay';
import { storeLanded } from './landed';

export interface Recosted {
  /** The shipments costed again, in id order. */
  shipments: number[];
  /** The lots whose landed cost per kg moved. */
  lots: number[];
  /** Shipments that cannot be costed now (a line with no rate on its day…): they keep their lots' cost. */
  refused: { id: number; message: string }[];
}

const parsed = (costs: unknown): CostLine[] =>
  ((typeof costs === 'string' ? JSON.parse(costs) : costs) ?? []) as CostLine[];

/** A follower of new rates (RatesFollower): the shipments whose cost the rates of `stored` can move, each costed again
 * in its own short transaction; with no rates named (the start of a business day) every currency, from today. */
export async function recostShipments(db: Database, stored: CurrencyRate[] = []): Promise<Recosted> {
  const today = await todayOf(db);
  // by currency, the earliest day a new rate is for: lines on that day or later may move
  const since = new Map<string, string>();
  for (const rate of stored) {
    const earlier = since.get(rate.code);
    if (!earlier || rate.date < earlier) since.set(rate.code, rate.date);
  }
  const codes = [...since.keys()];
  const inCodes = (column: ReturnType<typeof sql>) =>
    codes.length ? sql`${column} = ANY(${`{${codes.join(',')}}`}::text[])` : sql`${column} <> 'RUB'`;
  const candidates = rowsOf<{ id: number; costs: unknown; daily_lots: boolean }>(
    await db.execute(sql`
    SELECT sh.id, sh.costs, EXISTS (SELECT 1 FROM offers o WHERE o.shipment_id = sh.id AND o.status <> 'deleted'
      AND o.rate_policy = 'daily' AND ${inCodes(sql`o.purchase_currency`)}) AS daily_lots
    FROM shipments sh WHERE sh.status <> 'deleted'
      AND (EXISTS (SELECT 1 FROM jsonb_array_elements(sh.costs) l
          WHERE ${inCodes(sql`l->>'currency'`)} AND coalesce(l->>'rate', '') = '')
        OR EXISTS (SELECT 1 FROM offers o WHERE o.shipment_id = sh.id AND o.status <> 'deleted'
          AND o.rate_policy = 'daily' AND ${inCodes(sql`o.purchase_currency`)}))
    ORDER BY sh.id`),
  );
  const moves = (line: CostLine) =>
    codes.length
      ? since.has(line.currency) && movesWithRate(line, line.currency, since.get(line.currency)!, today)
      : movesWithRate(line, line.currency, today, today);
  const out: Recosted = { shipments: [], lots: [], refused: [] };
  for (const candidate of candidates) {
    if (!candidate.daily_lots && !parsed(candidate.costs).some(moves)) continue;
    const id = Number(candidate.id);
    try {
      const moved = await db.transaction(async (tx) => {
        // the lines as they are now, the shipment held while its lots are costed (a save of it waits)
        const [row] = rowsOf<{ costs: unknown }>(
          await tx.execute(sql`SELECT costs FROM shipments WHERE id = ${id} AND status <> 'deleted' FOR UPDATE`),
        );
        if (!row) return [];
        const changes = await storeLanded(tx, null, id, parsed(row.costs));
        // the shipment's card reads its lots' cost again; its version stays (a card open on it can still be saved)
        if (changes.length) await announceChanges(tx, 'shipments', 'update', [id]);
        return changes.map((c) => Number(c.key));
      });
      out.shipments.push(id);
      out.lots.push(...moved);
    } catch (e) {
      // one shipment that cannot be costed keeps its figures and does not stop the others, nor the followers after
      if (e instanceof HttpError && e.statusCode === 400)
        out.refused.push({ id, message: e.body.messages?.[0] ?? e.message });
      else throw e;
    }
  }
  return out;
}
