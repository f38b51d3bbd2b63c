// Buyers' payments (tied to a reserve or not) and their opening balances: what a buyer owes is read from these.
import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, boolean, date, index, check } from 'drizzle-orm/pg-core';
import { buyers } from './buyers';
import { money, ts } from './columns';
import { invoices } from './invoices';
import { users } from './people';
import { reserves } from './reserves';

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
    /** the invoice it pays, when it is tied to one (the invoice's paid_sum follows) */
    invoice_id: integer('invoice_id').references(() => invoices.id),
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
    index('payments_invoice_idx')
      .on(t.invoice_id)
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
