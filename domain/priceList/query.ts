// The price list's request as both sides write and read it: the page keeps it in its URL, the API takes
// it as its query string, a buyer's link stores it. Multi-values repeat their key, as the lists' filters do.
import { LOT_FILTERS, type LotFilters } from '../offers/lot';

export const PRICE_LEVELS = ['min', 'max', 'percent'] as const;
export type PriceLevel = (typeof PRICE_LEVELS)[number];
export const ROUNDINGS = ['none', '1', '10'] as const;
export type Rounding = (typeof ROUNDINGS)[number];

/** The lots it lists: in a city, of what the lot's filters name (domain/offers/lot.ts, by the offer's keys). */
export interface PriceListQuery extends LotFilters {
  city_id: number;
  /** Lines with at least this much available (units of the offer). */
  min_available?: number;
  level: PriceLevel;
  /** Percent, for level 'percent'. */
  markup?: number;
  rounding: Rounding;
  /** YYYY-MM-DD: the day the prices hold until (the buyer's link expires after it). */
  valid_until?: string;
}

export const MULTI_KEYS = LOT_FILTERS.map((fd) => fd.field);
const NUMERIC_MULTI = new Set(LOT_FILTERS.filter((fd) => fd.reference).map((fd) => fd.field));

/** The query string of a request (without '?'), keys in a fixed order so equal requests read alike. */
export function encodePriceListQuery(q: Partial<PriceListQuery>): string {
  const params = new URLSearchParams();
  if (q.city_id) params.set('city_id', String(q.city_id));
  for (const key of MULTI_KEYS) for (const v of q[key] ?? []) params.append(key, String(v));
  if (q.min_available !== undefined && q.min_available !== null) params.set('min_available', String(q.min_available));
  if (q.level) params.set('level', q.level);
  if (q.level === 'percent' && q.markup !== undefined && q.markup !== null) params.set('markup', String(q.markup));
  if (q.rounding) params.set('rounding', q.rounding);
  if (q.valid_until) params.set('valid_until', q.valid_until);
  return params.toString();
}

/** The request a URL's query holds; what it does not hold (or holds badly) is left out for defaults to fill. */
export function decodePriceListQuery(search: string): Partial<PriceListQuery> {
  const params = new URLSearchParams(search);
  const q: Partial<PriceListQuery> = {};
  const int = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : undefined);
  const city = int(params.get('city_id'));
  if (city) q.city_id = city;
  for (const key of MULTI_KEYS) {
    const values = params.getAll(key).filter((v) => v !== '');
    if (!values.length) continue;
    if (NUMERIC_MULTI.has(key))
      (q as Record<string, unknown>)[key] = values.map(int).filter((v): v is number => v !== undefined);
    else (q as Record<string, unknown>)[key] = values;
  }
  const min = params.get('min_available');
  if (min !== null && min !== '' && Number.isFinite(Number(min))) q.min_available = Number(min);
  const level = params.get('level');
  if ((PRICE_LEVELS as readonly string[]).includes(level ?? '')) q.level = level as PriceLevel;
  const markup = params.get('markup');
  if (markup !== null && markup !== '' && Number.isFinite(Number(markup))) q.markup = Number(markup);
  const rounding = params.get('rounding');
  if ((ROUNDINGS as readonly string[]).includes(rounding ?? '')) q.rounding = rounding as Rounding;
  const valid = params.get('valid_until');
  if (valid && /^\d{4}-\d{2}-\d{2}$/.test(valid)) q.valid_until = valid;
  return q;
}
