// The products list's filter keys (spec point 3 "Filter keys per section"): the filter panel offers them, the
// server turns each into SQL.
import { f, type FilterDef } from '../lists';

export const filters: FilterDef[] = [
  f('products_ids', '№ товара', 'multiple', { options: 'products', field: 'id' }),
  f('products', 'Название', 'string', { field: 'name' }),
  f('statuses_ids', 'Статус', 'status', { options: 'statuses', field: 'status' }),
  f('created_at', 'Дата создания', 'date'),
  f('with_comments', 'С комментариями', 'boolean', { field: 'comments' }),
];
