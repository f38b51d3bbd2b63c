// Products and cities: the named reference lists, alike but for their filter keys and a city's deliveries.
import { sql } from 'drizzle-orm';
import type { ColumnDef, FilterDef } from '../../domain/lists';
import { columns as productsColumns } from '../../domain/products/columns';
import { filters as productsFilters } from '../../domain/products/filters';
import { columns as citiesColumns } from '../../domain/cities/columns';
import { filters as citiesFilters } from '../../domain/cities/filters';
import { byIds, byValues, contains, dateRange, exists, latestComments, numberRange, ownColumns, type FilterCompiler, type SectionSpec } from '../lists/engine';

/** A named record's list: id, name, status, dates and comments, filtered by ids, name, status, dates, comments. */
function namedSection(
  section: 'products' | 'cities', defs: { columnDefs: ColumnDef[]; filterDefs: FilterDef[] }, alias: string,
  keys: { ids: string; name: string }, extraFilters: Record<string, FilterCompiler> = {},
): SectionSpec {
  const a = sql.raw(alias);
  const own = ownColumns(alias, ['id', 'name', 'status', 'created_at', 'deleted_at'], []);
  return {
    section,
    ...defs,
    alias,
    from: sql`FROM ${sql.raw(section)} ${a}`,
    columns: { ...own.columns, comments: latestComments(section, sql`${a}.id`) },
    sortable: own.sortable,
    filters: {
      [keys.ids]: byIds(sql`${a}.id`),
      [keys.name]: contains(sql`${a}.name`),
      statuses_ids: byValues(sql`${a}.status`),
      created_at: dateRange(sql`${a}.created_at`),
      with_comments: exists(sql`SELECT 1 FROM comments cm WHERE cm.entity_type = ${section} AND cm.entity_id = ${a}.id`),
      ...extraFilters,
    },
    own: ({ user }) => sql`${a}.created_by = ${user.id}`,
  };
}

export const productsSpec = namedSection('products', { columnDefs: productsColumns, filterDefs: productsFilters }, 'p', { ids: 'products_ids', name: 'products' });

/** A city matches a delivery filter when some delivery from it falls in the range. */
const deliveryFrom = (column: 'cost' | 'days'): FilterCompiler => (f) =>
  sql`EXISTS (SELECT 1 FROM city_delivery d WHERE d.from_city_id = ci.id AND ${numberRange(sql.raw(`d.${column}`) as never)(f)})`;

export const citiesSpec = namedSection('cities', { columnDefs: citiesColumns, filterDefs: citiesFilters }, 'ci', { ids: 'cities_ids', name: 'cities' }, {
  delivery_days: deliveryFrom('days'),
  delivery_cost: deliveryFrom('cost'),
  deleted_at: dateRange(sql`ci.deleted_at`),
});
