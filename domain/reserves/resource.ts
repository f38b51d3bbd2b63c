// The reserves section, declared once (domain/resource.ts): the card's form fields (spec point 5 "Reserve
// create"), the list's columns (point 2), the filter keys (point 3 "Filter keys per section"), history and bulk
// edit are derived from it; so are the server's body schema, SQL columns, joins, sorts and filters.
import { f, recordColumns, recordFilters, type ColumnDef, type FilterDef } from '../lists';
import { defineResource } from '../resource';

/** The reserves filter's status values as the spec numbers them (point 4: 1 Активный, 2 Завершен, 3 Отменен); a
 * deleted reserve has no number there and keeps its name. */
export const RESERVE_STATUS_IDS = { 1: 'active', 2: 'completed', 3: 'cancelled', 4: 'expired' } as const;

export const reservesResource = defineResource({
  section: 'reserves',
  // in the form's order (the offer is the one the card was opened from)
  fields: {
    offer_id: { label: 'Предложение', kind: 'reference', history: false, column: { type: 'entity_link', entity: 'offers', width: 120 },
      filter: { key: 'offers_ids', title: '№ предложения', options: 'offers', needs: 'offers' } },
    // the offer's product, joined through the offer
    product: { label: 'Товар', kind: 'reference', form: false, history: false,
      reference: { list: 'products', as: 'product', alias: 'p', section: 'products' }, column: { width: 170 }, filter: true },
    amount: { label: 'Количество', required: true, kind: 'amount', column: { width: 110 }, filter: { key: 'reserved_stock' } },
    packs_amount: { label: 'Количество упаковок', required: true, kind: 'amount', column: { title: 'Упаковок', width: 100 } },
    unit_price: { label: 'Цена закупки', kind: 'money', form: false, column: { width: 130 }, filter: { key: 'reserved_unit_price' } },
    total_sum: { label: 'Сумма закупки', kind: 'money', form: false, filter: { key: 'reserved_total_price' } },
    unit_selling_price: { label: 'Цена продажи за единицу, ₽', hiddenFrom: ['8', 'supplier'], required: true, kind: 'money', column: { title: 'Цена продажи', width: 130 }, filter: true },
    total_selling_sum: { label: 'Сумма продажи', hiddenFrom: ['8', 'supplier'], hiddenAs: ['total_selling_price'], kind: 'money', form: false, filter: { key: 'total_selling_price' } },
    // the selling band the reserve was judged by (spec point 3 "Column config"), off by default; role 8 does not see it
    min_selling_price: { label: 'Мин. цена продажи', hiddenFrom: ['8', 'supplier'], kind: 'money', form: false, column: { width: 150, hiddenByDefault: true } },
    max_selling_price: { label: 'Макс. цена продажи', hiddenFrom: ['8', 'supplier'], kind: 'money', form: false, column: { width: 150, hiddenByDefault: true } },
    // the offer's available amount in packs, to a tenth (list.ts), hidden with the offer's available amount
    available_packs: { label: 'Доступно упаковок', kind: 'amount', form: false, computed: true, history: false,
      column: { width: 150, hiddenByDefault: true, reads: ['offers.available_amount'] } },
    marginality: { label: 'Маржинальность, %', hiddenFrom: ['8', 'supplier'], kind: 'amount', form: false, column: { width: 150 }, filter: true },
    // the margin on the route's cost where an administrator typed a lower delivery cost (else the margin itself): what the
    // trade makes, beside the margin on the typed cost; hidden with the margin
    route_marginality: { label: 'Маржинальность по маршруту, %', hiddenFrom: ['8', 'supplier'], visibleAs: 'marginality', kind: 'amount', form: false,
      column: { width: 170, field: 'marginality', reads: ['reserves.delivery_cost'] }, filter: { field: 'marginality', reads: ['reserves.delivery_cost'] } },
    estimated_date_implementation: { label: 'Дата реализации', hiddenFrom: ['8'], required: true, kind: 'date', column: { width: 140 }, filter: true, bulk: 'set' },
    // the day the reserve holds the stock until (empty: today + reserve_hold_days)
    reserved_until: { label: 'Резерв до', kind: 'date', column: { width: 130 }, filter: true },
    // the buyer's card; picking one fills the name, phone, city and address below (still editable)
    buyer_id: { label: 'Карточка покупателя', hiddenFrom: ['8', 'supplier'], kind: 'reference', visibleAs: 'buyer',
      reference: { list: 'buyers', as: 'buyer', alias: 'bu', section: 'buyers' }, column: { width: 200, hiddenByDefault: true }, filter: true },
    buyer_name: { label: 'Покупатель', hiddenFrom: ['8', 'supplier'], required: true, kind: 'text', column: { width: 200 }, filter: true },
    buyer_phone: { label: 'Телефон покупателя', hiddenFrom: ['8', 'supplier'], required: true, kind: 'phone', column: { type: 'text', width: 170, hiddenByDefault: true }, filter: true },
    // spec point 6 names the delivery city 'city'
    city_id: { label: 'Город доставки', hiddenFrom: ['8'], required: true, kind: 'reference', reference: { list: 'cities', as: 'city', alias: 'c', section: 'cities' },
      column: { width: 150 }, filter: { key: 'delivery_city' } },
    delivery_address: { label: 'Адрес доставки', hiddenFrom: ['8', 'supplier'], required: true, kind: 'text', column: { width: 220, hiddenByDefault: true }, filter: { type: 'address' }, bulk: 'set' },
    delivery_cost: { label: 'Стоимость доставки, ₽/кг', hiddenFrom: ['8', 'supplier'], required: true, kind: 'money', column: { title: 'Стоимость доставки', width: 150, hiddenByDefault: true },
      filter: { key: 'delivery_to_buyer_cost' } },
    // the route's cost beside a delivery cost typed below it (the history shows both), hidden with the cost
    route_delivery_cost: { label: 'Стоимость маршрута, ₽/кг', kind: 'money', form: false, select: false, column: { field: 'delivery_cost' } },
    delivery_days: { label: 'Дней доставки', hiddenFrom: ['8'], required: true, kind: 'count', column: { hiddenByDefault: true }, filter: { key: 'warehouse_delivery_days' } },
    // hidden by its own name (spec point 6), shown as the employee's name
    responsible_id: { label: 'Ответственный', hiddenFrom: ['8'], required: true, kind: 'reference', visibleAs: 'responsible_id',
      reference: { list: 'employees', as: 'responsible', alias: 'e', name: 'full_name', section: 'employees' },
      column: { width: 180, field: 'responsible_id' }, bulk: 'set' },
    actual_date_implementation: { label: 'Фактическая дата', hiddenFrom: ['8'], kind: 'date', form: false, column: { width: 140, hiddenByDefault: true }, filter: true },
    // the terms it is judged by (a re-pricing changes them), hidden with the figure each reveals; the card reads them
    offer_price_kg: { label: 'Цена закупки за кг', kind: 'money', form: false, select: false },
    unit_weight: { label: 'Вес единицы, кг', kind: 'amount', form: false, select: false },
    costs_per_kg: { label: 'Свои расходы, ₽/кг', hiddenFrom: ['supplier'], kind: 'money', form: false, select: false, column: { field: 'marginality' } },
    min_markup: { label: 'Минимальная наценка', hiddenFrom: ['supplier'], kind: 'amount', form: false, select: false, column: { field: 'min_selling_price' } },
    max_markup: { label: 'Максимальная наценка', hiddenFrom: ['supplier'], kind: 'amount', form: false, select: false, column: { field: 'max_selling_price' } },
  },
  columns: [
    recordColumns.id(),
    'offer_id', 'product',
    recordColumns.status(),
    'amount', 'packs_amount', 'available_packs', 'unit_price', 'total_sum', 'unit_selling_price', 'total_selling_sum', 'min_selling_price',
    'max_selling_price', 'marginality', 'route_marginality', 'buyer_name', 'buyer_id', 'buyer_phone',
    'city_id', 'delivery_address', 'delivery_cost', 'delivery_days', 'estimated_date_implementation', 'reserved_until',
    'actual_date_implementation', 'responsible_id',
    recordColumns.createdBy(),
    recordColumns.createdAt(),
    recordColumns.comments(),
  ],
  filters: [
    f('reserves_ids', '№ резерва', 'multiple', { options: 'reserves' }),
    { ...recordFilters.status(), ids: RESERVE_STATUS_IDS },
    'product', 'offer_id',
    recordFilters.createdBy(),
    'buyer_name', 'buyer_id', 'buyer_phone', 'city_id', 'delivery_address', 'amount', 'unit_price', 'total_sum', 'unit_selling_price', 'total_selling_sum',
    'marginality', 'route_marginality', 'delivery_cost',
    // the offer's cost of delivery to the warehouse (offers.warehouse_cost), hidden with it
    f('warehouse_delivery_cost', 'Доставка на склад', 'currency', { reads: ['offers.warehouse_cost'] }),
    'delivery_days',
    recordFilters.createdAt(),
    'estimated_date_implementation', 'actual_date_implementation', 'reserved_until',
    recordFilters.withComments(),
  ],
  bulk: { order: ['responsible_id', 'estimated_date_implementation', 'delivery_address'] },
  historyOrder: [
    'amount', 'packs_amount', 'unit_price', 'total_sum', 'unit_selling_price', 'total_selling_sum', 'min_selling_price', 'max_selling_price',
    'marginality', 'route_marginality', 'buyer_name', 'buyer_phone', 'delivery_address', 'delivery_cost', 'route_delivery_cost', 'delivery_days', 'estimated_date_implementation',
    'actual_date_implementation', 'reserved_until', 'offer_price_kg', 'unit_weight', 'costs_per_kg', 'min_markup', 'max_markup',
  ],
  selectOrder: [
    'id', 'offer_id', 'status', 'buyer_name', 'buyer_phone', 'delivery_address', 'delivery_days', 'estimated_date_implementation',
    'actual_date_implementation', 'reserved_until', 'responsible_id', 'created_at', 'deleted_at',
  ],
  historyExtra: {
    // the reason a reserve went past its buyer's credit limit, and its payments (keyed by payment)
    credit_override: { key: 'credit_override', title: 'Превышение кредитного лимита', format: 'text', field: 'buyer', reads: ['reserves.buyer'] },
    payments: { key: 'payments', title: 'Оплата', format: 'money', field: 'total_selling_sum', reads: ['reserves.total_selling_sum'] },
  },
});

/** The reserve form's fields, in the form's order. */
export const RESERVE_FIELDS = reservesResource.formFields;
export type ReserveFieldKey = (typeof RESERVE_FIELDS)[number]['key'];
export const columns: ColumnDef[] = reservesResource.columns;
export const filters: FilterDef[] = reservesResource.filters;
