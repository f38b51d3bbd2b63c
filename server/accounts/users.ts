// Loading a signed-in user with the permissions of its role, and creating accounts for scripts.
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { roleHiddenFields, rolePermissions, roles, sessions, users } from '../db/schema';
import {
  ACTIONS,
  FINANCE_GRANT,
  KIND_FORBIDDEN,
  RESOURCES,
  hiddenFieldsOf,
  permissionsOf,
  type Action,
  type HiddenFields,
  type Permissions,
  type Resource,
  type Scope,
  type UserType,
} from '../../domain/permissions';
import type { CurrentUser } from '../../domain/api';
import { hashPassword } from './passwords';

export type UserRow = typeof users.$inferSelect;

export interface AuthenticatedUser {
  user: UserRow;
  permissions: Permissions;
  /** The session the request came with (the profile marks it and keeps it when others end). */
  sessionId?: number;
}

export async function loadPermissions(db: Database, user: UserRow): Promise<Permissions> {
  const base = {
    user_type: user.user_type as UserType,
    user_id: user.id,
    is_admin: user.is_admin,
    role_id: user.role_id,
    employee_id: user.employee_id,
    supplier_id: user.supplier_id,
  };
  // Admins hold all on everything and see every field, whatever their role row says.
  if (user.is_admin)
    return {
      ...base,
      role_permissions: permissionsOf('all'),
      hidden_fields: {},
      lower_delivery_cost: true,
      finance: true,
    };
  const role_permissions = permissionsOf('none');
  const hidden_fields: HiddenFields = {};
  let lower_delivery_cost = false;
  let finance = false;
  if (user.role_id !== null) {
    const [role] = await db.select({ lower: roles.lower_delivery_cost }).from(roles).where(eq(roles.id, user.role_id));
    lower_delivery_cost = Boolean(role?.lower);
    const grants = await db.select().from(rolePermissions).where(eq(rolePermissions.role_id, user.role_id));
    for (const grant of grants) {
      if (grant.resource === FINANCE_GRANT.resource && grant.action === FINANCE_GRANT.action)
        finance = grant.scope === 'all';
      if (
        (RESOURCES as readonly string[]).includes(grant.resource) &&
        (ACTIONS as readonly string[]).includes(grant.action)
      ) {
        role_permissions[grant.resource as Resource][grant.action as Action] = grant.scope as Scope;
      }
    }
    for (const resource of KIND_FORBIDDEN[base.user_type] ?? [])
      for (const action of ACTIONS) role_permissions[resource][action] = 'none';
    const hidden = await db.select().from(roleHiddenFields).where(eq(roleHiddenFields.role_id, user.role_id));
    for (const row of hidden) (hidden_fields[row.resource as Resource] ??= []).push(row.field);
  }
  return {
    ...base,
    role_permissions,
    hidden_fields: hiddenFieldsOf(base.user_type, hidden_fields),
    lower_delivery_cost,
    finance,
  };
}

export function currentUser(user: UserRow): CurrentUser {
  return {
    user_id: user.id,
    user_type: user.user_type as UserType,
    is_admin: user.is_admin,
    role_id: user.role_id,
    employee_id: user.employee_id,
    supplier_id: user.supplier_id,
    email: user.email,
    name: user.name ?? user.email,
  };
}

export const normaliseLogin = (login: string) => login.trim().toLowerCase();

/** Creates an administrator, or gives an existing account of that e-mail admin rights and the new password. */
export async function upsertAdmin(
  db: Database,
  email: string,
  password: string,
  scryptN?: number,
): Promise<'created' | 'updated'> {
  const { hash, salt } = await hashPassword(password, scryptN);
  const address = normaliseLogin(email);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, address));
  if (existing) {
    // a reset password ends every session signed in with the old one (whoever held it is out)
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ password_hash: hash, password_salt: salt, is_admin: true, user_type: 'admin', status: 'active' })
        .where(eq(users.id, existing.id));
      await tx
        .update(sessions)
        .set({ revoked_at: new Date() })
        .where(and(eq(sessions.user_id, existing.id), isNull(sessions.revoked_at)));
    });
    return 'updated';
  }
  await db.insert(users).values({
    email: address,
    name: 'Администратор',
    password_hash: hash,
    password_salt: salt,
    user_type: 'admin',
    is_admin: true,
  });
  return 'created';
}
