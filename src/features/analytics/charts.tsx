// The seven charts, drawn with @mui/x-charts from a chart's answer: only the figures the answer carries are drawn
// (a figure hidden from the caller is not in it), in Russian, numbers in ru-RU format, dates dd.MM.yyyy. Each
// series' tooltip shows the figure as the page formats it.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatDate, formatMoney, formatNumber } from '../../../domain/format';
import {
  CHART,
  DEBT_AGES,
  FUNNEL_STAGES,
  RECEIVABLE_PARTS,
  type Chart,
  type ChartAnswer,
  type FigureDef,
  type FigureKind,
} from '../../../domain/analytics';

type Row = Record<string, unknown>;

/** The palette: the current crop, last year's (it stands out), older ones. */
export const CROP_COLORS = { current: '#2e7d32', last: '#ed6c02', older: '#c62828' } as const;
const SERIES_COLORS = ['#1565c0', '#2e7d32', '#6a1b9a', '#ef6c00', '#c62828', '#00838f', '#5d4037'];
/** A figure keeps its colour whichever others the caller gets (role 8's sales have no 'Завершено'). */
const FIGURE_COLORS: Record<string, string> = {
  selling_sum: '#1565c0',
  margin_sum: '#2e7d32',
  completed_count: '#2e7d32',
  placed_count: '#1565c0',
  cancelled_count: '#757575',
  expired_count: '#c62828',
};
const STAGE_PALETTE: Record<(typeof FUNNEL_STAGES)[number]['key'], string> = {
  placed: '#1565c0',
  active: '#0288d1',
  completed: '#2e7d32',
  cancelled: '#757575',
  expired: '#c62828',
};
/** The funnel's rows name their stage by its title. */
const STAGE_COLORS: Record<string, string> = Object.fromEntries(
  FUNNEL_STAGES.map((s) => [s.title, STAGE_PALETTE[s.key]]),
);

const compact = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 });

/** A figure as the page shows it. */
export function formatFigureOf(kind: FigureKind, value: unknown): string {
  if (value === null || value === undefined) return '—';
  switch (kind) {
    case 'money':
      return formatMoney(value);
    case 'kg':
      return `${formatNumber(value)} кг`;
    case 'percent':
      return `${formatNumber(value)} %`;
    case 'days':
      return `${formatNumber(value)} дн.`;
    case 'week':
      return `неделя с ${formatDate(String(value))}`;
    case 'ref':
      return (value as { name?: string }).name ?? '';
    default:
      return typeof value === 'number' ? formatNumber(value) : String(value);
  }
}

const figureOf = (chart: Chart, key: string): FigureDef | undefined =>
  [...CHART[chart].dimensions, ...CHART[chart].figures].find((f) => f.key === key);

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Bar series of the answer's figures among `keys`, with their titles, colours and tooltips. */
function seriesOf(
  answer: ChartAnswer,
  keys: string[],
  colorOf?: (row: Row) => string | undefined,
  extra?: (row: Row) => string,
) {
  return keys
    .filter((key) => answer.fields.includes(key))
    .map((key, index) => {
      const figure = figureOf(answer.chart, key)!;
      return {
        id: key,
        label: figure.title,
        data: answer.rows.map((row) => num(row[key])),
        color: FIGURE_COLORS[key] ?? SERIES_COLORS[index % SERIES_COLORS.length],
        valueFormatter: (value: number | null, { dataIndex }: { dataIndex: number }) => {
          const text = formatFigureOf(figure.kind, value);
          return extra ? `${text} · ${extra(answer.rows[dataIndex])}` : text;
        },
        ...(colorOf
          ? {
              colorGetter: ({ dataIndex }: { dataIndex: number }) =>
                colorOf(answer.rows[dataIndex]) ?? SERIES_COLORS[index],
            }
          : {}),
      };
    });
}

const moneyTicks = (v: number | null) => (v === null ? '' : `${compact.format(v)} ₽`);
const plainTicks = (v: number | null) => (v === null ? '' : compact.format(v));

const HEIGHT = 300;
/** A horizontal chart's frame: a band per label with room for the longest, and the height its rows take. */
const horizontalBands = (labels: string[]) => ({
  layout: 'horizontal' as const,
  height: Math.max(HEIGHT, labels.length * 34 + 80),
  yAxis: [
    {
      scaleType: 'band' as const,
      data: labels,
      width: Math.min(220, Math.max(90, Math.max(0, ...labels.map((l) => l.length)) * 8)),
    },
  ],
});

