// The whole data model (spec point 3, DESIGN.md). Money and amounts are numeric and travel as strings;
// reserved_amount and purchased_amount of an offer are kept by the server in the same transaction as the
// reserve that changes them, so lists can filter and sort by stock without aggregating.
import { sql } from 'drizzle-orm';
import {
  pgTable,
  serial,
  integer,
  bigint,
  text,
  numeric,
  boolean,
  timestamp,
  date,
  jsonb,
  primaryKey,
  index,
  uniqueIndex,
  check,
  customType,
  type ExtraConfigColumn,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const amount = (name: string) => numeric(name, { precision: 14, scale: 3 });
/** A trigram index (pg_trgm, migration 0001): the lists' 'contains' filters on this text column use it. */
const trigram = (name: string, column: ExtraConfigColumn) => index(name).using('gin', column.op('gin_trgm_ops'));

/** Columns every business record has: status, created_at, deleted_at (soft delete), and its version: every
 * UPDATE of the row bumps it (the trigger of migration 0008), so a card's save can tell it was changed since. */
const record = () => ({
  status: text('status').notNull().default('active'),
  version: integer('version').notNull().default(1),
  created_at: ts('created_at').notNull().defaultNow(),
  deleted_at: ts('deleted_at'),
  /** The status a deleted record was deleted from (a trigger of migration 0013 keeps it): where a restore puts it back. */
  deleted_from: text('deleted_from'),
});

/** The id and name of a named row (roles, positions, packing, cities, products, varieties). */
const named = () => ({
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

/** The key of a row that belongs to a role, or to a user, and goes with it. */
const ofRole = () => ({
  role_id: integer('role_id')
    .notNull()
    .references(() => roles.id, { onDelete: 'cascade' }),
});
const ofUser = () => ({
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

/** The table of a named reference section (cities, products): its name, who created it, status and dates. */
const namedSection = <Name extends string>(name: Name) =>
  pgTable(name, { ...named(), created_by: integer('created_by'), ...record() }, (t) => [
    index(`${name}_status_idx`).on(t.status),
  ]);

// ---- access
export const roles = pgTable('roles', {
  ...named(),
  // the role's users may type a reserve's delivery cost below its route's (administrators always may)
  lower_delivery_cost: boolean('lower_delivery_cost').notNull().default(false),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    ...ofRole(),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
    scope: text('scope').notNull(), // all | own | none
  },
  (t) => [primaryKey({ columns: [t.role_id, t.resource, t.action] })],
);

export const roleHiddenFields = pgTable(
  'role_hidden_fields',
  {
    ...ofRole(),
    resource: text('resource').notNull(),
    field: text('field').notNull(),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.resource, t.field] })],
);

// ---- reference data
export const cities = namedSection('cities');

/** The delivery matrix: cost per kg and days from one city to another. */
export const cityDelivery = pgTable(
  'city_delivery',
  {
    from_city_id: integer('from_city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    to_city_id: integer('to_city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    cost: money('cost').notNull(),
    days: integer('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.from_city_id, t.to_city_id] })],
);

export const positions = pgTable('positions', named());

export const products = pgTable(
  'products',
  {
    ...named(),
    created_by: integer('created_by'),
    ...record(),
    // the VAT rate its lines are charged at on an invoice and a УПД (domain/papers/lines.ts)
    vat_rate: text('vat_rate').notNull().default('22'),
  },
  (t) => [
    index('products_status_idx').on(t.status),
    check('products_vat_rate_check', sql`${t.vat_rate} IN ('22', '10', '0', 'none')`),
  ],
);

export const varieties = pgTable('varieties', {
  ...named(),
  product_id: integer('product_id').references(() => products.id),
});

export const packing = pgTable('packing', named());

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    inn: text('inn'),
    phone: text('phone'), // digits only
    email: text('email'),
    contact_name: text('contact_name'),
    location: text('location'),
    loading_address: text('loading_address'),
    city_id: integer('city_id').references(() => cities.id),
    created_by: integer('created_by'),
    ...record(),
  },
  (t) => [
    index('suppliers_status_idx').on(t.status),
    index('suppliers_inn_idx').on(t.inn),
    trigram('suppliers_name_trgm', t.name),
  ],
);

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    full_name: text('full_name').notNull(),
    phone: text('phone'),
    email: text('email'),
    position_id: integer('position_id').references(() => positions.id),
    created_by: integer('created_by'),
    ...record(),
  },
  (t) => [index('employees_status_idx').on(t.status), trigram('employees_full_name_trgm', t.full_name)],
);

// ---- people who sign in
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(), // always stored lower-cased: one account per address
  name: text('name'),
  password_hash: text('password_hash'),
  password_salt: text('password_salt'),
  user_type: text('user_type').notNull(), // admin | employee | supplier
  is_admin: boolean('is_admin').notNull().default(false),
  role_id: integer('role_id').references(() => roles.id),
  employee_id: integer('employee_id').references(() => employees.id),
  supplier_id: integer('supplier_id').references(() => suppliers.id),
  status: text('status').notNull().default('active'),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** Sign-in tokens, stored only as a SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    ...ofUser(),
    token_hash: text('token_hash').notNull().unique(),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    // what the profile's list of sessions shows: the browser, where it signed in from, when it was last used
    // (written at most once a minute per session, server/accounts/sessions.ts)
    user_agent: text('user_agent'),
    address: text('address'),
    last_seen_at: ts('last_seen_at'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Invitation and password-reset links, stored only as a hash, used once. */
export const oneTimeTokens = pgTable('one_time_tokens', {
  id: serial('id').primaryKey(),
  ...ofUser(),
  kind: text('kind').notNull(), // invite | reset
  token_hash: text('token_hash').notNull().unique(),
  created_at: ts('created_at').notNull().defaultNow(),
  expires_at: ts('expires_at').notNull(),
  used_at: ts('used_at'),
});

/** Failed sign-ins per login (lower-cased) and client address, for throttling (server/accounts/throttle.ts);
 * kept in the database so every server instance agrees and a restart does not reset them. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    /** The client's address (an IPv6 one by its /64 network), '' for failures recorded before addresses were. */
    address: text('address').notNull().default(''),
    failed_at: ts('failed_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_login_idx').on(t.login, t.failed_at),
    index('login_failures_address_idx').on(t.address, t.failed_at),
  ],
);

