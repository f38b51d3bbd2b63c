// The employee card (spec point 2 "Create employee", point 5 "Employee create"): full name in the header,
// phone, e-mail and position. The card validates with it and the server applies it again.
import { cardNameSchema, requiredEmail, requiredId, withoutHidden } from '../schemas/card';
import { optionalPhone } from '../phone';
import { visibilityOf } from '../fields';
import { EMPLOYEE_FIELDS } from './resource';

export const EMPLOYEE_MSG = {
  position: 'Выберите должность',
  duplicate: 'Сотрудник с таким email или телефоном уже есть',
  conflictText: 'Сотрудник',
} as const;

/** What an employee card sends, besides comments (fields.ts). */
export const EMPLOYEE_FORM_FIELDS = EMPLOYEE_FIELDS.map((f) => f.key);

/** The field whose hiding by role also hides a form field: none of an employee's names another. */
export const EMPLOYEE_FIELD_VISIBILITY: Record<string, string> = visibilityOf(EMPLOYEE_FIELDS);

/** `hidden`: the fields the caller's role may not see (role 1: position_id; role 8: phone, email), not asked for. */
export function employeeSchema(hidden: ReadonlySet<string> = new Set()) {
  return withoutHidden({
    full_name: cardNameSchema,
    // the employee's phone has no rule of its own (spec point 5): optional, but a whole number when given
    phone: optionalPhone(),
    email: requiredEmail(),
    position_id: requiredId(EMPLOYEE_MSG.position),
  }, hidden);
}
