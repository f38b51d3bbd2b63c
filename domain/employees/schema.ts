// The employee card (spec point 2 "Create employee", point 5 "Employee create"): full name in the header,
// phone, e-mail and position. The card validates with it and the server applies it again.
import { cardNameSchema, requiredId } from '../schemas/card';
import { resourceSchema } from '../schemas/resourceSchema';
import { visibilityOf } from '../fields';
import { EMPLOYEE_FIELDS, employeesResource } from './resource';

export const EMPLOYEE_MSG = {
  position: 'Выберите должность',
  duplicate: 'Сотрудник с таким email или телефоном уже есть',
  conflictText: 'Сотрудник',
} as const;

/** What an employee card sends, besides comments (fields.ts). */
export const EMPLOYEE_FORM_FIELDS = EMPLOYEE_FIELDS.map((f) => f.key);

/** The field whose hiding by role also hides a form field: none of an employee's names another. */
export const EMPLOYEE_FIELD_VISIBILITY: Record<string, string> = visibilityOf(EMPLOYEE_FIELDS);

/** The employee's own rules; every other field is checked as its kind says (the phone: optional, but whole when given;
 * the e-mail: required and well formed). */
export const employeeRules = () => ({
  full_name: cardNameSchema,
  position_id: requiredId(EMPLOYEE_MSG.position),
});

/** `hidden`: the fields the caller's role may not see (role 1: position_id; role 8: phone, email), not asked for. */
export const employeeSchema = (hidden: ReadonlySet<string> = new Set()) =>
  resourceSchema(employeesResource, employeeRules(), hidden);
