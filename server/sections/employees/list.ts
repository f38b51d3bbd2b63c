// The employees list: staff with their reserve statistics as the responsible employee.
import { sql } from 'drizzle-orm';
import { columns as employeesColumns } from '../../../domain/employees/columns';
import { filters as employeesFilters } from '../../../domain/employees/filters';
import {
  byIds, byValues, contains, dateRange, digitsContain, latestComments, money2, numberRange, ownByCreator, ownColumns, type SectionSpec,
} from '../../lists/engine';
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
    employees_ids: byIds(sql`e.id`),
    employees: contains(sql`e.full_name`),
    phone: digitsContain(sql`e.phone`),
    positions: byIds(sql`e.position_id`),
    statuses_ids: byValues(sql`e.status`),
    ...stats.filters,
    marginality: numberRange(sql`st.marginality`),
    created_at: dateRange(sql`e.created_at`),
  },
  own: ownByCreator('e'),
};
