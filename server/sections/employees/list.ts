// The employees list: staff with their reserve statistics as the responsible employee.
import { sql } from 'drizzle-orm';
import { employeesResource } from '../../../domain/employees/resource';
import { latestComments, money2, numberRange, ownByCreator } from '../../lists/engine';
import { resourceSql, resourceSection } from '../../lists/resource';
import type { SectionSpec } from '../../contract/section';
import { reserveStats } from '../reserves';
import { handReservesOver } from '../../records/handOver';
import { RESPONSIBLE_MSG } from '../../../domain/reserves/messages';

// reserve statistics per employee (as the responsible one), with the average margin of its deals on their routes
const stats = reserveStats(
  'st',
  sql`FROM reserves rs WHERE rs.responsible_id = e.id`,
  sql`, avg(coalesce(rs.route_marginality, rs.marginality)) FILTER (WHERE rs.status = 'completed') AS marginality`,
);

// its fields as the resource declares them (the position shown by its name)
const fields = resourceSql(employeesResource, 'e');

export const employeesSpec: SectionSpec<'employees'> = {
  ...resourceSection(employeesResource, 'e'),
  // responsible for active reserves: kept with the count, or they go to the employee the delete names
  inUse: {
    count: sql`(SELECT count(*) FROM reserves used WHERE used.responsible_id = e.id AND used.status = 'active')`,
    refusal: RESPONSIBLE_MSG.inUse,
    handOver: { field: 'responsible_id', run: handReservesOver },
  },
  from: sql`FROM employees e ${fields.refJoins} ${stats.join}`,
  columns: {
    ...fields.parts.own,
    ...fields.parts.refs,
    ...stats.columns,
    marginality: money2(sql`st.marginality`),
    username: sql`(SELECT us.email FROM users us WHERE us.employee_id = e.id LIMIT 1)`,
    comments: latestComments('employees', sql`e.id`),
  },
  sortable: {
    ...fields.sortable,
    ...stats.sortable,
    marginality: sql`st.marginality`,
  },
  filters: {
    ...fields.filters,
    ...stats.filters,
    marginality: numberRange(sql`st.marginality`),
  },
  own: ownByCreator('e'),
};
