// The employees section, declared once (domain/resource.ts): the card's form fields (spec point 5 "Employee
// create"; the full name is the header's), the list's columns (point 2) and filter keys (point 3), history and bulk
// edit are derived from it; so are the server's body schema, SQL columns, joins, sorts and filters.
import { col, f, rangeFilters, recordColumns, recordFilters, type ColumnDef, type FilterDef } from '../lists';
import type { FieldRef } from '../fieldRefs';
import { defineResource } from '../resource';
import { RESERVE_STATISTICS_FILTERS } from '../reserves/statistics';

// counted over every reserve by its responsible: needs the responsible and all reserves readable
const BY_RESPONSIBLE: FieldRef[] = ['reserves.responsible_id', 'reserves.*'];

// reserve statistics count the reserves each employee is responsible for: they read reserves.responsible_id
const statistics = [
  col('reserve_total_created', 'Создано резервов', 'number', { width: 140, reads: BY_RESPONSIBLE }),
  col('reserve_purchased_count', 'Выкуплено резервов', 'number', { width: 150, reads: BY_RESPONSIBLE }),
  col('reserve_purchased_sum', 'Сумма выкупленных', 'money', {
    width: 160,
    reads: [...BY_RESPONSIBLE, 'reserves.total_selling_sum'],
  }),
  col('reserve_cancelled_count', 'Отменено резервов', 'number', { width: 150, reads: BY_RESPONSIBLE }),
  col('marginality', 'Маржинальность, %', 'number', { width: 150, reads: [...BY_RESPONSIBLE, 'reserves.marginality'] }),
];

export const employeesResource = defineResource({
  section: 'employees',
  // in the form's order
  fields: {
    full_name: { label: 'ФИО', required: true, kind: 'text', column: { width: 220 }, filter: { key: 'employees' } },
    phone: { label: 'Телефон', hiddenFrom: ['8'], kind: 'phone', column: { width: 170 }, filter: true },
    email: { label: 'Email', hiddenFrom: ['8'], required: true, kind: 'email', column: { width: 200 } },
    // hidden by its own name (spec point 6), listed by the position's name
    position_id: {
      label: 'Должность',
      hiddenFrom: ['1'],
      required: true,
      kind: 'reference',
      visibleAs: 'position_id',
      reference: { list: 'positions', as: 'position_name', alias: 'ps', shown: 'name' },
      column: { width: 180, field: 'position_id' },
      filter: { key: 'positions' },
      bulk: 'set',
    },
  },
  columns: [
    recordColumns.id(),
    'full_name',
    'position_id',
    'phone',
    'email',
    recordColumns.status(),
    ...statistics,
    recordColumns.createdAt(),
    recordColumns.comments({ hiddenByDefault: true }),
  ],
  filters: [
    f('employees_ids', '№ сотрудника', 'multiple', { options: 'employees', field: 'id' }),
    'full_name',
    'phone',
    'position_id',
    recordFilters.status(),
    ...rangeFilters(statistics, { ...RESERVE_STATISTICS_FILTERS, marginality: 'marginality' }),
    recordFilters.createdAt(),
  ],
  bulk: { order: ['position_id'] },
  selectOrder: ['id', 'full_name', 'phone', 'email', 'position_id', 'status', 'created_at', 'deleted_at'],
});

/** The employee card's form fields, in the form's order (the full name is the header's). */
export const EMPLOYEE_FIELDS = employeesResource.formFields;
export const columns: ColumnDef[] = employeesResource.columns;
export const filters: FilterDef[] = employeesResource.filters;
