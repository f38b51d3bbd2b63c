// Roles: their names, the matrix resource × action → all / own / none (role_permissions), and the fields each
// role does not see (role_hidden_fields), chosen by title. Nothing caches them: the auth hook reads a caller's
// role on every request, so a change applies to the role's users on their next request.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { roleHiddenFields, rolePermissions, roles, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { select, selectRows } from '../db/rows';
import type { AuthenticatedUser } from '../accounts/users';
import {
  ACTION_TITLE,
  ADMIN_MSG,
  RESOURCE_TITLE,
  SCOPE_TITLE,
  type AdminRole,
  type RolesAnswer,
} from '../../domain/admin';
import {
  ACTIONS,
  FINANCE_GRANT,
  FINANCE_RIGHT,
  RESOURCES,
  permissionsOf,
  type Action,
  type Resource,
  type Scope,
} from '../../domain/permissions';
import { FIELD_CHOICES, hiddenTitles } from '../../domain/fieldChoices';
import { recordChange } from '../settings';
import { LOWER_DELIVERY_RIGHT } from '../../domain/reserves/delivery';

export type PermissionChanges = Partial<Record<Resource, Partial<Record<Action, Scope>>>>;
export type HiddenChanges = Partial<Record<Resource, string[]>>;
/** A role's settings beside the matrix (lowering a reserve's delivery cost below its route's; the
 * finance right, 'Финансы'); one not named stays. */
export interface RoleRights {
  lower_delivery_cost?: boolean;
  finance?: boolean;
}

const isFinanceGrant = (g: { resource: string; action: string }) =>
  g.resource === FINANCE_GRANT.resource && g.action === FINANCE_GRANT.action;

const R = alias(roles, 'r');
const U = alias(users, 'u');
/** A role as the roles tab lists it, with how many users have it. */
const ROLE = select({
  id: R.id,
  name: R.name,
  users: sql<number>`(SELECT count(*)::int FROM ${users} ${U} WHERE ${U.role_id} = ${R.id})`,
  lower_delivery_cost: R.lower_delivery_cost,
});

async function readRoles(db: Database, id?: number): Promise<AdminRole[]> {
  const list = await selectRows(
    db,
    ROLE,
    sql`FROM ${roles} ${R} ${id === undefined ? sql`` : sql`WHERE ${R.id} = ${id}`} ORDER BY ${R.id}`,
  );
  if (!list.length) return [];
  const ids = list.map((r) => r.id);
  const grants = await db.select().from(rolePermissions).where(inArray(rolePermissions.role_id, ids));
  const hidden = await db.select().from(roleHiddenFields).where(inArray(roleHiddenFields.role_id, ids));
  return list.map((role) => {
    const permissions = permissionsOf('none');
    for (const g of grants) {
      if (
        g.role_id === role.id &&
        (RESOURCES as readonly string[]).includes(g.resource) &&
        (ACTIONS as readonly string[]).includes(g.action)
      ) {
        permissions[g.resource as Resource][g.action as Action] = g.scope as Scope;
      }
    }
    const titles: AdminRole['hidden'] = {};
    for (const resource of RESOURCES) {
      const fields = hidden.filter((h) => h.role_id === role.id && h.resource === resource).map((h) => h.field);
      const chosen = hiddenTitles(resource, fields);
      if (chosen.length) titles[resource] = chosen;
    }
    const finance = grants.some((g) => g.role_id === role.id && isFinanceGrant(g) && g.scope === 'all');
    return { ...role, lower_delivery_cost: Boolean(role.lower_delivery_cost), finance, permissions, hidden: titles };
  });
}

export async function listRoles(db: Database): Promise<RolesAnswer> {
  return { roles: await readRoles(db), fields: FIELD_CHOICES };
}

async function oneRole(db: Database, id: number): Promise<AdminRole> {
  const [role] = await readRoles(db, id);
  if (!role) throw notFound(ADMIN_MSG.roleMissing);
  return role;
}

/** Role names are unique whatever their case: two 'Склад' roles could not be told apart in a select. */
async function refuseDuplicateName(tx: Database, name: string, except?: number): Promise<void> {
  const [same] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(sql`lower(${roles.name}) = lower(${name})`, except === undefined ? undefined : ne(roles.id, except)))
    .limit(1);
  if (same) throw conflict(ADMIN_MSG.roleNameExists(name), 'Роль', same.id);
}

/** A new role may do nothing until the matrix says otherwise. */
export async function createRole(db: Database, auth: AuthenticatedUser, name: string): Promise<AdminRole> {
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE roles IN SHARE ROW EXCLUSIVE MODE`);
    await refuseDuplicateName(tx, name);
    const [row] = await tx.insert(roles).values({ name }).returning({ id: roles.id });
    await tx
      .insert(rolePermissions)
      .values(
        RESOURCES.flatMap((resource) =>
          ACTIONS.map((action) => ({ role_id: row.id, resource, action, scope: 'none' })),
        ),
      );
    await recordChange(tx, auth, 'role', `Новая роль «${name}»`, { role_id: row.id, name });
    return row.id;
  });
  return oneRole(db, id);
}

export async function renameRole(db: Database, auth: AuthenticatedUser, id: number, name: string): Promise<AdminRole> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE roles IN SHARE ROW EXCLUSIVE MODE`);
    const [current] = await tx.select().from(roles).where(eq(roles.id, id));
    if (!current) throw notFound(ADMIN_MSG.roleMissing);
    if (current.name === name) return;
    await refuseDuplicateName(tx, name, id);
    await tx.update(roles).set({ name }).where(eq(roles.id, id));
    await recordChange(tx, auth, 'role', `Роль «${current.name}» переименована в «${name}»`, {
      role_id: id,
      before: current.name,
      after: name,
    });
  });
  return oneRole(db, id);
}

