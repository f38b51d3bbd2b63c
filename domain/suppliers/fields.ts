// The supplier card's form fields (spec point 5 "Supplier form"), written once: the card's labels and values, the
// form's field list and hiding rules (schema.ts) and the server's JSON body schema read them here.
import { fieldTable } from '../fields';

/** In the form's order (the JSON body schema lists them so). The name is the header's, labelled as its column. */
export const SUPPLIER_FIELDS = fieldTable([
  { key: 'name', label: 'Название', kind: 'text' },
  { key: 'email', label: 'Email', kind: 'email' },
  { key: 'phone', label: 'Телефон', kind: 'phone' },
  { key: 'contact_name', label: 'Контактное лицо', kind: 'text' },
  { key: 'inn', label: 'ИНН', kind: 'text' },
  // spec point 6 hides a supplier's 'city'
  { key: 'city_id', label: 'Город', kind: 'reference', visibleAs: 'city' },
  { key: 'location', label: 'Адрес', kind: 'text' },
]);
