// The analytics page: eight charts the server computes in SQL over the whole data, within the caller's
// read scopes and hidden fields. Written once for both sides: which charts and figures a caller gets (the SPA
// draws what the server answers, and the navigation shows the page by the same rule), the figures' Russian
// titles, the filters of the page's link and their checks.
//
// A figure declares the fields it is made of (`reads`, as the lists' columns and filters do) and the list
// engine's rule decides: a figure is left out of the answer when any field it reads is hidden from the caller
// (domain/permissions.ts isRefVisible: role rules, a supplier's kind rules, unreadable sections). A chart is not
// the caller's when its sections are unreadable or its dimension (the manager, the buyer) is hidden.
import { isRefVisible, scopeOf, type FieldRef, type Permissions, type Resource } from './permissions';
import { harvestStart, yearOfDay } from './offers/harvestYear';
import { RESERVE_BUYER } from './reserves/buyerKeys';

export const CHARTS = [
  'sales',
  'managers',
  'stock',
  'turnover',
  'buyers',
  'funnel',
  'receivables',
  'margin_risk',
] as const;
export type Chart = (typeof CHARTS)[number];

/** How a figure is shown and written to the XLSX: money to the kopeck with '₽', kilograms, whole counts, … */
export type FigureKind = 'money' | 'kg' | 'count' | 'percent' | 'days' | 'week' | 'text' | 'year' | 'ref' | 'status';

export interface FigureDef {
  key: string;
  title: string;
  kind: FigureKind;
  /** The fields it is computed from; hidden any of them, the figure is not in the answer. */
  reads: readonly FieldRef[];
  /** The trader's money: also needs MONEY_READS. */
  money?: boolean;
}

/**
 * Money is the trader's: a money figure also reads the offers' cost (warehouse_cost). Role 8 does not see it (spec
 * point 6: "the price, cost … fields" of offers), so role 8 gets amounts and counts but no figure in roubles at
 * all, even the offers' purchase value, whose unit_price its stored rules leave visible on the offers list. A
 * supplier's user sees its own offers' cost (it fills it in), so it keeps the purchase value of its own stock;
 * selling sums and margins it never sees (domain/permissions.ts SUPPLIER_HIDDEN_FIELDS).
 */
export const MONEY_READS: readonly FieldRef[] = ['offers.warehouse_cost'];

export interface ChartDef {
  key: Chart;
  title: string;
  /** What the chart shows, under its title. */
  note: string;
  /** The sections whose records it counts: each must be readable (read not none). */
  sections: readonly Resource[];
  /** What one row is about (the week, the manager, the product and year): the chart needs them all. */
  dimensions: readonly FigureDef[];
  figures: readonly FigureDef[];
  /** Does the period filter apply to it (the stock is as it stands today). */
  periodic: boolean;
  /** Does the responsible filter apply to it (offers have no responsible). */
  byResponsible: boolean;
}

const R_STATUS: FieldRef = 'reserves.status';
const COMPLETED_ON: FieldRef = 'reserves.actual_date_implementation';

/** What a completed reserve's margin in roubles is worked out from (server/analytics/charts.ts MARGIN): its selling sum
 * less its amount × its cost per kg on its terms (the delivery cost, the offer's price per kg, the own costs, shown
 * as its marginality) × its unit weight. Every one is read: a role that does not see a reserve's delivery cost
 * would read it back from a week's margin of one sale (a figure made of a hidden field is hidden with it). */
const MARGIN_READS: FieldRef[] = [
  'reserves.total_selling_sum',
  'reserves.marginality',
  'reserves.amount',
  'reserves.delivery_cost',
  'reserves.offer_price_kg',
  'reserves.unit_weight',
];
/** A reserve's kilograms (charts.ts RESERVE_KG): its amount by the unit weight it was made on. */
const RESERVE_KG_READS: FieldRef[] = ['reserves.amount', 'reserves.unit_weight'];

const money = (key: string, title: string, reads: FieldRef[]): FigureDef => ({
  key,
  title,
  kind: 'money',
  reads,
  money: true,
});