// ---- the business
/** Migration 0010's partial indexes of the offers list: equality filters first, then the sort with its tie-break. */
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

export const reserves = pgTable(
  'reserves',
  {
    id: serial('id').primaryKey(),
    offer_id: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    amount: amount('amount').notNull(),
    packs_amount: amount('packs_amount'),
    unit_price: money('unit_price'),
    total_sum: money('total_sum'),
    unit_selling_price: money('unit_selling_price'),
    total_selling_sum: money('total_selling_sum'),
    min_selling_price: money('min_selling_price'),
    max_selling_price: money('max_selling_price'),
    marginality: money('marginality'),
    // the margin on the route's cost where the delivery cost was typed below it (else the margin itself): what the trade makes
    route_marginality: money('route_marginality'),
    estimated_date_implementation: date('estimated_date_implementation', { mode: 'string' }),
    actual_date_implementation: date('actual_date_implementation', { mode: 'string' }),
    buyer_name: text('buyer_name'),
    buyer_phone: text('buyer_phone'),
    city_id: integer('city_id').references(() => cities.id),
    delivery_address: text('delivery_address'),
    delivery_cost: money('delivery_cost'),
    // the route's cost beside a delivery cost typed below it (null: the cost is the route's or above)
    route_delivery_cost: money('route_delivery_cost'),
    delivery_days: integer('delivery_days'),
    responsible_id: integer('responsible_id').references(() => employees.id),
    // the terms it was made on (domain/reserves/terms.ts), beside unit_price: its band is judged by them until it
    // is re-priced on purpose; the offer's kg price as the offer holds it, the settings to their 4 decimals
    offer_price_kg: numeric('offer_price_kg'),
    unit_weight: amount('unit_weight'),
    costs_per_kg: numeric('costs_per_kg', { precision: 14, scale: 4 }),
    min_markup: numeric('min_markup', { precision: 8, scale: 4 }),
    max_markup: numeric('max_markup', { precision: 8, scale: 4 }),
    // 'Резерв до': an active reserve past this day is expired by the job (server/sections/reserves/expiry.ts)
    reserved_until: date('reserved_until', { mode: 'string' }),
    // the quote it was reserved from, at the quote's held prices
    quote_id: integer('quote_id').references((): AnyPgColumn => quotes.id),
    // the buyer's card (its migration linked the reserves made before it by their buyer's name and phone)
    buyer_id: integer('buyer_id').references(() => buyers.id),
    created_by: integer('created_by').references(() => users.id),
    ...record(), // status: active | completed | cancelled | expired | deleted
  },
  (t) => [
    index('reserves_offer_idx').on(t.offer_id),
    trigram('reserves_buyer_name_trgm', t.buyer_name),
    trigram('reserves_delivery_address_trgm', t.delivery_address),
    index('reserves_status_idx').on(t.status),
    index('reserves_responsible_idx').on(t.responsible_id),
    index('reserves_due_idx')
      .on(t.reserved_until)
      .where(sql`${t.status} = 'active'`),
    index('reserves_buyer_idx').on(t.buyer_id, t.status),
  ],
);

