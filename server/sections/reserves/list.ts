// The reserves list: a buyer's reservation against an offer, with its selling figures and delivery.
import { sql } from 'drizzle-orm';
import { columns as reservesColumns } from '../../../domain/reserves/columns';
import { filters as reservesFilters } from '../../../domain/reserves/filters';
import { digitsContain, exists, latestComments, money2, ownColumns, ownFilters, ref, type SectionSpec } from '../../lists/engine';
import { releaseBeforeDelete } from './lifecycle';

const own = ownColumns(
  'r',
  ['id', 'offer_id', 'status', 'buyer_name', 'buyer_phone', 'delivery_address', 'delivery_days', 'estimated_date_implementation',
    'actual_date_implementation', 'responsible_id', 'created_at', 'deleted_at'],
  ['amount', 'unit_price', 'total_sum', 'unit_selling_price', 'total_selling_sum', 'min_selling_price', 'max_selling_price',
    'marginality', 'delivery_cost'],
);

export const reservesSpec: SectionSpec = {
  section: 'reserves',
  columnDefs: reservesColumns,
  filterDefs: reservesFilters,
  alias: 'r',
  from: sql`FROM reserves r
    JOIN offers o ON o.id = r.offer_id
    LEFT JOIN products p ON p.id = o.product_id
    LEFT JOIN cities c ON c.id = r.city_id
    LEFT JOIN employees e ON e.id = r.responsible_id
    LEFT JOIN users u ON u.id = r.created_by`,
  columns: {
    ...own.columns,
    product: ref(sql`p.id`, sql`p.name`),
    packs_amount: sql`round(r.packs_amount, 1)::text`,
    city: ref(sql`c.id`, sql`c.name`),
    responsible: ref(sql`e.id`, sql`e.full_name`),
    available_amount: money2(sql`o.available_amount`),
    created_by: sql`coalesce(u.name, u.email)`,
    comments: latestComments('reserves', sql`r.id`),
  },
  sortable: {
    ...own.sortable,
    product: sql`p.name`, packs_amount: sql`r.packs_amount`, city: sql`c.name`, responsible: sql`e.full_name`,
    created_by: sql`coalesce(u.name, u.email)`,
  },
  filters: {
    // the amounts and prices go by the reserve's own columns their definitions name (reserved_stock by amount, …)
    ...ownFilters('r', reservesFilters, [
      'statuses_ids', 'offers_ids', 'creators_ids', 'buyer_name', 'delivery_address', 'reserved_stock', 'reserved_unit_price',
      'reserved_total_price', 'unit_selling_price', 'total_selling_price', 'marginality', 'delivery_to_buyer_cost', 'warehouse_delivery_days',
      'created_at', 'estimated_date_implementation', 'actual_date_implementation',
    ], {
      reserves_ids: 'id', delivery_city: 'city_id', products_ids: sql`o.product_id`, warehouse_delivery_cost: sql`o.warehouse_cost`,
    }),
    buyer_phone: digitsContain(sql`r.buyer_phone`),
    with_comments: exists(sql`SELECT 1 FROM comments cm WHERE cm.entity_type = 'reserves' AND cm.entity_id = r.id`),
  },
  // a deleted active reserve gives its amount back to the offer (called late: lifecycle.ts reads this spec)
  onDelete: (tx, ids, by) => releaseBeforeDelete(tx, ids, by),
  // own: the reserves the caller's employee is responsible for (DESIGN.md); an account with no employee, the
  // ones it placed
  own: ({ user }) =>
    user.employee_id !== null ? sql`r.responsible_id = ${user.employee_id}` : sql`r.created_by = ${user.id}`,
};
