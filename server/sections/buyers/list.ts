// The buyers list: who we sell to, on what terms, and what each owes today.
import { sql } from 'drizzle-orm';
import { buyersResource, PAYMENT_TERMS } from '../../../domain/buyers/resource';
import { latestComments } from '../../lists/engine';
import { resourceSql, resourceSection } from '../../lists/resource';
import type { SectionSpec } from '../../contract/section';

// its fields as the resource declares them; the terms listed by their title, the debt as stored (migration 0062:
// the database keeps it with every sale, payment and opening balance, the daily job with the business day), so a
// page, a filter, a sort and an export read a column of the row, the sorts and filters through its index
const fields = resourceSql(buyersResource, 'b', {
  own: ['payment_terms'],
  computed: { balance: sql`b.debt_balance`, overdue: sql`b.debt_overdue` },
});
const termsTitle = sql.raw(
  `CASE b.payment_terms ${PAYMENT_TERMS.map((t) => `WHEN '${t.value}' THEN '${t.title}'`).join(' ')} END`,
);

export const buyersSpec: SectionSpec<'buyers'> = {
  ...resourceSection(buyersResource, 'b'),
  from: sql`FROM buyers b ${fields.joins}`,
  columns: {
    ...fields.parts.own,
    ...fields.parts.refs,
    payment_terms: termsTitle,
    ...fields.parts.computed,
    ...fields.parts.author,
    comments: latestComments('buyers', sql`b.id`),
  },
  exportColumns: fields.exportColumns,
  sortable: { ...fields.sortable, payment_terms: sql`b.payment_terms` },
  filters: {
    ...fields.filters,
    search: (f) => {
      const text = (f as { value: string }).value.trim();
      const digits = text.replace(/\D/g, '');
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return digits.length >= 3
        ? sql`(b.name ILIKE ${like} OR b.inn LIKE ${`%${digits}%`} OR b.phone LIKE ${`%${digits}%`})`
        : sql`b.name ILIKE ${like}`;
    },
  },
  // own: the buyers the caller's employee is responsible for; an account with no employee, the ones it created
  own: ({ user }) =>
    user.employee_id !== null ? sql`b.responsible_id = ${user.employee_id}` : sql`b.created_by = ${user.id}`,
};
