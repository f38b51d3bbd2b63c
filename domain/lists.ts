// The lists of every section (spec points 2 "Generic data table", 3 "Filter keys per section", 9):
// their columns, filters and paging rules. The server builds filter configs, validates query strings and
// strips hidden columns from these; the SPA renders tables and filter panels from the same definitions.
import type { Resource } from './permissions';

export const SECTIONS = ['offers', 'reserves', 'employees', 'suppliers', 'products', 'cities'] as const satisfies readonly Resource[];
export type Section = Resource;

export const SECTION_TITLES: Record<Section, string> = {
  offers: 'Предложения',
  reserves: 'Резервы',
  employees: 'Сотрудники',
  suppliers: 'Поставщики',
  products: 'Товары',
  cities: 'Города',
};

// ---- paging (spec point 9)
export const PAGE_SIZES = [20, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 20;

export interface Pagination {
  totalItems: number;
  currentPage: number;
  firstPage: number;
  lastPage: number;
  nextPage: string | null;
  previousPage: string | null;
  perPage: number;
  pageCount: number;
  pageURI: string;
}

export interface ListResponse<Row> {
  data: Row[];
  pagination: Pagination;
}

export interface BulkDeleteResponse {
  status: 'success' | 'error';
  deleted: number;
  notDeleted: number;
  warning?: string;
}

// ---- statuses
export const STATUS_TITLES: Record<string, string> = {
  active: 'Активный',
  inactive: 'Неактивный',
  deactivated: 'Деактивирован',
  confirmed: 'Подтвержден',
  archived: 'В архиве',
  deleted: 'Удален',
  completed: 'Выполнен',
  cancelled: 'Отменен',
};

/** Statuses a section's records can hold, in the order the filter offers them. */
export const SECTION_STATUSES: Record<Section, { value: string; title: string }[]> = {
  offers: [
    { value: 'active', title: 'Активный' },
    { value: 'completed', title: 'Выполнен' },
    { value: 'deleted', title: 'Удален' },
  ],
  // the reserves filter of spec point 4: 1 Активный, 2 Завершен, 3 Отменен
  reserves: [
    { value: 'active', title: 'Активный' },
    { value: 'completed', title: 'Завершен' },
    { value: 'cancelled', title: 'Отменен' },
    { value: 'deleted', title: 'Удален' },
  ],
  employees: [
    { value: 'active', title: 'Активный' },
    { value: 'deleted', title: 'Удален' },
  ],
  suppliers: [
    { value: 'active', title: 'Активный' },
    { value: 'deleted', title: 'Удален' },
  ],
  products: [
    { value: 'active', title: 'Активный' },
    { value: 'deactivated', title: 'Деактивирован' },
    { value: 'deleted', title: 'Удален' },
  ],
  cities: [
    { value: 'active', title: 'Активный' },
    { value: 'deleted', title: 'Удален' },
  ],
};

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
  | 'action' // a value with a button (offers: available amount with "reserve")
  | 'comments'
  | 'status';

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
}

const col = (key: string, title: string, type: CellType, extra: Partial<ColumnDef> = {}): ColumnDef => ({
  key,
  title,
  type,
  sortable: !['entity_list', 'image', 'gallery', 'comments', 'multi_text'].includes(type),
  ...extra,
});

