// The offers list: one row per offer with its references, stock figures and latest comments.
import { sql } from 'drizzle-orm';
import { columns as offersColumns } from '../../../domain/offers/columns';
import { filters as offersFilters } from '../../../domain/offers/filters';
import {
  byIds, exists, latestComments, money2, ownColumns, ownFilters, ref, type SectionSpec,
} from '../../lists/engine';
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

export const offersSpec: SectionSpec = {
  section: 'offers',
  columnDefs: offersColumns,
  filterDefs: offersFilters,
  alias: 'o',
  from: sql`FROM offers o
    LEFT JOIN products p ON p.id = o.product_id
    LEFT JOIN varieties v ON v.id = o.variety_id
    LEFT JOIN packing pk ON pk.id = o.packing_id
    LEFT JOIN cities c ON c.id = o.city_id
    LEFT JOIN suppliers s ON s.id = o.supplier_id
    LEFT JOIN users u ON u.id = o.created_by`,
  columns: {
    ...own.columns,
    reserved_sum: money2(reservedSum),
    available_sum: money2(availableSum),
    product: ref(sql`p.id`, sql`p.name`),
    variety: ref(sql`v.id`, sql`v.name`),
    packaging: ref(sql`pk.id`, sql`pk.name`),
    city: ref(sql`c.id`, sql`c.name`),
    supplier: ref(sql`s.id`, sql`s.name`),
    created_by: sql`coalesce(u.name, u.email)`,
    images: sql`(SELECT coalesce(json_agg(json_build_object('id', f.id, 'url', '/api/files/' || f.id, 'alt', f.original_name) ORDER BY f.id), '[]'::json)
      FROM files f WHERE f.entity_type = 'offers' AND f.entity_id = o.id AND f.kind = 'image')`,
    comments: latestComments('offers', sql`o.id`),
  },
  sortable: {
    ...own.sortable,
    reserved_sum: reservedSum,
    available_sum: availableSum,
    product: sql`p.name`,
    variety: sql`v.name`,
    packaging: sql`pk.name`,
    city: sql`c.name`,
    supplier: sql`s.name`,
    created_by: sql`coalesce(u.name, u.email)`,
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