/** Who we sell to, on what terms, and how much credit it has. */
export const buyers = pgTable(
  'buyers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    inn: text('inn'),
    kpp: text('kpp'),
    city_id: integer('city_id').references(() => cities.id),
    delivery_address: text('delivery_address'),
    contact_person: text('contact_person'),
    phone: text('phone'), // digits only
    email: text('email'),
    responsible_id: integer('responsible_id').references(() => employees.id),
    payment_terms: text('payment_terms').notNull().default('prepay'), // prepay | deferral
    deferral_days: integer('deferral_days'),
    credit_limit: money('credit_limit'), // null: no limit
    created_by: integer('created_by'),
    ...record(),
    // the address its invoices and УПД print
    legal_address: text('legal_address'),
  },
  (t) => [
    index('buyers_status_idx').on(t.status),
    index('buyers_inn_idx').on(t.inn),
    index('buyers_responsible_idx').on(t.responsible_id),
    check('buyers_payment_terms_check', sql`${t.payment_terms} IN ('prepay', 'deferral')`),
    check('buyers_deferral_days_check', sql`${t.deferral_days} IS NULL OR ${t.deferral_days} BETWEEN 1 AND 180`),
    check('buyers_credit_limit_check', sql`${t.credit_limit} IS NULL OR ${t.credit_limit} >= 0`),
  ],
);

/** One container or truck: its customs declaration and its cost lines (domain/shipments/costLines.ts), as
 * typed; its lots point to it (offers.shipment_id). */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    supplier_id: integer('supplier_id').references(() => suppliers.id),
    dt_number: text('dt_number'),
    dt_date: date('dt_date', { mode: 'string' }),
    costs: jsonb('costs')
      .notNull()
      .default(sql`'[]'::jsonb`),
    created_by: integer('created_by'),
    ...record(),
  },
  (t) => [index('shipments_status_idx').on(t.status)],
);

/** A buyer's payment against a completed reserve; deleting one (an administrator's) keeps it, marked deleted. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    reserve_id: integer('reserve_id')
      .notNull()
      .references(() => reserves.id),
    date: date('date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    comment: text('comment'),
    version: integer('version').notNull().default(1),
    created_by: integer('created_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
    deleted: boolean('deleted').notNull().default(false),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('payments_reserve_idx')
      .on(t.reserve_id)
      .where(sql`NOT ${t.deleted}`),
    check('payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/** A buyer's opening balance: what he owed on `as_of` by the books kept before the ledger, one per buyer. */
export const buyerOpeningBalances = pgTable('buyer_opening_balances', {
  id: serial('id').primaryKey(),
  buyer_id: integer('buyer_id')
    .notNull()
    .unique()
    .references(() => buyers.id),
  amount: money('amount').notNull(),
  as_of: date('as_of', { mode: 'string' }).notNull(),
  created_by: integer('created_by').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    entity_type: text('entity_type').notNull(), // the section: offers, reserves, …
    entity_id: integer('entity_id').notNull(),
    author_id: integer('author_id').references(() => users.id),
    text: text('text').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('comments_entity_idx').on(t.entity_type, t.entity_id)],
);

export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(), // image | document
    entity_type: text('entity_type'),
    entity_id: integer('entity_id'),
    original_name: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storage_path: text('storage_path').notNull(),
    /** The store holding the contents (migration 0016): disk | database | s3. */
    store: text('store').notNull().default('disk'),
    created_by: integer('created_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('files_entity_idx').on(t.entity_type, t.entity_id),
    check('files_store_check', sql`${t.store} IN ('disk', 'database', 's3')`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v as Uint8Array),
});

/** The contents of the files kept in the database, in chunks of at most 256 KiB (server/db/fileStores.ts). */
export const fileChunks = pgTable(
  'file_chunks',
  {
    storage_key: text('storage_key').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ name: 'file_chunks_pk', columns: [t.storage_key, t.seq] })],
);

