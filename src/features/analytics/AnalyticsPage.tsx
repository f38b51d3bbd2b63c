// The page 'Аналитика': the filters on top, in the link (period, products, cities, responsible), and
// each chart the caller may see (domain/analytics.ts isChartVisible, the server's own rule) in a card with its
// figures on hover and 'Скачать XLSX'. A chart with nothing in the period says 'Нет данных за период'.
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import dayjs from 'dayjs';
import { DayPicker } from '../../components/DayPicker';
import {
  ANALYTICS_LIST_FILTERS,
  ANALYTICS_MSG,
  CHART,
  CHARTS,
  MAX_PERIOD_DAYS,
  defaultPeriod,
  filterFromSearch,
  filterToSearch,
  isChartVisible,
  periodProblem,
  type AnalyticsFilter,
  type AnalyticsListFilter,
  type Chart,
} from '../../../domain/analytics';
import { isRefVisible, scopeOf, type Permissions } from '../../../domain/permissions';
import { usePermissionsQuery } from '../../api/session';
import { useAppSelector } from '../../api/hooks';
import { selectToken } from '../../api/auth';
import { normaliseError, type ApiError } from '../../api/errors';
import { useReferenceListQuery, type ReferenceList } from '../../api/references';
import { fileNameOf, save } from '../../components/List/useExport';
import { PageTitle } from '../../components/PageTitle';
import { useAnalyticsChartQuery } from './analyticsApi';
import { CHART_VIEWS } from './charts';
import { useBusinessToday } from '../../api/businessDay';

export const ANALYTICS_TEXTS = {
  title: 'Аналитика',
  from: 'Период с',
  to: 'по',
  download: 'Скачать XLSX',
  reset: 'Сбросить фильтры',
  noData: ANALYTICS_MSG.noData,
  noStock: ANALYTICS_MSG.noStock,
  noMarginRisk: ANALYTICS_MSG.noMarginRisk,
  period: (from: string, to: string) => `${dayjs(from).format('DD.MM.YYYY')} — ${dayjs(to).format('DD.MM.YYYY')}`,
} as const;

/** Each list filter's reference list, and the sections it needs beside its field. */
const FILTER_LISTS: Record<AnalyticsListFilter, { list: ReferenceList; section: 'products' | 'cities' | 'employees' }> =
  {
    products_ids: { list: 'products', section: 'products' },
    cities_ids: { list: 'cities', section: 'cities' },
    responsible_ids: { list: 'employees', section: 'employees' },
  };

/** A filter the caller may use: its fields visible (the server refuses the others) and its list readable. */
function filterUsable(perms: Permissions | undefined, key: AnalyticsListFilter): boolean {
  const def = ANALYTICS_LIST_FILTERS.find((f) => f.key === key)!;
  return (
    def.reads.every((ref) => isRefVisible(perms, ref)) &&
    scopeOf(perms, FILTER_LISTS[key].section, 'read') !== 'none' &&
    (key !== 'responsible_ids' || scopeOf(perms, 'reserves', 'read') !== 'none')
  );
}

function IdsFilter({
  name,
  value,
  onChange,
}: {
  name: AnalyticsListFilter;
  value: number[];
  onChange(ids: number[]): void;
}) {
  const def = ANALYTICS_LIST_FILTERS.find((f) => f.key === name)!;
  const { data: items = [], isFetching } = useReferenceListQuery(FILTER_LISTS[name].list);
  const chosen = items.filter((item) => value.includes(item.id));
  return (
    <Autocomplete
      multiple
      size="small"
      limitTags={2}
      loading={isFetching}
      options={items}
      value={chosen}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, next) => onChange(next.map((o) => o.id))}
      noOptionsText="Список пуст"
      loadingText="Загрузка…"
      renderInput={(params) => (
        <TextField {...params} label={def.title} placeholder={value.length ? undefined : 'Все'} />
      )}
      sx={{ minWidth: 200, flex: '1 1 220px' }}
    />
  );
}

/** How long typing in a date field rests before the period is asked for. */
const TYPING_PAUSE_MS = 600;