export const CHART: Record<Chart, ChartDef> = {
  sales: {
    key: 'sales',
    title: 'Продажи по неделям',
    periodic: true,
    byResponsible: true,
    note: 'Завершённые резервы — по неделе реализации; размещённые, отменённые и просроченные — по неделе размещения',
    sections: ['reserves', 'offers'],
    dimensions: [{ key: 'week', title: 'Неделя', kind: 'week', reads: [] }],
    figures: [
      money('selling_sum', 'Сумма продаж', ['reserves.total_selling_sum', COMPLETED_ON]),
      money('margin_sum', 'Маржа', [...MARGIN_READS, COMPLETED_ON]),
      { key: 'completed_kg', title: 'Продано, кг', kind: 'kg', reads: [...RESERVE_KG_READS, COMPLETED_ON] },
      { key: 'completed_count', title: 'Завершено', kind: 'count', reads: [R_STATUS, COMPLETED_ON] },
      { key: 'placed_count', title: 'Размещено', kind: 'count', reads: [R_STATUS] },
      { key: 'cancelled_count', title: 'Отменено', kind: 'count', reads: [R_STATUS] },
      { key: 'expired_count', title: 'Просрочено', kind: 'count', reads: [R_STATUS] },
    ],
  },
  managers: {
    key: 'managers',
    title: 'Маржа по менеджерам',
    periodic: true,
    byResponsible: true,
    note: 'Завершённые резервы за период по ответственному, по убыванию маржи',
    sections: ['reserves', 'offers', 'employees'],
    dimensions: [
      {
        key: 'responsible',
        title: 'Ответственный',
        kind: 'ref',
        reads: ['reserves.responsible_id', 'employees.full_name'],
      },
    ],
    figures: [
      money('margin_sum', 'Маржа', [...MARGIN_READS, COMPLETED_ON]),
      money('selling_sum', 'Сумма продаж', ['reserves.total_selling_sum', COMPLETED_ON]),
      {
        key: 'margin_avg',
        title: 'Средняя маржинальность, %',
        kind: 'percent',
        reads: ['reserves.marginality', COMPLETED_ON],
      },
      { key: 'completed_count', title: 'Завершено резервов', kind: 'count', reads: [R_STATUS, COMPLETED_ON] },
    ],
  },
  stock: {
    key: 'stock',
    title: 'Возраст остатков',
    periodic: false,
    byResponsible: false,
    note: 'Свободный остаток активных предложений на сегодня по товару и году урожая; урожай прошлых лет выделен',
    sections: ['offers'],
    dimensions: [
      { key: 'product', title: 'Товар', kind: 'ref', reads: ['offers.product'] },
      { key: 'harvest_year', title: 'Год урожая', kind: 'year', reads: ['offers.harvest_year'] },
      { key: 'age', title: 'Возраст урожая, лет', kind: 'count', reads: ['offers.harvest_year'] },
    ],
    figures: [
      {
        key: 'available_kg',
        title: 'Свободно, кг',
        kind: 'kg',
        reads: ['offers.available_amount', 'offers.unit_weight'],
      },
      money('available_value', 'Закупочная стоимость', ['offers.available_amount', 'offers.unit_price']),
      { key: 'sold_kg', title: 'Продано, кг', kind: 'kg', reads: ['offers.purchased_amount', 'offers.unit_weight'] },
      { key: 'offers_count', title: 'Предложений', kind: 'count', reads: [] },
    ],
  },
  turnover: {
    key: 'turnover',
    title: 'Оборачиваемость партий',
    periodic: true,
    byResponsible: false,
    note: 'Дней от создания предложения до его полной продажи (статус «Выполнен»), по товару; партии, проданные за период',
    sections: ['offers'],
    dimensions: [{ key: 'product', title: 'Товар', kind: 'ref', reads: ['offers.product'] }],
    figures: [
      { key: 'avg_days', title: 'В среднем, дней', kind: 'days', reads: ['offers.created_at', 'offers.status'] },
      { key: 'min_days', title: 'Быстрее всего, дней', kind: 'days', reads: ['offers.created_at', 'offers.status'] },
      { key: 'max_days', title: 'Дольше всего, дней', kind: 'days', reads: ['offers.created_at', 'offers.status'] },
      { key: 'lots', title: 'Партий продано', kind: 'count', reads: ['offers.status'] },
    ],
  },
  buyers: {
    key: 'buyers',
    title: 'Крупнейшие покупатели',
    periodic: true,
    byResponsible: true,
    note: 'Десять покупателей с наибольшей суммой завершённых резервов за период',
    sections: ['reserves', 'offers'],
    // the reserve's buyer's name, as the reserves list shows it
    dimensions: [
      { key: RESERVE_BUYER.name, title: 'Покупатель', kind: 'text', reads: [`reserves.${RESERVE_BUYER.name}`] },
    ],
    figures: [
      money('selling_sum', 'Сумма продаж', ['reserves.total_selling_sum', COMPLETED_ON]),
      { key: 'completed_kg', title: 'Куплено, кг', kind: 'kg', reads: [...RESERVE_KG_READS, COMPLETED_ON] },
      { key: 'completed_count', title: 'Резервов', kind: 'count', reads: [R_STATUS, COMPLETED_ON] },
    ],
  },
  funnel: {
    key: 'funnel',
    title: 'Воронка резервов',
    periodic: true,
    byResponsible: true,
    note: 'Резервы, размещённые за период, и чем они закончились',
    sections: ['reserves', 'offers'],
    dimensions: [{ key: 'stage', title: 'Этап', kind: 'text', reads: [] }],
    figures: [{ key: 'count', title: 'Резервов', kind: 'count', reads: [R_STATUS] }],
  },
  // what the buyers owe on the business day (server/sections/buyers/debt.ts: completed reserves' selling
  // sums less their payments, due on completion + the buyer's deferral days), by how long it is overdue, and the
  // buyers that bought most in the period and that owe most today
  receivables: {
    key: 'receivables',
    title: 'Дебиторская задолженность',
    periodic: true,
    byResponsible: true,
    note: 'Долг покупателей на сегодня по сроку просрочки; крупнейшие покупатели по продажам за период и по долгу',
    sections: ['reserves', 'offers', 'buyers'],
    dimensions: [
      { key: 'part', title: 'Раздел', kind: 'text', reads: [] },
      { key: 'label', title: 'Срок или покупатель', kind: 'text', reads: ['buyers.name'] },
    ],
    figures: [
      money('debt_sum', 'Долг', [
        'reserves.total_selling_sum',
        COMPLETED_ON,
        'buyers.payment_terms',
        'buyers.deferral_days',
      ]),
      money('selling_sum', 'Сумма продаж', ['reserves.total_selling_sum', COMPLETED_ON]),
      {
        key: 'buyers_count',
        title: 'Покупателей',
        kind: 'count',
        reads: [COMPLETED_ON, 'buyers.payment_terms', 'buyers.deferral_days'],
      },
    ],
  },
  // what the margins' check marked after the last rate (server/sections/reserves/margins.ts): the active reserves at
  // risk, by their lot's currency; the money at risk is their selling sums, beside their margin at today's rate
  margin_risk: {
    key: 'margin_risk',
    title: 'Маржа под риском',
    periodic: false,
    byResponsible: true,
    note: 'Активные резервы, отмеченные проверкой маржи после курса дня, по валюте лота: их сумма продаж и маржа по курсу дня',
    sections: ['reserves', 'offers'],
    dimensions: [{ key: 'currency', title: 'Валюта', kind: 'text', reads: [] }],
    figures: [
      money('selling_sum', 'Сумма продаж под риском', ['reserves.total_selling_sum', 'reserves.marginality']),
      money('margin_sum', 'Маржа по курсу дня', MARGIN_READS),
      { key: 'reserves_count', title: 'Резервов под риском', kind: 'count', reads: [R_STATUS, 'reserves.marginality'] },
    ],
  },
};

