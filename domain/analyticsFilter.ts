// The analytics page's filters, as its link and each request carry them: the period and the ids of products, cities
// and responsible employees, their checks and their Russian messages.
import type { FieldRef } from './permissions';

export interface AnalyticsFilter {
  /** YYYY-MM-DD, both ends included. */
  from: string;
  to: string;
  products_ids: number[];
  cities_ids: number[];
  responsible_ids: number[];
}

export const ANALYTICS_LIST_FILTERS = [
  { key: 'products_ids', title: 'Товары', reads: ['offers.product_id'] as FieldRef[] },
  { key: 'cities_ids', title: 'Города', reads: ['offers.city'] as FieldRef[] },
  { key: 'responsible_ids', title: 'Ответственные', reads: ['reserves.responsible_id'] as FieldRef[] },
] as const;
export type AnalyticsListFilter = (typeof ANALYTICS_LIST_FILTERS)[number]['key'];

/** The longest period a request may span, in days (three years of weeks). */
export const MAX_PERIOD_DAYS = 1100;

export const ANALYTICS_MSG = {
  chartForbidden: 'Диаграмма недоступна для вашей роли',
  badDate: (title: string) => `${title}: введите дату в формате ГГГГ-ММ-ДД`,
  periodOrder: 'Начало периода позже его конца',
  periodTooLong: 'Период не может быть длиннее трёх лет',
  noData: 'Нет данных за период',
  // the margins at risk are as they stand today, not of a period
  noMarginRisk: 'Нет резервов с маржой под риском',
  noStock: 'Нет остатков',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(text: string): boolean {
  if (!DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && isoDay(d) === text;
}

/** The default period: the twelve whole weeks up to today (from a Monday); `today` is the business day
 * (domain/businessDay.ts), or a Date read in the local zone. */
export function defaultPeriod(today: string | Date = new Date()): { from: string; to: string } {
  const day =
    typeof today === 'string'
      ? new Date(`${today}T00:00:00Z`)
      : new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()));
  const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS - 11 * 7 * DAY_MS);
  return { from: isoDay(monday), to: isoDay(day) };
}

/** The period's problem in Russian, or null when it is a good one. */
export function periodProblem(from: string, to: string): string | null {
  if (!isCalendarDay(from)) return ANALYTICS_MSG.badDate('Начало периода');
  if (!isCalendarDay(to)) return ANALYTICS_MSG.badDate('Конец периода');
  if (from > to) return ANALYTICS_MSG.periodOrder;
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS > MAX_PERIOD_DAYS) return ANALYTICS_MSG.periodTooLong;
  return null;
}

const ids = (value: string | string[] | null | undefined): number[] => [
  ...new Set(
    (Array.isArray(value) ? value : value ? [value] : [])
      .flatMap((v) => String(v).split(','))
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0 && n <= 2147483647),
  ),
];

/** The filter a link holds (unknown or bad ids are dropped, a missing or bad period is the default one). */
export function filterFromSearch(search: URLSearchParams, today?: string | Date): AnalyticsFilter {
  const period = defaultPeriod(today);
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const good = !periodProblem(from || period.from, to || period.to);
  return {
    from: good && from ? from : period.from,
    to: good && to ? to : period.to,
    products_ids: ids(search.getAll('products_ids')),
    cities_ids: ids(search.getAll('cities_ids')),
    responsible_ids: ids(search.getAll('responsible_ids')),
  };
}

/** The filter as a query string (the page's link and the API's query are the same). */
export function filterToSearch(filter: AnalyticsFilter): string {
  const params = new URLSearchParams({ from: filter.from, to: filter.to });
  for (const { key } of ANALYTICS_LIST_FILTERS) for (const id of filter[key]) params.append(key, String(id));
  return params.toString();
}
