// The accounts of the settings page: who signs in, as what, with which role, and since when; an administrator
// changes a role, deactivates (every session of the account ends at once) and reactivates.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { employees, oneTimeTokens, roles, sessions, suppliers, users } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { columnsOf, select, selectRows, type SelectedRow } from '../db/rows';
import type { AuthenticatedUser } from '../accounts/users';
import type { Mailer } from '../accounts/mail';
import type { Config } from '../config';
import {
  ACCOUNT_STATUS_TITLE,
  ADMIN_MSG,
  type AccountStatus,
  type AdminUser,
  type UserChange,
} from '../../domain/admin';
import { recordChange } from '../settings';
import { mailInvitation } from './invitationMail';

const u = alias(users, 'u');
const r = alias(roles, 'r');
const e = alias(employees, 'e');
const s = alias(suppliers, 's');
const x = alias(sessions, 'x');

/** An account as the settings page lists it: its role's name and the employee or supplier it is linked to (left
 * joined: null without one), when it last signed in, whether it has a password. */
const USER = select({
  ...columnsOf(u, 'id', 'email', 'name', 'user_type', 'is_admin', 'status', 'role_id'),
  role_name: sql<string | null>`${r.name}`,
  linked_id: sql<number | null>`coalesce(${u.employee_id}, ${u.supplier_id})`,
  linked_name: sql<string | null>`coalesce(${e.full_name}, ${s.name})`,
  last_sign_in_at: sql<string | null>`(SELECT max(${x.created_at}) FROM ${sessions} ${x} WHERE ${x.user_id} = ${u.id})`,
  created_at: u.created_at,
  has_password: sql<boolean>`${u.password_hash} IS NOT NULL`,
});
type UserRow = SelectedRow<typeof USER>;

const iso = (d: string | null) => (d === null ? null : new Date(d).toISOString());

function toAdminUser(r: UserRow): AdminUser {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    user_type: r.user_type,
    is_admin: r.is_admin,
    role: r.role_id === null ? null : { id: r.role_id, name: r.role_name ?? '' },
    linked: r.linked_id === null ? null : { id: r.linked_id, name: r.linked_name ?? '' },
    status: r.status as AccountStatus,
    last_sign_in_at: iso(r.last_sign_in_at),
    created_at: iso(r.created_at)!,
  };
}

async function selectUsers(db: Database, id?: number): Promise<UserRow[]> {
  return selectRows(
    db,
    USER,
    sql`FROM ${users} ${u}
    LEFT JOIN ${roles} ${r} ON ${r.id} = ${u.role_id}
    LEFT JOIN ${employees} ${e} ON ${e.id} = ${u.employee_id}
    LEFT JOIN ${suppliers} ${s} ON ${s.id} = ${u.supplier_id}
    ${id === undefined ? sql`` : sql`WHERE ${u.id} = ${id}`}
    ORDER BY ${u.id}`,
  );
}

export async function listUsers(db: Database): Promise<AdminUser[]> {
  return (await selectUsers(db)).map(toAdminUser);
}

async function oneUser(db: Database, id: number): Promise<UserRow> {
  const [row] = await selectUsers(db, id);
  if (!row) throw notFound(ADMIN_MSG.userMissing);
  return row;
}

/** A new role, a deactivation or a reactivation, logged in the same transaction. */
export async function changeUser(
  db: Database,
  auth: AuthenticatedUser,
  id: number,
  change: UserChange,
): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!current) throw notFound(ADMIN_MSG.userMissing);
    const who = `${current.name ?? current.email} (${current.email})`;
    if (change.role_id !== undefined && change.role_id !== current.role_id) {
      const [role] = await tx.select().from(roles).where(eq(roles.id, change.role_id));
      if (!role) throw badRequest(ADMIN_MSG.roleMissing);
      const [before] =
        current.role_id === null ? [] : await tx.select().from(roles).where(eq(roles.id, current.role_id));
      await tx.update(users).set({ role_id: role.id }).where(eq(users.id, id));
      await recordChange(tx, auth, 'user', `Пользователь ${who}: роль «${before?.name ?? '—'}» → «${role.name}»`, {
        user_id: id,
        role_id: { before: current.role_id, after: role.id },
      });
    }
    if (change.status === 'deactivated' && current.status !== 'deactivated') {
      if (id === auth.user.id) throw badRequest(ADMIN_MSG.selfDeactivation);
      const now = new Date();
      await tx.update(users).set({ status: 'deactivated' }).where(eq(users.id, id));
      // every session ends now, and no mailed link may bring the account back
      await tx
        .update(sessions)
        .set({ revoked_at: now })
        .where(and(eq(sessions.user_id, id), isNull(sessions.revoked_at)));
      await tx
        .update(oneTimeTokens)
        .set({ used_at: now })
        .where(and(eq(oneTimeTokens.user_id, id), isNull(oneTimeTokens.used_at)));
      await recordChange(tx, auth, 'user', `Пользователь ${who}: ${ACCOUNT_STATUS_TITLE.deactivated.toLowerCase()}`, {
        user_id: id,
        status: { before: current.status, after: 'deactivated' },
      });
    } else if (change.status === 'active' && current.status === 'deactivated') {
      // one who never set a password is invited again: the administrator resends the link
      const status: AccountStatus = current.password_hash ? 'active' : 'invited';
      await tx.update(users).set({ status }).where(eq(users.id, id));
      await recordChange(tx, auth, 'user', `Пользователь ${who}: снова ${ACCOUNT_STATUS_TITLE[status].toLowerCase()}`, {
        user_id: id,
        status: { before: current.status, after: status },
      });
    }
  });
  return toAdminUser(await oneUser(db, id));
}

/** A new invitation link for an account still waiting for its password. */
export async function resendInvitation(
  db: Database,
  mailer: Mailer,
  config: Config,
  auth: AuthenticatedUser,
  id: number,
): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!current) throw notFound(ADMIN_MSG.userMissing);
    if (current.status !== 'invited') throw badRequest(ADMIN_MSG.notInvited);
    const name = current.name ?? current.email;
    await recordChange(tx, auth, 'invitation', `Приглашение отправлено повторно: ${current.email}`, { user_id: id });
    await mailInvitation(tx, mailer, config, { id, email: current.email, name });
  });
  return toAdminUser(await oneUser(db, id));
}
