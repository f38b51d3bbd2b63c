// Employees and suppliers: reference records with their reserve statistics.
import { sql } from 'drizzle-orm';
import { columns as employeesColumns } from '../../domain/employees/columns';
import { filters as employeesFilters } from '../../domain/employees/filters';
import { columns as suppliersColumns } from '../../domain/suppliers/columns';
import { filters as suppliersFilters } from '../../domain/suppliers/filters';
import { byIds, byValues, contains, dateRange, latestComments, money2, numberRange, ownColumns, ref, type FilterCompiler, type SectionSpec } from '../lists/engine';

/** Phone filters compare digits only: '+7 (916) 12' finds 7916123…. */
const phoneContains = (expr: ReturnType<typeof sql>): FilterCompiler => (f) =>
  contains(expr)({ ...f, value: (f as { value: string }).value.replace(/\D/g, '') } as never);

const ownByCreator = (alias: string) => ({ user }: { user: { id: number } }) => sql`${sql.raw(alias)}.created_by = ${user.id}`;

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
    phone: phoneContains(sql`e.phone`),
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

// offer and reserve statistics per supplier
const supplierStats = sql`LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE so.status <> 'deleted') AS offers_created,
           coalesce(sum(so.available_amount) FILTER (WHERE so.status = 'active'), 0) AS available_amount,
           min(so.unit_price) FILTER (WHERE so.status = 'active') AS min_price,
           max(so.unit_price) FILTER (WHERE so.status = 'active') AS max_price
    FROM offers so WHERE so.supplier_id = s.id) sto ON true
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE rs.status <> 'deleted') AS total_created,
           count(*) FILTER (WHERE rs.status = 'completed') AS purchased_count,
           coalesce(sum(rs.total_selling_sum) FILTER (WHERE rs.status = 'completed'), 0) AS purchased_sum,
           count(*) FILTER (WHERE rs.status = 'cancelled') AS cancelled_count
    FROM reserves rs JOIN offers ro ON ro.id = rs.offer_id WHERE ro.supplier_id = s.id) str ON true`;

const supplierOwn = ownColumns('s', ['id', 'name', 'inn', 'contact_name', 'phone', 'email', 'location', 'status', 'created_at', 'deleted_at'], []);

export const suppliersSpec: SectionSpec = {
  section: 'suppliers',
  columnDefs: suppliersColumns,
  filterDefs: suppliersFilters,
  alias: 's',
  from: sql`FROM suppliers s LEFT JOIN cities c ON c.id = s.city_id ${supplierStats}`,
  columns: {
    ...supplierOwn.columns,
    city: ref(sql`c.id`, sql`c.name`),
    total_offers_created: sql`sto.offers_created::text`,
    reserve_total_created: sql`str.total_created::text`,
    reserve_purchased_count: sql`str.purchased_count::text`,
    reserve_purchased_sum: money2(sql`str.purchased_sum`),
    reserve_cancelled_count: sql`str.cancelled_count::text`,
    available_amount: money2(sql`sto.available_amount`),
    min_selling_price: money2(sql`sto.min_price`),
    max_selling_price: money2(sql`sto.max_price`),
    comments: latestComments('suppliers', sql`s.id`),
  },
  sortable: {
    ...supplierOwn.sortable, city: sql`c.name`, total_offers_created: sql`sto.offers_created`,
    reserve_total_created: sql`str.total_created`, reserve_purchased_count: sql`str.purchased_count`,
    reserve_purchased_sum: sql`str.purchased_sum`, reserve_cancelled_count: sql`str.cancelled_count`,
    available_amount: sql`sto.available_amount`, min_selling_price: sql`sto.min_price`, max_selling_price: sql`sto.max_price`,
  },
  filters: {
    suppliers_ids: byIds(sql`s.id`),
    suppliers: contains(sql`s.name`),
    inn: contains(sql`s.inn`),
    contact_person: contains(sql`s.contact_name`),
    phone: phoneContains(sql`s.phone`),
    email: contains(sql`s.email`),
    cities: byIds(sql`s.city_id`),
    location: contains(sql`s.location`),
    statuses_ids: byValues(sql`s.status`),
    total_offers_created: numberRange(sql`sto.offers_created`),
    total_reserves_created: numberRange(sql`str.total_created`),
    purchased_reserves: numberRange(sql`str.purchased_count`),
    purchased_reserves_currency: numberRange(sql`str.purchased_sum`),
    cancelled_reserves: numberRange(sql`str.cancelled_count`),
    created_at: dateRange(sql`s.created_at`),
  },
  own: ownByCreator('s'),
};