/** delivery_cost_default, costs_per_kg, min_markup, max_markup. */
export const businessSettings = pgTable('business_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** Per-user table and card configs (columns, field visibility), keyed by config name. */
export const userSettings = pgTable(
  'user_settings',
  {
    ...ofUser(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] })],
);

/** A user's default filter per section ('Сохранить' in the filter panel). */
export const savedFilters = pgTable(
  'saved_filters',
  {
    ...ofUser(),
    section: text('section').notNull(),
    value: jsonb('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.section] })],
);

/** Every change made on the settings page: who, when, what. Written in the transaction of the change. */
export const adminLog = pgTable(
  'admin_log',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    /** What kind of change: settings, invitation, user, role, permissions, hidden_fields, positions, packing. */
    action: text('action').notNull(),
    /** The change in Russian, as the log shows it. */
    summary: text('summary').notNull(),
    /** The values before and after, for whoever investigates. */
    details: jsonb('details'),
  },
  (t) => [index('admin_log_created_at_idx').on(t.created_at)],
);

/** The history of every record of the six sections (server/records/history.ts): one row per write of a record,
 * in the write's own transaction. `changes` holds [{field, key?, old, new}] by database column; `via` what caused
 * an offer's stock change ({section: 'reserves', step, ids}). Read newest first per record. */
export const recordHistory = pgTable(
  'record_history',
  {
    id: serial('id').primaryKey(),
    section: text('section').notNull(),
    record_id: integer('record_id').notNull(),
    action: text('action').notNull(), // create | update | delete | stock
    user_id: integer('user_id').references(() => users.id),
    at: ts('at').notNull().defaultNow(),
    changes: jsonb('changes')
      .notNull()
      .default(sql`'[]'::jsonb`),
    via: jsonb('via'),
    /** The record's version after this write: a stale save answers the changes made after the version it saw. */
    version: integer('version'),
  },
  (t) => [
    index('record_history_record_idx').on(t.section, t.record_id, t.id),
    // an offer's sell-out (its status turning 'completed'): the analytics' lots' turnover (migration 0015)
    index('record_history_sold_out_idx')
      .on(t.record_id, t.at)
      .where(sql`${t.section} = 'offers' AND ${t.changes} @> '[{"field": "status", "new": "completed"}]'::jsonb`),
  ],
);

/** A buyer's price list shared by a link: the request it was built with, read live at every visit by
 * whoever holds the random token, until the list's validity ends or its creator revokes it. */
export const priceListLinks = pgTable(
  'price_list_links',
  {
    id: serial('id').primaryKey(),
    ...ofUser(),
    token: text('token').notNull().unique(),
    city_id: integer('city_id')
      .notNull()
      .references(() => cities.id),
    /** The price list's query string (domain/priceList/query.ts): filters, level, rounding, validity. */
    query: text('query').notNull(),
    /** The lines as priced when the link was made (domain/priceList/lines.ts), held until valid_until as a
     * quote's are; null for a link made before, which reads live. */
    lines: jsonb('lines'),
    valid_until: date('valid_until', { mode: 'string' }).notNull(),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('price_list_links_user_idx').on(t.user_id)],
);

/** A quote: the lines named to one buyer's city with their prices and the terms they were priced on,
 * held until valid_until; its public link's token; 'accepted' once reserved from. */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    city_id: integer('city_id')
      .notNull()
      .references(() => cities.id),
    // the buyer card, when the quote names one (migration 0025); buyer_name is its name then
    buyer_id: integer('buyer_id').references(() => buyers.id),
    buyer_name: text('buyer_name'),
    lines: jsonb('lines').notNull(),
    valid_until: date('valid_until', { mode: 'string' }).notNull(),
    token: text('token').notNull().unique(),
    token_revoked_at: ts('token_revoked_at'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('active'), // active | accepted | deleted (expired: past valid_until)
    version: integer('version').notNull().default(1),
    created_at: ts('created_at').notNull().defaultNow(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('quotes_created_by_idx').on(t.created_by), index('quotes_buyer_idx').on(t.buyer_id)],
);

/** One counter that every change of a session, user, role permission or hidden field bumps in its own transaction
 * (migration 0010's triggers): the per-request auth cache (server/accounts/authCache.ts) is valid while it stands. */
export const authEpoch = pgTable(
  'auth_epoch',
  {
    id: integer('id').primaryKey().default(1),
    epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('auth_epoch_one_row', sql`${t.id} = 1`)],
);

/** A user's notifications (the bell): what happened to which record, newest first; `dedupe_key` keeps a notice
 * the job makes every minute ('expires tomorrow') to one per reserve and day. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    section: text('section').notNull(),
    record_id: integer('record_id').notNull(),
    text: text('text').notNull(),
    dedupe_key: text('dedupe_key'),
    created_at: ts('created_at').notNull().defaultNow(),
    read_at: ts('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.user_id, t.id),
    index('notifications_unread_idx')
      .on(t.user_id)
      .where(sql`${t.read_at} IS NULL`),
    uniqueIndex('notifications_dedupe_idx').on(t.user_id, t.dedupe_key),
  ],
);

/** The Central Bank's daily rates (migration 0045): rubles for `nominal` units and for one, per date and currency,
 * from the feed ('cbr') or typed by an administrator ('manual'); never overwritten (a trigger refuses an UPDATE). */
export const currencyRates = pgTable(
  'currency_rates',
  {
    date: date('date', { mode: 'string' }).notNull(),
    code: text('code').notNull(),
    nominal: integer('nominal').notNull(),
    value: numeric('value', { precision: 20, scale: 10 }).notNull(),
    unit_rate: numeric('unit_rate', { precision: 20, scale: 10 }).notNull(),
    source: text('source').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'currency_rates_pk', columns: [t.date, t.code] }),
    index('currency_rates_code_date_idx').on(t.code, t.date),
    check('currency_rates_source_check', sql`${t.source} IN ('cbr', 'manual')`),
    check('currency_rates_positive_check', sql`${t.unit_rate} > 0 AND ${t.nominal} > 0`),
  ],
);

