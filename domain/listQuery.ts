// A list's query string, written once (spec point 2: a list is a link): the SPA encodes its state into it for its URL
// and its requests, the server takes its JSON schema for the route (listQuerySchemas.ts) and decodes it for the list,
// the export and the saved filter. The grammar: page (from 1), perPage (one of PAGE_SIZES), sort and order,
// withDeleted, and the section's filter keys: ranges as key_from/key_to, lists repeated or comma-separated, a text or a
// boolean once (the last one given counts). A bad value is refused with the Russian message a user of the list reads.
import { isCalendarDate } from './businessDay';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, optionValue, type FilterDef, type FilterState } from './lists';

/** The years a date filter may name: a day past the last would be cut at 10000-01-01, which no database stores. */
export const FILTER_YEARS = { first: 1900, last: 2999 } as const;
const inFilterYears = (day: string) => day >= `${FILTER_YEARS.first}-01-01` && day <= `${FILTER_YEARS.last}-12-31`;

export const LIST_MSG = {
  page: 'Номер страницы должен быть целым числом от 1',
  pageBeyond: (page: number, pageCount: number) => `Страницы ${page} нет: всего страниц ${pageCount}`,
  perPage: `Размер страницы может быть только ${PAGE_SIZES.join(', ')}`,
  order: 'Порядок сортировки может быть только asc или desc',
  sort: (key: string) => `Нельзя сортировать по полю «${key}»`,
  unknownFilter: (key: string) => `Неизвестный фильтр: ${key}`,
  badNumber: (title: string) => `Фильтр «${title}»: введите число`,
  badDate: (title: string) => `Фильтр «${title}»: введите дату в формате ГГГГ-ММ-ДД`,
  dateBeyond: (title: string) =>
    `Фильтр «${title}»: дата должна быть с 01.01.${FILTER_YEARS.first} по 31.12.${FILTER_YEARS.last}`,
  badId: (title: string) => `Фильтр «${title}»: неверное значение`,
  badBoolean: (title: string) => `Фильтр «${title}»: допустимо только true или false`,
  forbiddenFilter: (title: string) => `Фильтр «${title}» вам недоступен`,
  exportFormat: 'Формат выгрузки может быть только xlsx или csv',
  savedFilter: 'Ожидается объект фильтра',
} as const;

/** A query string as a server framework hands it over: one value or a list per key (a schema may have coerced
 * a number already, so values are read as text). */
export type RawQuery = Record<string, string | string[] | undefined>;

export interface SortState {
  key: string;
  order: 'asc' | 'desc';
}

/** What a list shows, as its link holds it. Paging and sort are left out of a link that does not name them. */
export interface ListState {
  page?: number;
  perPage?: number;
  sort?: SortState;
  withDeleted?: boolean;
  filter: FilterState;
}

export type ParsedFilter =
  | { def: FilterDef; kind: 'list'; values: string[] }
  | { def: FilterDef; kind: 'text'; value: string }
  | { def: FilterDef; kind: 'range'; from?: string; to?: string }
  | { def: FilterDef; kind: 'boolean'; value: boolean };

/** A list request, checked: what the server's list engine consumes. Filters come in the order their keys came. */
export interface ListQuery {
  page: number;
  perPage: number;
  sort?: string;
  order: 'asc' | 'desc';
  withDeleted: boolean;
  filters: ParsedFilter[];
}

/** A query string the grammar refuses; `message` is the Russian text for the user. */
export class ListQueryError extends Error {}

const CONTROL = new Set(['page', 'perPage', 'sort', 'order', 'withDeleted']);
export const isRange = (def: FilterDef) => def.type === 'number' || def.type === 'currency' || def.type === 'date';
export const isText = (def: FilterDef) => def.type === 'string' || def.type === 'address';
/** Ids are whole numbers; statuses, years and an offer's logistics states (logistics_states_ids) are values the
 * section's own filters compare. */
export const isIds = (def: FilterDef) => def.key.endsWith('_ids') && def.type === 'multiple';

// ---- withDeleted, which a card's link carries too
/** `?withDeleted` (no value), `?withDeleted=true|1`: also a deleted record; absent, `false` or `0`: not. */
export const WITH_DELETED = {
  type: 'string',
  maxLength: 5,
  description: 'present (and not false/0): include deleted records',
} as const;
/** Reads withDeleted as WITH_DELETED describes it. */
export const wantsDeleted = (value: unknown): boolean => value !== undefined && value !== 'false' && value !== '0';

const NUMBER = /^-?\d+(\.\d+)?$/;
const INT_ID = /^\d{1,9}$/;

// ---- encode: state → query string
/** A filter's query-string entries, in the order of the section's filters: ranges as _from/_to, lists repeated,
 * a boolean only when true, a text trimmed; empty values are left out. */
