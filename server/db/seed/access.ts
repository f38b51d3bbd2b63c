// The demo's roles with their rights and hidden fields: roles 1 and 8 with the spec's ids, the sequence moved past
// them for the rest.
import { sql } from 'drizzle-orm';
import * as t from '../schema';
import { SPEC_HIDDEN_FIELDS } from '../../../domain/hiddenFields';
import { ACTIONS, RESOURCES } from '../../../domain/permissions';
import { ROLES } from './data/roles';
import type { UserKey } from './plan';
import { insertAll, type Tx } from './write';

/** Writes the roles and returns each demo account's role id. */
export async function seedAccess(tx: Tx): Promise<Record<UserKey, number>> {
  const roleIds = {} as Record<UserKey, number>;
  for (const role of ROLES.filter((r) => r.id !== undefined)) {
    await tx.insert(t.roles).values({ id: role.id!, name: role.name });
    roleIds[role.key] = role.id!;
  }
  await tx.execute(sql`SELECT setval(pg_get_serial_sequence('roles', 'id'), GREATEST((SELECT max(id) FROM roles), 8))`);
  for (const role of ROLES.filter((r) => r.id === undefined)) {
    const [row] = await tx.insert(t.roles).values({ name: role.name }).returning({ id: t.roles.id });
    roleIds[role.key] = row.id;
  }
  await insertAll(
    tx,
    t.rolePermissions,
    ROLES.flatMap((role) =>
      RESOURCES.flatMap((resource) =>
        ACTIONS.map((action) => ({
          role_id: roleIds[role.key],
          resource,
          action,
          scope: role.permissions[resource][action],
        })),
      ),
    ),
  );
  await insertAll(
    tx,
    t.roleHiddenFields,
    (['1', '8'] as const).flatMap((roleId) =>
      Object.entries(SPEC_HIDDEN_FIELDS[roleId]).flatMap(([resource, fields]) =>
        (fields ?? []).map((field) => ({ role_id: Number(roleId), resource, field })),
      ),
    ),
  );

  return roleIds;
}
