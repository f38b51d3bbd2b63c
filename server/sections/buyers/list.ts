// The buyers list: who we sell to, on what terms, and what each owes today.
import { sql } from 'drizzle-orm';
import { columns as buyersColumns } from '../../../domain/buyers/columns';
import { filters as buyersFilters } from '../../../domain/buyers/filters';
import { PAYMENT_TERMS } from '../../../domain/buyers/fields';
import {
  byValues, createdBy, digitsContain, exists, latestComments, money2, numberRange, ownColumns, ownFilters, references,
} from '../../lists/engine';
import type { SectionSpec } from '../../spec/section';
import { debtJoin } from './debt';
import { ZONE_SQL } from '../../db/businessDay';

const own = ownColumns('b', ['id', 'name', 'inn', 'kpp', 'delivery_address', 'contact_person', 'phone', 'email', 'deferral_days', 'status', 'created_at', 'deleted_at'], ['credit_limit']);
const refs = references({
  city: { table: 'cities', alias: 'c', on: 'b.city_id' },
  responsible: { table: 'employees', alias: 'e', on: 'b.responsible_id', name: 'full_name' },
});
const author = createdBy('b');
const termsTitle = sql.raw(`CASE b.payment_terms ${PAYMENT_TERMS.map((t) => `WHEN '${t.value}' THEN '${t.title}'`).join(' ')} END`);

export const buyersSpec: SectionSpec = {
  section: 'buyers',
  columnDefs: buyersColumns,
  filterDefs: buyersFilters,
  alias: 'b',
  // overdue by the business day (the time_zone setting), as the card's ledger and the credit check count it
  from: sql`FROM buyers b ${refs.joins} ${author.join} ${debtJoin('b', sql`(now() AT TIME ZONE ${ZONE_SQL})::date`)}`,
  columns: {
    ...own.columns,
    ...refs.columns,
    payment_terms: termsTitle,
    balance: money2(sql`debt.balance`),
    overdue: money2(sql`debt.overdue`),
    ...author.columns,
    comments: latestComments('buyers', sql`b.id`),
  },
  exportColumns: refs.names,
  sortable: {
    ...own.sortable, ...refs.sortable, ...author.sortable, payment_terms: sql`b.payment_terms`,
    balance: sql`debt.balance`, overdue: sql`debt.overdue`,
  },
  filters: {
    ...ownFilters('b', buyersFilters, ['buyers_ids', 'name', 'inn', 'contact_person', 'email', 'statuses_ids', 'created_at', 'credit_limit'], {
      cities: 'city_id', responsibles_ids: 'responsible_id',
    }),
    payment_terms: byValues(sql`b.payment_terms`),
    phone: digitsContain(sql`b.phone`),
    search: (f) => {
      const text = (f as { value: string }).value.trim();
      const digits = text.replace(/\D/g, '');
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return digits.length >= 3
        ? sql`(b.name ILIKE ${like} OR b.inn LIKE ${`%${digits}%`} OR b.phone LIKE ${`%${digits}%`})`
        : sql`b.name ILIKE ${like}`;
    },
    balance: numberRange(sql`debt.balance`),
    overdue: numberRange(sql`debt.overdue`),
    with_comments: exists(sql`SELECT 1 FROM comments cm WHERE cm.entity_type = 'buyers' AND cm.entity_id = b.id`),
  },
  // own: the buyers the caller's employee is responsible for; an account with no employee, the ones it created
  own: ({ user }) => (user.employee_id !== null ? sql`b.responsible_id = ${user.employee_id}` : sql`b.created_by = ${user.id}`),
};
