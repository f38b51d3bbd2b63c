// Generic list types and rules shared by every section (spec points 2 "Generic data table", 3, 9): paging,
// column and filter definitions, the applied filter in the query string, bulk delete. Each section's own
// columns and filters live in its folder (domain/<section>/columns.ts, filters.ts); the query string, listQuery.ts.
import { countText, type Section } from './sections';
import { fieldsRead, type FieldRef, type ReadsFields } from './fieldRefs';
import type { DeleteReasons, Pagination } from './answers/lists';

export type { BulkDeleteResponse, DeleteReasons, Pagination } from './answers/lists';

// ---- paging (spec point 9)
export const PAGE_SIZES = [20, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** A list counts its matches exactly up to this many (or up to the page asked for, and one more); a count of a
 * million rows would cost more than the page it goes with. */
export const LIST_COUNT_CAP = 10_000;

/** The list's row count as the toolbar shows it: '57', or 'более 10 000' when the count stopped at the cap. */
export const rowCountText = (pagination: Pick<Pagination, 'totalItems' | 'totalExact'>): string =>
  pagination.totalExact === false
    ? `более ${pagination.totalItems.toLocaleString('ru-RU')}`
    : String(pagination.totalItems);

export interface ListResponse<Row> {
  data: Row[];
  pagination: Pagination;
}

/** Bulk delete's messages (spec point 8): the server writes the warning, the list shows the others. */
export const DELETE_MSG = {
  noIds: 'Не выбраны записи для удаления',
  tooMany: 'За один раз можно удалить не больше 1000 записей',
  failed: 'При удалении произошла ошибка, попробуйте позже',
  unknown: (genitive: string) => `Неизвестная ошибка при удалении ${genitive}`,
  /** Counts in the section's own noun and plural: 'Успешно удалено: 1 предложение из 3. Не удалось удалить: 2 предложения.' */
  partial: (section: Section, deleted: number, total: number, notDeleted: number) =>
    `Успешно удалено: ${countText(section, deleted)} из ${total}. Не удалось удалить: ${countText(section, notDeleted)}.`,
  /** What keeps a record of a section by its own rule (spec point 4 for offers); any other section's words. */
  kept: { offers: 'Нельзя удалять предложение с активными резервами' } as Partial<Record<Section, string>>,
  keptOther: 'Выбранные записи удалить нельзя',
  forbidden: 'Нет прав на удаление выбранных записей',
  alreadyDeleted: 'Выбранные записи уже удалены',
  missing: 'Выбранные записи не найдены',
} as const;

/** The records kept with a reason of their own, as a bulk write lists them: the reason alone for one record
 * (a single delete), else '№ 5: …; № 7: …'. */
export const refusedRowsText = (refused: readonly { id: number; reason: string }[]) =>
  refused.length === 1 ? refused[0].reason : refused.map((r) => `№ ${r.id}: ${r.reason}`).join('; ');

/** Why nothing was deleted: each reason that held, the section's own rule first; 'Нельзя удалять предложение с
 * активными резервами' alone when the offers' reserves were the only one; the records kept with a reason of their
 * own (`refused`) by their reasons. */
export function noneDeletedText(
  section: Section,
  reasons: DeleteReasons,
  refused: readonly { id: number; reason: string }[] = [],
): string {
  const otherKept = reasons.kept - refused.length;
  const texts = [
    refused.length ? refusedRowsText(refused) : null,
    otherKept > 0 ? (DELETE_MSG.kept[section] ?? DELETE_MSG.keptOther) : null,
    reasons.forbidden > 0 ? DELETE_MSG.forbidden : null,
    reasons.deleted > 0 ? DELETE_MSG.alreadyDeleted : null,
    reasons.missing > 0 ? DELETE_MSG.missing : null,
  ].filter((t): t is string => t !== null);
  return texts.length ? texts.join('. ') : DELETE_MSG.failed;
}

// ---- columns
/** Cell display types of the generic data table. */
export type CellType =
  | 'text'
  | 'id_link' // the record's own id, a link to its card
  | 'multi_text'
  | 'number'
  | 'money'
  | 'date'
  | 'link'
  | 'entity_link' // {id, name} → /{entity}/{id}
  | 'entity_list' // [{id, name}] → links
  | 'image' // first image or 'Нет фото'
  | 'gallery'
  | 'action' // a value with a button: the number here, the button from the column's own renderer (a feature's)
  | 'comments'
  | 'status'
  | 'phone'; // shown in the spec's mask: +7 (910) 596-46-98

export interface ColumnDef {
  key: string;
  title: string;
  type: CellType;
  /** Default width in pixels; absent means automatic. */
  width?: number;
  /** The section an entity link points to. */
  entity?: Section;
  /** Off by default; the user can show it in table settings. */
  hiddenByDefault?: boolean;
  /** Can the list be sorted by it (server side). */
  sortable?: boolean;
  /** The field whose hiding (by role) also hides this column, when the column shows it under another key
   * ('responsible' shows responsible_id, 'position_name' shows position_id); defaults to the key. */
  field?: string;
  /** The fields, of this or another section, its value is computed from: hiding any of them hides the column, its
   * sort and every filter on it ('reserve_purchased_sum' of an employee sums reserves.total_selling_sum). */
  reads?: readonly FieldRef[];
  /** A value's title where the list shows a title for a stored value (an offer's logistics state 'in_transit' is
   * 'В пути'): its cell and its export show the title. */
  titles?: Readonly<Record<string, string>>;
}

/** A row of any list: the server's record as JSON, with its id. */
export type ListRow = Record<string, unknown> & { id: number };

/** What is saved per user for one column (spec point 3 "Column display config"); width as a string. */
export interface ColumnSetting {
  position: number;
  is_visible: boolean;
  width?: string;
}
export type TableConfig = Record<string, ColumnSetting>;

/** The narrowest default width at which a header's longest word fits on its line (14 px medium Roboto,
 * about 9 px a letter, 16 px padding either side, the sort arrow's 28 px): a header wraps between words,
 * never inside one ('Количеств|о'). */
export const headerMinWidth = (title: string): number =>
  Math.ceil((Math.max(...title.split(/\s+/).map((word) => word.length)) * 9 + 32 + 28) / 10) * 10;

/** A column's width where it gives none: money, amounts and dates are as wide in every list. */
const DEFAULT_WIDTH: Partial<Record<CellType, number>> = { money: 140, number: 120, date: 130, status: 120 };

export const col = (key: string, title: string, type: CellType, extra: Partial<ColumnDef> = {}): ColumnDef => {
  const width = extra.width ?? DEFAULT_WIDTH[type];
  return {
    key,
    title,
    type,
    sortable: !['entity_list', 'image', 'gallery', 'comments', 'multi_text'].includes(type),
    ...extra,
    ...(width !== undefined && { width: Math.max(width, headerMinWidth(title)) }),
  };
};

/** The columns every section's list has, alike in each: the number, status, author, creation date and
 * comments (the short lists of cities and products give them more room). */
export const recordColumns = {
  id: () => col('id', '№', 'id_link', { width: 80 }),
  status: (width?: number) => col('status', 'Статус', 'status', { width }),
  createdBy: () => col('created_by', 'Создал', 'text', { width: 160, hiddenByDefault: true }),
  createdAt: (width?: number) => col('created_at', 'Дата создания', 'date', { width }),
  comments: (extra: Partial<ColumnDef> = {}) => col('comments', 'Комментарии', 'comments', { width: 220, ...extra }),
};

// ---- filters
export type FilterType =
  'string' | 'address' | 'boolean' | 'enumeration' | 'multiple' | 'status' | 'currency' | 'number' | 'date';

/** Where a filter's options come from (filled from the database by the server). */
export type OptionSource =
  | 'statuses'
  | 'offers'
  | 'reserves'
  | 'products'
  | 'suppliers'
  | 'cities'
  | 'employees'
  | 'positions'
  | 'varieties'
  | 'packing'
  | 'users'
  | 'harvest_years'
  | 'documents_states'
  | 'logistics_states'
  | 'currencies'
  | 'rate_policies'
  | 'buyers'
  | 'payment_terms';

export interface FilterDef {
  key: string;
  title: string;
  type: FilterType;
  placeholder?: [string] | [string, string];
  options?: OptionSource;
  /** Flagged isForbidden without read rights to this section (spec point 6). */
  needs?: Section;
  /** The field (or the column's key) whose hiding by role also hides this filter; defaults to the key. A filter
   * reads what its column reads: filtering or sorting by a field is a way of reading it. */
  field?: string;
  /** The fields of this or another section it filters on besides its column's (see ColumnDef.reads). */
  reads?: readonly FieldRef[];
  /** Ids the spec gives the filter's values (the reserves' statuses: 1 Активный …): its options carry them and
   * the list reads them as the values they stand for; the values themselves stay accepted. */
  ids?: Readonly<Record<string, string>>;
}

/** An option's value as the filter's options carry it: its id where the filter has one. */
export function optionValue(def: FilterDef, value: string | number): string | number {
  const id = def.ids && Object.keys(def.ids).find((key) => def.ids![key] === String(value));
  return id === undefined ? value : Number(id);
}

/** What a filter reads: its key, its field, and all that the section's column of that field reads. */
export function filterReads(section: Section, def: FilterDef, columns: readonly ColumnDef[]): ReadsFields {
  const column = columns.find((c) => c.key === (def.field ?? def.key));
  return {
    key: def.key,
    field: def.field,
    reads: [...(column ? fieldsRead(section, column) : []), ...(def.reads ?? [])],
  };
}

const RANGE: [string, string] = ['От', 'До'];
const DATES: [string, string] = ['Выберите дату', 'Выберите дату'];
export const f = (key: string, title: string, type: FilterType, extra: Partial<FilterDef> = {}): FilterDef => ({
  key,
  title,
  type,
  ...(type === 'number' || type === 'currency' ? { placeholder: RANGE } : {}),
  ...(type === 'date' ? { placeholder: DATES } : {}),
  ...(type === 'string' || type === 'address' ? { placeholder: ['Введите значение'] as [string] } : {}),
  ...extra,
});

/** Range filters over list columns, titled as their columns are (money filters as currency, the rest as
 * numbers). Given as filter keys (the column's own) or as filter key → column key where the spec names the
 * filter apart from its column ('reserved_stock' filters 'amount'). */
export function rangeFilters(
  columns: readonly ColumnDef[],
  keys: readonly string[] | Record<string, string>,
): FilterDef[] {
  const pairs = Array.isArray(keys) ? keys.map((key) => [key, key]) : Object.entries(keys);
  return pairs.map(([key, column]) => {
    const def = columns.find((c) => c.key === column);
    if (!def) throw new Error(`No column ${column} for the filter ${key}`);
    return f(key, def.title, def.type === 'money' ? 'currency' : 'number', key === column ? {} : { field: column });
  });
}

/** The filters every list with statuses has, alike in each. */
export const recordFilters = {
  status: () => f('statuses_ids', 'Статус', 'status', { options: 'statuses', field: 'status' }),
  createdBy: () => f('creators_ids', 'Создал', 'multiple', { options: 'users', field: 'created_by' }),
  createdAt: () => f('created_at', 'Дата создания', 'date'),
  withComments: () => f('with_comments', 'С комментариями', 'boolean', { field: 'comments' }),
};

/** A filter config's failures as the products list reports them (spec point 8); other sections' configs fail with
 * the general messages. */
export const FILTER_CONFIG_MSG = {
  request: (status: number, statusText: string) => `Ошибка запроса: ${status} - ${statusText}`,
  invalid: (field: string) => `Ошибка валидации конфигурации: ${field}`,
  json: 'Ошибка парсинга json',
} as const;

/** The cities list behind the selects could not be read and the server said nothing (spec point 8). */
export const CITIES_LIST_FAILED = 'Не удалось получить список городов';

/** A filter config entry as the server sends it (spec point 3 "Filter configuration entry"). */
export interface FilterOption {
  title: string;
  value: string | number;
  selected?: boolean;
}
export interface FilterConfigEntry {
  title: string;
  type: FilterType;
  placeholder?: string[];
  options?: FilterOption[];
  isForbidden?: boolean;
}
/** GET /api/{section}/filter_config → keyed by filter key, in display order. */
export type FilterConfig = Record<string, FilterConfigEntry>;

/** The applied filter, by filter key: a range {from, to}, a list of values, a text or a boolean. The list query
 * codec (listQuery.ts) writes it into the query string and reads it back. */
export type FilterValue = string | string[] | boolean | { from?: string; to?: string };
export type FilterState = Record<string, FilterValue>;
