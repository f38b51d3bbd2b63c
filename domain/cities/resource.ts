// The cities section, declared once (domain/resource.ts): a named record (its name is the card's header), its
// list's columns (spec point 2) and filter keys (point 3) and its history derived from it.
import { col, f, recordColumns, recordFilters, type ColumnDef, type FilterDef } from '../lists';
import { defineResource } from '../resource';

export const citiesResource = defineResource({
  section: 'cities',
  fields: {
    name: { label: 'Название', required: true, kind: 'text', column: { width: 240 }, filter: { key: 'cities' } },
  },
  columns: [
    recordColumns.id(),
    'name',
    recordColumns.status(140),
    recordColumns.createdAt(140),
    col('deleted_at', 'Дата удаления', 'date', { width: 140, hiddenByDefault: true }),
    recordColumns.comments({ width: 260 }),
  ],
  filters: [
    f('cities_ids', '№ города', 'multiple', { options: 'cities', field: 'id' }),
    'name',
    recordFilters.status(),
    // a city matches when some delivery from it falls in the range: a way of reading the matrix, hidden with it
    f('delivery_days', 'Дней доставки (из города)', 'number', { field: 'delivery' }),
    f('delivery_cost', 'Стоимость доставки за кг (из города)', 'currency', { field: 'delivery' }),
    recordFilters.createdAt(),
    f('deleted_at', 'Дата удаления', 'date'),
    recordFilters.withComments(),
  ],
  historyExtra: {
    // the city's row of the delivery matrix, one change per destination (the change's key), named by the server
    delivery: { key: 'delivery', title: 'Доставка', format: 'delivery', ref: 'cities' },
  },
});

export const columns: ColumnDef[] = citiesResource.columns;
export const filters: FilterDef[] = citiesResource.filters;
