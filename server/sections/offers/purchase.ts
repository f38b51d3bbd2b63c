// A lot bought in a currency, as a write prices it (domain/offers/purchase.ts): its ruble unit_price is its currency
// price × the rate, half up to the kopeck; 'daily' takes the Central Bank's rate in force on the business day (the
// last published on a weekend or a holiday), 'fixed' the typed rate of its day. No stored rate for the day is a 400
// naming the currency and the day.
import type { Database } from '../../db/client';
import { ratesOn } from '../currencyRates';
import { PURCHASE_MSG, RUBLE, rublePrice } from '../../../domain/offers/purchase';
import { money } from '../../../domain/numbers';
import { badRequest } from '../../errors';

/** The Bank's rate of a currency in force on the business day, or null when none is stored on or before it. */
export type RateReader = (code: string) => { unit_rate: string; date: string } | null;

/** The rates in force on `today`, read once (one statement) for every lot of a write. */
export async function ratesOfDay(db: Database, today: string): Promise<RateReader> {
  const rates = new Map(
    (await ratesOn(db, today)).map((r) => [r.code as string, { unit_rate: r.unit_rate, date: r.date }]),
  );
  return (code) => rates.get(code) ?? null;
}

/** For the rows of a supplier's price list, which are in rubles: no rate is ever asked. */
export const RUBLES_ONLY: RateReader = () => null;

export interface Priced {
  /** The ruble price per unit; absent for a ruble lot (the typed one stands). */
  unit_price?: string;
  purchase_rate: string | null;
  purchase_rate_date: string | null;
}

/** The ruble price of a checked form (its purchase_currency, purchase_price, rate_policy, fixed_rate and its day). */
export function pricePurchase(valid: Record<string, unknown>, today: string, rates: RateReader): Priced {
  const code = String(valid.purchase_currency ?? RUBLE);
  if (code === RUBLE) return { purchase_rate: null, purchase_rate_date: null };
  const rate =
    valid.rate_policy === 'fixed'
      ? { unit_rate: String(valid.fixed_rate), date: String(valid.fixed_rate_date).slice(0, 10) }
      : rates(code);
  if (!rate) throw badRequest(PURCHASE_MSG.noRate(code, today));
  const unitPrice = rublePrice(money(valid.purchase_price as number)!, rate.unit_rate);
  if (Number(unitPrice) < 0.01) throw badRequest(PURCHASE_MSG.rublesTooSmall(unitPrice));
  return { unit_price: unitPrice, purchase_rate: rate.unit_rate, purchase_rate_date: rate.date };
}
