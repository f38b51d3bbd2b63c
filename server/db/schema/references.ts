// Reference data: cities and delivery between them, positions, products with varieties and packing, suppliers, employees.
import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, primaryKey, index, check } from 'drizzle-orm/pg-core';
import { money, named, namedSection, record, trigram } from './columns';

export const cities = namedSection('cities');

/** The delivery matrix: cost per kg and days from one city to another. */

export const cityDelivery = pgTable(
  'city_delivery',
  {
    from_city_id: integer('from_city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    to_city_id: integer('to_city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    cost: money('cost').notNull(),
    days: integer('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.from_city_id, t.to_city_id] })],
);

export const positions = pgTable('positions', named());

export const products = pgTable(
  'products',
  {
    ...named(),
    created_by: integer('created_by'),
    ...record(),
    // the VAT rate its lines are charged at on an invoice and a УПД (domain/papers/lines.ts)
    vat_rate: text('vat_rate').notNull().default('22'),
  },
  (t) => [
    index('products_status_idx').on(t.status),
    check('products_vat_rate_check', sql`${t.vat_rate} IN ('22', '10', '0', 'none')`),
  ],
);

export const varieties = pgTable('varieties', {
  ...named(),
  product_id: integer('product_id').references(() => products.id),
});

export const packing = pgTable('packing', named());

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    inn: text('inn'),
    phone: text('phone'), // digits only
    email: text('email'),
    contact_name: text('contact_name'),
    location: text('location'),
    loading_address: text('loading_address'),
    city_id: integer('city_id').references(() => cities.id),
    created_by: integer('created_by'),
    ...record(),
  },
  (t) => [
    index('suppliers_status_idx').on(t.status),
    index('suppliers_inn_idx').on(t.inn),
    trigram('suppliers_name_trgm', t.name),
  ],
);

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    full_name: text('full_name').notNull(),
    phone: text('phone'),
    email: text('email'),
    position_id: integer('position_id').references(() => positions.id),
    created_by: integer('created_by'),
    ...record(),
  },
  (t) => [index('employees_status_idx').on(t.status), trigram('employees_full_name_trgm', t.full_name)],
);
