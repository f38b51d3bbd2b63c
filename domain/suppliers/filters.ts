// The suppliers list's filter keys (spec point 3 "Filter keys per section"): the filter panel offers them, the
// server turns each into SQL.
import { f, rangeFilters, recordFilters, type FilterDef } from '../lists';
import { RESERVE_STATISTICS_FILTERS } from '../reserves/statistics';
import { columns } from './columns';

export const filters: FilterDef[] = [
  f('suppliers_ids', '№ поставщика', 'multiple', { options: 'suppliers', field: 'id' }),
  f('suppliers', 'Название', 'string', { field: 'name' }),
  f('inn', 'ИНН', 'string'),
  f('contact_person', 'Контактное лицо', 'string', { field: 'contact_name' }),
  f('phone', 'Телефон', 'string'),
  f('email', 'Email', 'string'),
  f('cities', 'Город', 'multiple', { options: 'cities', needs: 'cities', field: 'city' }),
  f('location', 'Адрес', 'address'),
  recordFilters.status(),
  ...rangeFilters(columns, { total_offers_created: 'total_offers_created', ...RESERVE_STATISTICS_FILTERS }),
  recordFilters.createdAt(),
];
