// The offers list: one row per offer with its references, stock figures and latest comments.
import { sql } from 'drizzle-orm';
import { columns as offersColumns } from '../../../domain/offers/columns';
import { filters as offersFilters } from '../../../domain/offers/filters';
import {
  byIds, createdBy, exists, latestComments, money2, ownColumns, ownFilters, references,
} from '../../lists/engine';
import type { SectionSpec } from '../../spec/section';
import { unreserved } from './stock';

const own = ownColumns(
  'o',
  ['id', 'status', 'harvest_year', 'origin_country', 'unit_measure', 'loading_address', 'created_at', 'deleted_at'],
  ['unit_weight', 'units_per_pack', 'unit_amount', 'unit_price', 'kg_price', 'total_sum', 'reserved_amount', 'purchased_amount',
    'available_amount', 'warehouse_cost', 'min_unit_price', 'max_unit_price'],
);
const reservedSum = sql`o.reserved_amount * o.unit_price`;
const availableSum = sql`o.available_amount * o.unit_price`;
const hasFile = (kind: string) => sql`SELECT 1 FROM files f WHERE f.entity_type = 'offers' AND f.entity_id = o.id AND f.kind = ${kind}`;

const author = createdBy('o');
// the other tables an offer row names; the aliases are the ones its filters and search use
const refs = references({
  product: { table: 'products', alias: 'p', on: 'o.product_id' },
  variety: { table: 'varieties', alias: 'v', on: 'o.variety_id' },
  packaging: { table: 'packing', alias: 'pk', on: 'o.packing_id' },
  city: { table: 'cities', alias: 'c', on: 'o.city_id' },
  supplier: { table: 'suppliers', alias: 's', on: 'o.supplier_id' },
});

export const offersSpec: SectionSpec = {
  section: 'offers',
  columnDefs: offersColumns,
  filterDefs: offersFilters,
  alias: 'o',
  from: sql`FROM offers o ${refs.joins} ${author.join}`,
  // every filter below and "own" read the offer's own columns (or a subquery of their own): the count needs no join
  countFrom: sql`FROM offers o`,
  columns: {
    ...own.columns,
    // a weight is kept to the gram (0.125 kg), the kg price is computed from it
    unit_weight: sql`round(o.unit_weight, 3)::text`,
    reserved_sum: money2(reservedSum),
    available_sum: money2(availableSum),
    ...refs.columns,
    ...author.columns,
    images: sql`(SELECT coalesce(json_agg(json_build_object('id', f.id, 'url', '/api/files/' || f.id, 'alt', f.original_name) ORDER BY f.id), '[]'::json)
      FROM files f WHERE f.entity_type = 'offers' AND f.entity_id = o.id AND f.kind = 'image')`,
    comments: latestComments('offers', sql`o.id`),
  },
  exportColumns: refs.names,
  sortable: {
    ...own.sortable,
    reserved_sum: reservedSum,
    available_sum: availableSum,
    ...refs.sortable,
    ...author.sortable,
  },
  filters: {
    ...ownFilters('o', offersFilters, [
      'statuses_ids', 'harvest_years', 'origin_country', 'loading_address', 'unit_amount', 'unit_price', 'total_sum', 'reserved_amount',
      'purchased_amount', 'available_amount', 'warehouse_cost', 'min_unit_price', 'max_unit_price', 'creators_ids', 'created_at',
    ], {
      offers_ids: 'id', products_ids: 'product_id', suppliers_ids: 'supplier_id', cities_ids: 'city_id', varieties_ids: 'variety_id',
      packaging_ids: 'packing_id', reserved_sum: reservedSum, available_sum: availableSum,
    }),
    reserve_ids: (f) => sql`EXISTS (SELECT 1 FROM reserves r WHERE r.offer_id = o.id AND ${byIds(sql`r.id`)(f)})`,
    // a deal is a completed reserve
    deal_ids: (f) => sql`EXISTS (SELECT 1 FROM reserves r WHERE r.offer_id = o.id AND r.status = 'completed' AND ${byIds(sql`r.id`)(f)})`,
    with_image: exists(hasFile('image')),
    with_documents: exists(hasFile('document')),
    with_comments: exists(sql`SELECT 1 FROM comments cm WHERE cm.entity_type = 'offers' AND cm.entity_id = o.id`),
  },
  // an offer with active reserves stays (it counts in notDeleted)
  deletable: unreserved('o'),
  // own: what the caller created; a supplier's user also sees every offer of its supplier
  own: ({ user }) =>
    user.supplier_id !== null
      ? sql`(o.created_by = ${user.id} OR o.supplier_id = ${user.supplier_id})`
      : sql`o.created_by = ${user.id}`,
};
