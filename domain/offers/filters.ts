// The offers list's filter keys (spec point 3 "Filter keys per section"): the filter panel offers them, the
// server turns each into SQL.
import { f, rangeFilters, recordFilters, type FilterDef } from '../lists';
import { columns } from './columns';

export const filters: FilterDef[] = [
  f('offers_ids', '№ предложения', 'multiple', { options: 'offers' }),
  recordFilters.status(),
  f('products_ids', 'Товар', 'multiple', { options: 'products', needs: 'products', field: 'product' }),
  f('suppliers_ids', 'Поставщик', 'multiple', { options: 'suppliers', needs: 'suppliers', field: 'supplier' }),
  f('cities_ids', 'Город погрузки', 'multiple', { options: 'cities', needs: 'cities', field: 'city' }),
  f('varieties_ids', 'Сорт', 'multiple', { options: 'varieties', field: 'variety' }),
  f('packaging_ids', 'Упаковка', 'multiple', { options: 'packing', field: 'packaging' }),
  f('harvest_years', 'Год урожая', 'enumeration', { options: 'harvest_years', field: 'harvest_year' }),
  f('origin_country', 'Страна происхождения', 'string'),
  f('loading_address', 'Адрес погрузки', 'address'),
  ...rangeFilters(columns, [
    'unit_amount', 'unit_price', 'total_sum', 'reserved_amount', 'reserved_sum', 'purchased_amount', 'available_amount',
    'available_sum', 'warehouse_cost', 'min_unit_price', 'max_unit_price',
  ]),
  f('reserve_ids', '№ резерва', 'multiple', { options: 'reserves', needs: 'reserves' }),
  f('deal_ids', '№ сделки (выполненного резерва)', 'multiple', { options: 'reserves', needs: 'reserves' }),
  recordFilters.createdBy(),
  recordFilters.createdAt(),
  f('with_image', 'С фото', 'boolean', { field: 'images' }),
  f('with_documents', 'С документами', 'boolean', { field: 'documents' }),
  recordFilters.withComments(),
];