export const SECTION_COLUMNS: Record<Section, ColumnDef[]> = {
  offers: [
    col('id', '№', 'id_link', { width: 80 }),
    col('images', 'Фото', 'image', { width: 90 }),
    col('product', 'Товар', 'entity_link', { entity: 'products', width: 180 }),
    col('variety', 'Сорт', 'text', { width: 130 }),
    col('packaging', 'Упаковка', 'text', { width: 150 }),
    col('status', 'Статус', 'status', { width: 120 }),
    col('harvest_year', 'Год урожая', 'text', { width: 110 }),
    col('origin_country', 'Страна происхождения', 'text', { width: 160 }),
    col('unit_measure', 'Ед. изм.', 'text', { width: 90 }),
    col('unit_weight', 'Вес единицы, кг', 'number', { width: 130, hiddenByDefault: true }),
    col('units_per_pack', 'Единиц в упаковке', 'number', { width: 140, hiddenByDefault: true }),
    col('unit_amount', 'Количество', 'number', { width: 120 }),
    col('unit_price', 'Цена за единицу', 'money', { width: 140 }),
    col('kg_price', 'Цена за кг', 'money', { width: 120, hiddenByDefault: true }),
    col('total_sum', 'Сумма', 'money', { width: 140 }),
    col('reserved_amount', 'В резерве', 'number', { width: 120 }),
    col('reserved_sum', 'Сумма резервов', 'money', { width: 140, hiddenByDefault: true }),
    col('purchased_amount', 'Выкуплено', 'number', { width: 120 }),
    col('available_amount', 'Доступно', 'action', { width: 160 }),
    col('available_sum', 'Доступно на сумму', 'money', { width: 150, hiddenByDefault: true }),
    col('warehouse_cost', 'Доставка на склад', 'money', { width: 150, hiddenByDefault: true }),
    col('min_unit_price', 'Мин. цена продажи', 'money', { width: 150, hiddenByDefault: true }),
    col('max_unit_price', 'Макс. цена продажи', 'money', { width: 150, hiddenByDefault: true }),
    col('city', 'Город погрузки', 'entity_link', { entity: 'cities', width: 150 }),
    col('supplier', 'Поставщик', 'entity_link', { entity: 'suppliers', width: 200 }),
    col('loading_address', 'Адрес погрузки', 'text', { width: 220, hiddenByDefault: true }),
    col('created_by', 'Создал', 'text', { width: 160, hiddenByDefault: true }),
    col('created_at', 'Дата создания', 'date', { width: 130 }),
    col('comments', 'Комментарии', 'comments', { width: 220 }),
  ],
  reserves: [
    col('id', '№', 'id_link', { width: 80 }),
    col('offer_id', 'Предложение', 'entity_link', { entity: 'offers', width: 120 }),
    col('product', 'Товар', 'entity_link', { entity: 'products', width: 170 }),
    col('status', 'Статус', 'status', { width: 120 }),
    col('amount', 'Количество', 'number', { width: 110 }),
    col('packs_amount', 'Упаковок', 'number', { width: 100 }),
    col('unit_price', 'Цена закупки', 'money', { width: 130 }),
    col('total_sum', 'Сумма закупки', 'money', { width: 140 }),
    col('unit_selling_price', 'Цена продажи', 'money', { width: 130 }),
    col('total_selling_sum', 'Сумма продажи', 'money', { width: 140 }),
    col('marginality', 'Маржинальность, %', 'number', { width: 150 }),
    col('buyer_name', 'Покупатель', 'text', { width: 200 }),
    col('buyer_phone', 'Телефон покупателя', 'text', { width: 170, hiddenByDefault: true }),
    col('city', 'Город доставки', 'entity_link', { entity: 'cities', width: 150 }),
    col('delivery_address', 'Адрес доставки', 'text', { width: 220, hiddenByDefault: true }),
    col('delivery_cost', 'Стоимость доставки', 'money', { width: 150, hiddenByDefault: true }),
    col('delivery_days', 'Дней доставки', 'number', { width: 120, hiddenByDefault: true }),
    col('estimated_date_implementation', 'Дата реализации', 'date', { width: 140 }),
    col('actual_date_implementation', 'Фактическая дата', 'date', { width: 140, hiddenByDefault: true }),
    col('responsible', 'Ответственный', 'entity_link', { entity: 'employees', width: 180 }),
    col('created_by', 'Создал', 'text', { width: 160, hiddenByDefault: true }),
    col('created_at', 'Дата создания', 'date', { width: 130 }),
    col('comments', 'Комментарии', 'comments', { width: 220 }),
  ],
  employees: [
    col('id', '№', 'id_link', { width: 80 }),
    col('full_name', 'ФИО', 'text', { width: 220 }),
    col('position_name', 'Должность', 'text', { width: 180 }),
    col('phone', 'Телефон', 'text', { width: 170 }),
    col('email', 'Email', 'text', { width: 200 }),
    col('status', 'Статус', 'status', { width: 120 }),
    col('reserve_total_created', 'Создано резервов', 'number', { width: 140 }),
    col('reserve_purchased_count', 'Выкуплено резервов', 'number', { width: 150 }),
    col('reserve_purchased_sum', 'Сумма выкупленных', 'money', { width: 160 }),
    col('reserve_cancelled_count', 'Отменено резервов', 'number', { width: 150 }),
    col('marginality', 'Маржинальность, %', 'number', { width: 150 }),
    col('created_at', 'Дата создания', 'date', { width: 130 }),
    col('comments', 'Комментарии', 'comments', { width: 220, hiddenByDefault: true }),
  ],
  suppliers: [
    col('id', '№', 'id_link', { width: 80 }),
    col('name', 'Название', 'text', { width: 220 }),
    col('inn', 'ИНН', 'text', { width: 130 }),
    col('contact_name', 'Контактное лицо', 'text', { width: 180 }),
    col('phone', 'Телефон', 'text', { width: 170 }),
    col('email', 'Email', 'text', { width: 200 }),
    col('city', 'Город', 'entity_link', { entity: 'cities', width: 150 }),
    col('location', 'Адрес', 'text', { width: 220, hiddenByDefault: true }),
    col('status', 'Статус', 'status', { width: 120 }),
    col('total_offers_created', 'Предложений', 'number', { width: 120 }),
    col('reserve_total_created', 'Резервов', 'number', { width: 110 }),
    col('reserve_purchased_count', 'Выкуплено резервов', 'number', { width: 150, hiddenByDefault: true }),
    col('reserve_purchased_sum', 'Сумма выкупленных', 'money', { width: 160 }),
    col('reserve_cancelled_count', 'Отменено резервов', 'number', { width: 150, hiddenByDefault: true }),
    col('available_amount', 'Доступно', 'number', { width: 120, hiddenByDefault: true }),
    col('min_selling_price', 'Мин. цена', 'money', { width: 120, hiddenByDefault: true }),
    col('max_selling_price', 'Макс. цена', 'money', { width: 120, hiddenByDefault: true }),
    col('created_at', 'Дата создания', 'date', { width: 130 }),
    col('comments', 'Комментарии', 'comments', { width: 220, hiddenByDefault: true }),
  ],
  products: [
    col('id', '№', 'id_link', { width: 80 }),
    col('name', 'Название', 'text', { width: 260 }),
    col('status', 'Статус', 'status', { width: 140 }),
    col('created_at', 'Дата создания', 'date', { width: 140 }),
    col('comments', 'Комментарии', 'comments', { width: 260 }),
  ],
  cities: [
    col('id', '№', 'id_link', { width: 80 }),
    col('name', 'Название', 'text', { width: 240 }),
    col('status', 'Статус', 'status', { width: 140 }),
    col('created_at', 'Дата создания', 'date', { width: 140 }),
    col('deleted_at', 'Дата удаления', 'date', { width: 140, hiddenByDefault: true }),
    col('comments', 'Комментарии', 'comments', { width: 260 }),
  ],
};

