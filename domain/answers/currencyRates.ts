// The Central Bank's rates as /api/currency-rates answers them: the rates in force on a day (the navigation's strip),
// one currency's history, and a rate typed by an administrator.
import { Type, type Static } from '@sinclair/typebox';
import { CURRENCIES, RATE_SOURCES } from '../currency';
import { COUNT, Nullable, OneOf, TEXT } from './kit';

/** One stored rate: `unit_rate` rubles for one unit of `code` (= value / nominal), published for `date`. */
export const CURRENCY_RATE = Type.Object({
  code: OneOf(CURRENCIES),
  nominal: COUNT,
  value: TEXT,
  unit_rate: TEXT,
  date: TEXT,
  source: OneOf(RATE_SOURCES),
  previous_unit_rate: Type.Optional(
    Nullable(TEXT, { description: "the rate published before this one (the strip's change)" }),
  ),
});
export type CurrencyRateAnswer = Static<typeof CURRENCY_RATE>;

/** GET /api/currency-rates (the day asked, the business day by default), its history and a refresh of the feed. */
export const CURRENCY_RATES = Type.Object({ date: TEXT, rates: Type.Array(CURRENCY_RATE) });
export type CurrencyRatesAnswer = Static<typeof CURRENCY_RATES>;
