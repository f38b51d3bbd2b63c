// The suppliers list's filter keys (spec point 3 "Filter keys per section"): the filter panel offers them, the
// server turns each into SQL.
import { f, type FilterDef } from '../lists';

export const filters: FilterDef[] = [
  f('suppliers_ids', '№ поставщика', 'multiple', { options: 'suppliers', field: 'id' }),
  f('suppliers', 'Название', 'string', { field: 'name' }),
  f('inn', 'ИНН', 'string'),
  f('contact_person', 'Контактное лицо', 'string', { field: 'contact_name' }),
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
];