function Filters({
  perms,
  filter,
  onChange,
}: {
  perms?: Permissions;
  filter: AnalyticsFilter;
  onChange(next: AnalyticsFilter): void;
}) {
  const today = useBusinessToday();
  // a day that makes no period (over three years, the end before the start) is refused in its field: the field says
  // why and goes back to the period the charts show, so the two never part
  const refuseFrom = useCallback((day: string) => periodProblem(day, filter.to), [filter.to]);
  const refuseTo = useCallback((day: string) => periodProblem(filter.from, day), [filter.from]);
  const setDay = (end: 'from' | 'to', day: string | null) => {
    if (day) onChange({ ...filter, [end]: day });
  };
  const earliest = dayjs(filter.to).subtract(MAX_PERIOD_DAYS, 'day');
  // the period ends at the latest on the business day, and spans three years at most
  const longest = dayjs(filter.from).add(MAX_PERIOD_DAYS, 'day');
  const latest = longest.isAfter(dayjs(today)) ? dayjs(today) : longest;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} role="search" aria-label="Фильтры аналитики">
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <DayPicker
          label={ANALYTICS_TEXTS.from}
          name="from"
          width={190}
          value={filter.from}
          pause={TYPING_PAUSE_MS}
          minDate={earliest}
          maxDate={dayjs(filter.to)}
          refuse={refuseFrom}
          onDay={(day) => setDay('from', day)}
        />
        <DayPicker
          label={ANALYTICS_TEXTS.to}
          name="to"
          width={190}
          value={filter.to}
          pause={TYPING_PAUSE_MS}
          minDate={dayjs(filter.from)}
          maxDate={latest}
          refuse={refuseTo}
          onDay={(day) => setDay('to', day)}
        />
        {ANALYTICS_LIST_FILTERS.filter((f) => filterUsable(perms, f.key)).map((f) => (
          <IdsFilter
            key={f.key}
            name={f.key}
            value={filter[f.key]}
            onChange={(ids) => onChange({ ...filter, [f.key]: ids })}
          />
        ))}
        <Button
          size="small"
          sx={{ mt: 0.5 }}
          onClick={() => onChange({ ...defaultPeriod(today), products_ids: [], cities_ids: [], responsible_ids: [] })}
        >
          {ANALYTICS_TEXTS.reset}
        </Button>
      </Box>
    </Paper>
  );
}

function useDownload(chart: Chart, query: string) {
  const token = useAppSelector(selectToken);
  const [error, setError] = useState<string | null>(null);
  const download = useCallback(async () => {
    setError(null);
    try {
      const res = await fetch(`/api/analytics/${chart}/xlsx?${query}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!res.ok) {
        setError(
          normaliseError({ status: res.status, data: await res.json().catch(() => undefined) }, 'аналитики').message,
        );
        return;
      }
      save(await res.blob(), fileNameOf(res.headers.get('Content-Disposition'), `${CHART[chart].title}.xlsx`));
    } catch (e) {
      setError(normaliseError({ status: 'FETCH_ERROR', error: String(e) }, 'аналитики').message);
    }
  }, [chart, query, token]);
  return { download, error };
}

function ChartCard({ chart, query }: { chart: Chart; query: string }) {
  const def = CHART[chart];
  const { data, error, isFetching, isLoading } = useAnalyticsChartQuery({ chart, query });
  const { download, error: downloadError } = useDownload(chart, query);
  const View = CHART_VIEWS[chart];
  const empty = data && data.rows.length === 0;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={def.title}
      data-testid="analytics-chart"
      data-chart={chart}
      sx={{ p: 2, minWidth: 0, opacity: isFetching && !isLoading ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography component="h2" variant="h6" sx={{ fontSize: 18 }}>
            {def.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {def.note}
          </Typography>
        </Box>
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          onClick={download}
          disabled={!data || empty}
          sx={{ flexShrink: 0 }}
        >
          {ANALYTICS_TEXTS.download}
        </Button>
      </Box>
      {downloadError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {downloadError}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {(error as ApiError).message}
        </Alert>
      )}
      {isLoading && <Skeleton variant="rounded" height={300} sx={{ mt: 1 }} />}
      {empty && (
        <Typography sx={{ py: 6, textAlign: 'center' }} color="text.secondary" data-testid="chart-empty">
          {chart === 'stock'
            ? ANALYTICS_TEXTS.noStock
            : chart === 'margin_risk'
              ? ANALYTICS_TEXTS.noMarginRisk
              : ANALYTICS_TEXTS.noData}
        </Typography>
      )}
      {data && !empty && <View answer={data} />}
    </Paper>
  );
}

export default function AnalyticsPage() {
  const { data: perms } = usePermissionsQuery();
  const [search, setSearch] = useSearchParams();
  // the default period ends on the business day (setting time_zone), as the server's does
  const today = useBusinessToday();
  const filter = useMemo(() => filterFromSearch(search, today), [search, today]);
  const query = filterToSearch(filter);
  const charts = CHARTS.filter((chart) => isChartVisible(perms, chart));
  const applyFilter = useCallback(
    (next: AnalyticsFilter) => setSearch(new URLSearchParams(filterToSearch(next))),
    [setSearch],
  );
  return (
    <Box>
      <PageTitle title={ANALYTICS_TEXTS.title} />
      <Filters perms={perms} filter={filter} onChange={applyFilter} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="analytics-period">
        {ANALYTICS_TEXTS.period(filter.from, filter.to)}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        {charts.map((chart) => (
          <ChartCard key={chart} chart={chart} query={query} />
        ))}
      </Box>
    </Box>
  );
}
