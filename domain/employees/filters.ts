// The employees list's filter keys (spec point 3 "Filter keys per section"): the filter panel offers them, the
// server turns each into SQL.
import { f, rangeFilters, recordFilters, type FilterDef } from '../lists';
import { RESERVE_STATISTICS_FILTERS } from '../reserves/statistics';
import { columns } from './columns';

export const filters: FilterDef[] = [
  f('employees_ids', '№ сотрудника', 'multiple', { options: 'employees', field: 'id' }),
  f('employees', 'ФИО', 'string', { field: 'full_name' }),
  f('phone', 'Телефон', 'string'),
  f('positions', 'Должность', 'multiple', { options: 'positions', field: 'position_id' }),
  recordFilters.status(),
  ...rangeFilters(columns, { ...RESERVE_STATISTICS_FILTERS, marginality: 'marginality' }),
  recordFilters.createdAt(),
];
