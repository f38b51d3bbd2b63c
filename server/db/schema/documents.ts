// Lot documents: their types, an offer's documents and their history, the types a product requires.
import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, numeric, boolean, date, jsonb, primaryKey, index } from 'drizzle-orm/pg-core';
import { named, ts } from './columns';
import { files } from './files';
import { offers } from './offers';
import { users } from './people';
import { products } from './references';

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
