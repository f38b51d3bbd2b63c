// The employees list's filter keys (spec point 3 "Filter keys per section"): the filter panel offers them, the
// server turns each into SQL.
import { f, type FilterDef } from '../lists';

export const filters: FilterDef[] = [
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
];
