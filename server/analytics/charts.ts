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
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import {
  ANALYTICS_MSG,
  CHART,
  FUNNEL_STAGES,
  TOP_BUYERS,
  cropAge,
  isChartVisible,
  visibleFigures,
  type AnalyticsFilter,
  type Chart,
  type ChartAnswer,
} from '../../domain/analytics';
import { isRefVisible, scopeOf } from '../../domain/permissions';
import { forbidden } from '../errors';
import { select, selectFirst, selectRows } from '../db/rows';
import { employees, offers, products, recordHistory, reserves } from '../db/schema';
import { todayOf } from '../db/businessDay';
import { RESERVE_BUYER } from '../../domain/reserves/buyerKeys';
import { MARKED_ACTIVE, marginRiskRows } from './marginRisk';
import {
  MARGIN,
  RESERVE_KG,
  SOLD_OUT,
  chartOf,
  dayOf,
  e,
  h,
  int,
  isZero,
  kg2,
  link,
  money,
  o,
  offersWhere,
  p,
  placedIn,
  r,
  reservesFrom,
  soldIn,
  type Context,
  type Specs,
} from './chartSql';
import { receivables } from './receivables';

type Row = Record<string, unknown>;

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
