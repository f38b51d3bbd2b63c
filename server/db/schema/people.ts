// People who sign in: users, sessions, one-time tokens, failed sign-ins, the sign-out-everyone epoch.
import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, bigint, text, boolean, index, check } from 'drizzle-orm/pg-core';
import { roles } from './access';
import { ts } from './columns';
import { employees, suppliers } from './references';

/** The key of a row that belongs to a user, and goes with it. */
export const ofUser = () => ({
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(), // always stored lower-cased: one account per address
  name: text('name'),
  password_hash: text('password_hash'),
  password_salt: text('password_salt'),
  user_type: text('user_type').notNull(), // admin | employee | supplier
  is_admin: boolean('is_admin').notNull().default(false),
  role_id: integer('role_id').references(() => roles.id),
  employee_id: integer('employee_id').references(() => employees.id),
  supplier_id: integer('supplier_id').references(() => suppliers.id),
  status: text('status').notNull().default('active'),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** Sign-in tokens, stored only as a SHA-256 hash. */

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    ...ofUser(),
    token_hash: text('token_hash').notNull().unique(),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    // what the profile's list of sessions shows: the browser, where it signed in from, when it was last used
    // (written at most once a minute per session, server/accounts/sessions.ts)
    user_agent: text('user_agent'),
    address: text('address'),
    last_seen_at: ts('last_seen_at'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Invitation and password-reset links, stored only as a hash, used once. */

export const oneTimeTokens = pgTable('one_time_tokens', {
  id: serial('id').primaryKey(),
  ...ofUser(),
  kind: text('kind').notNull(), // invite | reset
  token_hash: text('token_hash').notNull().unique(),
  created_at: ts('created_at').notNull().defaultNow(),
  expires_at: ts('expires_at').notNull(),
  used_at: ts('used_at'),
});

/** Failed sign-ins per login (lower-cased) and client address, for throttling (server/accounts/throttle.ts);

 * kept in the database so every server instance agrees and a restart does not reset them. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    /** The client's address (an IPv6 one by its /64 network), '' for failures recorded before addresses were. */
    address: text('address').notNull().default(''),
    failed_at: ts('failed_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_login_idx').on(t.login, t.failed_at),
    index('login_failures_address_idx').on(t.address, t.failed_at),
  ],
);

/** Migration 0010's partial indexes of the offers list: equality filters first, then the sort with its tie-break. */

export const authEpoch = pgTable(
  'auth_epoch',
  {
    id: integer('id').primaryKey().default(1),
    epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('auth_epoch_one_row', sql`${t.id} = 1`)],
);

/** A user's notifications (the bell): what happened to which record, newest first; `dedupe_key` keeps a notice
 * the job makes every minute ('expires tomorrow') to one per reserve and day. */
