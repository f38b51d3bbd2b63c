// The employee card's form fields (spec point 5 "Employee create"), written once: the card's labels and values,
// the form's field list (schema.ts) and the server's JSON body schema read them here.
import { fieldTable } from '../fields';

/** In the form's order (the JSON body schema lists them so). The full name is the header's. */
export const EMPLOYEE_FIELDS = fieldTable([
  { key: 'full_name', label: 'ФИО', kind: 'text' },
  { key: 'phone', label: 'Телефон', kind: 'phone' },
  { key: 'email', label: 'Email', kind: 'email' },
  { key: 'position_id', label: 'Должность', kind: 'reference' },
]);