function Titled({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function SalesChart({ answer }: { answer: ChartAnswer }) {
  const weeks = answer.rows.map((r) => formatDate(String(r.week)).slice(0, 5));
  const money = seriesOf(answer, ['selling_sum', 'margin_sum']);
  const counts = seriesOf(answer, ['completed_count', 'placed_count', 'cancelled_count', 'expired_count']);
  const xAxis = [
    {
      scaleType: 'band' as const,
      data: weeks,
      valueFormatter: (v: string, ctx: { location: string }) => (ctx.location === 'tooltip' ? `Неделя с ${v}` : v),
    },
  ];
  return (
    <>
      {money.length > 0 && (
        <Titled title="Выручка и маржа, ₽">
          <BarChart height={HEIGHT} xAxis={xAxis} yAxis={[{ valueFormatter: moneyTicks, width: 70 }]} series={money} />
        </Titled>
      )}
      <Titled title="Резервы, шт.">
        <BarChart height={HEIGHT} xAxis={xAxis} yAxis={[{ valueFormatter: plainTicks, width: 50 }]} series={counts} />
      </Titled>
    </>
  );
}

/** Horizontal bars of money, one band per row named by `labels` (the managers, the top buyers). */
function MoneyBars({
  labels,
  series,
  hideLegend,
}: {
  labels: string[];
  series: ReturnType<typeof seriesOf>;
  hideLegend?: boolean;
}) {
  return (
    <BarChart
      {...horizontalBands(labels)}
      xAxis={[{ valueFormatter: moneyTicks, tickNumber: 4 }]}
      margin={{ right: 28 }}
      series={series}
      hideLegend={hideLegend}
    />
  );
}

function ManagersChart({ answer }: { answer: ChartAnswer }) {
  const labels = answer.rows.map((r) => formatFigureOf('ref', r.responsible));
  const avg = answer.fields.includes('margin_avg')
    ? (row: Row) => `средняя маржинальность ${formatFigureOf('percent', row.margin_avg)}`
    : undefined;
  return <MoneyBars labels={labels} series={seriesOf(answer, ['margin_sum', 'selling_sum'], undefined, avg)} />;
}

type Crop = keyof typeof CROP_COLORS;
const CROPS: { key: Crop; title: string }[] = [
  { key: 'current', title: 'Урожай этого года' },
  { key: 'last', title: 'Урожай прошлого года' },
  { key: 'older', title: 'Урожай старше' },
];
const cropOf = (age: unknown): Crop => (typeof age !== 'number' || age <= 0 ? 'current' : age === 1 ? 'last' : 'older');

/** One bar per product, its free stock stacked by the crop's age: last year's crop (orange) and older (red) stand
 * out from this year's (green). The tooltip names the years and the purchase value; the XLSX has every year. */
function StockChart({ answer }: { answer: ChartAnswer }) {
  const products: string[] = [];
  const cells = new Map<string, { kg: number; value: number; years: string[] }>();
  for (const row of answer.rows) {
    const name = formatFigureOf('ref', row.product);
    if (!products.includes(name)) products.push(name);
    const key = `${name}|${cropOf(row.age)}`;
    const cell = cells.get(key) ?? { kg: 0, value: 0, years: [] };
    cell.kg += Number(row.available_kg ?? 0);
    cell.value += Number(row.available_value ?? 0);
    cell.years.push(String(row.harvest_year ?? 'год не указан'));
    cells.set(key, cell);
  }
  const withValue = answer.fields.includes('available_value');
  const series = CROPS.map((crop) => ({
    id: crop.key,
    label: crop.title,
    stack: 'crop',
    color: CROP_COLORS[crop.key],
    data: products.map((p) => cells.get(`${p}|${crop.key}`)?.kg ?? null),
    valueFormatter: (v: number | null, { dataIndex }: { dataIndex: number }) => {
      const cell = cells.get(`${products[dataIndex]}|${crop.key}`);
      if (!cell || v === null) return null;
      const value = withValue ? `, ${formatMoney(Math.round(cell.value * 100) / 100)}` : '';
      return `${formatFigureOf('kg', Math.round(v * 100) / 100)}${value} (${cell.years.join(', ')})`;
    },
  })).filter((s) => s.data.some((v) => v !== null));
  return (
    <BarChart
      {...horizontalBands(products)}
      xAxis={[{ valueFormatter: plainTicks, label: 'свободно, кг' }]}
      series={series}
    />
  );
}

function TurnoverChart({ answer }: { answer: ChartAnswer }) {
  const labels = answer.rows.map((r) => formatFigureOf('ref', r.product));
  const range = (row: Row) =>
    `от ${formatNumber(row.min_days)} до ${formatNumber(row.max_days)} дн., партий: ${formatNumber(row.lots)}`;
  return (
    <BarChart
      {...horizontalBands(labels)}
      xAxis={[{ valueFormatter: plainTicks, label: 'дней' }]}
      series={seriesOf(answer, ['avg_days'], undefined, range)}
      hideLegend
    />
  );
}

function BuyersChart({ answer }: { answer: ChartAnswer }) {
  const labels = answer.rows.map((r) => String(r[CHART.buyers.dimensions[0].key]));
  const more = (row: Row) =>
    `${formatFigureOf('kg', row.completed_kg)}, резервов: ${formatNumber(row.completed_count)}`;
  return <MoneyBars labels={labels} series={seriesOf(answer, ['selling_sum'], undefined, more)} hideLegend />;
}

function FunnelChart({ answer }: { answer: ChartAnswer }) {
  const stages = answer.rows.map((r) => String(r.stage));
  const placed = Number(answer.rows[0]?.count ?? 0);
  const share = (row: Row) =>
    placed ? `${formatNumber(Math.round((Number(row.count) / placed) * 1000) / 10)} % размещённых` : '';
  return (
    <BarChart
      height={HEIGHT}
      xAxis={[{ scaleType: 'band', data: stages }]}
      yAxis={[{ valueFormatter: plainTicks, width: 50 }]}
      series={seriesOf(answer, ['count'], (row) => STAGE_COLORS[String(row.stage)], share)}
      hideLegend
    />
  );
}

/** The debt's ages from green (not due) to red (over 90 days). */
const AGE_COLORS = ['#2e7d32', '#f9a825', '#ef6c00', '#d84315', '#c62828'];
const AGE_COLOR: Record<string, string> = Object.fromEntries(DEBT_AGES.map((a, i) => [a.title, AGE_COLORS[i]]));

/** The receivables: the debt by age (one bar per age, in order), then the ten buyers that bought most in the period
 * and the ten that owe most, each with the other figure in its tooltip. */
function ReceivablesChart({ answer }: { answer: ChartAnswer }) {
  const part = (title: string): ChartAnswer => ({ ...answer, rows: answer.rows.filter((r) => r.part === title) });
  const ages = part(RECEIVABLE_PARTS.age);
  const buyers = (ofPart: ChartAnswer, key: string, other: string) => {
    const labels = ofPart.rows.map((r) => String(r.label));
    const more = (row: Row) =>
      `${figureOf('receivables', other)!.title.toLowerCase()}: ${formatFigureOf('money', row[other])}`;
    return (
      <MoneyBars
        labels={labels}
        series={seriesOf(ofPart, [key], undefined, answer.fields.includes(other) ? more : undefined)}
        hideLegend
      />
    );
  };
  const bySales = part(RECEIVABLE_PARTS.sales);
  const byDebt = part(RECEIVABLE_PARTS.debt);
  const count = (row: Row) => `покупателей: ${formatNumber(row.buyers_count)}`;
  return (
    <>
      <Titled title={`${RECEIVABLE_PARTS.age}, ₽`}>
        <BarChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: ages.rows.map((r) => String(r.label)) }]}
          yAxis={[{ valueFormatter: moneyTicks, width: 70 }]}
          series={seriesOf(
            ages,
            ['debt_sum'],
            (row) => AGE_COLOR[String(row.label)],
            answer.fields.includes('buyers_count') ? count : undefined,
          )}
          hideLegend
        />
      </Titled>
      {bySales.rows.length > 0 && (
        <Titled title={RECEIVABLE_PARTS.sales}>{buyers(bySales, 'selling_sum', 'debt_sum')}</Titled>
      )}
      {byDebt.rows.length > 0 && (
        <Titled title={RECEIVABLE_PARTS.debt}>{buyers(byDebt, 'debt_sum', 'selling_sum')}</Titled>
      )}
    </>
  );
}

/** 'Маржа под риском': a band per currency, the selling sums at risk beside their margin at today's rate; the
 * tooltip tells how many reserves. */
function MarginRiskChart({ answer }: { answer: ChartAnswer }) {
  const count = answer.fields.includes('reserves_count')
    ? (row: Row) => `резервов: ${formatNumber(row.reserves_count)}`
    : undefined;
  return (
    <MoneyBars
      labels={answer.rows.map((r) => String(r.currency))}
      series={seriesOf(answer, ['selling_sum', 'margin_sum'], undefined, count)}
    />
  );
}

export const CHART_VIEWS: Record<Chart, (props: { answer: ChartAnswer }) => ReactNode> = {
  sales: SalesChart,
  managers: ManagersChart,
  stock: StockChart,
  turnover: TurnoverChart,
  buyers: BuyersChart,
  funnel: FunnelChart,
  receivables: ReceivablesChart,
  margin_risk: MarginRiskChart,
};
