// The generic list engine behind GET /api/{section}: a section describes its SQL (FROM, the row's columns,
// sortable expressions, how each filter key becomes a condition, what "own" means); the engine checks the
// caller's scope and hidden fields, pages, sorts and strips. Every value is a bound parameter.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { scopeOf, isColumnVisible, type Action, type Permissions } from '../../domain/permissions';
import {
  filterReads,
  LIST_COUNT_CAP,
  type FilterDef,
  type FilterType,
  type ListResponse,
  type Pagination,
} from '../../domain/lists';
import type { Section } from '../../domain/sections';
import { badRequest, forbidden } from '../errors';
import { rowsAs, rowsOf, select } from '../db/rows';
import { scopeCondition } from '../records/access';
import type { AuthenticatedUser } from '../accounts/users';
import type { FilterCompiler, SectionSpec } from '../contract/section';
import { columnOf, stripHidden } from '../contract/visible';
import { selectList } from '../db/select';
import { LIST_MSG, pageUrl, parseListQuery, type ListQuery, type RawQuery } from './query';
import { dayStartSql } from '../db/businessDay';
import { addDays } from '../../domain/businessDay';

export const raw = (s: string) => sql.raw(s);

// ---- filter helpers, shared by every section
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const list = (values: (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

export const byIds =
  (expr: SQL): FilterCompiler =>
  (f) =>
    sql`${expr} IN (${list((f as { values: string[] }).values.map(Number))})`;
export const byValues =
  (expr: SQL): FilterCompiler =>
  (f) =>
    sql`${expr} IN (${list((f as { values: string[] }).values)})`;
export const contains =
  (expr: SQL): FilterCompiler =>
  (f) =>
    sql`${expr} ILIKE ${`%${escapeLike((f as { value: string }).value)}%`}`;
export const numberRange =
  (expr: SQL): FilterCompiler =>
  (f) => {
    const { from, to } = f as { from?: string; to?: string };
    const parts: SQL[] = [];
    if (from !== undefined) parts.push(sql`${expr} >= ${from}::numeric`);
    if (to !== undefined) parts.push(sql`${expr} <= ${to}::numeric`);
    return sql.join(parts, sql` AND `);
  };
/** Whole days: to is inclusive. An instant (`instant`: a timestamptz such as created_at) is cut into business days
 * (setting time_zone), not the database session's: 'from 27.11' starts at 00:00 of the 27th in Moscow. */
export const dateRange =
  (expr: SQL, instant = false): FilterCompiler =>
  (f) => {
    const { from, to } = f as { from?: string; to?: string };
    const parts: SQL[] = [];
    if (instant) {
      if (from !== undefined) parts.push(sql`${expr} >= ${dayStartSql(from)}`);
      if (to !== undefined) parts.push(sql`${expr} < ${dayStartSql(addDays(to, 1))}`);
    } else {
      if (from !== undefined) parts.push(sql`${expr} >= ${from}::date`);
      if (to !== undefined) parts.push(sql`${expr} < (${to}::date + 1)`);
    }
    return sql.join(parts, sql` AND `);
  };
/** The house's columns named *_at are instants (timestamptz); the other dates are calendar days. */
const isInstant = (column: string) => column.endsWith('_at');
export const exists =
  (subquery: SQL): FilterCompiler =>
  () =>
    sql`EXISTS (${subquery})`;
/** Phone filters compare digits only: '+7 (916) 12' finds 7916123…. */
export const digitsContain =
  (expr: SQL): FilterCompiler =>
  (f) =>
    contains(expr)({ ...f, value: (f as { value: string }).value.replace(/\D/g, '') } as never);

/** How a filter of each type compares one value of the row; a boolean filter asks a question of its own. */
const COMPARE: Partial<Record<FilterType, (expr: SQL) => FilterCompiler>> = {
  multiple: byIds,
  status: byValues,
  enumeration: byValues,
  string: contains,
  address: contains,
  number: numberRange,
  currency: numberRange,
  date: dateRange,
};

/** Filters on the columns of the section's own table, each compared as its definition's type says: a list of ids,
 * a status or enumeration, a text it contains, a number or date range. A filter goes by the column its definition
 * names (`field`, else its key) unless `columns` names another column of the table or an expression. */
export function ownFilters(
  alias: string,
  defs: FilterDef[],
  keys: string[],
  columns: Record<string, string | SQL> = {},
) {
  return Object.fromEntries(
    [...keys, ...Object.keys(columns)].map((key) => {
      const def = defs.find((d) => d.key === key);
      const compare = def && COMPARE[def.type];
      if (!compare) throw new Error(`${key}: no filter that compares a column`);
      const column = columns[key] ?? def.field ?? key;
      if (compare === dateRange)
        return [
          key,
          dateRange(
            typeof column === 'string' ? raw(`${alias}.${column}`) : column,
            typeof column === 'string' && isInstant(column),
          ),
        ];
      return [key, compare(typeof column === 'string' ? raw(`${alias}.${column}`) : column)];
    }),
  ) as Record<string, FilterCompiler>;
}
/** "Own" for the reference sections: what the caller created. */
export const ownByCreator =
  (alias: string) =>
  ({ user }: { user: { id: number } }) =>
    sql`${sql.raw(alias)}.created_by = ${user.id}`;

// ---- row pieces
export const ref = (id: SQL, name: SQL) =>
  sql`CASE WHEN ${id} IS NULL THEN NULL ELSE json_build_object('id', ${id}, 'name', ${name}) END`;
/** A list's references, each an {id, name} link to another table: its LEFT JOIN, its column and its sort (by the
 * name) come from one entry. `on` is the referencing column ('o.product_id'); `name` the shown one ('name'). */
export function references(refs: Record<string, { table: string; alias: string; on: string; name?: string }>) {
  const entries = Object.entries(refs);
  const nameOf = (r: { alias: string; name?: string }) => raw(`${r.alias}.${r.name ?? 'name'}`);
  return {
    joins: sql.join(
      entries.map(([, r]) => raw(`LEFT JOIN ${r.table} ${r.alias} ON ${r.alias}.id = ${r.on}`)),
      sql` `,
    ),
    columns: Object.fromEntries(entries.map(([key, r]) => [key, ref(raw(`${r.alias}.id`), nameOf(r))])),
    /** For the export: the name alone, all a cell shows. */
    names: Object.fromEntries(entries.map(([key, r]) => [key, nameOf(r)])),
    sortable: Object.fromEntries(entries.map(([key, r]) => [key, nameOf(r)])),
  };
}
/** Who created the record, by name (or e-mail where the account has none): its join, column and sort. */
export function createdBy(alias: string) {
  const name = sql`coalesce(u.name, u.email)`;
  return {
    join: raw(`LEFT JOIN users u ON u.id = ${alias}.created_by`),
    columns: { created_by: name },
    sortable: { created_by: name },
  };
}
export const money2 = (expr: SQL) => sql`round(${expr}, 2)::text`;
/** The latest three comments of a record, for the comments cell (those written in one transaction share a time:
 * the later written first). */
export const latestComments = (section: Section, id: SQL) => sql`(
  SELECT coalesce(json_agg(json_build_object('id', c.id, 'text', c.text, 'author_id', c.author_id,
    'author_name', coalesce(cu.name, cu.email), 'created_at', c.created_at) ORDER BY c.created_at DESC, c.id DESC), '[]'::json)
  FROM (SELECT * FROM comments WHERE entity_type = ${section} AND entity_id = ${id} ORDER BY created_at DESC, id DESC LIMIT 3) c
  LEFT JOIN users cu ON cu.id = c.author_id)`;

/** Columns of the section's own table: shown as stored (text, dates) or with 2 decimals (amounts, money), and
 * sortable as stored. Spread into a spec's columns and sortable. */
export function ownColumns(alias: string, asStored: string[], amounts: string[]) {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return {
    columns: Object.fromEntries([
      ...asStored.map((c) => [c, column(c)]),
      ...amounts.map((c) => [c, money2(column(c))]),
    ]) as Record<string, SQL>,
    sortable: Object.fromEntries([...asStored, ...amounts].map((c) => [c, column(c)])) as Record<string, SQL>,
  };
}

/** May the caller filter by it? Filtering by a field is a way of reading it: every field the filter (and the
 * column it goes by) reads must be visible, and the section it picks from readable. */
export function isFilterAllowed(
  perms: Permissions,
  spec: Pick<SectionSpec, 'section' | 'columnDefs'>,
  def: FilterDef,
): boolean {
  if (def.needs !== undefined && scopeOf(perms, def.needs, 'read') === 'none') return false;
  return isColumnVisible(perms, spec.section, filterReads(spec.section, def, spec.columnDefs));
}

export interface CompiledList {
  /** The exact count of the matching rows (the export's total). */
  count: SQL;
  /** The count the list shows: exact up to `limit` rows, never reading more than that many. */
  countUpTo(limit: number): SQL;
  /** How many rows the list's count reads at most: LIST_COUNT_CAP, or past the asked page and one more. */
  countLimit: number;
  page: SQL;
  page_number: number;
  perPage: number;
}

/** A list request checked against the caller's rights and compiled to SQL pieces: the page and the export both
 * build on them. Each action's scope applies (the export: read and export), so 'own' limits either. */
export function listParts(
  spec: SectionSpec,
  auth: AuthenticatedUser,
  query: RawQuery,
  actions: readonly Action[] = ['read'],
) {
  const perms = auth.permissions;
  const scopes = actions.map((action) => scopeCondition(spec, auth, action));

  const defs: FilterDef[] = spec.filterDefs;
  const parsed = parseListQuery(query, defs);
  const conditions: SQL[] = [];

  const a = raw(spec.alias);
  const asksForDeleted = parsed.filters.some(
    (f) => f.def.key === 'statuses_ids' && f.kind === 'list' && f.values.includes('deleted'),
  );
  if (!parsed.withDeleted && !asksForDeleted) conditions.push(sql`${a}.status <> 'deleted'`);
  conditions.push(...scopes);

  for (const filter of parsed.filters) {
    if (!isFilterAllowed(perms, spec, filter.def)) throw forbidden(LIST_MSG.forbiddenFilter(filter.def.title));
    const compile = spec.filters[filter.def.key];
    if (!compile) throw badRequest(LIST_MSG.unknownFilter(filter.def.key));
    conditions.push(sql`(${compile(filter)})`);
  }

  let sort: { expr: SQL; asc: boolean } | undefined;
  let orderBy = sql`${a}.id DESC`;
  if (parsed.sort) {
    // own keys only: 'constructor' or '__proto__' is no column
    const expr = Object.hasOwn(spec.sortable, parsed.sort) ? spec.sortable[parsed.sort] : undefined;
    if (!expr || !isColumnVisible(perms, spec.section, columnOf(spec, parsed.sort)))
      throw badRequest(LIST_MSG.sort(parsed.sort));
    const direction = raw(parsed.order === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST');
    orderBy = sql`${expr} ${direction}, ${a}.id ${raw(parsed.order === 'asc' ? 'ASC' : 'DESC')}`;
    sort = { expr, asc: parsed.order === 'asc' };
  }
  return { parsed, conditions, orderBy, sort };
}

/** SELECT's column list: every output column (or those of `keys`) under its key. */
export const selectColumns = (spec: SectionSpec, keys: string[] = Object.keys(spec.columns)) =>
  selectList(Object.fromEntries(keys.map((key) => [key, spec.columns[key]])));

/** The two statements behind a list request (count and page), checked against the caller's rights. */
export function compileList(spec: SectionSpec, auth: AuthenticatedUser, query: RawQuery): CompiledList {
  const { parsed, conditions, orderBy } = listParts(spec, auth, query);
  const a = raw(spec.alias);
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  // Two steps in one statement: pick the page's ids with only what filters and sorting need (PostgreSQL drops
  // the unused joins), then build the full rows, references and comments for those ids alone.
  return pageStatements(
    spec.from,
    where,
    parsed,
    (limit, offset) => sql`SELECT ${selectColumns(spec)} ${spec.from}
      WHERE ${a}.id IN (SELECT ${a}.id ${spec.from} ${where} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset})
      ORDER BY ${orderBy}`,
    spec.countFrom,
  );
}

/** A count's column: the statements below answer it, typed. */
export const COUNTED = select({ total: sql<number>`count(*)::int` });

/** A list's count and page statements over `from` (its FROM and joins) and `where`: `page` selects the rows of the
 * asked page (limit, offset). */
export function pageStatements(
  from: SQL,
  where: SQL,
  parsed: Pick<ListQuery, 'page' | 'perPage'>,
  page: (limit: number, offset: number) => SQL,
  countFrom = from,
): CompiledList {
  const offset = (parsed.page - 1) * parsed.perPage;
  return {
    count: sql`SELECT ${COUNTED} ${from} ${where}`,
    // the joins the row does not use are dropped by the planner; the LIMIT stops the scan at `limit` rows
    countUpTo: (limit: number) => sql`SELECT ${COUNTED} FROM (SELECT 1 ${countFrom} ${where} LIMIT ${limit}) counted`,
    countLimit: Math.max(LIST_COUNT_CAP, offset + parsed.perPage) + 1,
    page: page(parsed.perPage, offset),
    page_number: parsed.page,
    perPage: parsed.perPage,
  };
}

export async function runList(
  db: Database,
  spec: SectionSpec,
  auth: AuthenticatedUser,
  query: RawQuery,
  path: string,
): Promise<ListResponse<Record<string, unknown>>> {
  const { rows, pagination } = await pagedRows(db, compileList(spec, auth, query), query, path);
  return { data: stripHidden(rows, auth.permissions, spec), pagination };
}

/** A compiled list's page and its pager: the count, the page's rows and the links to the pages around it. Also
 * for a list outside the sections' registry ('Котировки'), which compiles its own statements. */
export async function pagedRows(db: Database, compiled: CompiledList, query: RawQuery, path: string) {
  // A million matches are not counted one by one for a pager: up to LIST_COUNT_CAP rows (or the asked page and one
  // more) the count is exact; past it the answer says "more than" (totalExact false, totalItems the rows counted)
  // and there is always a next page to go to.
  const [{ total: counted }] = rowsAs(COUNTED, await db.execute(compiled.countUpTo(compiled.countLimit)));
  const totalExact = counted < compiled.countLimit;
  const total = totalExact ? counted : counted - 1;
  const page = compiled.page_number;
  const pageCount = Math.max(1, Math.ceil((totalExact ? total : total + 1) / compiled.perPage));
  if (page > pageCount) throw badRequest(LIST_MSG.pageBeyond(page, pageCount));
  const rows = rowsOf<Record<string, unknown>>(await db.execute(compiled.page));
  const pagination: Pagination = {
    totalItems: total,
    currentPage: page,
    firstPage: 1,
    lastPage: pageCount,
    nextPage: page < pageCount ? pageUrl(path, query, page + 1) : null,
    previousPage: page > 1 ? pageUrl(path, query, Math.min(page - 1, pageCount)) : null,
    perPage: compiled.perPage,
    pageCount,
    pageURI: pageUrl(path, query, page),
    // said only when it is not: an exact count's answer is as it always was
    ...(totalExact ? {} : { totalExact: false }),
  };
  return { rows, pagination };
}
