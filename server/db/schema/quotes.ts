// Buyers' price-list links, quotes, and suppliers' own price lists (profiles and uploads).
import { pgTable, serial, integer, text, date, jsonb, boolean, index } from 'drizzle-orm/pg-core';
import { buyers } from './buyers';
import { ts } from './columns';
import { files } from './files';
import { ofUser, users } from './people';
import { cities, suppliers } from './references';

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
    // the margins' check after each new rate (migration 0056): a held price on a 'daily' lot whose margin at today's
    // cost fell below the minimum, or whose rate moved past the threshold; the lines it was judged on
    margin_at_risk: boolean('margin_at_risk').notNull().default(false),
    margin_risk: jsonb('margin_risk'),
  },
  (t) => [index('quotes_created_by_idx').on(t.created_by), index('quotes_buyer_idx').on(t.buyer_id)],
);

/** One counter that every change of a session, user, role permission or hidden field bumps in its own transaction
 * (migration 0010's triggers): the per-request auth cache (server/accounts/authCache.ts) is valid while it stands. */

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
