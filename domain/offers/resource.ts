// The offers section, declared once (domain/resource.ts): the card's form fields (spec point 3 "Offer create form
// fields"), the list's columns (point 2), the filter keys (point 3 "Filter keys per section"), history, bulk edit and
// the import template are derived from it; so are the server's body schema, SQL columns, joins, sorts and filters.
import { col, f, recordColumns, recordFilters, type ColumnDef, type FilterDef } from '../lists';
import { defineResource } from '../resource';
import { LOGISTICS_STATES } from './logistics';

const LOGISTICS_TITLES = Object.fromEntries(LOGISTICS_STATES.map((s) => [s.value, s.title]));

export const offersResource = defineResource({
  section: 'offers',
  // in the form's order; the stored fields in the order the list's SQL selects them (texts, then amounts). `lot`: what
  // a buyer is quoted, the price list's and the quote's words for it (domain/offers/lot.ts)
  fields: {
    product_id: { label: 'Товар', required: true, kind: 'reference', reference: { list: 'products', as: 'product', alias: 'p', section: 'products' },
      column: { width: 180 }, filter: true, import: { example: 'Кешью', note: 'название из списка товаров' }, lot: { part: 'product' } },
    variety_id: { label: 'Сорт', kind: 'reference', reference: { list: 'varieties', as: 'variety', alias: 'v' },
      column: { width: 130 }, filter: true, import: { example: 'W240', note: 'название сорта этого товара; можно оставить пустым' },
      lot: { part: 'variety' } },
    packing_id: { label: 'Упаковка', required: true, kind: 'reference', reference: { list: 'packing', as: 'packaging', alias: 'pk' },
      column: { width: 150 }, filter: { key: 'packaging_ids' }, bulk: 'set',
      import: { example: 'Коробка 22,68 кг', note: 'название из списка упаковок' }, lot: { part: 'packing', as: 'packing' } },
    city_id: { label: 'Город погрузки', hiddenFrom: ['1'], required: true, kind: 'reference', reference: { list: 'cities', as: 'city', alias: 'c', section: 'cities' },
      column: { width: 150 }, filter: true, bulk: 'set', import: { example: 'Москва', note: 'название из списка городов' } },
    supplier_id: { label: 'Поставщик', hiddenFrom: ['1', '8'], hiddenAs: ['suppliers_ids'], required: true, kind: 'reference', reference: { list: 'suppliers', as: 'supplier', alias: 's', section: 'suppliers' },
      column: { width: 200 }, filter: true, import: { example: '7707083893', note: 'название или ИНН поставщика' } },
    harvest_year: { label: 'Год урожая', required: true, minLength: 4, kind: 'text', column: { width: 110 },
      filter: { key: 'harvest_years', type: 'enumeration', options: 'harvest_years' }, import: { example: '2025' },
      lot: { part: 'year', title: 'Урожай' } },
    origin_country: { label: 'Страна происхождения', required: true, minLength: 2, kind: 'text', column: { width: 160 }, filter: true, import: { example: 'Вьетнам' },
      lot: { part: 'origin', title: 'Происхождение' } },
    unit_measure: { label: 'Единица измерения', required: true, kind: 'choice', column: { title: 'Ед. изм.', width: 90 },
      import: { example: 'шт', note: 'шт или кг' }, lot: { part: 'unit' } },
    unit_weight: { label: 'Вес одной единицы, кг', kind: 'amount', column: { title: 'Вес единицы, кг', width: 130, hiddenByDefault: true },
      import: { example: 22.68, note: 'только для шт' } },
    units_per_pack: { label: 'Единиц в упаковке', required: true, kind: 'amount', column: { width: 140, hiddenByDefault: true }, import: { example: 1 } },
    unit_amount: { label: 'Количество', required: true, kind: 'amount', filter: true, import: { example: 300 } },
    unit_price: { label: 'Цена за единицу, ₽', required: true, kind: 'money', column: { title: 'Цена за единицу' }, filter: true, bulk: 'adjust',
      import: { example: 25000 } },
    kg_price: { label: 'Цена за кг', kind: 'money', form: false, column: { width: 120, hiddenByDefault: true } },
    total_sum: { label: 'Сумма', kind: 'money', form: false, filter: true },
    reserved_amount: { label: 'В резерве', kind: 'amount', form: false, filter: true },
    reserved_sum: { label: 'Сумма резервов', kind: 'money', form: false, computed: true, history: false, column: { hiddenByDefault: true }, filter: true },
    purchased_amount: { label: 'Выкуплено', kind: 'amount', form: false, filter: true },
    // the offers feature draws the 'Зарезервировать' button beside the amount
    available_amount: { label: 'Доступно', kind: 'amount', form: false, column: { type: 'action', width: 160 }, filter: true },
    available_sum: { label: 'Доступно на сумму', kind: 'money', form: false, computed: true, history: false,
      column: { width: 150, hiddenByDefault: true }, filter: true },
    warehouse_cost: { label: 'Стоимость доставки на склад, ₽', hiddenFrom: ['8'], hiddenAs: ['warehouse_delivery_cost'], kind: 'money', column: { title: 'Доставка на склад', width: 150, hiddenByDefault: true },
      filter: true, bulk: 'adjust', import: { example: 1500, note: 'можно оставить пустым' } },
    // a lot of a shipment costs this per kg landed (its goods at their rates, freight, duty, broker…), stored
    // by the shipment's writes; a purchase figure, hidden where the warehouse cost is
    landed_kg_cost: { label: 'Себестоимость за кг, ₽', hiddenFrom: ['8', 'supplier'], kind: 'money', form: false, column: { title: 'Себестоимость за кг', width: 160, hiddenByDefault: true }, filter: true },
    min_unit_price: { label: 'Мин. цена продажи', hiddenFrom: ['8', 'supplier'], kind: 'money', form: false, column: { width: 150, hiddenByDefault: true }, filter: true },
    max_unit_price: { label: 'Макс. цена продажи', hiddenFrom: ['8', 'supplier'], kind: 'money', form: false, column: { width: 150, hiddenByDefault: true }, filter: true },
    loading_address: { label: 'Адрес погрузки', hiddenFrom: ['1'], required: true, minLength: 5, kind: 'text', column: { width: 220, hiddenByDefault: true }, filter: { type: 'address' }, bulk: 'set',
      import: { example: 'Москва, ул. Складская, 4' } },
    // on stock or on its way (domain/offers/logistics.ts), and the day it is expected
    logistics_state: { label: 'Логистика', kind: 'choice', column: { width: 170, titles: LOGISTICS_TITLES },
      filter: { key: 'logistics_states_ids', type: 'enumeration', options: 'logistics_states' },
      import: { example: 'В пути', note: 'На складе, Отгрузка у поставщика, В пути или На таможне; пусто — на складе' } },
    expected_arrival: { label: 'Ожидаемое поступление', kind: 'date', filter: true,
      import: { example: '12.12.2026', note: 'дд.мм.гггг; обязательно, если не на складе' } },
    // an imported lot's customs declaration number (ДТ), which its УПД lines carry
    customs_declaration: { label: 'Номер декларации на товары (ДТ)', kind: 'text', column: { title: 'Номер ДТ', width: 200, hiddenByDefault: true }, filter: true,
      import: { example: '10702070/051226/3001234', note: 'для импортного лота; можно оставить пустым' } },
  },
  columns: [
    recordColumns.id(),
    col('images', 'Фото', 'image', { width: 90 }),
    'product_id', 'variety_id', 'packing_id',
    recordColumns.status(),
    'harvest_year', 'origin_country', 'unit_measure', 'unit_weight', 'units_per_pack', 'unit_amount', 'unit_price', 'kg_price', 'total_sum',
    'reserved_amount', 'reserved_sum', 'purchased_amount', 'available_amount', 'available_sum', 'warehouse_cost', 'landed_kg_cost', 'min_unit_price',
    'max_unit_price', 'city_id', 'supplier_id', 'loading_address', 'logistics_state', 'expected_arrival', 'customs_declaration',
    // the lot's papers, computed (domain/offers/documents.ts); the offers feature draws the cell
    col('documents_state', 'Документы', 'text', { width: 200, sortable: false }),
    recordColumns.createdBy(),
    recordColumns.createdAt(),
    recordColumns.comments(),
  ],
  filters: [
    f('offers_ids', '№ предложения', 'multiple', { options: 'offers' }),
    recordFilters.status(),
    'product_id', 'supplier_id', 'city_id', 'variety_id', 'packing_id', 'harvest_year', 'origin_country', 'loading_address',
    'logistics_state', 'expected_arrival', 'customs_declaration',
    'unit_amount', 'unit_price', 'total_sum', 'reserved_amount', 'reserved_sum', 'purchased_amount', 'available_amount', 'available_sum',
    'warehouse_cost', 'landed_kg_cost', 'min_unit_price', 'max_unit_price',
    f('reserve_ids', '№ резерва', 'multiple', { options: 'reserves', needs: 'reserves' }),
    f('deal_ids', '№ сделки (выполненного резерва)', 'multiple', { options: 'reserves', needs: 'reserves' }),
    recordFilters.createdBy(),
    recordFilters.createdAt(),
    f('with_image', 'С фото', 'boolean', { field: 'images' }),
    f('with_documents', 'С документами', 'boolean', { field: 'documents' }),
    f('documents_state', 'Состояние документов', 'enumeration', { options: 'documents_states' }),
    recordFilters.withComments(),
  ],
  bulk: {
    status: [{ value: 'active', title: 'Активный' }, { value: 'completed', title: 'Выполнен' }],
    order: ['unit_price', 'warehouse_cost', 'city_id', 'packing_id', 'loading_address'],
  },
  // the import template's column order: what, how packed, how much, then where from and whose; not the form's
  importOrder: [
    'product_id', 'variety_id', 'packing_id', 'harvest_year', 'origin_country', 'unit_measure', 'unit_weight', 'units_per_pack',
    'unit_amount', 'unit_price', 'warehouse_cost', 'city_id', 'loading_address', 'supplier_id', 'logistics_state', 'expected_arrival',
    'customs_declaration',
  ],
});

export type OfferFieldKey = (typeof offersResource.formFields)[number]['key'];

/** The offer's fields as declared (their kinds and rules at the type level). */
export type OfferFields = typeof offersResource.spec.fields;

/** Where the lot is loaded: the address a supplier's card keeps for its offers goes by it too (its hiding, its price
 * list's default). */
export const OFFER_LOADING_ADDRESS = 'loading_address' satisfies keyof OfferFields;

/** The offer's form fields (spec point 3 "Offer create form fields"), in the form's order. */
export const OFFER_FIELDS = offersResource.formFields;
export const OFFER_IMPORT_ORDER = offersResource.spec.importOrder!;
export const columns: ColumnDef[] = offersResource.columns;
export const filters: FilterDef[] = offersResource.filters;
