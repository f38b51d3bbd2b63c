// Which day's Central Bank rate a cost line is costed at, and so which lines a new rate moves. A rate typed on the
// line (a prepayment's, a contract's) and a ruble line never move. A line with a day (the payment day, the
// declaration's day, a day typed), estimate or actual, takes the rate in force on that day: once that day's rate is
// published it is fixed (a stored rate is never overwritten), and a day still ahead follows the last published rate
// until it comes. A line with no day (an estimate on its way, as a rule) takes today's rate: it follows every new rate
// and each new business day.
import type { CostLine } from './costLines';

type Rated = Pick<CostLine, 'currency' | 'rate' | 'rate_date'>;

/** The day whose rate in force the line takes, or null for a line that needs no Bank rate (typed rate, rubles). */
export function rateDayOf(line: Rated, today: string): string | null {
  if ((line.rate !== undefined && line.rate !== null && line.rate !== '') || line.currency === 'RUB') return null;
  return line.rate_date || today;
}

/** Whether a rate of `currency` for `rateDate` (or a new business day, `rateDate` = today) can move the line's ruble
 * cost: the line takes that currency's rate in force on a day on or after `rateDate`. */
export function movesWithRate(line: Rated, currency: string, rateDate: string, today: string): boolean {
  const day = rateDayOf(line, today);
  return day !== null && line.currency === currency && day >= rateDate;
}
