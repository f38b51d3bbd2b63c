// The stored rates: the one in force on a day (the last published on or before it: a weekend or a holiday takes
// the last business day's), the day's table for the strip, one currency's history, and storing new ones. A stored
// rate is never overwritten: a second one for the same day and currency is not stored (migration 0045's trigger
// refuses an UPDATE too).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { returningRows, select, selectFirst, selectRows } from '../../db/rows';
import { currencyRates } from '../../db/schema';
import { RATED_CURRENCIES, type Currency, type CurrencyRate, type RateSource } from '../../../domain/currency';

const r = currencyRates;

/** A rate as it travels: numerics as text without the column's trailing zeros ('90.1234', '0.00656543'). */
const RATE_FIELDS = {
  code: sql<Currency>`${r.code}`,
  nominal: r.nominal,
  value: sql<string>`trim_scale(${r.value})::text`,
  unit_rate: sql<string>`trim_scale(${r.unit_rate})::text`,
  date: sql<string>`${r.date}::text`,
  source: sql<RateSource>`${r.source}`,
};
const RATE = select(RATE_FIELDS);

/** The rate of `code` in force on `isoDate`: the last one published on or before it; RUB is always 1. */
export async function rateOn(
  db: Database,
  code: string,
  isoDate: string,
): Promise<{ unit_rate: string; date: string } | null> {
  if (code === 'RUB') return { unit_rate: '1', date: isoDate };
  const row = await selectFirst(
    db,
    select({ unit_rate: sql<string>`trim_scale(${r.unit_rate})::text`, date: sql<string>`${r.date}::text` }),
    sql`FROM ${r} WHERE ${r.code} = ${code} AND ${r.date} <= ${isoDate}::date ORDER BY ${r.date} DESC LIMIT 1`,
  );
  return row ?? null;
}

export interface RateWithPrevious extends CurrencyRate {
  /** The rate published before this one (the strip's change), or null for the first one stored. */
  previous_unit_rate: string | null;
}

/** Every rated currency's rate in force on `isoDate`, with the one before it; a currency never rated is left out. */
export async function ratesOn(db: Database, isoDate: string): Promise<RateWithPrevious[]> {
  const rows = await selectRows(
    db,
    select({
      ...RATE_FIELDS,
      previous_unit_rate: sql<
        string | null
      >`(SELECT trim_scale(p.unit_rate)::text FROM ${r} p WHERE p.code = ${r.code} AND p.date < ${r.date} ORDER BY p.date DESC LIMIT 1)`,
    }),
    sql`FROM ${r} WHERE (${r.code}, ${r.date}) IN (SELECT code, max(date) FROM ${r} WHERE date <= ${isoDate}::date GROUP BY code)`,
  );
  const order = (code: string) => RATED_CURRENCIES.indexOf(code as (typeof RATED_CURRENCIES)[number]);
  return rows.map((row) => ({ ...row, nominal: Number(row.nominal) })).sort((a, b) => order(a.code) - order(b.code));
}

/** One currency's rates from `from` to `to`, newest first (the history the strip opens). */
export async function rateHistory(db: Database, code: string, from: string, to: string): Promise<CurrencyRate[]> {
  const rows = await selectRows(
    db,
    RATE,
    sql`FROM ${r} WHERE ${r.code} = ${code} AND ${r.date} BETWEEN ${from}::date AND ${to}::date ORDER BY ${r.date} DESC`,
  );
  return rows.map((row) => ({ ...row, nominal: Number(row.nominal) }));
}

/** Stores the rates not stored yet (a day and currency already stored keeps its rate); answers those stored now. */
export async function storeRates(db: Database, rates: CurrencyRate[]): Promise<CurrencyRate[]> {
  if (!rates.length) return [];
  const rows = sql.join(
    rates.map(
      (rate) =>
        sql`(${rate.date}::date, ${rate.code}, ${rate.nominal}, ${rate.value}::numeric, ${rate.unit_rate}::numeric, ${rate.source})`,
    ),
    sql`, `,
  );
  const stored = await returningRows(
    db,
    sql`INSERT INTO ${r} (date, code, nominal, value, unit_rate, source) VALUES ${rows}
    ON CONFLICT (date, code) DO NOTHING`,
    RATE,
  );
  return stored.map((row) => ({ ...row, nominal: Number(row.nominal) }));
}

/** The latest date any rate is stored for, or null. */
export async function latestRateDate(db: Database): Promise<string | null> {
  const row = await selectFirst(db, select({ date: sql<string | null>`max(${r.date})::text` }), sql`FROM ${r}`);
  return row?.date ?? null;
}
