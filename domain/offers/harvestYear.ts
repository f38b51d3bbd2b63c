// An offer's harvest year: a whole year from 1990 to next year ('2025') or a season over two years
// ('2025/26': its first year in the same bounds, then the next year's last two digits). "Next year" is the business
// day's (domain/businessDay.ts), never the machine's: at 00:30 on 1 January in Moscow it is already a year later
// than by the UTC day. The card, the server, the import, a supplier's price list and the demo data check with it;
// the price list and the analytics sort and age a season by its first year.

/** The first harvest year an offer may name. */
export const HARVEST_YEAR_FIRST = 1990;

const SHAPE = /^(\d{4})(?:\/(\d{2}))?$/;

/** The year of a business day ('2026-11-28' → 2026). */
export const yearOfDay = (day: string): number => Number(day.slice(0, 4));

/** A year's last two digits ('26' for 2026, '00' for 2100). */
const twoDigits = (year: number) => String(year % 100).padStart(2, '0');

/** The season that starts in `year` ('2025/26' for 2025). */
export const seasonOf = (year: number): string => `${year}/${twoDigits(year + 1)}`;

/** The refusal, with the bounds of the business day's year: in 2026 'Укажите год (1990–2027) или сезон (2025/26)'. */
export const harvestYearMessage = (today: string): string => {
  const year = yearOfDay(today);
  return `Укажите год (${HARVEST_YEAR_FIRST}–${year + 1}) или сезон (${seasonOf(year - 1)})`;
};

/** Whether `text` (trimmed) is a harvest year an offer may name on the business day `today` (YYYY-MM-DD). */
export function isHarvestYear(text: string, today: string): boolean {
  const match = SHAPE.exec(text.trim());
  if (!match) return false;
  const first = Number(match[1]);
  if (first < HARVEST_YEAR_FIRST || first > yearOfDay(today) + 1) return false;
  return match[2] === undefined || match[2] === twoDigits(first + 1);
}

/** The year a harvest year is sorted and aged by: the year itself, a season's first year ('2025/26' → 2025); null for
 * an empty value or one stored before the rule that names no year ('Pwe8281'). */
export function harvestStart(text: string | null | undefined): number | null {
  const match = SHAPE.exec(String(text ?? '').trim());
  return match ? Number(match[1]) : null;
}
