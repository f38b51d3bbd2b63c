// Products and cities: the named reference lists.
import { sql } from 'drizzle-orm';
import { byIds, byValues, contains, dateRange, exists, latestComments, numberRange, type SectionSpec } from '../lists/engine';

const withComments = (section: string, alias: string) =>
  exists(sql`SELECT 1 FROM comments cm WHERE cm.entity_type = ${section} AND cm.entity_id = ${sql.raw(alias)}.id`);

export const productsSpec: SectionSpec = {
  section: 'products',
  alias: 'p',
  from: sql`FROM products p`,
  columns: {
    id: sql`p.id`,
    name: sql`p.name`,
    status: sql`p.status`,
    created_at: sql`p.created_at`,
    deleted_at: sql`p.deleted_at`,
    comments: latestComments('products', sql`p.id`),
  },
  sortable: { id: sql`p.id`, name: sql`p.name`, status: sql`p.status`, created_at: sql`p.created_at` },
  filters: {
    products_ids: byIds(sql`p.id`),
    products: contains(sql`p.name`),
    statuses_ids: byValues(sql`p.status`),
    created_at: dateRange(sql`p.created_at`),
    with_comments: withComments('products', 'p'),
  },
  own: ({ user }) => sql`p.created_by = ${user.id}`,
};

/** A city matches a delivery filter when some delivery from it falls in the range. */
const deliveryFrom = (column: 'cost' | 'days') => (f: Parameters<ReturnType<typeof numberRange>>[0]) =>
  sql`EXISTS (SELECT 1 FROM city_delivery d WHERE d.from_city_id = ci.id AND ${numberRange(sql.raw(`d.${column}`) as never)(f)})`;

export const citiesSpec: SectionSpec = {
  section: 'cities',
  alias: 'ci',
  from: sql`FROM cities ci`,
  columns: {
    id: sql`ci.id`,
    name: sql`ci.name`,
    status: sql`ci.status`,
    created_at: sql`ci.created_at`,
    deleted_at: sql`ci.deleted_at`,
    comments: latestComments('cities', sql`ci.id`),
  },
  sortable: { id: sql`ci.id`, name: sql`ci.name`, status: sql`ci.status`, created_at: sql`ci.created_at`, deleted_at: sql`ci.deleted_at` },
  filters: {
    cities_ids: byIds(sql`ci.id`),
    cities: contains(sql`ci.name`),
    statuses_ids: byValues(sql`ci.status`),
    delivery_days: deliveryFrom('days'),
    delivery_cost: deliveryFrom('cost'),
    created_at: dateRange(sql`ci.created_at`),
    deleted_at: dateRange(sql`ci.deleted_at`),
    with_comments: withComments('cities', 'ci'),
  },
  own: ({ user }) => sql`ci.created_by = ${user.id}`,
};
