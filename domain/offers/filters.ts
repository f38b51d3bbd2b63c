// The offers list's filter keys (spec point 3 "Filter keys per section"): the filter panel offers them, the
// server turns each into SQL.
import { f, type FilterDef } from '../lists';

export const filters: FilterDef[] = [
  f('offers_ids', '№ предложения', 'multiple', { options: 'offers' }),
  f('statuses_ids', 'Статус', 'status', { options: 'statuses', field: 'status' }),
  f('products_ids', 'Товар', 'multiple', { options: 'products', needs: 'products', field: 'product' }),
  f('suppliers_ids', 'Поставщик', 'multiple', { options: 'suppliers', needs: 'suppliers', field: 'supplier' }),
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
];
