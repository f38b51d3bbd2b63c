// The reserves list's filter keys (spec point 3 "Filter keys per section"): the filter panel offers them, the
// server turns each into SQL.
import { f, rangeFilters, recordFilters, type FilterDef } from '../lists';
import { columns } from './columns';

/** The reserves filter's status values as the spec numbers them (point 4: 1 Активный, 2 Завершен, 3 Отменен); a
 * deleted reserve has no number there and keeps its name. */
export const RESERVE_STATUS_IDS = { 1: 'active', 2: 'completed', 3: 'cancelled', 4: 'expired' } as const;

export const filters: FilterDef[] = [
  f('reserves_ids', '№ резерва', 'multiple', { options: 'reserves' }),
  { ...recordFilters.status(), ids: RESERVE_STATUS_IDS },
  f('products_ids', 'Товар', 'multiple', { options: 'products', needs: 'products', field: 'product' }),
  f('offers_ids', '№ предложения', 'multiple', { options: 'offers', needs: 'offers', field: 'offer_id' }),
  recordFilters.createdBy(),
  f('buyer_name', 'Покупатель', 'string'),
  f('buyer_phone', 'Телефон покупателя', 'string'),
  f('delivery_city', 'Город доставки', 'multiple', { options: 'cities', needs: 'cities', field: 'city' }),
  f('delivery_address', 'Адрес доставки', 'address'),
  ...rangeFilters(columns, {
    reserved_stock: 'amount', reserved_unit_price: 'unit_price', reserved_total_price: 'total_sum',
    unit_selling_price: 'unit_selling_price', total_selling_price: 'total_selling_sum', marginality: 'marginality',
    delivery_to_buyer_cost: 'delivery_cost',
  }),
  // the offer's cost of delivery to the warehouse (offers.warehouse_cost), hidden with it
  f('warehouse_delivery_cost', 'Доставка на склад', 'currency', { reads: ['offers.warehouse_cost'] }),
  ...rangeFilters(columns, { warehouse_delivery_days: 'delivery_days' }),
  recordFilters.createdAt(),
  f('estimated_date_implementation', 'Дата реализации', 'date'),
  f('actual_date_implementation', 'Фактическая дата', 'date'),
  f('reserved_until', 'Резерв до', 'date'),
  recordFilters.withComments(),
];
