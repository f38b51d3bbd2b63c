// The six charts, drawn with @mui/x-charts from a chart's answer: only the figures the answer carries are drawn
// (a figure hidden from the caller is not in it), in Russian, numbers in ru-RU format, dates dd.MM.yyyy. Each
// series' tooltip shows the figure as the page formats it.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatDate, formatMoney, formatNumber } from '../../../domain/format';
import { CHART, FUNNEL_STAGES, type Chart, type ChartAnswer, type FigureDef, type FigureKind } from '../../../domain/analytics';

type Row = Record<string, unknown>;

/** The palette: the current crop, last year's (it stands out), older ones. */
export const CROP_COLORS = { current: '#2e7d32', last: '#ed6c02', older: '#c62828' } as const;
const SERIES_COLORS = ['#1565c0', '#2e7d32', '#6a1b9a', '#ef6c00', '#c62828', '#00838f', '#5d4037'];
const STAGE_PALETTE: Record<(typeof FUNNEL_STAGES)[number]['key'], string> = {
  placed: '#1565c0', active: '#0288d1', completed: '#2e7d32', cancelled: '#757575', expired: '#c62828',
};
/** The funnel's rows name their stage by its title. */
const STAGE_COLORS: Record<string, string> = Object.fromEntries(FUNNEL_STAGES.map((s) => [s.title, STAGE_PALETTE[s.key]]));

const compact = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 });

/** A figure as the page shows it. */
export function formatFigureOf(kind: FigureKind, value: unknown): string {
  if (value === null || value === undefined) return '—';
  switch (kind) {
    case 'money': return formatMoney(value);
    case 'kg': return `${formatNumber(value)} кг`;
    case 'percent': return `${formatNumber(value)} %`;
    case 'days': return `${formatNumber(value)} дн.`;
    case 'week': return `неделя с ${formatDate(String(value))}`;
    case 'ref': return (value as { name?: string }).name ?? '';
    default: return typeof value === 'number' ? formatNumber(value) : String(value);
  }
}

const figureOf = (chart: Chart, key: string): FigureDef | undefined =>
  [...CHART[chart].dimensions, ...CHART[chart].figures].find((f) => f.key === key);

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Bar series of the answer's figures among `keys`, with their titles, colours and tooltips. */
function seriesOf(answer: ChartAnswer, keys: string[], colorOf?: (row: Row) => string | undefined, extra?: (row: Row) => string) {
  return keys.filter((key) => answer.fields.includes(key)).map((key, index) => {
    const figure = figureOf(answer.chart, key)!;
    return {
      id: key,
      label: figure.title,
      data: answer.rows.map((row) => num(row[key])),
      color: SERIES_COLORS[index % SERIES_COLORS.length],
      valueFormatter: (value: number | null, { dataIndex }: { dataIndex: number }) => {
        const text = formatFigureOf(figure.kind, value);
        return extra ? `${text} · ${extra(answer.rows[dataIndex])}` : text;
      },
      ...(colorOf ? { colorGetter: ({ dataIndex }: { dataIndex: number }) => colorOf(answer.rows[dataIndex]) ?? SERIES_COLORS[index] } : {}),
    };
  });
}

const moneyTicks = (v: number | null) => (v === null ? '' : `${compact.format(v)} ₽`);
const plainTicks = (v: number | null) => (v === null ? '' : compact.format(v));

const HEIGHT = 300;
/** Room for the category labels of a horizontal chart. */
const bandWidth = (labels: string[]) => Math.min(220, Math.max(90, Math.max(0, ...labels.map((l) => l.length)) * 7));
const horizontalHeight = (rows: number) => Math.max(HEIGHT, rows * 34 + 80);

function Titled({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>{title}</Typography>
      {children}
    </Box>
  );
}