/** The receivables chart's parts (its rows' `part`): the debt by age, the top buyers by sales and by debt. */
export const RECEIVABLE_PARTS = {
  age: 'Возраст долга',
  sales: 'Крупнейшие по продажам',
  debt: 'Крупнейшие должники',
} as const;

/** The debt's ages (days past the due day) with their titles; `max` null is open-ended. The first is not yet due. */
export const DEBT_AGES = [
  { min: null, max: 0, title: 'Не наступил срок' },
  { min: 1, max: 30, title: '1–30 дней' },
  { min: 31, max: 60, title: '31–60 дней' },
  { min: 61, max: 90, title: '61–90 дней' },
  { min: 91, max: null, title: 'Более 90 дней' },
] as const;

/** The buyers chart's length. */
export const TOP_BUYERS = 10;

/** The funnel's stages in order, with their titles ('Просрочен' is the reserves' status 'expired'). */
export const FUNNEL_STAGES = [
  { key: 'placed', title: 'Размещено' },
  { key: 'active', title: 'Активные' },
  { key: 'completed', title: 'Завершено' },
  { key: 'cancelled', title: 'Отменено' },
  { key: 'expired', title: 'Просрочено' },
] as const;

export function isFigureVisible(perms: Permissions | null | undefined, figure: FigureDef): boolean {
  const reads = figure.money ? [...figure.reads, ...MONEY_READS] : figure.reads;
  return reads.every((ref) => isRefVisible(perms, ref));
}

