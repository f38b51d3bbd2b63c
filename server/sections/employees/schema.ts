// The JSON schemas of a employee's card; the rules and Russian messages are domain/employees/schema.ts (yup,
// shared with the card).
import { EMPLOYEE_FORM_FIELDS } from '../../../domain/employees/schema';
import { cardBody, type CardSummaries } from '../../records/card';

export const employeeBody = cardBody(EMPLOYEE_FORM_FIELDS);
export const employeeSummaries: CardSummaries = {
  read: 'One employee with its figures; a deleted one only with ?withDeleted',
  create: 'Create an employee (409 with the id of an employee with the same e-mail or phone)',
  update: 'Change a employee',
};
