// Offers (lots). reserved_amount and purchased_amount are kept by the server in the same transaction as the
// reserve that changes them, so lists can filter and sort by stock without aggregating.
import { sql } from 'drizzle-orm';
import {
  pgTable,
  serial,
  integer,
  text,
  date,
  index,
  check,
  numeric,
  type ExtraConfigColumn,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { amount, money, record, trigram } from './columns';
import { users } from './people';
import { cities, packing, products, suppliers, varieties } from './references';
import { shipments } from './shipments';

const liveOffersIndexes = (
  t: Record<'product_id' | 'status' | 'unit_price' | 'created_at' | 'supplier_id' | 'id', ExtraConfigColumn>,
) => {
  const live = sql`${t.status} <> 'deleted'`;
  return [
    index('offers_live_product_status_price_idx')
      .on(t.product_id, t.status, t.unit_price.asc().nullsFirst(), t.id)
      .where(live),
    index('offers_live_status_price_idx').on(t.status, t.unit_price.asc().nullsFirst(), t.id).where(live),
    index('offers_live_price_idx').on(t.unit_price.asc().nullsFirst(), t.id).where(live),
    index('offers_live_status_created_idx').on(t.status, t.created_at.asc().nullsFirst(), t.id).where(live),
    index('offers_live_created_idx').on(t.created_at.asc().nullsFirst(), t.id).where(live),
    index('offers_live_product_status_idx').on(t.product_id, t.status, t.id).where(live),
    index('offers_live_supplier_status_idx').on(t.supplier_id, t.status, t.id).where(live),
    index('offers_live_status_idx').on(t.status, t.id).where(live),
  ];
};

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id),
    variety_id: integer('variety_id').references(() => varieties.id),
    packing_id: integer('packing_id').references(() => packing.id),
    city_id: integer('city_id').references(() => cities.id),
    supplier_id: integer('supplier_id').references(() => suppliers.id),
    harvest_year: text('harvest_year'),
    origin_country: text('origin_country'),
    unit_measure: text('unit_measure'), // шт | кг
    unit_weight: amount('unit_weight'),
    units_per_pack: amount('units_per_pack'),
    unit_amount: amount('unit_amount').notNull(),
    unit_price: money('unit_price').notNull(),
    total_sum: money('total_sum'),
    kg_price: money('kg_price'),
    warehouse_cost: money('warehouse_cost'),
    min_unit_price: money('min_unit_price'),
    max_unit_price: money('max_unit_price'),
    reserved_amount: amount('reserved_amount').notNull().default('0'),
    // the sum of its active reserves' own sums, kept by the database after every statement on reserves
    // (migration 0041, trigger offers_reserved_sum_follow), so no list or export sums them per row
    reserved_sum: money('reserved_sum').notNull().default('0'),
    purchased_amount: amount('purchased_amount').notNull().default('0'),
    available_amount: amount('available_amount').generatedAlwaysAs(
      sql`unit_amount - reserved_amount - purchased_amount`,
    ),
    loading_address: text('loading_address'),
    // an imported lot's customs declaration number (ДТ), which its УПД lines carry (migration 0051)
    customs_declaration: text('customs_declaration'),
    // on stock, or on its way and expected that day (migration 0019)
    logistics_state: text('logistics_state').notNull().default('stock'),
    expected_arrival: date('expected_arrival', { mode: 'string' }),
    // the lot's papers as stored (migration 0030, server/records/documentsState.ts): the state, the required
    // types missing, the types lapsed, the required ones of either, the first expiry and the day the state next turns
    documents_state: text('documents_state').notNull().default('ok'),
    documents_missing: text('documents_missing')
      .array()
      .notNull()
      .default(sql`'{}'`),
    documents_expired: text('documents_expired')
      .array()
      .notNull()
      .default(sql`'{}'`),
    documents_blocking: text('documents_blocking')
      .array()
      .notNull()
      .default(sql`'{}'`),
    documents_expires_on: date('documents_expires_on', { mode: 'string' }),
    documents_turns_on: date('documents_turns_on', { mode: 'string' }),
    // the shipment (container) the lot came in, and its landed cost per kg as the shipment last computed it
    shipment_id: integer('shipment_id').references((): AnyPgColumn => shipments.id),
    landed_kg_cost: money('landed_kg_cost'),
    // a lot bought in a currency (migration 0055): the supplier's price per unit in it, how the ruble price follows
    // the rate ('daily' the Bank's rate of each business day, 'fixed' the typed rate of a day; none for a ruble lot),
    // and the rate the stored unit_price was computed at
    purchase_currency: text('purchase_currency').notNull().default('RUB'),
    purchase_price: money('purchase_price'),
    rate_policy: text('rate_policy'),
    fixed_rate: numeric('fixed_rate', { precision: 20, scale: 10 }),
    fixed_rate_date: date('fixed_rate_date', { mode: 'string' }),
    purchase_rate: numeric('purchase_rate', { precision: 20, scale: 10 }),
    purchase_rate_date: date('purchase_rate_date', { mode: 'string' }),
    created_by: integer('created_by').references(() => users.id),
    ...record(),
  },
  (t) => [
    index('offers_status_idx').on(t.status),
    index('offers_shipment_idx')
      .on(t.shipment_id)
      .where(sql`${t.shipment_id} IS NOT NULL`),
    trigram('offers_loading_address_trgm', t.loading_address),
    trigram('offers_origin_country_trgm', t.origin_country),
    check('offers_documents_state_known', sql`${t.documents_state} IN ('ok', 'expiring', 'expired', 'missing')`),
    // the list's filter by the state (live rows, in the list's id order) and the daily job's offers that turn
    index('offers_live_documents_state_idx')
      .on(t.documents_state, t.id)
      .where(sql`${t.status} <> 'deleted'`),
    index('offers_documents_turns_on_idx')
      .on(t.documents_turns_on)
      .where(sql`${t.documents_turns_on} IS NOT NULL`),
    index('offers_expected_arrival_idx')
      .on(t.expected_arrival)
      .where(sql`${t.expected_arrival} IS NOT NULL`),
    check('offers_logistics_state_known', sql`${t.logistics_state} IN ('supplier', 'in_transit', 'customs', 'stock')`),
    check(
      'offers_expected_arrival_on_the_way',
      sql`${t.logistics_state} = 'stock' OR ${t.expected_arrival} IS NOT NULL`,
    ),
    // the lots the Bank's new rate of a currency re-prices, in batches by id
    index('offers_daily_currency_idx')
      .on(t.purchase_currency, t.id)
      .where(sql`${t.rate_policy} = 'daily' AND ${t.status} = 'active'`),
    check(
      'offers_purchase_currency_known',
      sql`${t.purchase_currency} IN ('RUB', 'USD', 'EUR', 'CNY', 'TRY', 'AED', 'KZT', 'UZS')`,
    ),
    check('offers_rate_policy_known', sql`${t.rate_policy} IS NULL OR ${t.rate_policy} IN ('daily', 'fixed')`),
    index('offers_created_at_idx').on(t.created_at),
    index('offers_product_idx').on(t.product_id),
    index('offers_supplier_idx').on(t.supplier_id),
    index('offers_city_idx').on(t.city_id),
    // the lists' indexes (migration 0010): live rows only, in the list engine's sort order (x NULLS FIRST, id)
    ...liveOffersIndexes(t),
    // a quote's and a price list's lots (migration 0024): every column they read, lots with stock only, so the
    // read is an index-only scan
    index('offers_quote_lots_idx')
      .on(
        t.product_id,
        t.id,
        t.city_id,
        t.variety_id,
        t.packing_id,
        t.harvest_year,
        t.origin_country,
        t.unit_measure,
        t.unit_weight,
        t.units_per_pack,
        t.kg_price,
        t.unit_price,
        t.available_amount,
        t.logistics_state,
        t.expected_arrival,
      )
      .where(sql`${t.status} = 'active' AND ${t.available_amount} > 0`),
    // The database's own line behind server/sections/offers/stock.ts: no offer is ever oversold or under zero.
    check('offers_reserved_amount_not_negative', sql`${t.reserved_amount} >= 0`),
    check('offers_purchased_amount_not_negative', sql`${t.purchased_amount} >= 0`),
    check(
      'offers_available_amount_not_negative',
      sql`${t.unit_amount} - ${t.reserved_amount} - ${t.purchased_amount} >= 0`,
    ),
  ],
);