// ---- filters
export type FilterType = 'string' | 'address' | 'boolean' | 'enumeration' | 'multiple' | 'status' | 'currency' | 'number' | 'date';

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
  | 'harvest_years';

export interface FilterDef {
  key: string;
  title: string;
  type: FilterType;
  placeholder?: [string] | [string, string];
  options?: OptionSource;
  /** Flagged isForbidden without read rights to this section (spec point 6). */
  needs?: Section;
  /** The field whose hiding (by role) also hides this filter; defaults to the key. */
  field?: string;
}

const RANGE: [string, string] = ['От', 'До'];
const DATES: [string, string] = ['Выберите дату', 'Выберите дату'];
const f = (key: string, title: string, type: FilterType, extra: Partial<FilterDef> = {}): FilterDef => ({
  key,
  title,
  type,
  ...(type === 'number' || type === 'currency' ? { placeholder: RANGE } : {}),
  ...(type === 'date' ? { placeholder: DATES } : {}),
  ...(type === 'string' || type === 'address' ? { placeholder: ['Введите значение'] as [string] } : {}),
  ...extra,
});

export const SECTION_FILTERS: Record<Section, FilterDef[]> = {
  offers: [
    f('offers_ids', '№ предложения', 'multiple', { options: 'offers' }),
    f('statuses_ids', 'Статус', 'status', { options: 'statuses', field: 'status' }),
    f('products_ids', 'Товар', 'multiple', { options: 'products', needs: 'products', field: 'product' }),
    f('suppliers_ids', 'Поставщик', 'multiple', { options: 'suppliers', needs: 'suppliers' }),
    f('cities_ids', 'Город погрузки', 'multiple', { options: 'cities', needs: 'cities', field: 'city' }),
    f('varieties_ids', 'Сорт', 'multiple', { options: 'varieties', field: 'variety' }),
    f('packaging_ids', 'Упаковка', 'multiple', { options: 'packing', field: 'packaging' }),
    f('harvest_years', 'Год урожая', 'enumeration', { options: 'harvest_years', field: 'harvest_year' }),
    f('origin_country', 'Страна происхождения', 'string'),
    f('loading_address', 'Адрес погрузки', 'address'),
    f('unit_amount', 'Количество', 'number'),
    f('unit_price', 'Цена за единицу', 'currency'),
    f('total_sum', 'Сумма', 'currency'),
    f('reserved_amount', 'В резерве', 'number'),
    f('reserved_sum', 'Сумма резервов', 'currency'),
    f('purchased_amount', 'Выкуплено', 'number'),
    f('available_amount', 'Доступно', 'number'),
    f('available_sum', 'Доступно на сумму', 'currency'),
    f('warehouse_cost', 'Доставка на склад', 'currency'),
    f('min_unit_price', 'Мин. цена продажи', 'currency'),
    f('max_unit_price', 'Макс. цена продажи', 'currency'),
    f('reserve_ids', '№ резерва', 'multiple', { options: 'reserves', needs: 'reserves' }),
    f('deal_ids', '№ сделки (выполненного резерва)', 'multiple', { options: 'reserves', needs: 'reserves' }),
    f('creators_ids', 'Создал', 'multiple', { options: 'users', field: 'created_by' }),
    f('created_at', 'Дата создания', 'date'),
    f('with_image', 'С фото', 'boolean', { field: 'images' }),
    f('with_documents', 'С документами', 'boolean', { field: 'documents' }),
    f('with_comments', 'С комментариями', 'boolean', { field: 'comments' }),
  ],
  reserves: [
    f('reserves_ids', '№ резерва', 'multiple', { options: 'reserves' }),
    f('statuses_ids', 'Статус', 'status', { options: 'statuses', field: 'status' }),
    f('products_ids', 'Товар', 'multiple', { options: 'products', needs: 'products', field: 'product' }),
    f('offers_ids', '№ предложения', 'multiple', { options: 'offers', needs: 'offers', field: 'offer_id' }),
    f('creators_ids', 'Создал', 'multiple', { options: 'users', field: 'created_by' }),
    f('buyer_name', 'Покупатель', 'string'),
    f('buyer_phone', 'Телефон покупателя', 'string'),
    f('delivery_city', 'Город доставки', 'multiple', { options: 'cities', needs: 'cities', field: 'city' }),
    f('delivery_address', 'Адрес доставки', 'address'),
    f('reserved_stock', 'Количество', 'number', { field: 'amount' }),
    f('reserved_unit_price', 'Цена закупки', 'currency', { field: 'unit_price' }),
    f('reserved_total_price', 'Сумма закупки', 'currency', { field: 'total_sum' }),
    f('unit_selling_price', 'Цена продажи', 'currency'),
    f('total_selling_price', 'Сумма продажи', 'currency'),
    f('marginality', 'Маржинальность, %', 'number'),
    f('delivery_to_buyer_cost', 'Стоимость доставки', 'currency', { field: 'delivery_cost' }),
    f('warehouse_delivery_cost', 'Доставка на склад', 'currency'),
    f('warehouse_delivery_days', 'Дней доставки', 'number', { field: 'delivery_days' }),
    f('created_at', 'Дата создания', 'date'),
    f('estimated_date_implementation', 'Дата реализации', 'date'),
    f('actual_date_implementation', 'Фактическая дата', 'date'),
    f('with_comments', 'С комментариями', 'boolean', { field: 'comments' }),
  ],
  employees: [
    f('employees_ids', '№ сотрудника', 'multiple', { options: 'employees', field: 'id' }),
    f('employees', 'ФИО', 'string', { field: 'full_name' }),
    f('phone', 'Телефон', 'string'),
    f('positions', 'Должность', 'multiple', { options: 'positions', field: 'position_id' }),
    f('statuses_ids', 'Статус', 'status', { options: 'statuses', field: 'status' }),
    f('total_reserves_created', 'Создано резервов', 'number', { field: 'reserve_total_created' }),
    f('purchased_reserves', 'Выкуплено резервов', 'number', { field: 'reserve_purchased_count' }),
    f('purchased_reserves_currency', 'Сумма выкупленных', 'currency', { field: 'reserve_purchased_sum' }),
    f('cancelled_reserves', 'Отменено резервов', 'number', { field: 'reserve_cancelled_count' }),
    f('marginality', 'Маржинальность, %', 'number'),
    f('created_at', 'Дата создания', 'date'),
  ],
  suppliers: [
    f('suppliers_ids', '№ поставщика', 'multiple', { options: 'suppliers', field: 'id' }),
    f('suppliers', 'Название', 'string', { field: 'name' }),
    f('inn', 'ИНН', 'string'),
    f('contact_person', 'Контактное лицо', 'string'),
    f('phone', 'Телефон', 'string'),
    f('email', 'Email', 'string'),
    f('cities', 'Город', 'multiple', { options: 'cities', needs: 'cities', field: 'city' }),
    f('location', 'Адрес', 'address'),
    f('statuses_ids', 'Статус', 'status', { options: 'statuses', field: 'status' }),
    f('total_offers_created', 'Предложений', 'number'),
    f('total_reserves_created', 'Резервов', 'number', { field: 'reserve_total_created' }),
    f('purchased_reserves', 'Выкуплено резервов', 'number', { field: 'reserve_purchased_count' }),
    f('purchased_reserves_currency', 'Сумма выкупленных', 'currency', { field: 'reserve_purchased_sum' }),
    f('cancelled_reserves', 'Отменено резервов', 'number', { field: 'reserve_cancelled_count' }),
    f('created_at', 'Дата создания', 'date'),
  ],
  products: [
    f('products_ids', '№ товара', 'multiple', { options: 'products', field: 'id' }),
    f('products', 'Название', 'string', { field: 'name' }),
    f('statuses_ids', 'Статус', 'status', { options: 'statuses', field: 'status' }),
    f('created_at', 'Дата создания', 'date'),
    f('with_comments', 'С комментариями', 'boolean', { field: 'comments' }),
  ],
  cities: [
    f('cities_ids', '№ города', 'multiple', { options: 'cities', field: 'id' }),
    f('cities', 'Название', 'string', { field: 'name' }),
    f('statuses_ids', 'Статус', 'status', { options: 'statuses', field: 'status' }),
    f('delivery_days', 'Дней доставки (из города)', 'number'),
    f('delivery_cost', 'Стоимость доставки за кг (из города)', 'currency'),
    f('created_at', 'Дата создания', 'date'),
    f('deleted_at', 'Дата удаления', 'date'),
    f('with_comments', 'С комментариями', 'boolean', { field: 'comments' }),
  ],
};

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

