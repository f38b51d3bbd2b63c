// The reserves list: a buyer's reservation against an offer, with its selling figures and delivery.
import { sql } from 'drizzle-orm';
import { byIds, byValues, contains, dateRange, exists, latestComments, money2, numberRange, ref, type SectionSpec } from '../lists/engine';

export const reservesSpec: SectionSpec = {
  section: 'reserves',
  alias: 'r',
  from: sql`FROM reserves r
    JOIN offers o ON o.id = r.offer_id
    LEFT JOIN products p ON p.id = o.product_id
    LEFT JOIN cities c ON c.id = r.city_id
    LEFT JOIN employees e ON e.id = r.responsible_id
    LEFT JOIN users u ON u.id = r.created_by`,
  columns: {
    id: sql`r.id`,
    offer_id: sql`r.offer_id`,
    product: ref(sql`p.id`, sql`p.name`),
    status: sql`r.status`,
    amount: money2(sql`r.amount`),
    packs_amount: sql`round(r.packs_amount, 1)::text`,
    unit_price: money2(sql`r.unit_price`),
    total_sum: money2(sql`r.total_sum`),
    unit_selling_price: money2(sql`r.unit_selling_price`),
    total_selling_sum: money2(sql`r.total_selling_sum`),
    min_selling_price: money2(sql`r.min_selling_price`),
    max_selling_price: money2(sql`r.max_selling_price`),
    marginality: money2(sql`r.marginality`),
    buyer_name: sql`r.buyer_name`,
    buyer_phone: sql`r.buyer_phone`,
    city: ref(sql`c.id`, sql`c.name`),
    delivery_address: sql`r.delivery_address`,
    delivery_cost: money2(sql`r.delivery_cost`),
    delivery_days: sql`r.delivery_days`,
    estimated_date_implementation: sql`r.estimated_date_implementation`,
    actual_date_implementation: sql`r.actual_date_implementation`,
    responsible: ref(sql`e.id`, sql`e.full_name`),
    responsible_id: sql`r.responsible_id`,
    available_amount: money2(sql`o.available_amount`),
    created_by: sql`coalesce(u.name, u.email)`,
    created_at: sql`r.created_at`,
    deleted_at: sql`r.deleted_at`,
    comments: latestComments('reserves', sql`r.id`),
  },
  sortable: {
    id: sql`r.id`, offer_id: sql`r.offer_id`, product: sql`p.name`, status: sql`r.status`, amount: sql`r.amount`,
    packs_amount: sql`r.packs_amount`, unit_price: sql`r.unit_price`, total_sum: sql`r.total_sum`,
    unit_selling_price: sql`r.unit_selling_price`, total_selling_sum: sql`r.total_selling_sum`, marginality: sql`r.marginality`,
    buyer_name: sql`r.buyer_name`, buyer_phone: sql`r.buyer_phone`, city: sql`c.name`, delivery_address: sql`r.delivery_address`,
    delivery_cost: sql`r.delivery_cost`, delivery_days: sql`r.delivery_days`,
    estimated_date_implementation: sql`r.estimated_date_implementation`, actual_date_implementation: sql`r.actual_date_implementation`,
    responsible: sql`e.full_name`, created_by: sql`coalesce(u.name, u.email)`, created_at: sql`r.created_at`,
  },
  filters: {
    reserves_ids: byIds(sql`r.id`),
    statuses_ids: byValues(sql`r.status`),
    products_ids: byIds(sql`o.product_id`),
    offers_ids: byIds(sql`r.offer_id`),
    creators_ids: byIds(sql`r.created_by`),
    buyer_name: contains(sql`r.buyer_name`),
    buyer_phone: (f) => contains(sql`r.buyer_phone`)({ ...f, value: (f as { value: string }).value.replace(/\D/g, '') } as never),
    delivery_city: byIds(sql`r.city_id`),
    delivery_address: contains(sql`r.delivery_address`),
    reserved_stock: numberRange(sql`r.amount`),
    reserved_unit_price: numberRange(sql`r.unit_price`),
    reserved_total_price: numberRange(sql`r.total_sum`),
    unit_selling_price: numberRange(sql`r.unit_selling_price`),
    total_selling_price: numberRange(sql`r.total_selling_sum`),
    marginality: numberRange(sql`r.marginality`),
    delivery_to_buyer_cost: numberRange(sql`r.delivery_cost`),
    warehouse_delivery_cost: numberRange(sql`o.warehouse_cost`),
    warehouse_delivery_days: numberRange(sql`r.delivery_days`),
    created_at: dateRange(sql`r.created_at`),
    estimated_date_implementation: dateRange(sql`r.estimated_date_implementation`),
    actual_date_implementation: dateRange(sql`r.actual_date_implementation`),
    with_comments: exists(sql`SELECT 1 FROM comments cm WHERE cm.entity_type = 'reserves' AND cm.entity_id = r.id`),
  },
  // own: the reserves the caller is responsible for, or placed
  own: ({ user }) =>
    user.employee_id !== null
      ? sql`(r.responsible_id = ${user.employee_id} OR r.created_by = ${user.id})`
      : sql`r.created_by = ${user.id}`,
};
