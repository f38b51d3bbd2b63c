// The employees list: staff with their reserve statistics as the responsible employee.
import { sql } from 'drizzle-orm';
import { columns as employeesColumns } from '../../../domain/employees/columns';
import { filters as employeesFilters } from '../../../domain/employees/filters';
import {
  digitsContain, latestComments, money2, numberRange, ownByCreator, ownColumns, ownFilters,
} from '../../lists/engine';
import type { SectionSpec } from '../../spec/section';
import { reserveStats } from '../reserves/stats';

// reserve statistics per employee (as the responsible one), with the average margin of its deals
const stats = reserveStats('st', sql`FROM reserves rs WHERE rs.responsible_id = e.id`,
  sql`, avg(rs.marginality) FILTER (WHERE rs.status = 'completed') AS marginality`);

const employeeOwn = ownColumns('e', ['id', 'full_name', 'phone', 'email', 'position_id', 'status', 'created_at', 'deleted_at'], []);

export const employeesSpec: SectionSpec = {
  section: 'employees',
  columnDefs: employeesColumns,
  filterDefs: employeesFilters,
  alias: 'e',
  from: sql`FROM employees e LEFT JOIN positions ps ON ps.id = e.position_id ${stats.join}`,
  columns: {
    ...employeeOwn.columns,
    position_name: sql`ps.name`,
    ...stats.columns,
    marginality: money2(sql`st.marginality`),
    username: sql`(SELECT us.email FROM users us WHERE us.employee_id = e.id LIMIT 1)`,
    comments: latestComments('employees', sql`e.id`),
  },
  sortable: {
    ...employeeOwn.sortable, ...stats.sortable, position_name: sql`ps.name`, marginality: sql`st.marginality`,
  },
  filters: {
    ...ownFilters('e', employeesFilters, ['employees_ids', 'employees', 'positions', 'statuses_ids', 'created_at']),
    phone: digitsContain(sql`e.phone`),
    ...stats.filters,
    marginality: numberRange(sql`st.marginality`),
  },
  own: ownByCreator('e'),
};
