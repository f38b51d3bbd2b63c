// The offers list: one row per offer with its references, stock figures and latest comments.
import { sql } from 'drizzle-orm';
import {
  byIds, byValues, contains, dateRange, exists, latestComments, money2, numberRange, ref, type SectionSpec,
} from '../lists/engine';

const reservedSum = sql`o.reserved_amount * o.unit_price`;
const availableSum = sql`o.available_amount * o.unit_price`;
const hasFile = (kind: string) => sql`SELECT 1 FROM files f WHERE f.entity_type = 'offers' AND f.entity_id = o.id AND f.kind = ${kind}`;

export const offersSpec: SectionSpec = {
  section: 'offers',
  alias: 'o',
  from: sql`FROM offers o
    LEFT JOIN products p ON p.id = o.product_id
    LEFT JOIN varieties v ON v.id = o.variety_id
    LEFT JOIN packing pk ON pk.id = o.packing_id
    LEFT JOIN cities c ON c.id = o.city_id
    LEFT JOIN suppliers s ON s.id = o.supplier_id
    LEFT JOIN users u ON u.id = o.created_by`,
  columns: {
    id: sql`o.id`,
    status: sql`o.status`,
    harvest_year: sql`o.harvest_year`,
    origin_country: sql`o.origin_country`,
    unit_measure: sql`o.unit_measure`,
    unit_weight: money2(sql`o.unit_weight`),
    units_per_pack: money2(sql`o.units_per_pack`),
    unit_amount: money2(sql`o.unit_amount`),
    unit_price: money2(sql`o.unit_price`),
    kg_price: money2(sql`o.kg_price`),
    total_sum: money2(sql`o.total_sum`),
    reserved_amount: money2(sql`o.reserved_amount`),
    reserved_sum: money2(reservedSum),
    purchased_amount: money2(sql`o.purchased_amount`),
    available_amount: money2(sql`o.available_amount`),
    available_sum: money2(availableSum),
    warehouse_cost: money2(sql`o.warehouse_cost`),
    min_unit_price: money2(sql`o.min_unit_price`),
    max_unit_price: money2(sql`o.max_unit_price`),
    product: ref(sql`p.id`, sql`p.name`),
    variety: ref(sql`v.id`, sql`v.name`),
    packaging: ref(sql`pk.id`, sql`pk.name`),
    city: ref(sql`c.id`, sql`c.name`),
    supplier: ref(sql`s.id`, sql`s.name`),
    loading_address: sql`o.loading_address`,
    created_by: sql`coalesce(u.name, u.email)`,
    created_at: sql`o.created_at`,
    deleted_at: sql`o.deleted_at`,
    images: sql`(SELECT coalesce(json_agg(json_build_object('id', f.id, 'url', '/api/files/' || f.id, 'alt', f.original_name) ORDER BY f.id), '[]'::json)
      FROM files f WHERE f.entity_type = 'offers' AND f.entity_id = o.id AND f.kind = 'image')`,
    comments: latestComments('offers', sql`o.id`),
  },
  sortable: {
    id: sql`o.id`,
    status: sql`o.status`,
    harvest_year: sql`o.harvest_year`,
    origin_country: sql`o.origin_country`,
    unit_measure: sql`o.unit_measure`,
    unit_weight: sql`o.unit_weight`,
    units_per_pack: sql`o.units_per_pack`,
    unit_amount: sql`o.unit_amount`,
    unit_price: sql`o.unit_price`,
    kg_price: sql`o.kg_price`,
    total_sum: sql`o.total_sum`,
    reserved_amount: sql`o.reserved_amount`,
    reserved_sum: reservedSum,
    purchased_amount: sql`o.purchased_amount`,
    available_amount: sql`o.available_amount`,
    available_sum: availableSum,
    warehouse_cost: sql`o.warehouse_cost`,
    min_unit_price: sql`o.min_unit_price`,
    max_unit_price: sql`o.max_unit_price`,
    product: sql`p.name`,
    variety: sql`v.name`,
    packaging: sql`pk.name`,
    city: sql`c.name`,
    supplier: sql`s.name`,
    loading_address: sql`o.loading_address`,
    created_by: sql`coalesce(u.name, u.email)`,
    created_at: sql`o.created_at`,
  },
  filters: {
    offers_ids: byIds(sql`o.id`),
    statuses_ids: byValues(sql`o.status`),
    products_ids: byIds(sql`o.product_id`),
    suppliers_ids: byIds(sql`o.supplier_id`),
    cities_ids: byIds(sql`o.city_id`),
    varieties_ids: byIds(sql`o.variety_id`),
    packaging_ids: byIds(sql`o.packing_id`),
    harvest_years: byValues(sql`o.harvest_year`),
    origin_country: contains(sql`o.origin_country`),
    loading_address: contains(sql`o.loading_address`),
    unit_amount: numberRange(sql`o.unit_amount`),
    unit_price: numberRange(sql`o.unit_price`),
    total_sum: numberRange(sql`o.total_sum`),
    reserved_amount: numberRange(sql`o.reserved_amount`),
    reserved_sum: numberRange(reservedSum),
    purchased_amount: numberRange(sql`o.purchased_amount`),
    available_amount: numberRange(sql`o.available_amount`),
    available_sum: numberRange(availableSum),
    warehouse_cost: numberRange(sql`o.warehouse_cost`),
    min_unit_price: numberRange(sql`o.min_unit_price`),
    max_unit_price: numberRange(sql`o.max_unit_price`),
    reserve_ids: (f) => sql`EXISTS (SELECT 1 FROM reserves r WHERE r.offer_id = o.id AND ${byIds(sql`r.id`)(f)})`,
    // a deal is a completed reserve
    deal_ids: (f) => sql`EXISTS (SELECT 1 FROM reserves r WHERE r.offer_id = o.id AND r.status = 'completed' AND ${byIds(sql`r.id`)(f)})`,
    creators_ids: byIds(sql`o.created_by`),
    created_at: dateRange(sql`o.created_at`),
    with_image: exists(hasFile('image')),
    with_documents: exists(hasFile('document')),
    with_comments: exists(sql`SELECT 1 FROM comments cm WHERE cm.entity_type = 'offers' AND cm.entity_id = o.id`),
  },
  // own: what the caller created; a supplier's user also sees every offer of its supplier
  own: ({ user }) =>
    user.supplier_id !== null
      ? sql`(o.created_by = ${user.id} OR o.supplier_id = ${user.supplier_id})`
      : sql`o.created_by = ${user.id}`,
};
