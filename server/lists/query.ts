// Reading a list request's query string: paging, sort, withDeleted and the section's filter keys
// (ranges as key_from/key_to, lists repeated). Anything unknown or malformed is a 400 in Russian,
// never silently ignored.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type FilterDef } from '../../domain/lists';
import { badRequest } from '../errors';
import { isCalendarDate, wantsDeleted } from '../http/schemas';
import type { ParsedFilter } from '../spec/section';

export const LIST_MSG = {
  page: 'Номер страницы должен быть целым числом от 1',
  pageBeyond: (page: number, pageCount: number) => `Страницы ${page} нет: всего страниц ${pageCount}`,
  perPage: `Размер страницы может быть только ${PAGE_SIZES.join(', ')}`,
  order: 'Порядок сортировки может быть только asc или desc',
  sort: (key: string) => `Нельзя сортировать по полю «${key}»`,
  unknownFilter: (key: string) => `Неизвестный фильтр: ${key}`,
  badNumber: (title: string) => `Фильтр «${title}»: введите число`,
  badDate: (title: string) => `Фильтр «${title}»: введите дату в формате ГГГГ-ММ-ДД`,
  badId: (title: string) => `Фильтр «${title}»: неверное значение`,
  badBoolean: (title: string) => `Фильтр «${title}»: допустимо только true или false`,
  forbiddenFilter: (title: string) => `Фильтр «${title}» вам недоступен`,
} as const;

export type RawQuery = Record<string, string | string[] | undefined>;

export interface ListQuery {
  page: number;
  perPage: number;
  sort?: string;
  order: 'asc' | 'desc';
  withDeleted: boolean;
  filters: ParsedFilter[];
}

const CONTROL = new Set(['page', 'perPage', 'sort', 'order', 'withDeleted']);
const all = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const one = (v: string | string[] | undefined) => all(v).at(-1);
const NUMBER = /^-?\d+(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INT_ID = /^\d{1,9}$/;

function isRangeType(def: FilterDef) {
  return def.type === 'number' || def.type === 'currency' || def.type === 'date';
}

export function parseListQuery(query: RawQuery, defs: FilterDef[]): ListQuery {
  const pageRaw = one(query.page) ?? '1';
  if (!/^\d+$/.test(pageRaw) || Number(pageRaw) < 1) throw badRequest(LIST_MSG.page);
  const perPageRaw = one(query.perPage) ?? String(DEFAULT_PAGE_SIZE);
  if (!(PAGE_SIZES as readonly number[]).includes(Number(perPageRaw))) throw badRequest(LIST_MSG.perPage);
  const order = (one(query.order) ?? 'desc').toLowerCase();
  if (order !== 'asc' && order !== 'desc') throw badRequest(LIST_MSG.order);
  const withDeleted = wantsDeleted(one(query.withDeleted));

  const byKey = new Map(defs.map((d) => [d.key, d]));
  const seen = new Map<string, ParsedFilter>();
  for (const [rawKey, rawValue] of Object.entries(query)) {
    if (CONTROL.has(rawKey) || rawValue === undefined) continue;
    const rangeMatch = /^(.*)_(from|to)$/.exec(rawKey);
    const rangeDef = rangeMatch ? byKey.get(rangeMatch[1]) : undefined;
    if (rangeMatch && rangeDef && isRangeType(rangeDef)) {
      const value = (one(rawValue) ?? '').trim();
      if (!value) continue;
      const valid = rangeDef.type === 'date' ? DATE.test(value) && isCalendarDate(value) : NUMBER.test(value);
      if (!valid) throw badRequest(rangeDef.type === 'date' ? LIST_MSG.badDate(rangeDef.title) : LIST_MSG.badNumber(rangeDef.title));
      const current = (seen.get(rangeDef.key) as Extract<ParsedFilter, { kind: 'range' }>) ?? { def: rangeDef, kind: 'range' };
      current[rangeMatch[2] as 'from' | 'to'] = value;
      seen.set(rangeDef.key, current);
      continue;
    }
    const def = byKey.get(rawKey);
    if (!def || isRangeType(def)) throw badRequest(LIST_MSG.unknownFilter(rawKey));
    if (def.type === 'boolean') {
      const value = one(rawValue);
      if (value !== 'true' && value !== 'false') throw badRequest(LIST_MSG.badBoolean(def.title));
      if (value === 'true') seen.set(def.key, { def, kind: 'boolean', value: true });
    } else if (def.type === 'string' || def.type === 'address') {
      const value = (one(rawValue) ?? '').trim();
      if (value) seen.set(def.key, { def, kind: 'text', value });
    } else {
      const values = all(rawValue).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
      if (!values.length) continue;
      // ids must be whole numbers; statuses and years are checked by their compilers
      if (def.key.endsWith('_ids') && def.key !== 'statuses_ids' && values.some((v) => !INT_ID.test(v))) {
        throw badRequest(LIST_MSG.badId(def.title));
      }
      seen.set(def.key, { def, kind: 'list', values });
    }
  }
  return {
    page: Number(pageRaw),
    perPage: Number(perPageRaw),
    sort: one(query.sort),
    order,
    withDeleted,
    filters: [...seen.values()],
  };
}

/** The same query string with another page: for pageURI, nextPage and previousPage. */
export function pageUrl(path: string, query: RawQuery, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page') continue;
    for (const v of all(value)) params.append(key, v);
  }
  params.set('page', String(page));
  return `${path}?${params.toString()}`;
}
