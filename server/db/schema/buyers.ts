// Buyers, their payments and opening balances.
import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, date, index, check } from 'drizzle-orm/pg-core';
import { money, record } from './columns';
import { cities, employees } from './references';

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
    // what it owes and the overdue part of it on the business day, and the day that part next grows by the
    // calendar: kept by the database's triggers and the daily job (migration 0062), read by the list
    debt_balance: money('debt_balance').notNull().default('0'),
    debt_overdue: money('debt_overdue').notNull().default('0'),
    debt_turns_on: date('debt_turns_on', { mode: 'string' }),
  },
  (t) => [
    index('buyers_status_idx').on(t.status),
    index('buyers_inn_idx').on(t.inn),
    index('buyers_responsible_idx').on(t.responsible_id),
    index('buyers_debt_balance_idx').on(t.debt_balance),
    index('buyers_debt_overdue_idx').on(t.debt_overdue),
    index('buyers_debt_turns_on_idx')
      .on(t.debt_turns_on)
      .where(sql`${t.debt_turns_on} IS NOT NULL`),
    check('buyers_payment_terms_check', sql`${t.payment_terms} IN ('prepay', 'deferral')`),
    check('buyers_deferral_days_check', sql`${t.deferral_days} IS NULL OR ${t.deferral_days} BETWEEN 1 AND 180`),
    check('buyers_credit_limit_check', sql`${t.credit_limit} IS NULL OR ${t.credit_limit} >= 0`),
  ],
);

/** One container or truck: its customs declaration and its cost lines (domain/shipments/costLines.ts), as
 * typed; its lots point to it (offers.shipment_id). */
