// The papers: ОКСМ country mappings, УПД documents and their lines.
import { sql } from 'drizzle-orm';
import {
  pgTable,
  serial,
  integer,
  text,
  boolean,
  date,
  jsonb,
  primaryKey,
  index,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';
import { buyers } from './buyers';
import { amount, money, ts } from './columns';
import { users } from './people';
import { reserves } from './reserves';

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