/** The figures of a chart the caller gets; none when the chart is not its at all. */
export function visibleFigures(perms: Permissions | null | undefined, chart: Chart): FigureDef[] {
  const def = CHART[chart];
  if (def.sections.some((section) => scopeOf(perms, section, 'read') === 'none')) return [];
  if (!def.dimensions.every((d) => isFigureVisible(perms, d))) return [];
  return def.figures.filter((f) => isFigureVisible(perms, f));
}

/** A chart is the caller's when it gets its dimension and at least one figure; the margins chart needs its margin
 * and the buyers chart its sums (what they are sorted by). */
export function isChartVisible(perms: Permissions | null | undefined, chart: Chart): boolean {
  const figures = visibleFigures(perms, chart);
  if (chart === 'managers') return figures.some((f) => f.key === 'margin_sum');
  if (chart === 'buyers') return figures.some((f) => f.key === 'selling_sum');
  if (chart === 'receivables') return figures.some((f) => f.key === 'debt_sum');
  if (chart === 'margin_risk') return figures.some((f) => f.key === 'selling_sum');
  return figures.length > 0;
}

/** The page is in the navigation for every signed-in role that reads reserves or offers. */
export function canOpenAnalytics(perms: Permissions | null | undefined): boolean {
  return scopeOf(perms, 'reserves', 'read') !== 'none' || scopeOf(perms, 'offers', 'read') !== 'none';
}

// the page's filters, as its link and each request carry them
export * from './analyticsFilter';

/** What a chart's answer holds: the figures' keys in order (the dimensions first) and the rows. */
export interface ChartAnswer {
  chart: Chart;
  from: string;
  to: string;
  fields: string[];
  rows: Record<string, unknown>[];
}

/** The figures' and dimensions' keys an answer may carry, by chart: the response shape lists them. */
export const ANSWER_KEYS: Record<Chart, string[]> = Object.fromEntries(
  CHARTS.map((chart) => [chart, [...CHART[chart].dimensions, ...CHART[chart].figures].map((f) => f.key)]),
) as Record<Chart, string[]>;

/** Every money key of every chart (what the role tests scan answers for). */
export const MONEY_KEYS: readonly string[] = [
  ...new Set(CHARTS.flatMap((c) => CHART[c].figures.filter((f) => f.money).map((f) => f.key))),
];

/** The current harvest is the business day's year's (`today`, YYYY-MM-DD); a crop a year or more old is last year's
 * or older. A season counts from its first year ('2025/26' in 2026: 1, last year's crop); a value stored before the
 * rule that names no year it could be ('Pwe8281', '8817') has no age. */
export function cropAge(harvestYear: string | null | undefined, today: string): number | null {
  const start = harvestStart(harvestYear);
  const year = yearOfDay(today);
  return start !== null && start > 1900 && start <= year + 1 ? year - start : null;
}
