// What the analytics charts count, as SQL: the reserves and offers within the caller's read scopes (the list
// engine's scope conditions, the sections' own `own`) and the filters, the figures' expressions, and the select
// list of the figures the caller may see (a hidden figure is not selected at all).
import { sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import type { Section } from '../../domain/sections';
import type { SectionSpec } from '../contract/section';
import { ANALYTICS_LIST_FILTERS, type AnalyticsFilter, type FigureDef } from '../../domain/analytics';
import { LIST_MSG } from '../../domain/listQuery';
import { isRefVisible, scopeOf } from '../../domain/permissions';
import { forbidden } from '../errors';
import { select, type Fields, type RowOf, type Selection } from '../db/rows';
import { buyers, employees, offers, products, recordHistory, reserves } from '../db/schema';
import { money2, ref } from '../lists/engine';
import { scopeCondition } from '../records/access';
import { dayStartSql, ZONE_SQL } from '../db/businessDay';
import { addDays } from '../../domain/businessDay';

export type Specs = Record<Section, SectionSpec>;

// the tables' aliases the charts' statements (and the sections' scope conditions) read them by
export const r = alias(reserves, 'r');
export const o = alias(offers, 'o');
const w = alias(offers, 'w');
export const e = alias(employees, 'e');
export const p = alias(products, 'p');
export const b = alias(buyers, 'b');
export const h = alias(recordHistory, 'h');

/** A completed reserve's margin in roubles, exact: its selling sum less its cost on the terms it was made on
 * (domain/reserves/figures.ts costPerUnit × amount) at the route's delivery cost where a lower one was typed (what
 * the trade makes); a reserve without stored terms by its margin percent. */
export const MARGIN = sql`coalesce(${r.total_selling_sum} - ${r.amount} * (coalesce(${r.route_delivery_cost}, ${r.delivery_cost}) + ${r.offer_price_kg} + coalesce(${r.costs_per_kg}, 0)) * ${r.unit_weight},
  ${r.total_selling_sum} * coalesce(${r.route_marginality}, ${r.marginality}) / 100, 0)`;
/** A reserve's amount in kilograms: pieces by the unit weight it was made on ('кг' has weight 1); a reserve from
 * before terms were kept by its offer's (coalesce reads the offer only for such a one). */
export const RESERVE_KG = sql`${r.amount} * coalesce(${r.unit_weight}, (SELECT ${w.unit_weight} FROM ${offers} ${w} WHERE ${w.id} = ${r.offer_id}), 1)`;
export const kg2 = (expr: SQL) => sql<string>`round(coalesce(${expr}, 0), 2)::text`;
export const money = (expr: SQL) => sql<string>`${money2(expr)}`;
export const int = (expr: SQL) => sql<number>`${expr}::int`;
/** A reference as the lists answer it: {id, name}. */
export const link = (id: Column, name: Column) =>
  sql<{ id: number; name: string } | null>`${ref(sql`${id}`, sql`${name}`)}`;

/** A history entry of an offer turning 'Выполнен' (offers/stock.ts `complete`, records/history.ts `diff`). */
export const SOLD_OUT = '[{"field": "status", "new": "completed"}]';

const inList = (column: SQL, ids: number[]) =>
  sql`${column} IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** The filters' conditions: over offers `o`, and over reserves `r` (the responsible, where the chart counts
 * reserves). A filter whose field is hidden from the caller is refused with the lists' message, as a list refuses it. */
function filterConditions(auth: AuthenticatedUser, filter: AnalyticsFilter): { offer: SQL[]; reserve: SQL[] } {
  const result = { offer: [] as SQL[], reserve: [] as SQL[] };
  const columns = {
    products_ids: ['offer', sql`${o.product_id}`],
    cities_ids: ['offer', sql`${o.city_id}`],
    responsible_ids: ['reserve', sql`${r.responsible_id}`],
  } as const;
  for (const def of ANALYTICS_LIST_FILTERS) {
    const ids = filter[def.key];
    if (!ids.length) continue;
    if (!def.reads.every((r) => isRefVisible(auth.permissions, r)))
      throw forbidden(LIST_MSG.forbiddenFilter(def.title));
    const [table, column] = columns[def.key];
    result[table].push(inList(column, ids));
  }
  return result;
}

/** The offers a chart of offers counts: readable and within the filters. */
export const offersWhere = (ctx: Context) =>
  and([scopeCondition(ctx.specs.offers, ctx.auth, 'read'), ...filterConditions(ctx.auth, ctx.filter).offer]);

export const and = (conditions: SQL[]) => sql.join(conditions, sql` AND `);

export interface Context {
  db: Database;
  auth: AuthenticatedUser;
  specs: Specs;
  filter: AnalyticsFilter;
  figures: FigureDef[];
}

/** The reserves a reserve chart counts: not deleted, readable, on a readable offer, within the filters, as a FROM
 * over reserves `r` and its WHERE. The offers are joined only when a condition reads them (a scope of 'own', a
 * product or city filter): the whole offers table is not read for a caller who reads them all. */
export function reservesFrom(
  ctx: Context,
  counted: SQL = sql`${r.status} <> 'deleted'`,
): { from: SQL; where: SQL; narrowed: boolean } {
  const filters = filterConditions(ctx.auth, ctx.filter);
  const offered = [
    ...(scopeOf(ctx.auth.permissions, 'offers', 'read') === 'all'
      ? []
      : [scopeCondition(ctx.specs.offers, ctx.auth, 'read')]),
    ...filters.offer,
  ];
  return {
    from: offered.length
      ? sql`FROM ${reserves} ${r} JOIN ${offers} ${o} ON ${o.id} = ${r.offer_id}`
      : sql`FROM ${reserves} ${r}`,
    where: and([counted, scopeCondition(ctx.specs.reserves, ctx.auth, 'read'), ...offered, ...filters.reserve]),
    // a product, city or responsible filter: what belongs to none of them (an opening balance) is outside it
    narrowed: filters.offer.length > 0 || filters.reserve.length > 0,
  };
}

// an instant's day is the business day (setting time_zone), not the database session's
export const placedIn = (f: AnalyticsFilter) =>
  sql`${r.created_at} >= ${dayStartSql(f.from)} AND ${r.created_at} < ${dayStartSql(addDays(f.to, 1))}`;
export const dayOf = (at: Column) => sql`(${at} AT TIME ZONE ${ZONE_SQL})`;
export const soldIn = (f: AnalyticsFilter) =>
  sql`${r.status} = 'completed' AND ${r.actual_date_implementation} BETWEEN ${f.from}::date AND ${f.to}::date`;

/** A chart's select list: its dimensions, then the figures the caller sees in the definition's order, each typed
 * beside its SQL. A hidden figure is not selected at all, so a row's figures are partial: the one cast here. */
export function chartOf<D extends Fields, F extends Record<string, SQL<unknown>>>(
  ctx: Context,
  dimensions: D,
  expressions: F,
): Selection<RowOf<D> & Partial<RowOf<F>>> {
  return select({
    ...dimensions,
    ...Object.fromEntries(ctx.figures.map((f) => [f.key, expressions[f.key]])),
  }) as Selection<RowOf<D> & Partial<RowOf<F>>>;
}

export const isZero = (v: unknown) => v === null || v === undefined || Number(v) === 0;
