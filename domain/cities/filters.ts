// The cities list's filter keys (spec point 3 "Filter keys per section"): the filter panel offers them, the
// server turns each into SQL.
import { f, type FilterDef } from '../lists';

export const filters: FilterDef[] = [
  f('cities_ids', '№ города', 'multiple', { options: 'cities', field: 'id' }),
  f('cities', 'Название', 'string', { field: 'name' }),
  f('statuses_ids', 'Статус', 'status', { options: 'statuses', field: 'status' }),
  f('delivery_days', 'Дней доставки (из города)', 'number'),
  f('delivery_cost', 'Стоимость доставки за кг (из города)', 'currency'),
  f('created_at', 'Дата создания', 'date'),
  f('deleted_at', 'Дата удаления', 'date'),
  f('with_comments', 'С комментариями', 'boolean', { field: 'comments' }),
];