/** A change of a role's rights, in one transaction with the role locked: `apply` makes it against the role as it
 * was and names each move it made; the log records the moves, when there are any, after `title` and the role's name. */
async function changeRights(
  db: Database,
  auth: AuthenticatedUser,
  id: number,
  action: 'permissions' | 'hidden_fields',
  title: string,
  changes: PermissionChanges | HiddenChanges | RoleRights,
  apply: (tx: Database, before: AdminRole) => Promise<string[]>,
): Promise<AdminRole> {
  await db.transaction(async (tx) => {
    const [role] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
    if (!role) throw notFound(ADMIN_MSG.roleMissing);
    const [before] = await readRoles(tx, id);
    const moved = await apply(tx, before);
    if (moved.length)
      await recordChange(tx, auth, action, `${title} «${role.name}»: ${moved.join('; ')}`, { role_id: id, changes });
  });
  return oneRole(db, id);
}

export async function changePermissions(
  db: Database,
  auth: AuthenticatedUser,
  id: number,
  changes: PermissionChanges,
): Promise<AdminRole> {
  return changeRights(db, auth, id, 'permissions', 'Права роли', changes, async (tx, before) => {
    const moved: string[] = [];
    for (const resource of RESOURCES) {
      for (const action of ACTIONS) {
        const scope = changes[resource]?.[action];
        if (scope === undefined || scope === before.permissions[resource][action]) continue;
        await tx
          .insert(rolePermissions)
          .values({ role_id: id, resource, action, scope })
          .onConflictDoUpdate({
            target: [rolePermissions.role_id, rolePermissions.resource, rolePermissions.action],
            set: { scope },
          });
        moved.push(
          `${RESOURCE_TITLE[resource]} / ${ACTION_TITLE[action]}: ${SCOPE_TITLE[before.permissions[resource][action]]} → ${SCOPE_TITLE[scope]}`,
        );
      }
    }
    return moved;
  });
}

/** For each resource given, the titles the role shall not see: every name of a chosen field is hidden, every
 * name of an unchosen one shown; stored names no title stands for (a rule written by hand) are kept. */
export async function changeHiddenFields(
  db: Database,
  auth: AuthenticatedUser,
  id: number,
  changes: HiddenChanges,
): Promise<AdminRole> {
  for (const [resource, titles] of Object.entries(changes)) {
    const known = FIELD_CHOICES[resource as Resource].map((c) => c.title);
    const unknown = (titles ?? []).find((t) => !known.includes(t));
    if (unknown !== undefined) throw badRequest(ADMIN_MSG.unknownField(unknown));
  }
  return changeRights(db, auth, id, 'hidden_fields', 'Скрытые поля роли', changes, async (tx, before) => {
    const moved: string[] = [];
    for (const resource of RESOURCES) {
      const titles = changes[resource];
      if (!titles) continue;
      const was = before.hidden[resource] ?? [];
      for (const choice of FIELD_CHOICES[resource]) {
        const hide = titles.includes(choice.title);
        if (hide === was.includes(choice.title)) continue;
        if (hide) {
          await tx
            .insert(roleHiddenFields)
            .values(choice.fields.map((field) => ({ role_id: id, resource, field })))
            .onConflictDoNothing();
        } else {
          await tx
            .delete(roleHiddenFields)
            .where(
              and(
                eq(roleHiddenFields.role_id, id),
                eq(roleHiddenFields.resource, resource),
                inArray(roleHiddenFields.field, choice.fields),
              ),
            );
        }
        moved.push(`${RESOURCE_TITLE[resource]} / «${choice.title}»: ${hide ? 'скрыто' : 'показано'}`);
      }
    }
    return moved;
  });
}

/** Whether the role's users may type a reserve's delivery cost below its route's; whether they may
 * exceed a buyer's credit limit (its role_permissions row, scope all or none). The log names each move. */
export async function changeRoleRights(
  db: Database,
  auth: AuthenticatedUser,
  id: number,
  rights: RoleRights,
): Promise<AdminRole> {
  return changeRights(db, auth, id, 'permissions', 'Права роли', rights, async (tx, before) => {
    const word = (on: boolean) => (on ? 'да' : 'нет');
    const moved: string[] = [];
    const lower = rights.lower_delivery_cost;
    if (lower !== undefined && lower !== before.lower_delivery_cost) {
      await tx.update(roles).set({ lower_delivery_cost: lower }).where(eq(roles.id, id));
      moved.push(`${LOWER_DELIVERY_RIGHT}: ${word(before.lower_delivery_cost)} → ${word(lower)}`);
    }
    const credit = rights.finance;
    if (credit !== undefined && credit !== before.finance) {
      const scope = credit ? 'all' : 'none';
      await tx
        .insert(rolePermissions)
        .values({ role_id: id, ...FINANCE_GRANT, scope })
        .onConflictDoUpdate({
          target: [rolePermissions.role_id, rolePermissions.resource, rolePermissions.action],
          set: { scope },
        });
      moved.push(`${FINANCE_RIGHT}: ${word(before.finance)} → ${word(credit)}`);
    }
    return moved;
  });
}
