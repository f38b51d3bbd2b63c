// 'Котировки': the saved quotes' list, its filters and sorts, written once for the server's query
// schema and SQL and for the SPA's filter panel and link. The status is the one a quote has on the business day
// (quoteStatusOf): 'Действует', 'Истекла' past its date, 'Принята' once reserved.
import { f, recordFilters, type FilterConfig, type FilterDef } from '../lists';
import { QUOTE_STATUSES, QUOTE_STATUS_TITLES } from './record';
import { QUOTE_BUYER, QUOTE_BUYER_TITLE } from './buyer';

export const QUOTE_FILTERS: FilterDef[] = [
  f('statuses_ids', 'Статус', 'status', { field: 'status' }),
  f('buyer', QUOTE_BUYER_TITLE, 'string'),
  f('buyers_ids', '№ покупателя', 'multiple', { field: 'buyer_id' }),
  f('cities_ids', 'Город', 'multiple', { field: 'city_id' }),
  recordFilters.createdAt(),
  f('valid_until', 'Действует до', 'date'),
];

/** The keys the list sorts by, as its columns are named. */
export const QUOTE_SORTS = [
  'number',
  'status',
  QUOTE_BUYER,
  'city',
  'product',
  'total_sum',
  'valid_until',
  'created_at',
] as const;

/** The filter panel's fields: the statuses by title, the cities as the reference list names them (the buyers by
 * number stay for links, not for the panel). */
export function quoteFilterConfig(cities: { id: number; name: string }[]): FilterConfig {
  const config: FilterConfig = {};
  for (const def of QUOTE_FILTERS) {
    if (def.key === 'buyers_ids') continue;
    config[def.key] = {
      title: def.title,
      type: def.type,
      ...(def.placeholder ? { placeholder: [...def.placeholder] } : {}),
      ...(def.key === 'statuses_ids'
        ? { options: QUOTE_STATUSES.map((s) => ({ value: s, title: QUOTE_STATUS_TITLES[s] })) }
        : {}),
      ...(def.key === 'cities_ids' ? { options: cities.map((c) => ({ value: c.id, title: c.name })) } : {}),
    };
  }
  return config;
}