/** The applied filter: what travels in the query string (ranges as key_from/key_to, lists repeated). */
export type FilterValue = string | string[] | boolean | { from?: string; to?: string };
export type FilterState = Record<string, FilterValue>;

/** Serialises a filter into URLSearchParams entries (ranges as _from/_to, lists repeated, true booleans). */
export function filterToParams(filter: FilterState, defs: FilterDef[]): [string, string][] {
  const out: [string, string][] = [];
  for (const def of defs) {
    const value = filter[def.key];
    if (value === undefined || value === '' || value === false) continue;
    if (def.type === 'number' || def.type === 'currency' || def.type === 'date') {
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

/** The inverse of filterToParams: reads a filter back from a query string. */
export function paramsToFilter(params: URLSearchParams, defs: FilterDef[]): FilterState {
  const filter: FilterState = {};
  for (const def of defs) {
    if (def.type === 'number' || def.type === 'currency' || def.type === 'date') {
      const from = params.get(`${def.key}_from`) ?? undefined;
      const to = params.get(`${def.key}_to`) ?? undefined;
      if (from || to) filter[def.key] = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
    } else if (def.type === 'boolean') {
      if (params.get(def.key) === 'true') filter[def.key] = true;
    } else if (def.type === 'multiple' || def.type === 'status' || def.type === 'enumeration') {
      const values = params.getAll(def.key).filter(Boolean);
      if (values.length) filter[def.key] = values;
    } else {
      const value = params.get(def.key);
      if (value) filter[def.key] = value;
    }
  }
  return filter;
}

/** Query-string keys that are not filters. */
export const LIST_CONTROL_KEYS = ['page', 'perPage', 'sort', 'order', 'withDeleted'] as const;