export function filterEntries(filter: FilterState, defs: readonly FilterDef[]): [string, string][] {
  const out: [string, string][] = [];
  for (const def of defs) {
    const value = Object.hasOwn(filter, def.key) ? filter[def.key] : undefined;
    if (value === undefined || value === '' || value === false) continue;
    if (isRange(def)) {
      const range = value as { from?: string; to?: string };
      if (range.from) out.push([`${def.key}_from`, range.from]);
      if (range.to) out.push([`${def.key}_to`, range.to]);
    } else if (def.type === 'boolean') {
      if (value === true) out.push([def.key, 'true']);
    } else if (Array.isArray(value)) {
      for (const v of value) out.push([def.key, v]);
    } else if (typeof value === 'string' && value.trim()) {
      out.push([def.key, value.trim()]);
    }
  }
  return out;
}

/** Does the filter narrow the list at all (an empty text or range does not). */
export const hasFilter = (filter: FilterState, defs: readonly FilterDef[]) => filterEntries(filter, defs).length > 0;

/** The list's query string: the filter first, then paging, sort and withDeleted, each only when the state has it. */
export function encode(state: ListState, defs: readonly FilterDef[]): string {
  const q = new URLSearchParams(filterEntries(state.filter, defs));
  if (state.page !== undefined) q.set('page', String(state.page));
  if (state.perPage !== undefined) q.set('perPage', String(state.perPage));
  if (state.sort) {
    q.set('sort', state.sort.key);
    q.set('order', state.sort.order);
  }
  if (state.withDeleted) q.set('withDeleted', 'true');
  return q.toString();
}

/** A query string as the server framework hands it over: repeated keys become lists. */
export function rawQueryOf(search: string | URLSearchParams): RawQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    raw[key] = values.length === 1 ? values[0] : values;
  }
  return raw;
}

// ---- decode: raw query → the checked query
const all = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);
const one = (v: unknown) => all(v).at(-1);

/** Reads a query the one way both sides read it. `refuse` is told of each bad value: the server's decode throws,
 * the SPA's reading of its own link leaves the value out. `checkValues` checks numbers, dates and ids too (the
 * SPA sends them as typed, for the server to say what is wrong with them). */
function read(
  query: RawQuery,
  defs: readonly FilterDef[],
  refuse: (message: string) => void,
  checkValues: boolean,
): ListQuery {
  let page = 1;
  const pageRaw = one(query.page);
  if (pageRaw !== undefined) {
    if (/^\d+$/.test(pageRaw) && Number(pageRaw) >= 1) page = Number(pageRaw);
    else refuse(LIST_MSG.page);
  }
  let perPage = DEFAULT_PAGE_SIZE;
  const perPageRaw = one(query.perPage);
  if (perPageRaw !== undefined) {
    if ((PAGE_SIZES as readonly number[]).includes(Number(perPageRaw))) perPage = Number(perPageRaw);
    else refuse(LIST_MSG.perPage);
  }
  let order: 'asc' | 'desc' = 'desc';
  const orderRaw = one(query.order)?.toLowerCase();
  if (orderRaw === 'asc' || orderRaw === 'desc') order = orderRaw;
  else if (orderRaw !== undefined) refuse(LIST_MSG.order);
  const withDeleted = wantsDeleted(one(query.withDeleted));

  const byKey = new Map(defs.map((d) => [d.key, d]));
  const seen = new Map<string, ParsedFilter>();
  for (const [rawKey, rawValue] of Object.entries(query)) {
    if (CONTROL.has(rawKey) || rawValue === undefined) continue;
    const rangeMatch = /^(.*)_(from|to)$/.exec(rawKey);
    const rangeDef = rangeMatch ? byKey.get(rangeMatch[1]) : undefined;
    if (rangeMatch && rangeDef && isRange(rangeDef)) {
      const value = (one(rawValue) ?? '').trim();
      if (!value) continue;
      const date = rangeDef.type === 'date';
      if (checkValues && !(date ? isCalendarDate(value) : NUMBER.test(value))) {
        refuse(date ? LIST_MSG.badDate(rangeDef.title) : LIST_MSG.badNumber(rangeDef.title));
        continue;
      }
      if (checkValues && date && !inFilterYears(value)) {
        refuse(LIST_MSG.dateBeyond(rangeDef.title));
        continue;
      }
      const current = (seen.get(rangeDef.key) as Extract<ParsedFilter, { kind: 'range' }>) ?? {
        def: rangeDef,
        kind: 'range',
      };
      current[rangeMatch[2] as 'from' | 'to'] = value;
      seen.set(rangeDef.key, current);
      continue;
    }
    const def = byKey.get(rawKey);
    if (!def || isRange(def)) {
      refuse(LIST_MSG.unknownFilter(rawKey));
    } else if (def.type === 'boolean') {
      const value = one(rawValue);
      if (value !== 'true' && value !== 'false') refuse(LIST_MSG.badBoolean(def.title));
      else if (value === 'true') seen.set(def.key, { def, kind: 'boolean', value: true });
    } else if (isText(def)) {
      const value = (one(rawValue) ?? '').trim();
      if (value) seen.set(def.key, { def, kind: 'text', value });
    } else {
      const values = all(rawValue)
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean);
      if (!values.length) continue;
      if (checkValues && isIds(def) && values.some((v) => !INT_ID.test(v))) refuse(LIST_MSG.badId(def.title));
      else seen.set(def.key, { def, kind: 'list', values });
    }
  }
  return { page, perPage, sort: one(query.sort), order, withDeleted, filters: [...seen.values()] };
}

