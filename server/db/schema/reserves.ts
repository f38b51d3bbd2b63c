// Reserves of buyers against an offer's stock.
import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, numeric, date, boolean, index, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { buyers } from './buyers';
import { amount, money, record, trigram } from './columns';
import { offers } from './offers';
import { users } from './people';
import { quotes } from './quotes';
import { cities, employees } from './references';

export const reserves = pgTable(
  'reserves',
  {
    id: serial('id').primaryKey(),
    offer_id: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    amount: amount('amount').notNull(),
    packs_amount: amount('packs_amount'),
    unit_price: money('unit_price'),
    total_sum: money('total_sum'),
    unit_selling_price: money('unit_selling_price'),
    total_selling_sum: money('total_selling_sum'),
    min_selling_price: money('min_selling_price'),
    max_selling_price: money('max_selling_price'),
    marginality: money('marginality'),
    // the margin on the route's cost where the delivery cost was typed below it (else the margin itself): what the trade makes
    route_marginality: money('route_marginality'),
    estimated_date_implementation: date('estimated_date_implementation', { mode: 'string' }),
    actual_date_implementation: date('actual_date_implementation', { mode: 'string' }),
    buyer_name: text('buyer_name'),
    buyer_phone: text('buyer_phone'),
    city_id: integer('city_id').references(() => cities.id),
    delivery_address: text('delivery_address'),
    delivery_cost: money('delivery_cost'),
    // the route's cost beside a delivery cost typed below it (null: the cost is the route's or above)
    route_delivery_cost: money('route_delivery_cost'),
    delivery_days: integer('delivery_days'),
    responsible_id: integer('responsible_id').references(() => employees.id),
    // the terms it was made on (domain/reserves/terms.ts), beside unit_price: its band is judged by them until it
    // is re-priced on purpose; the offer's kg price as the offer holds it, the settings to their 4 decimals
    offer_price_kg: numeric('offer_price_kg'),
    unit_weight: amount('unit_weight'),
    costs_per_kg: numeric('costs_per_kg', { precision: 14, scale: 4 }),
    min_markup: numeric('min_markup', { precision: 8, scale: 4 }),
    max_markup: numeric('max_markup', { precision: 8, scale: 4 }),
    // the lot's purchase rate (rubles for one unit of its currency) and its date, and its landed cost per kg, as
    // they stood when the reserve was made (migration 0056): written once, never after
    purchase_rate: numeric('purchase_rate', { precision: 20, scale: 10 }),
    purchase_rate_date: date('purchase_rate_date', { mode: 'string' }),
    landed_kg_cost: money('landed_kg_cost'),
    // the margins' check after each new rate (server/sections/reserves/margins.ts): at risk or not, and what it was
    // judged on: the margin at today's cost, today's rate, the margin in rubles, the lot's currency
    margin_at_risk: boolean('margin_at_risk').notNull().default(false),
    risk_marginality: money('risk_marginality'),
    risk_rate: numeric('risk_rate', { precision: 20, scale: 10 }),
    risk_margin_sum: money('risk_margin_sum'),
    risk_currency: text('risk_currency'),
    // 'Резерв до': an active reserve past this day is expired by the job (server/sections/reserves/expiry.ts)
    reserved_until: date('reserved_until', { mode: 'string' }),
    // the quote it was reserved from, at the quote's held prices
    quote_id: integer('quote_id').references((): AnyPgColumn => quotes.id),
    // the buyer's card (its migration linked the reserves made before it by their buyer's name and phone)
    buyer_id: integer('buyer_id').references(() => buyers.id),
    created_by: integer('created_by').references(() => users.id),
    ...record(), // status: active | completed | cancelled | expired | deleted
  },
  (t) => [
    index('reserves_offer_idx').on(t.offer_id),
    trigram('reserves_buyer_name_trgm', t.buyer_name),
    trigram('reserves_delivery_address_trgm', t.delivery_address),
    index('reserves_status_idx').on(t.status),
    index('reserves_responsible_idx').on(t.responsible_id),
    index('reserves_due_idx')
      .on(t.reserved_until)
      .where(sql`${t.status} = 'active'`),
    index('reserves_buyer_idx').on(t.buyer_id, t.status),
    index('reserves_margin_at_risk_idx')
      .on(t.id)
      .where(sql`${t.margin_at_risk}`),
  ],
);

/** Who we sell to, on what terms, and how much credit it has. */
