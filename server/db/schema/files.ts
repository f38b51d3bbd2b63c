// Comments, files and their chunks, and upload reservations (the per-user and per-offer quota).
import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, primaryKey, index, check, customType } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './people';

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