function SalesChart({ answer }: { answer: ChartAnswer }) {
  const weeks = answer.rows.map((r) => formatDate(String(r.week)).slice(0, 5));
  const money = seriesOf(answer, ['selling_sum', 'margin_sum']);
  const counts = seriesOf(answer, ['completed_count', 'placed_count', 'cancelled_count', 'expired_count']);
  const xAxis = [{ scaleType: 'band' as const, data: weeks, valueFormatter: (v: string, ctx: { location: string }) => (ctx.location === 'tooltip' ? `Неделя с ${v}` : v) }];
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

function ManagersChart({ answer }: { answer: ChartAnswer }) {
  const labels = answer.rows.map((r) => formatFigureOf('ref', r.responsible));
  const avg = answer.fields.includes('margin_avg') ? (row: Row) => `средняя маржинальность ${formatFigureOf('percent', row.margin_avg)}` : undefined;
  return (
    <BarChart
      layout="horizontal"
      height={horizontalHeight(labels.length)}
      yAxis={[{ scaleType: 'band', data: labels, width: bandWidth(labels) }]}
      xAxis={[{ valueFormatter: moneyTicks }]}
      series={seriesOf(answer, ['margin_sum', 'selling_sum'], undefined, avg)}
    />
  );
}

const cropColor = (row: Row) => {
  const age = row.age as number | null;
  if (age === null || age === undefined || age <= 0) return CROP_COLORS.current;
  return age === 1 ? CROP_COLORS.last : CROP_COLORS.older;
};

function StockChart({ answer }: { answer: ChartAnswer }) {
  const labels = answer.rows.map((r) => `${formatFigureOf('ref', r.product)} · ${r.harvest_year ?? 'год не указан'}`);
  const value = answer.fields.includes('available_value') ? (row: Row) => `закупочная стоимость ${formatMoney(row.available_value)}` : undefined;
  const [available] = seriesOf(answer, ['available_kg'], cropColor, value);
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', fontSize: 13, color: 'text.secondary' }} aria-label="Урожай">
        {([['current', 'урожай этого года'], ['last', 'урожай прошлого года'], ['older', 'урожай старше']] as const).map(([key, text]) => (
          <Box key={key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: CROP_COLORS[key] }} />
            {text}
          </Box>
        ))}
      </Box>
      <BarChart
        layout="horizontal"
        height={horizontalHeight(labels.length)}
        yAxis={[{ scaleType: 'band', data: labels, width: bandWidth(labels) }]}
        xAxis={[{ valueFormatter: plainTicks, label: 'кг' }]}
        series={available ? [{ ...available, color: CROP_COLORS.current }] : []}
        hideLegend
      />
    </>
  );
}

function TurnoverChart({ answer }: { answer: ChartAnswer }) {
  const labels = answer.rows.map((r) => formatFigureOf('ref', r.product));
  const range = (row: Row) => `от ${formatNumber(row.min_days)} до ${formatNumber(row.max_days)} дн., партий: ${formatNumber(row.lots)}`;
  return (
    <BarChart
      layout="horizontal"
      height={horizontalHeight(labels.length)}
      yAxis={[{ scaleType: 'band', data: labels, width: bandWidth(labels) }]}
      xAxis={[{ valueFormatter: plainTicks, label: 'дней' }]}
      series={seriesOf(answer, ['avg_days'], undefined, range)}
      hideLegend
    />
  );
}

function BuyersChart({ answer }: { answer: ChartAnswer }) {
  const labels = answer.rows.map((r) => String(r.buyer_name));
  const more = (row: Row) => `${formatFigureOf('kg', row.completed_kg)}, резервов: ${formatNumber(row.completed_count)}`;
  return (
    <BarChart
      layout="horizontal"
      height={horizontalHeight(labels.length)}
      yAxis={[{ scaleType: 'band', data: labels, width: bandWidth(labels) }]}
      xAxis={[{ valueFormatter: moneyTicks }]}
      series={seriesOf(answer, ['selling_sum'], undefined, more)}
      hideLegend
    />
  );
}

function FunnelChart({ answer }: { answer: ChartAnswer }) {
  const stages = answer.rows.map((r) => String(r.stage));
  const placed = Number(answer.rows[0]?.count ?? 0);
  const share = (row: Row) => (placed ? `${formatNumber(Math.round((Number(row.count) / placed) * 1000) / 10)} % размещённых` : '');
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

export const CHART_VIEWS: Record<Chart, (props: { answer: ChartAnswer }) => ReactNode> = {
  sales: SalesChart, managers: ManagersChart, stock: StockChart, turnover: TurnoverChart, buyers: BuyersChart, funnel: FunnelChart,
};
