// Currency to rubles, exact: decimal strings multiplied as exact decimals (domain/numbers.ts) and rounded half up to
// the kopeck, the same on the card, the server, the seed and in SQL (round(amount * unit_rate, 2)). Never a float
// product: 9.00 × 88.6601 must not become 797.9408999….
import { product, ratio, sum } from '../numbers';

/** amount (in a currency) × unitRate (rubles for one unit), half up to the kopeck, as text with 2 decimals; null
 * when either is not a number. */
export function toRubles(amount: string, unitRate: string): string;
export function toRubles(amount: string | null | undefined, unitRate: string | null | undefined): string | null;
export function toRubles(amount: string | null | undefined, unitRate: string | null | undefined): string | null {
  const rubles = product(2, amount, unitRate);
  return rubles === null ? null : rubles.toFixed(2);
}

/** The rubles of one unit from the Bank's value for `nominal` units (TRY is quoted per 10, UZS per 10 000), half up
 * to 10 decimals (the column's scale); the feed's own VunitRate is preferred where it is given. */
export function unitRateOf(value: string, nominal: number): string | null {
  const rate = ratio(value, nominal, 10);
  return rate === null ? null : rate.toFixed(10).replace(/0+$/, '').replace(/\.$/, '');
}

/** How far a rate moved from the one frozen, in percent of the frozen one, half up to 2 decimals (|now − then| /
 * then × 100); null when either is missing. */
export function rateMovePercent(now: string | null | undefined, then: string | null | undefined): number | null {
  if (!now || !then || !(Number(then) > 0)) return null;
  const delta = sum(now, `-${then}`);
  if (delta === null) return null;
  return ratio(String(product(10, Math.abs(delta), 100)), then, 2);
}
