// The column helpers every table of the data model is built from.
import { pgTable, serial, integer, text, numeric, timestamp, index, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
export const amount = (name: string) => numeric(name, { precision: 14, scale: 3 });
/** A trigram index (pg_trgm, migration 0001): the lists' 'contains' filters on this text column use it. */
export const trigram = (name: string, column: ExtraConfigColumn) => index(name).using('gin', column.op('gin_trgm_ops'));

/** Columns every business record has: status, created_at, deleted_at (soft delete), and its version: every
 * UPDATE of the row bumps it (the trigger of migration 0008), so a card's save can tell it was changed since. */
export const record = () => ({
  status: text('status').notNull().default('active'),
  version: integer('version').notNull().default(1),
  created_at: ts('created_at').notNull().defaultNow(),
  deleted_at: ts('deleted_at'),
  /** The status a deleted record was deleted from (a trigger of migration 0013 keeps it): where a restore puts it back. */
  deleted_from: text('deleted_from'),
});

/** The id and name of a named row (roles, positions, packing, cities, products, varieties). */
export const named = () => ({
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

/** The table of a named reference section (cities, products): its name, who created it, status and dates. */
export const namedSection = <Name extends string>(name: Name) =>
  pgTable(name, { ...named(), created_by: integer('created_by'), ...record() }, (t) => [
    index(`${name}_status_idx`).on(t.status),
  ]);
