// Deleting employees: one responsible for active reserves stays (the employees list's `inUse`), unless the
// delete names a new responsible (`responsible_id` in its body): the active reserves go to that employee in the
// delete's transaction, each with its history entry ('Ответственный: Иванов → Петров'), before the count is taken.
// In records/, shared: the employees' list names it and no section imports another.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { RESPONSIBLE_MSG } from '../../domain/reserves/messages';
import { scopeOf } from '../../domain/permissions';
import { badRequest, forbidden } from '../errors';
import { assign, bare, returningRows, selectFirst, select } from '../db/rows';
import { storedRecordOf, type StoredRecord } from '../contract/tables';
import { employees, reserves } from '../db/schema';
import { recordsChanged } from './history';

/** The employees' active reserves handed to `to` (locked in id order, as every reserve writer takes them). */
export async function handReservesOver(
  tx: Database,
  auth: AuthenticatedUser,
  employeeIds: number[],
  to: number,
): Promise<void> {
  // handing over changes every reserve of theirs, whoever's they are
  if (!auth.permissions.is_admin && scopeOf(auth.permissions, 'reserves', 'update') !== 'all') throw forbidden();
  if (employeeIds.includes(to)) throw badRequest(RESPONSIBLE_MSG.handToDeleted);
  const target = await selectFirst(
    tx,
    select({ status: employees.status }),
    sql`FROM ${employees} WHERE ${employees.id} = ${to} FOR SHARE`,
  );
  if (target?.status !== 'active') throw badRequest(RESPONSIBLE_MSG.handToMissing);
  const ids = sql.join(
    employeeIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [responsible, status] = [bare(reserves.responsible_id), bare(reserves.status)];
  const changed = await returningRows(
    tx,
    sql`UPDATE ${reserves} t SET ${assign(reserves.responsible_id, sql`${to}`)}
    FROM (SELECT x.id AS old_id, to_jsonb(x) AS before FROM ${reserves} x
      WHERE x.${responsible} IN (${ids}) AND x.${status} = 'active' ORDER BY x.id FOR UPDATE) old
    WHERE t.id = old.old_id`,
    select({
      id: sql<number>`t.id`,
      before: sql<StoredRecord<'reserves'>>`old.before`,
      after: storedRecordOf('reserves', sql`t`),
    }),
  );
  await recordsChanged(
    tx,
    auth.user.id,
    'reserves',
    changed.map((c) => ({ ...c, id: Number(c.id) })),
  );
}
