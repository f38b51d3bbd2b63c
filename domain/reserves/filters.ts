// The reserves list's filter keys (spec point 3 "Filter keys per section"): the filter panel offers them, the
// server turns each into SQL.
import { f, type FilterDef } from '../lists';

export const filters: FilterDef[] = [
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
  f('total_selling_price', 'Сумма продажи', 'currency', { field: 'total_selling_sum' }),
  f('marginality', 'Маржинальность, %', 'number'),
  f('delivery_to_buyer_cost', 'Стоимость доставки', 'currency', { field: 'delivery_cost' }),
  // the offer's cost of delivery to the warehouse (offers.warehouse_cost), hidden with it
  f('warehouse_delivery_cost', 'Доставка на склад', 'currency', { reads: ['offers.warehouse_cost'] }),
  f('warehouse_delivery_days', 'Дней доставки', 'number', { field: 'delivery_days' }),
  f('created_at', 'Дата создания', 'date'),
  f('estimated_date_implementation', 'Дата реализации', 'date'),
  f('actual_date_implementation', 'Фактическая дата', 'date'),
  f('with_comments', 'С комментариями', 'boolean', { field: 'comments' }),
];