/** The server's reading: the query checked, or a ListQueryError with the first thing wrong, in Russian. */
export function decode(query: RawQuery, defs: readonly FilterDef[]): ListQuery {
  const checked = read(
    query,
    defs,
    (message) => {
      throw new ListQueryError(message);
    },
    true,
  );
  // a value named by its id (the reserves' status 2) is read as the value it stands for ('completed'); a value
  // that is neither an id nor a value named by one (statuses_ids=5) is refused like any unknown value;
  // a deleted record has no number and keeps its name
  for (const f of checked.filters) {
    if (f.kind !== 'list' || !f.def.ids) continue;
    const ids = f.def.ids;
    const named = new Set([...Object.values(ids), 'deleted']);
    if (f.values.some((v) => !Object.hasOwn(ids, v) && !named.has(v)))
      throw new ListQueryError(LIST_MSG.badId(f.def.title));
    f.values = f.values.map((v) => (Object.hasOwn(ids, v) ? ids[v] : v));
  }
  return checked;
}

/** A decoded query's state: what encode() writes to ask for it again. */
export function stateOf(query: ListQuery): ListState {
  const filter: FilterState = {};
  for (const f of query.filters) {
    if (f.kind === 'range')
      filter[f.def.key] = { ...(f.from !== undefined && { from: f.from }), ...(f.to !== undefined && { to: f.to }) };
    else if (f.kind === 'list') filter[f.def.key] = f.values;
    else filter[f.def.key] = f.value;
  }
  return {
    page: query.page,
    perPage: query.perPage,
    ...(query.sort ? { sort: { key: query.sort, order: query.order } } : {}),
    ...(query.withDeleted ? { withDeleted: true } : {}),
    filter,
  };
}

/** The SPA's reading of its own link: what the link names, a bad page, size or order left out (the list then shows
 * the first page, 20 rows, descending), unknown keys ignored; filter values go to the server as typed. */
export function readState(search: string | URLSearchParams, defs: readonly FilterDef[]): ListState {
  const raw = rawQueryOf(search);
  const refused = new Set<string>();
  const query = read(raw, defs, (message) => refused.add(message), false);
  // a value named where the filter's options carry an id (a reserve's 'completed' in an old link) reads as the id,
  // so the panel shows it chosen
  for (const f of query.filters)
    if (f.kind === 'list' && f.def.ids) f.values = [...new Set(f.values.map((v) => String(optionValue(f.def, v))))];
  const state = stateOf(query);
  const named = (key: string, message: string) => raw[key] !== undefined && !refused.has(message);
  return {
    filter: state.filter,
    ...(named('page', LIST_MSG.page) ? { page: query.page } : {}),
    ...(named('perPage', LIST_MSG.perPage) ? { perPage: query.perPage } : {}),
    ...(query.sort ? { sort: { key: query.sort, order: query.order } } : {}),
  };
}

/** The same query with another page, keys in the order they came: a list's pageURI, nextPage and previousPage. */
export function withPage(query: RawQuery, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page') continue;
    for (const v of all(value)) params.append(key, v);
  }
  params.set('page', String(page));
  return params.toString();
}

/** A saved filter (GET/PUT /api/filters/{section}) is a filter state; it is checked as the list would read it. */
export function decodeFilter(filter: FilterState, defs: readonly FilterDef[]): ParsedFilter[] {
  for (const key of Object.keys(filter))
    if (!defs.some((d) => d.key === key)) throw new ListQueryError(LIST_MSG.unknownFilter(key));
  const raw: Record<string, string[]> = {};
  for (const [key, value] of filterEntries(filter, defs)) (raw[key] ??= []).push(value);
  return decode(raw, defs).filters;
}

// ---- the export: the list's own query without paging, plus the file's format and columns
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The export's query string: the list's filter and sort (every row, so no paging), the format, the columns. */
export function encodeExport(
  state: ListState,
  defs: readonly FilterDef[],
  format: ExportFormat,
  columns: readonly string[],
): string {
  const q = new URLSearchParams(
    encode({ filter: state.filter, sort: state.sort, withDeleted: state.withDeleted }, defs),
  );
  q.set('format', format);
  for (const key of columns) q.append('columns', key);
  return q.toString();
}

export interface ExportQuery {
  format: ExportFormat;
  /** Column keys in the order asked (repeated or comma-separated); undefined: every visible column. */
  columns?: string[];
  /** The list's own query, without paging: for the engine to decode. */
  list: RawQuery;
}

export function decodeExport(query: RawQuery): ExportQuery {
  const { format, columns, page: _page, perPage: _perPage, ...list } = query;
  const chosen = one(format);
  if (!(EXPORT_FORMATS as readonly string[]).includes(chosen ?? '')) throw new ListQueryError(LIST_MSG.exportFormat);
  const keys =
    columns === undefined
      ? undefined
      : all(columns)
          .flatMap((k) => k.split(','))
          .map((k) => k.trim())
          .filter(Boolean);
  return { format: chosen as ExportFormat, columns: keys, list };
}
