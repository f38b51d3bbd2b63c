// GET /api/quotes ('Котировки'): the caller's saved quotes (all of them for a role that reads every
// reserve), a page at a time, filtered by status on the business day, buyer, city and dates, sorted by a column.
// The query string is the lists' own (domain/listQuery.ts over QUOTE_FILTERS), so a bad value is the lists' Russian
// 400; the pager is the lists' engine's.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { todayOf } from '../db/businessDay';
import { money, sum } from '../../domain/numbers';
import { QUOTE_FILTERS, QUOTE_SORTS } from '../../domain/quotes/list';
import { QUOTE_STATUSES, quoteStatusOf } from '../../domain/quotes/record';
import { badRequest } from '../errors';
import { byIds, byValues, contains, dateRange, pagedRows, pageStatements, raw } from '../lists/engine';
import { LIST_MSG, parseListQuery, type RawQuery } from '../lists/query';
import type { FilterCompiler } from '../contract/section';
import { QUOTE_BUYER } from '../../domain/quotes/buyer';
import { buyerColumn, QUOTE_FROM, QUOTE_SELECT, readScope, type QuoteRow } from './records';

const FROM = QUOTE_FROM;
const buyerSql = sql`q.${buyerColumn}`;

/** The status a quote has on `today`, in SQL: what quoteStatusOf says of a row. */
const statusSql = (today: string) =>
  sql`(CASE WHEN q.status = 'accepted' THEN 'accepted' WHEN q.valid_until < ${today}::date THEN 'expired' ELSE 'active' END)`;
const totalSql = sql`(SELECT sum((l->>'total_sum')::numeric) FROM jsonb_array_elements(q.lines) l)`;

function compilers(today: string): Record<string, FilterCompiler> {
  const status = byValues(statusSql(today));
  return {
    statuses_ids: (filter) => {
      const values = (filter as { values: string[] }).values;
      if (values.some((v) => !(QUOTE_STATUSES as readonly string[]).includes(v)))
        throw badRequest(LIST_MSG.badId(filter.def.title));
      return status(filter);
    },
    buyer: contains(buyerSql),
    buyers_ids: byIds(raw('q.buyer_id')),
    cities_ids: byIds(raw('q.city_id')),
    created_at: dateRange(raw('q.created_at'), true),
    valid_until: dateRange(raw('q.valid_until')),
  };
}

const sortable = (today: string): Record<(typeof QUOTE_SORTS)[number], SQL> => ({
  number: raw('q.id'),
  status: statusSql(today),
  [QUOTE_BUYER]: buyerSql,
  city: raw('c.name'),
  product: sql`(q.lines->0->'offers'->0->>'product')`,
  total_sum: totalSql,
  valid_until: raw('q.valid_until'),
  created_at: raw('q.created_at'),
});

/** One row of the list: what the card's header shows, with the first lot's product. */
const listRow = (r: QuoteRow, today: string) => ({
  id: r.id,
  number: r.id,
  status: quoteStatusOf(r.status, r.valid_until, today),
  city: { id: r.city_id, name: r.city },
  buyer_id: r.buyer_id,
  [QUOTE_BUYER]: r[QUOTE_BUYER],
  valid_until: r.valid_until,
  product: r.lines[0]?.offers[0]?.product ?? '',
  total_sum: money(sum(...r.lines.map((l) => l.total_sum)))!,
  created_at: new Date(r.created_at).toISOString(),
  version: r.version,
});

export async function listQuotes(db: Database, auth: AuthenticatedUser, query: RawQuery, path: string) {
  const parsed = parseListQuery(query, QUOTE_FILTERS);
  const today = await todayOf(db);
  const compile = compilers(today);
  const conditions = [
    sql`q.status <> 'deleted'`,
    readScope(auth),
    ...parsed.filters.map((filter) => sql`(${compile[filter.def.key](filter)})`),
  ];
  const sorts = sortable(today);
  let orderBy = sql`q.id DESC`;
  if (parsed.sort) {
    if (!Object.hasOwn(sorts, parsed.sort)) throw badRequest(LIST_MSG.sort(parsed.sort));
    const asc = parsed.order === 'asc';
    orderBy = sql`${sorts[parsed.sort as keyof typeof sorts]} ${raw(asc ? 'ASC NULLS FIRST' : 'DESC NULLS LAST')}, q.id ${raw(asc ? 'ASC' : 'DESC')}`;
  }
  const where = sql`WHERE ${sql.join(conditions, sql` AND `)}`;
  const compiled = pageStatements(
    FROM,
    where,
    parsed,
    (limit, offset) => sql`${QUOTE_SELECT} ${where} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
  );
  const { rows, pagination } = await pagedRows(db, compiled, query, path);
  // the engine's pager answers any list's rows; this page's are QUOTE_SELECT's
  return { data: (rows as QuoteRow[]).map((r) => listRow(r, today)), pagination };
}