/** The types of lot documents (migration 0018): a reference list the settings page extends. The seeded
 * ones carry a code the server knows them by ('other', 'phytosanitary'); `expires`: a document of the type must say
 * until when it is valid. */
export const documentTypes = pgTable('document_types', {
  ...named(),
  code: text('code').unique(),
  expires: boolean('expires').notNull().default(false),
});

/** An offer's document: its file (in `files`, attached to the offer) typed and dated, whether a buyer may see it,
 * and a lab protocol's measured values. */
export const offerDocuments = pgTable(
  'offer_documents',
  {
    id: serial('id').primaryKey(),
    offer_id: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    file_id: integer('file_id')
      .notNull()
      .unique()
      .references(() => files.id, { onDelete: 'cascade' }),
    type_id: integer('type_id')
      .notNull()
      .references(() => documentTypes.id),
    number: text('number'),
    issued_on: date('issued_on', { mode: 'string' }),
    valid_until: date('valid_until', { mode: 'string' }),
    issuer: text('issuer'),
    shareable: boolean('shareable').notNull().default(false),
    aflatoxin_b1: numeric('aflatoxin_b1', { precision: 10, scale: 3 }),
    moisture: numeric('moisture', { precision: 5, scale: 2 }),
    version: integer('version').notNull().default(1),
    created_by: integer('created_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
    /** Migration 0038: a shareable document reaches buyers once staff confirmed it; a supplier's mark waits. */
    share_confirmed_by: integer('share_confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    share_confirmed_at: ts('share_confirmed_at'),
  },
  (t) => [
    index('offer_documents_offer_idx').on(t.offer_id, t.type_id),
    index('offer_documents_valid_until_idx')
      .on(t.valid_until)
      .where(sql`${t.valid_until} IS NOT NULL`),
  ],
);

/** A lot document's changes (migration 0029): who added, changed or removed it, when, what (old → new)
 * and its version after the write; a stale change answers from it, the offer's history lists it. */
export const documentHistory = pgTable(
  'document_history',
  {
    id: serial('id').primaryKey(),
    document_id: integer('document_id').notNull(),
    offer_id: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    action: text('action').notNull(), // create | update | delete
    user_id: integer('user_id').references(() => users.id),
    at: ts('at').notNull().defaultNow(),
    /** The document as named when written: 'Фитосанитарный сертификат № ФС-1'. */
    document: text('document').notNull(),
    changes: jsonb('changes')
      .notNull()
      .default(sql`'[]'::jsonb`),
    version: integer('version').notNull(),
  },
  (t) => [
    index('document_history_document_idx').on(t.document_id, t.id),
    index('document_history_offer_idx').on(t.offer_id, t.id),
  ],
);

/** The document types a product's lots need (the product card). */
export const productDocumentTypes = pgTable(
  'product_document_types',
  {
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    type_id: integer('type_id')
      .notNull()
      .references(() => documentTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'product_document_types_pk', columns: [t.product_id, t.type_id] })],
);

/** A supplier's price-list profile: how its files are read (domain/suppliers/priceList.ts). */
/** Room an upload holds in its user's quota of unsaved uploads while its body streams in (migration 0026). */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: integer('bytes').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('upload_reservations_user_idx').on(t.user_id)],
);

