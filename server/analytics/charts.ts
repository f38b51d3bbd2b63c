// The analytics charts (domain/analytics.ts), each one SQL statement over the whole data: the reserves and offers
// within the caller's read scopes (the list engine's scope conditions, the sections' own `own`), the figures it
// may see (the lists' hidden-field rule over what each figure reads). A figure hidden from the caller is not
// selected at all, so it is absent from the answer under any name.
//
// Dates: a completed reserve counts on its sale's day (actual_date_implementation); a placed, cancelled or
// expired one on the day it was placed (created_at), so the counts tell what became of a week's reserves. An
// offer is sold out when its history records its status turning 'completed' (offers/stock.ts writes that entry
// in the completing reserve's transaction); an offer sold out before history was kept (the demo data set, data
// migrated in) takes the day its last reserve was completed, for a caller who reads all reserves and their dates.
import { sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import type { Section } from '../../domain/sections';
import type { SectionSpec } from '../contract/section';
import {
  ANALYTICS_LIST_FILTERS,
  ANALYTICS_MSG,
  CHART,
  DEBT_AGES,
  FUNNEL_STAGES,
  RECEIVABLE_PARTS,
  TOP_BUYERS,
  cropAge,
  isChartVisible,
  visibleFigures,
  type AnalyticsFilter,
  type Chart,
  type ChartAnswer,
  type FigureDef,
} from '../../domain/analytics';
import { LIST_MSG } from '../../domain/listQuery';
import { isRefVisible, scopeOf } from '../../domain/permissions';
import { forbidden } from '../errors';
import { rowsAs, select, selectFirst, selectRows, type Fields, type RowOf, type Selection } from '../db/rows';
import { buyers, employees, offers, products, recordHistory, reserves } from '../db/schema';
import { money2, ref } from '../lists/engine';
import { scopeCondition } from '../records/access';
import { dayStartSql, ZONE_SQL } from '../db/businessDay';
import { addDays } from '../../domain/businessDay';
import { todayOf } from '../db/businessDay';
import { dueDay, leftToPay, saleOf } from '../sections/buyers';
import { RESERVE_BUYER } from '../../domain/reserves/buyerKeys';
import { MARKED_ACTIVE, marginRiskRows } from './marginRisk';

type Specs = Record<Section, SectionSpec>;
type Row = Record<string, unknown>;

// the tables' aliases the charts' statements (and the sections' scope conditions) read them by
const r = alias(reserves, 'r');
const o = alias(offers, 'o');
const w = alias(offers, 'w');
const e = alias(employees, 'e');
const p = alias(products, 'p');
const b = alias(buyers, 'b');
const h = alias(recordHistory, 'h');

/** A completed reserve's margin in roubles, exact: its selling sum less its cost on the terms it was made on
 * (domain/reserves/figures.ts costPerUnit × amount) at the route's delivery cost where a lower one was typed (what
 * the trade makes); a reserve without stored terms by its margin percent. */
const MARGIN = sql`coalesce(${r.total_selling_sum} - ${r.amount} * (coalesce(${r.route_delivery_cost}, ${r.delivery_cost}) + ${r.offer_price_kg} + coalesce(${r.costs_per_kg}, 0)) * ${r.unit_weight},
  ${r.total_selling_sum} * coalesce(${r.route_marginality}, ${r.marginality}) / 100, 0)`;
/** A reserve's amount in kilograms: pieces by the unit weight it was made on ('кг' has weight 1); a reserve from
 * before terms were kept by its offer's (coalesce reads the offer only for such a one). */
const RESERVE_KG = sql`${r.amount} * coalesce(${r.unit_weight}, (SELECT ${w.unit_weight} FROM ${offers} ${w} WHERE ${w.id} = ${r.offer_id}), 1)`;
const kg2 = (expr: SQL) => sql<string>`round(coalesce(${expr}, 0), 2)::text`;
const money = (expr: SQL) => sql<string>`${money2(expr)}`;
const int = (expr: SQL) => sql<number>`${expr}::int`;
/** A reference as the lists answer it: {id, name}. */
const link = (id: Column, name: Column) => sql<{ id: number; name: string } | null>`${ref(sql`${id}`, sql`${name}`)}`;

/** A history entry of an offer turning 'Выполнен' (offers/stock.ts `complete`, records/history.ts `diff`). */
const SOLD_OUT = '[{"field": "status", "new": "completed"}]';

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
const offersWhere = (ctx: Context) =>
  and([scopeCondition(ctx.specs.offers, ctx.auth, 'read'), ...filterConditions(ctx.auth, ctx.filter).offer]);

const and = (conditions: SQL[]) => sql.join(conditions, sql` AND `);

interface Context {
  db: Database;
  auth: AuthenticatedUser;
  specs: Specs;
  filter: AnalyticsFilter;
  figures: FigureDef[];
}

/** The reserves a reserve chart counts: not deleted, readable, on a readable offer, within the filters, as a FROM
 * over reserves `r` and its WHERE. The offers are joined only when a condition reads them (a scope of 'own', a
 * product or city filter): the whole offers table is not read for a caller who reads them all. */
function reservesFrom(
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
const placedIn = (f: AnalyticsFilter) =>
  sql`${r.created_at} >= ${dayStartSql(f.from)} AND ${r.created_at} < ${dayStartSql(addDays(f.to, 1))}`;
const dayOf = (at: Column) => sql`(${at} AT TIME ZONE ${ZONE_SQL})`;
const soldIn = (f: AnalyticsFilter) =>
  sql`${r.status} = 'completed' AND ${r.actual_date_implementation} BETWEEN ${f.from}::date AND ${f.to}::date`;

/** A chart's select list: its dimensions, then the figures the caller sees in the definition's order, each typed
 * beside its SQL. A hidden figure is not selected at all, so a row's figures are partial: the one cast here. */
function chartOf<D extends Fields, F extends Record<string, SQL<unknown>>>(
  ctx: Context,
  dimensions: D,
  expressions: F,
): Selection<RowOf<D> & Partial<RowOf<F>>> {
  return select({
    ...dimensions,
    ...Object.fromEntries(ctx.figures.map((f) => [f.key, expressions[f.key]])),
  }) as Selection<RowOf<D> & Partial<RowOf<F>>>;
}

const isZero = (v: unknown) => v === null || v === undefined || Number(v) === 0;

const CHARTS: Record<Chart, (ctx: Context) => Promise<Row[]>> = {
  async sales(ctx) {
    const { filter: f } = ctx;
    const { from, where } = reservesFrom(ctx);
    // the weeks w, the reserves placed p and sold d in each: subqueries' columns, typed beside their SQL
    const rows = await selectRows(
      ctx.db,
      chartOf(
        ctx,
        { week: sql<string>`to_char(w.week, 'YYYY-MM-DD')` },
        {
          selling_sum: money(sql`coalesce(d.selling_sum, 0)`),
          margin_sum: money(sql`coalesce(d.margin_sum, 0)`),
          completed_kg: kg2(sql`d.kg`),
          completed_count: int(sql`coalesce(d.n, 0)`),
          placed_count: int(sql`coalesce(p.n, 0)`),
          cancelled_count: int(sql`coalesce(p.cancelled, 0)`),
          expired_count: int(sql`coalesce(p.expired, 0)`),
        },
      ),
      sql`
      FROM generate_series(date_trunc('week', ${f.from}::date), ${f.to}::date, interval '1 week') AS w(week)
      LEFT JOIN (
        SELECT date_trunc('week', ${dayOf(r.created_at)}) AS week, count(*) AS n,
               count(*) FILTER (WHERE ${r.status} = 'cancelled') AS cancelled,
               -- 'Просрочен': the reserves' status 'expired' (the expiry job), counted by its value
               count(*) FILTER (WHERE ${r.status} = 'expired') AS expired
        ${from}
        WHERE ${where} AND ${placedIn(f)} GROUP BY 1
      ) p ON p.week = w.week
      LEFT JOIN (
        SELECT date_trunc('week', ${r.actual_date_implementation}) AS week, count(*) AS n, sum(${r.total_selling_sum}) AS selling_sum,
               sum(${MARGIN}) AS margin_sum, sum(${RESERVE_KG}) AS kg
        ${from}
        WHERE ${where} AND ${soldIn(f)} GROUP BY 1
      ) d ON d.week = w.week
      ORDER BY w.week`,
    );
    return rows.every((row: Row) => ctx.figures.every((fig) => isZero(row[fig.key]))) ? [] : rows;
  },

  async managers(ctx) {
    const { from, where } = reservesFrom(ctx);
    return selectRows(
      ctx.db,
      chartOf(
        ctx,
        { responsible: link(e.id, e.full_name) },
        {
          margin_sum: money(sql`sum(${MARGIN})`),
          selling_sum: money(sql`sum(${r.total_selling_sum})`),
          margin_avg: sql<string>`round(avg(coalesce(${r.route_marginality}, ${r.marginality})), 2)::text`,
          completed_count: int(sql`count(*)`),
        },
      ),
      sql`
      ${from} JOIN ${employees} ${e} ON ${e.id} = ${r.responsible_id}
      WHERE ${where} AND ${soldIn(ctx.filter)}
      GROUP BY ${e.id}, ${e.full_name}
      ORDER BY sum(${MARGIN}) DESC, ${e.full_name}, ${e.id}`,
    );
  },

  async stock(ctx) {
    const rows = await selectRows(
      ctx.db,
      chartOf(
        ctx,
        { product: link(p.id, p.name), harvest_year: o.harvest_year },
        {
          available_kg: kg2(sql`sum(${o.available_amount} * coalesce(${o.unit_weight}, 1))`),
          available_value: money(sql`sum(${o.available_amount} * ${o.unit_price})`),
          sold_kg: kg2(sql`sum(${o.purchased_amount} * coalesce(${o.unit_weight}, 1))`),
          offers_count: int(sql`count(*)`),
        },
      ),
      sql`
      FROM ${offers} ${o} JOIN ${products} ${p} ON ${p.id} = ${o.product_id}
      WHERE ${o.status} = 'active' AND ${o.available_amount} > 0
        AND ${offersWhere(ctx)}
      GROUP BY ${p.id}, ${p.name}, ${o.harvest_year}
      ORDER BY ${p.name}, ${p.id}, ${o.harvest_year} NULLS FIRST`,
    );
    // aged on the business day (a season by its first year, which its text begins with: it sorts after that year)
    const today = await todayOf(ctx.db);
    return rows.map(({ product, harvest_year: year, ...figures }) => ({
      product,
      harvest_year: year,
      age: cropAge(year, today),
      ...figures,
    }));
  },

  async turnover(ctx) {
    const { auth, filter: f } = ctx;
    // the fallback reads the offers' reserves' sale dates: only for a caller who reads every reserve and sees them
    const fallback =
      scopeOf(auth.permissions, 'reserves', 'read') === 'all' &&
      isRefVisible(auth.permissions, 'reserves.actual_date_implementation')
        ? sql`LEFT JOIN (SELECT ${r.offer_id}, max(${r.actual_date_implementation}) AS sold FROM ${reserves} ${r} WHERE ${r.status} = 'completed' GROUP BY ${r.offer_id}) f
          ON f.offer_id = ${o.id}`
        : sql`LEFT JOIN (SELECT NULL::int AS offer_id, NULL::date AS sold) f ON false`;
    // the lots x: a subquery's columns, typed beside their SQL; the sell-outs h and f: subqueries named as the tables
    return selectRows(
      ctx.db,
      chartOf(
        ctx,
        { product: link(p.id, p.name) },
        {
          avg_days: sql<number>`round(avg(x.days), 1)::float8`,
          min_days: sql<number>`min(x.days)::float8`,
          max_days: sql<number>`max(x.days)::float8`,
          lots: int(sql`count(*)`),
        },
      ),
      sql`
      FROM (
        SELECT ${o.product_id}, greatest(coalesce(h.sold, f.sold) - ${dayOf(o.created_at)}::date, 0) AS days, coalesce(h.sold, f.sold) AS sold
        FROM ${offers} ${o}
        -- the sell-outs the stock writer recorded: one scan of migration 0015's partial index, not a look-up per offer
        LEFT JOIN (SELECT ${h.record_id}, max(${dayOf(h.at)})::date AS sold FROM ${recordHistory} ${h}
                   WHERE ${h.section} = 'offers' AND ${h.changes} @> ${sql.raw(`'${SOLD_OUT}'::jsonb`)} GROUP BY ${h.record_id}) h ON h.record_id = ${o.id}
        ${fallback}
        WHERE ${o.status} = 'completed' AND ${offersWhere(ctx)}
      ) x
      JOIN ${products} ${p} ON ${p.id} = x.product_id
      WHERE x.sold BETWEEN ${f.from}::date AND ${f.to}::date
      GROUP BY ${p.id}, ${p.name}
      ORDER BY avg(x.days) DESC, ${p.name}, ${p.id}`,
    );
  },

  async buyers(ctx) {
    const { from, where } = reservesFrom(ctx);
    const buyer = r[RESERVE_BUYER.name];
    return selectRows(
      ctx.db,
      chartOf(
        ctx,
        { [RESERVE_BUYER.name]: buyer },
        {
          selling_sum: money(sql`sum(${r.total_selling_sum})`),
          completed_kg: kg2(sql`sum(${RESERVE_KG})`),
          completed_count: int(sql`count(*)`),
        },
      ),
      sql`
      ${from}
      WHERE ${where} AND ${soldIn(ctx.filter)} AND ${buyer} IS NOT NULL
      GROUP BY ${buyer}
      ORDER BY sum(${r.total_selling_sum}) DESC, ${buyer}
      LIMIT ${TOP_BUYERS}`,
    );
  },

  async funnel(ctx) {
    const { from, where } = reservesFrom(ctx);
    const counted = (status: string) => int(sql`count(*) FILTER (WHERE ${r.status} = ${sql.raw(`'${status}'`)})`);
    const counts = (await selectFirst(
      ctx.db,
      select({
        placed: int(sql`count(*)`),
        active: counted('active'),
        completed: counted('completed'),
        cancelled: counted('cancelled'),
        expired: counted('expired'),
      }),
      sql`
      ${from}
      WHERE ${where} AND ${placedIn(ctx.filter)}`,
    ))!;
    if (!counts.placed) return [];
    return FUNNEL_STAGES.map((stage) => ({ stage: stage.title, count: counts[stage.key] }));
  },

  receivables,
  margin_risk: (ctx) => marginRiskRows(ctx.db, reservesFrom(ctx, MARKED_ACTIVE), ctx.figures),
};

/** The receivables' rows: the debt by age (every age, in order), then the top buyers by sales in the period, then
 * by debt, opening balances included. A completed reserve's debt and due day are the buyers' rule (sections/buyers/debt.ts); its age is the
 * business day less its due day (0 and less: not due yet, as the ledger's overdue is a due day before today). */
async function receivables(ctx: Context): Promise<Row[]> {
  const { filter: f } = ctx;
  const today = await todayOf(ctx.db);
  // the buyers' ledger's sales: a sale deleted when it was completed still counts (sections/buyers/debt.ts saleOf)
  const { from, where, narrowed } = reservesFrom(ctx, saleOf('r'));
  // a buyer's opening balance is owed as a sale of its day (the ledger's first line) for a caller who reads every
  // reserve and narrows by no product, city or responsible: it belongs to none of them
  const unfiltered = !narrowed && scopeOf(ctx.auth.permissions, 'reserves', 'read') === 'all';
  const openings = unfiltered
    ? sql`
      UNION ALL
      SELECT ${b.id}, ${b.name}, 0, ob.as_of, greatest(ob.amount, 0),
             ${today}::date - (ob.as_of + CASE WHEN ${b.payment_terms} = 'deferral' THEN coalesce(${b.deferral_days}, 0) ELSE 0 END)
      FROM buyer_opening_balances ob JOIN ${buyers} ${b} ON ${b.id} = ob.buyer_id
      WHERE ${scopeCondition(ctx.specs.buyers, ctx.auth, 'read')}`
    : sql``;
  const ages = sql.join(
    DEBT_AGES.map((a, i) => sql`(${i}::int, ${a.title}::text, ${a.min}::int, ${a.max}::int)`),
    sql`, `,
  );
  const perBuyer = sql`SELECT d.buyer_id, d.name, sum(d.left_to_pay) AS debt,
      coalesce(sum(d.sale) FILTER (WHERE d.sold BETWEEN ${f.from}::date AND ${f.to}::date), 0) AS sales
    FROM d GROUP BY d.buyer_id, d.name`;
  // the completed reserves d and the receivables' rows x: a CTE's and a subquery's columns, typed beside their SQL
  const answer = chartOf(
    ctx,
    { part: sql<string>`x.part`, label: sql<string>`x.label` },
    {
      debt_sum: money(sql`x.debt`),
      selling_sum: money(sql`x.sales`),
      buyers_count: int(sql`x.buyers`),
    },
  );
  const rows = rowsAs(
    answer,
    await ctx.db.execute(sql`
    WITH d AS (
      SELECT ${b.id} AS buyer_id, ${b.name}, coalesce(${r.total_selling_sum}, 0) AS sale, ${r.actual_date_implementation} AS sold,
             ${leftToPay('r')} AS left_to_pay, ${today}::date - ${dueDay('r', 'b')} AS late
      ${from} JOIN ${buyers} ${b} ON ${b.id} = ${r.buyer_id}
      WHERE ${where} AND ${scopeCondition(ctx.specs.buyers, ctx.auth, 'read')}
        AND ${r.actual_date_implementation} IS NOT NULL${openings}
    )
    SELECT ${answer}
    FROM (
      SELECT 1 AS k, a.n AS ord, ${RECEIVABLE_PARTS.age}::text AS part, a.title AS label, coalesce(sum(d.left_to_pay), 0) AS debt,
             0 AS sales, count(DISTINCT d.buyer_id) AS buyers
      FROM (VALUES ${ages}) a(n, title, lo, hi)
      LEFT JOIN d ON d.left_to_pay > 0 AND (a.lo IS NULL OR d.late >= a.lo) AND (a.hi IS NULL OR d.late <= a.hi)
      GROUP BY a.n, a.title
      UNION ALL
      (SELECT 2, row_number() OVER (ORDER BY t.sales DESC, t.name, t.buyer_id), ${RECEIVABLE_PARTS.sales}::text, t.name, t.debt, t.sales, NULL
       FROM (${perBuyer}) t WHERE t.sales > 0 ORDER BY t.sales DESC, t.name, t.buyer_id LIMIT ${TOP_BUYERS})
      UNION ALL
      (SELECT 3, row_number() OVER (ORDER BY t.debt DESC, t.name, t.buyer_id), ${RECEIVABLE_PARTS.debt}::text, t.name, t.debt, t.sales, NULL
       FROM (${perBuyer}) t WHERE t.debt > 0 ORDER BY t.debt DESC, t.name, t.buyer_id LIMIT ${TOP_BUYERS})
    ) x
    ORDER BY x.k, x.ord`),
  );
  return rows.some((row) => !isZero(row.debt_sum) || (row.selling_sum !== undefined && !isZero(row.selling_sum)))
    ? rows
    : [];
}

/** One chart's answer for the caller: 403 when the chart is not its (a section it cannot read, its dimension
 * hidden); the figures it sees, in order, and the rows with those keys alone. */
export async function chartAnswer(
  db: Database,
  auth: AuthenticatedUser,
  specs: Specs,
  chart: Chart,
  filter: AnalyticsFilter,
): Promise<ChartAnswer> {
  if (!isChartVisible(auth.permissions, chart)) throw forbidden(ANALYTICS_MSG.chartForbidden);
  const figures = visibleFigures(auth.permissions, chart);
  const rows = await CHARTS[chart]({ db, auth, specs, filter, figures });
  const fields = [...CHART[chart].dimensions.map((d) => d.key), ...figures.map((f) => f.key)];
  return { chart, from: filter.from, to: filter.to, fields, rows };
}
