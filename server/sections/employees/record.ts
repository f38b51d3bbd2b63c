// One employee: created with comments, changed, and read with the reserve figures of the list and the
// latest reserves the employee is responsible for. A duplicate is another employee with the same e-mail or
// phone (deleted ones count). Fields the caller's role does not see are neither shown nor written.
import { sql, type SQL } from 'drizzle-orm';
import {
  EMPLOYEE_FIELD_VISIBILITY,
  EMPLOYEE_FORM_FIELDS,
  EMPLOYEE_MSG,
  employeeSchema,
} from '../../../domain/employees/schema';
import type { Row } from '../../records/pipeline';
import { formRecordSection } from '../../records/formRecord';
import { reservesShortList } from '../reserves';
import { employeesSpec } from './list';

/** Another employee with this e-mail (any case) or phone. */
function sameContacts(values: Row): SQL | null {
  const conditions: SQL[] = [];
  if (values.email) conditions.push(sql`lower(email) = lower(${String(values.email)})`);
  if (values.phone) conditions.push(sql`phone = ${String(values.phone)}`);
  return conditions.length ? sql.join(conditions, sql` OR `) : null;
}

export const employeeRecord = formRecordSection({
  spec: employeesSpec,
  fields: EMPLOYEE_FORM_FIELDS,
  visibleAs: EMPLOYEE_FIELD_VISIBILITY,
  schema: employeeSchema,
  references: [{ field: 'position_id', table: 'positions', message: EMPLOYEE_MSG.position }],
  duplicate: { of: sameContacts, message: EMPLOYEE_MSG.duplicate, text: EMPLOYEE_MSG.conflictText },
  finishRead: async (db, auth, row) => ({
    ...row,
    reserves: await reservesShortList(db, auth, sql`r.responsible_id = ${Number(row.id)}`),
  }),
});
