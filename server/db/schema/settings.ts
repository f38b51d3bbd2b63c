// Business and user settings, saved filters, the administrators' log, records' history, notifications.
import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, jsonb, primaryKey, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { ofUser, users } from './people';

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
