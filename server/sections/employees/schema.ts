// The JSON schemas of a employee's card; the rules and Russian messages are domain/employees/schema.ts (yup,
// shared with the card).
import { EMPLOYEE_FORM_FIELDS } from '../../../domain/employees/schema';
import { anyObject, responses } from '../../http/schemas';
import { cardBody } from '../../records/card';

export const employeeBody = cardBody(EMPLOYEE_FORM_FIELDS);
export const employeeResponse = (status: 200 | 201) => responses({ [status]: anyObject });
