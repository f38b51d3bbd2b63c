// The reserves list: a buyer's reservation against an offer, with its selling figures and delivery.
import { sql } from 'drizzle-orm';
import { columns as reservesColumns } from '../../../domain/reserves/columns';
import { filters as reservesFilters } from '../../../domain/reserves/filters';
import { createdBy, digitsContain, exists, latestComments, money2, ownColumns, ownFilters, references } from '../../lists/engine';
import type { SectionSpec } from '../../spec/section';
import { releaseBeforeDelete } from './release';

const own = ownColumns(
  'r',
  ['id', 'offer_id', 'status', 'buyer_name', 'buyer_phone', 'delivery_address', 'delivery_days', 'estimated_date_implementation',
    'actual_date_implementation', 'reserved_until', 'responsible_id', 'created_at', 'deleted_at'],
  ['amount', 'unit_price', 'total_sum', 'unit_selling_price', 'total_selling_sum', 'min_selling_price', 'max_selling_price',
    'marginality', 'delivery_cost'],
);

const author = createdBy('r');
// the other tables a reserve row names (its product through its offer)
const refs = references({
  product: { table: 'products', alias: 'p', on: 'o.product_id' },
  city: { table: 'cities', alias: 'c', on: 'r.city_id' },
  responsible: { table: 'employees', alias: 'e', on: 'r.responsible_id', name: 'full_name' },
});

// The read side of the section: what the list, the card, the lifecycle and the statistics read through. Its
// bulk-delete hook (a deleted active reserve gives its amount back) is the lifecycle's and is added by the
// plugin (index.ts): the lifecycle reads this spec, so this spec cannot import it.
export const reservesSpec: SectionSpec = {
  section: 'reserves',
  columnDefs: reservesColumns,
  filterDefs: reservesFilters,
  alias: 'r',
  from: sql`FROM reserves r JOIN offers o ON o.id = r.offer_id ${refs.joins} ${author.join}`,
  columns: {
    ...own.columns,
    ...refs.columns,
    packs_amount: sql`round(r.packs_amount, 1)::text`,
    available_amount: money2(sql`o.available_amount`),
    ...author.columns,
    comments: latestComments('reserves', sql`r.id`),
  },
  exportColumns: refs.names,
  sortable: {
    ...own.sortable,
    ...refs.sortable,
    ...author.sortable,
    packs_amount: sql`r.packs_amount`,
  },
  filters: {
    // the amounts and prices go by the reserve's own columns their definitions name (reserved_stock by amount, …)
    ...ownFilters('r', reservesFilters, [
      'statuses_ids', 'offers_ids', 'creators_ids', 'buyer_name', 'delivery_address', 'reserved_stock', 'reserved_unit_price',
      'reserved_total_price', 'unit_selling_price', 'total_selling_price', 'marginality', 'delivery_to_buyer_cost', 'warehouse_delivery_days',
      'created_at', 'estimated_date_implementation', 'actual_date_implementation', 'reserved_until',
    ], {
      reserves_ids: 'id', delivery_city: 'city_id', products_ids: sql`o.product_id`, warehouse_delivery_cost: sql`o.warehouse_cost`,
    }),
    buyer_phone: digitsContain(sql`r.buyer_phone`),
    with_comments: exists(sql`SELECT 1 FROM comments cm WHERE cm.entity_type = 'reserves' AND cm.entity_id = r.id`),
  },
  // a deleted active reserve gives its amount back to the offer
  onDelete: releaseBeforeDelete,
  // own: the reserves the caller's employee is responsible for (DESIGN.md); an account with no employee, the
  // ones it placed
  own: ({ user }) =>
    user.employee_id !== null ? sql`r.responsible_id = ${user.employee_id}` : sql`r.created_by = ${user.id}`,
};
