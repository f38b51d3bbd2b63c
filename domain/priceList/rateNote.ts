// What a buyer reads of the rate his ruble prices were worked out at. A lot bought in a currency at the Bank's daily
// rate is priced in rubles at the rate of its day (the offer's purchase_rate_date); its line carries that day as
// `rate_date`. A lot in rubles, or bought at a fixed (contract or prepaid) rate, carries none: its ruble price does not
// follow the Bank. The page, the files and the buyer's links say it in one line under the lines.
import { formatDate } from '../format';

/** The line under a list of lines: 'Цены в рублях по курсу ЦБ на 05.12.2026' (the days joined when lots were priced on
 * different days: a currency the Bank did not publish on the latest day), or null when no line is priced from a
 * currency at the Bank's rate. */
export function rateNote(lines: readonly { rate_date?: string | null }[]): string | null {
  const days = [...new Set(lines.map((l) => l.rate_date).filter((d): d is string => Boolean(d)))].sort();
  if (!days.length) return null;
  const words = days.map(formatDate);
  const joined = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} и ${words[words.length - 1]}`;
  return `Цены в рублях по курсу ЦБ на ${joined}`;
}
