// The buyers list's filter keys (issue 37): the filter panel offers them, the server turns each into SQL.
import { f, rangeFilters, recordFilters, type FilterDef } from '../lists';
import { columns } from './columns';

export const filters: FilterDef[] = [
  f('buyers_ids', '№ покупателя', 'multiple', { options: 'buyers', field: 'id' }),
  // the reserve card's buyer picker: one text matched against the name, the INN and the phone's digits
  f('search', 'Название, ИНН или телефон', 'string', { reads: ['buyers.name', 'buyers.inn', 'buyers.phone'] }),
  f('name', 'Название', 'string'),
  f('inn', 'ИНН', 'string'),
  f('contact_person', 'Контактное лицо', 'string'),
  f('phone', 'Телефон', 'string'),
  f('email', 'Email', 'string'),
  f('cities', 'Город', 'multiple', { options: 'cities', needs: 'cities', field: 'city' }),
  f('responsibles_ids', 'Ответственный', 'multiple', { options: 'employees', needs: 'employees', field: 'responsible' }),
  f('payment_terms', 'Условия оплаты', 'enumeration', { options: 'payment_terms' }),
  ...rangeFilters(columns, ['credit_limit', 'balance', 'overdue']),
  recordFilters.status(),
  recordFilters.createdAt(),
  recordFilters.withComments(),
];
