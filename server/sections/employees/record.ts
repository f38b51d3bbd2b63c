// One employee: created with comments, changed, and read with the reserve figures of the list and the
// latest reserves the employee is responsible for. A duplicate is another employee with the same e-mail or
// phone (deleted ones count). Fields the caller's role does not see are neither shown nor written.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { EMPLOYEE_FIELD_VISIBILITY, EMPLOYEE_FORM_FIELDS, EMPLOYEE_MSG, employeeSchema } from '../../../domain/employees/schema';
import { hiddenCardFields } from '../../../domain/schemas/card';
import { badRequest } from '../../errors';
import { rowsOf } from '../../http/rows';
import { addComments } from '../../records/comments';
import { changeRecord, recordCreated } from '../../records/history';
import { mergeStored, readCardRecord, refuseDuplicate, refuseHidden, requireCreate, requireUpdatable, validateCard, type Row } from '../../records/card';
import { reservesShortList } from '../reserves/stats';
import { employeesSpec } from './list';

const hiddenOf = (auth: AuthenticatedUser) => hiddenCardFields(auth.permissions, 'employees', EMPLOYEE_FORM_FIELDS, EMPLOYEE_FIELD_VISIBILITY);

export async function readEmployee(db: Database, auth: AuthenticatedUser, id: number, withDeleted: boolean): Promise<Row> {
  const row = await readCardRecord(db, employeesSpec, auth, id, withDeleted);
  for (const field of hiddenOf(auth)) delete row[field];
  return { ...row, reserves: await reservesShortList(db, auth, sql`r.responsible_id = ${id}`) };
}

/** Another employee with this e-mail (any case) or phone. */
function sameContacts(values: Row): SQL | null {
  const conditions: SQL[] = [];
  if (values.email) conditions.push(sql`lower(email) = lower(${String(values.email)})`);
  if (values.phone) conditions.push(sql`phone = ${String(values.phone)}`);
  return conditions.length ? sql.join(conditions, sql` OR `) : null;
}

async function checkPosition(db: Database, values: Row) {
  if (values.position_id === undefined) return;
  const [found] = rowsOf(await db.execute(sql`SELECT 1 FROM positions WHERE id = ${Number(values.position_id)}`));
  if (!found) throw badRequest(EMPLOYEE_MSG.position);
}

/** The columns a write sets: the validated fields the role may write, an empty phone as none. */
const columnsOf = (values: Row) =>
  Object.entries(values)
    .filter(([field]) => (EMPLOYEE_FORM_FIELDS as readonly string[]).includes(field))
    .map(([field, value]) => [field, value === '' || value === undefined ? null : value] as const);

export async function createEmployee(db: Database, auth: AuthenticatedUser, body: Row): Promise<Row> {
  requireCreate(employeesSpec, auth);
  const hidden = hiddenOf(auth);
  refuseHidden(hidden, body, EMPLOYEE_FORM_FIELDS);
  const values = await validateCard(employeeSchema(hidden), body);
  await checkPosition(db, values);
  await refuseDuplicate(db, sameContacts(values), 'employees', EMPLOYEE_MSG.duplicate, EMPLOYEE_MSG.conflictText);
  const columns = [...columnsOf(values), ['created_by', auth.user.id] as const];
  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [created] = rowsOf<{ id: number }>(await t.execute(sql`
      INSERT INTO employees (${sql.join(columns.map(([k]) => sql.identifier(k)), sql`, `)})
      VALUES (${sql.join(columns.map(([, v]) => sql`${v}`), sql`, `)}) RETURNING id`));
    await addComments(t, auth, 'employees', created.id, body.comments);
    await recordCreated(t, auth.user.id, 'employees', created.id);
    return created.id;
  });
  return readEmployee(db, auth, id, false);
}

export async function updateEmployee(db: Database, auth: AuthenticatedUser, id: number, body: Row): Promise<Row> {
  requireUpdatable(await readCardRecord(db, employeesSpec, auth, id, false));
  const hidden = hiddenOf(auth);
  refuseHidden(hidden, body, EMPLOYEE_FORM_FIELDS);
  const [stored] = rowsOf<Row>(await db.execute(sql`SELECT * FROM employees WHERE id = ${id}`));
  const values = await validateCard(employeeSchema(hidden), mergeStored(EMPLOYEE_FORM_FIELDS, body, stored, hidden));
  await checkPosition(db, values);
  await refuseDuplicate(db, sameContacts(values), 'employees', EMPLOYEE_MSG.duplicate, EMPLOYEE_MSG.conflictText, id);
  const columns = columnsOf(values);
  await db.transaction((tx) => changeRecord(tx as unknown as Database, auth.user.id, 'employees', id, sql.join(columns.map(([k, v]) => sql`${sql.identifier(k)} = ${v}`), sql`, `)));
  return readEmployee(db, auth, id, false);
}
