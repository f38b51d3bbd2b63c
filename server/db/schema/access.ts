// Roles, what each may do, and the fields each may not see.
import { pgTable, integer, text, boolean, primaryKey } from 'drizzle-orm/pg-core';
import { named } from './columns';

/** The key of a row that belongs to a role, and goes with it. */
const ofRole = () => ({
  role_id: integer('role_id')
    .notNull()
    .references(() => roles.id, { onDelete: 'cascade' }),
});

export const roles = pgTable('roles', {
  ...named(),
  // the role's users may type a reserve's delivery cost below its route's (administrators always may)
  lower_delivery_cost: boolean('lower_delivery_cost').notNull().default(false),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    ...ofRole(),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
    scope: text('scope').notNull(), // all | own | none
  },
  (t) => [primaryKey({ columns: [t.role_id, t.resource, t.action] })],
);

export const roleHiddenFields = pgTable(
  'role_hidden_fields',
  {
    ...ofRole(),
    resource: text('resource').notNull(),
    field: text('field').notNull(),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.resource, t.field] })],
);