export const priceListProfiles = pgTable('price_list_profiles', {
  supplier_id: integer('supplier_id')
    .primaryKey()
    .references(() => suppliers.id),
  profile: jsonb('profile').notNull(),
  updated_by: integer('updated_by').references(() => users.id),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

/** A supplier's uploaded price list: its sheets as read, the stored file, and what applying it did. */
export const priceListUploads = pgTable(
  'price_list_uploads',
  {
    id: serial('id').primaryKey(),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    file_id: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    file_name: text('file_name').notNull(),
    sheets: jsonb('sheets').notNull(),
    uploaded_by: integer('uploaded_by').references(() => users.id),
    uploaded_at: ts('uploaded_at').notNull().defaultNow(),
    applied_by: integer('applied_by').references(() => users.id),
    applied_at: ts('applied_at'),
    counts: jsonb('counts'),
  },
  (t) => [index('price_list_uploads_supplier_idx').on(t.supplier_id, t.id)],
);

/** A lot's country text an administrator mapped to a classifier's code once (domain/oksm.ts normalizes it). */
export const countryMappings = pgTable(
  'country_mappings',
  {
    text: text('text').primaryKey(),
    oksm_code: text('oksm_code').notNull(),
    mapped_by: integer('mapped_by').references(() => users.id, { onDelete: 'set null' }),
    mapped_at: ts('mapped_at').notNull().defaultNow(),
  },
  (t) => [check('country_mappings_oksm_code_check', sql`${t.oksm_code} ~ '^[0-9]{3}$'`)],
);

/** A УПД (status 1, СЧФДОП), numbered per year in the business zone; its parties and figures are written once
 * and never edited in place (cancelled, keeping its number, and made again). */
export const updDocuments = pgTable(
  'upd_documents',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    shipment_date: date('shipment_date', { mode: 'string' }).notNull(),
    buyer_id: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    guid: text('guid').notNull(),
    file_id: text('file_id').notNull(),
    formed_at: ts('formed_at').notNull().defaultNow(),
    seller: jsonb('seller').notNull(),
    buyer: jsonb('buyer').notNull(),
    signer: jsonb('signer').notNull(),
    sum_without_vat: money('sum_without_vat').notNull(),
    vat_sum: money('vat_sum').notNull(),
    sum_with_vat: money('sum_with_vat').notNull(),
    status: text('status').notNull().default('active'), // active | cancelled
    version: integer('version').notNull().default(1),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    cancelled_by: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelled_at: ts('cancelled_at'),
  },
  (t) => [
    uniqueIndex('upd_documents_year_number_idx').on(t.year, t.number),
    index('upd_documents_buyer_idx').on(t.buyer_id),
    check('upd_documents_status_check', sql`${t.status} IN ('active', 'cancelled')`),
  ],
);

/** A УПД's line: one completed reserve, its figures as the document states them. */
export const updLines = pgTable(
  'upd_lines',
  {
    upd_id: integer('upd_id')
      .notNull()
      .references(() => updDocuments.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    reserve_id: integer('reserve_id')
      .notNull()
      .references(() => reserves.id),
    name: text('name').notNull(),
    okei: text('okei').notNull(),
    unit_name: text('unit_name').notNull(),
    quantity: amount('quantity').notNull(),
    price: money('price').notNull(),
    sum_without_vat: money('sum_without_vat').notNull(),
    vat_rate: text('vat_rate').notNull(),
    vat_sum: money('vat_sum').notNull(),
    sum_with_vat: money('sum_with_vat').notNull(),
    origin_code: text('origin_code'),
    origin_short: text('origin_short'),
    declaration: text('declaration'),
    cancelled: boolean('cancelled').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.upd_id, t.n] }),
    index('upd_lines_reserve_idx').on(t.reserve_id),
    // a reserve is on one live УПД at most
    uniqueIndex('upd_lines_live_reserve_idx')
      .on(t.reserve_id)
      .where(sql`NOT ${t.cancelled}`),
    check('upd_lines_vat_rate_check', sql`${t.vat_rate} IN ('22', '10', '0', 'none')`),
  ],
);
