// Shipments (a container or truck and its cost lines) and the Central Bank's daily rates.
import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, numeric, date, jsonb, primaryKey, index, check } from 'drizzle-orm/pg-core';
import { record, ts } from './columns';
import { suppliers } from './references';

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
