// The offers' follower of new rates: a lot bought at the Central Bank's daily rate is priced at the rate in force on
// the business day (server/sections/currencyRates), its currency price × the rate, half up to the kopeck, by the same
// functions as the card's save (domain/offers/purchase.ts, figures.ts): the ruble unit price, the sum, the kg price
// and the selling band are stored, never computed per row when read. A rate stored for a later day (the evening's
// feed answers with tomorrow) moves nothing until that day is the business day (the rates' job follows then).
// Batches of a few hundred lots (each sized to about a quarter of a second), each its own short transaction in id
// order, so no lot's row stays locked long and an edit of a lot waits at most one batch; each lot re-priced gets its
// history entry ('Система') and is announced, so lists, cards, the price list and quotes follow live. Reserves keep
// what they were made on: nothing here writes them.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { CurrencyRate } from '../../../domain/currency';
import { RUBLE, rublePrice } from '../../../domain/offers/purchase';
import { offerFigures, offerSellingBand } from '../../../domain/offers/figures';
import { money, toNumber } from '../../../domain/numbers';
import type { BusinessSettings } from '../../../domain/settings';
import { readBusinessSettings } from '../../settings';
import { todayOf } from '../../db/businessDay';
import { columnsOf, rowsOf, select, selectRows, type SelectedRow } from '../../db/rows';
import { offers } from '../../db/schema';
import { recordsChanged, type ChangedRecord } from '../../records/history';
import type { StoredRecord } from '../../contract/tables';
import { rateOn } from '../currencyRates';

/** Lots re-priced in the first transaction; each next batch is sized from the last one's time so a transaction
 * (the longest any lot's row stays locked, the longest an edit of a lot waits) takes about BATCH_MS, whatever the
 * server's load: 100 000 lots with two dozen indexes each cost far more on a busy server than on a quiet one. */
export const REPRICE_BATCH = 500;
const BATCH_MS = 250;
const BATCH_LIMITS = { least: 50, most: 2000 };

/** The next batch's size: the last one's scaled to BATCH_MS, never more than doubled at once. */
export function nextBatch(size: number, tookMs: number): number {
  const scaled = Math.round(size * Math.min(2, BATCH_MS / Math.max(tookMs, 1)));
  return Math.min(BATCH_LIMITS.most, Math.max(BATCH_LIMITS.least, scaled));
}

const LOT = select({
  ...columnsOf(
    offers,
    'id',
    'unit_measure',
    'unit_weight',
    'unit_amount',
    'warehouse_cost',
    'landed_kg_cost',
    'purchase_currency',
    'purchase_price',
    'unit_price',
    'total_sum',
    'kg_price',
    'min_unit_price',
    'max_unit_price',
    'purchase_rate',
  ),
  purchase_rate_date: sql<string | null>`${offers.purchase_rate_date}::text`,
});
type Lot = SelectedRow<typeof LOT>;

export interface Repriced {
  /** The lots whose price moved, in id order. */
  ids: number[];
  /** The longest transaction of a batch, ms (the bench's figure: no lot's row is locked longer). */
  longestMs: number;
}

/** A lot at the rate: the columns its save would store from it. */
function pricedLot(lot: Lot, rate: { unit_rate: string; date: string }, settings: BusinessSettings) {
  const unitPrice = rublePrice(money(toNumber(lot.purchase_price))!, rate.unit_rate);
  const figures = offerFigures({ ...lot, unit_price: unitPrice });
  const kgPrice = money(figures.kg_price);
  const band = offerSellingBand({ ...lot, kg_price: kgPrice }, settings);
  return {
    unit_price: unitPrice,
    total_sum: money(figures.total_sum),
    kg_price: kgPrice,
    min_unit_price: money(band.min_unit_price),
    max_unit_price: money(band.max_unit_price),
    purchase_rate: rate.unit_rate,
    purchase_rate_date: rate.date,
  };
}

/** One currency's 'daily' lots not yet at `rate`, in batches from id `after`. */
async function repriceCurrency(
  db: Database,
  code: string,
  rate: { unit_rate: string; date: string },
  settings: BusinessSettings,
  out: Repriced,
) {
  let after = 0;
  let size = REPRICE_BATCH;
  for (;;) {
    const started = Date.now();
    const done = await db.transaction(async (tx) => {
      const lots = await selectRows(
        tx,
        LOT,
        sql`FROM ${offers} WHERE ${offers.id} > ${after} AND ${offers.purchase_currency} = ${code}
          AND ${offers.rate_policy} = 'daily' AND ${offers.status} <> 'deleted'
          AND (${offers.purchase_rate} IS DISTINCT FROM ${rate.unit_rate}::numeric
            OR ${offers.purchase_rate_date} IS DISTINCT FROM ${rate.date}::date)
        ORDER BY ${offers.id} LIMIT ${size} FOR UPDATE`,
      );
      if (!lots.length) return true;
      after = lots[lots.length - 1].id;
      const priced = lots.map((lot) => ({ lot, now: pricedLot(lot, rate, settings) }));
      // the batch's figures as one JSON parameter: not thousands of bound values to parse
      const values = JSON.stringify(priced.map(({ lot, now }) => ({ id: lot.id, ...now })));
      const versions = new Map(
        rowsOf<{ id: number; version: number }>(
          await tx.execute(sql`UPDATE offers o SET unit_price = v.unit_price, total_sum = v.total_sum,
            kg_price = v.kg_price, min_unit_price = v.min_unit_price, max_unit_price = v.max_unit_price,
            purchase_rate = ${rate.unit_rate}::numeric, purchase_rate_date = ${rate.date}::date
          FROM jsonb_to_recordset(${values}::jsonb)
            AS v(id int, unit_price numeric, total_sum numeric, kg_price numeric, min_unit_price numeric, max_unit_price numeric)
          WHERE o.id = v.id RETURNING o.id, o.version`),
        ).map((row) => [Number(row.id), Number(row.version)]),
      );
      // the history tells the figures that moved, by the system (no person); the change is announced with it
      const records: ChangedRecord<'offers'>[] = priced.map(({ lot, now }) => ({
        id: lot.id,
        before: lot as unknown as StoredRecord<'offers'>,
        after: { ...lot, ...now, version: versions.get(lot.id) } as unknown as StoredRecord<'offers'>,
      }));
      await recordsChanged(tx, null, 'offers', records);
      out.ids.push(...lots.map((lot) => lot.id));
      return lots.length < size;
    });
    const took = Date.now() - started;
    out.longestMs = Math.max(out.longestMs, took);
    if (done) return;
    size = nextBatch(size, took);
  }
}

/** A follower of new rates (RatesFollower): every 'daily' lot in a currency of `stored` (every currency when none is
 * named) priced at the rate in force on the business day. */
export async function repriceDailyOffers(db: Database, stored: CurrencyRate[] = []): Promise<Repriced> {
  const today = await todayOf(db);
  const settings = await readBusinessSettings(db);
  const codes = stored.length
    ? [...new Set(stored.map((rate) => rate.code as string))]
    : rowsOf<{ code: string }>(
        await db.execute(sql`SELECT DISTINCT purchase_currency AS code FROM offers
          WHERE rate_policy = 'daily' AND purchase_currency <> ${RUBLE}`),
      ).map((row) => row.code);
  const out: Repriced = { ids: [], longestMs: 0 };
  for (const code of codes) {
    const rate = await rateOn(db, code, today);
    if (rate) await repriceCurrency(db, code, rate, settings, out);
  }
  return out;
}
