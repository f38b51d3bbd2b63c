// Invoices ('Счёт на оплату') and their lines: written once when made, cancelled (never edited) when wrong.
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

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    buyer_id: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    seller: jsonb('seller').notNull(),
    buyer: jsonb('buyer').notNull(),
    total: money('total').notNull(),
    vat_sum: money('vat_sum').notNull(),
    /** what the payments tied to it add up to, kept in each payment's transaction */
    paid_sum: money('paid_sum').notNull().default('0'),
    status: text('status').notNull().default('active'), // active | cancelled
    version: integer('version').notNull().default(1),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    cancelled_by: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelled_at: ts('cancelled_at'),
  },
  (t) => [
    uniqueIndex('invoices_year_number_idx').on(t.year, t.number),
    index('invoices_buyer_idx').on(t.buyer_id),
    index('invoices_due_date_idx').on(t.due_date),
    check('invoices_status_check', sql`${t.status} IN ('active', 'cancelled')`),
  ],
);

/** An invoice's line: one reserve, its figures as the invoice states them. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    reserve_id: integer('reserve_id')
      .notNull()
      .references(() => reserves.id),
    name: text('name').notNull(),
    unit_name: text('unit_name').notNull(),
    amount: amount('amount').notNull(),
    price: money('price').notNull(),
    vat_rate: text('vat_rate').notNull(),
    vat_sum: money('vat_sum').notNull(),
    total: money('total').notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.invoice_id, t.n] }),
    index('invoice_lines_reserve_idx').on(t.reserve_id),
    // a reserve is on one live invoice at most
    uniqueIndex('invoice_lines_live_reserve_idx')
      .on(t.reserve_id)
      .where(sql`NOT ${t.cancelled}`),
    check('invoice_lines_vat_rate_check', sql`${t.vat_rate} IN ('22', '10', '0', 'none')`),
  ],
);
