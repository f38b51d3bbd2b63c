// The employees list: staff with their reserve statistics as the responsible employee.
import { sql } from 'drizzle-orm';
import { columns as employeesColumns } from '../../../domain/employees/columns';
import { filters as employeesFilters } from '../../../domain/employees/filters';
import {
  byIds, byValues, contains, dateRange, digitsContain, latestComments, money2, numberRange, ownByCreator, ownColumns, type SectionSpec,
} from '../../lists/engine';

// reserve statistics per employee (as the responsible one)
const employeeStats = sql`LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE rs.status <> 'deleted') AS total_created,
           count(*) FILTER (WHERE rs.status = 'completed') AS purchased_count,
           coalesce(sum(rs.total_selling_sum) FILTER (WHERE rs.status = 'completed'), 0) AS purchased_sum,
           count(*) FILTER (WHERE rs.status = 'cancelled') AS cancelled_count,
           avg(rs.marginality) FILTER (WHERE rs.status = 'completed') AS marginality
    FROM reserves rs WHERE rs.responsible_id = e.id) st ON true`;

const employeeOwn = ownColumns('e', ['id', 'full_name', 'phone', 'email', 'position_id', 'status', 'created_at', 'deleted_at'], []);

export const employeesSpec: SectionSpec = {
  section: 'employees',
  columnDefs: employeesColumns,
  filterDefs: employeesFilters,
  alias: 'e',
  from: sql`FROM employees e LEFT JOIN positions ps ON ps.id = e.position_id ${employeeStats}`,
  columns: {
    ...employeeOwn.columns,
    position_name: sql`ps.name`,
    reserve_total_created: sql`st.total_created::text`,
    reserve_purchased_count: sql`st.purchased_count::text`,
    reserve_purchased_sum: money2(sql`st.purchased_sum`),
    reserve_cancelled_count: sql`st.cancelled_count::text`,
    marginality: money2(sql`st.marginality`),
    username: sql`(SELECT us.email FROM users us WHERE us.employee_id = e.id LIMIT 1)`,
    comments: latestComments('employees', sql`e.id`),
  },
  sortable: {
    ...employeeOwn.sortable, position_name: sql`ps.name`, reserve_total_created: sql`st.total_created`,
    reserve_purchased_count: sql`st.purchased_count`, reserve_purchased_sum: sql`st.purchased_sum`,
    reserve_cancelled_count: sql`st.cancelled_count`, marginality: sql`st.marginality`,
  },
  filters: {
    employees_ids: byIds(sql`e.id`),
    employees: contains(sql`e.full_name`),
    phone: digitsContain(sql`e.phone`),
    positions: byIds(sql`e.position_id`),
    statuses_ids: byValues(sql`e.status`),
    total_reserves_created: numberRange(sql`st.total_created`),
    purchased_reserves: numberRange(sql`st.purchased_count`),
    purchased_reserves_currency: numberRange(sql`st.purchased_sum`),
    cancelled_reserves: numberRange(sql`st.cancelled_count`),
    marginality: numberRange(sql`st.marginality`),
    created_at: dateRange(sql`e.created_at`),
  },
  own: ownByCreator('e'),
};
