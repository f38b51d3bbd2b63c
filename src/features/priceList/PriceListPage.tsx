// 'Прайс-лист': the buyer's city, the filters, the price level and rounding, the validity; a line per
// available lot priced with delivery, grouped by product; the files, the buyer's link and the links made so far.
// The request lives in the URL (domain/priceList/query.ts), so a list is a link a colleague can open too.
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DayPicker } from '../../components/DayPicker';
import { FiguresTable, GroupRow, type FiguresHead } from '../../components/FiguresTable';
import { formatDate, formatFigure, formatNumber } from '../../../domain/format';
import { toNumber } from '../../../domain/numbers';
import { PRICE_LIST_COLUMNS as T, PRICE_LIST_TEXTS as TEXT } from '../../../domain/priceList/texts';
import { availabilityText } from '../../../domain/offers/logistics';
import { DOCUMENT_MSG } from '../../../domain/offers/documents';
import { LOT, LOT_COLUMNS } from '../../../domain/offers/lot';
import { byProduct } from '../../../domain/priceList/lines';
import { PRICE_LIST_MAX_DAYS, PRICE_LIST_MSG, validUntilError } from '../../../domain/priceList/access';
import { addDays } from '../../../domain/businessDay';
import {
  decodePriceListQuery,
  encodePriceListQuery,
  type PriceListQuery,
  type PriceLevel,
  type Rounding,
} from '../../../domain/priceList/query';
import { PageTitle } from '../../components/PageTitle';
import { PageSpinner } from '../../components/Spinner';
import { Alert } from '../../components/Alert';
import { useNotice } from '../../components/useNotice';
import { errorMessage } from '../../api/errors';
import type { NamedRef } from '../../api/references';
import { useLotChoices } from '../../api/lotChoices';
import { useAppSelector } from '../../api/hooks';
import { selectToken } from '../../api/auth';
import { fileNameOf, save } from '../../components/List/useExport';
import {
  useCreatePriceListLinkMutation,
  usePriceListLinksQuery,
  usePriceListQuery,
  useRenewPriceListLinkMutation,
  useRevokePriceListLinkMutation,
  type PriceListLine,
} from './priceListApi';
import { reserveUrl } from './reserveLink';
import { useBusinessToday } from '../../api/businessDay';

const LEVELS: { value: PriceLevel; label: string }[] = [
  { value: 'min', label: TEXT.levelMin },
  { value: 'max', label: TEXT.levelMax },
  { value: 'percent', label: TEXT.levelPercent },
];
const ROUNDING: { value: Rounding; label: string }[] = [
  { value: 'none', label: TEXT.roundingNone },
  { value: '1', label: TEXT.rounding1 },
  { value: '10', label: TEXT.rounding10 },
];

/** How long typing in 'Действует до' rests before the URL (and the request) takes the day. */
const TYPING_PAUSE_MS = 400;
const NOT_A_NUMBER = 'Введите число';
/** A typed markup ('12,5' or '12.5'), null when it is no number. */
const numberTyped = (text: string) => (text.trim() === '' ? null : toNumber(text.trim()));

/** The markup level with no markup: nothing to ask the server for; the field asks for it instead (a request would
 * come back 400). */
const lacksMarkup = (request: Partial<PriceListQuery>) =>
  request.level === 'percent' && (request.markup === undefined || request.markup === null);

/** What the URL holds, with the defaults for the rest. */
const requestOf = (params: URLSearchParams) => ({
  level: 'min' as PriceLevel,
  rounding: 'none' as Rounding,
  ...decodePriceListQuery(params.toString()),
});

/** The page's request and how a control changes it. */
function useRequest() {
  const [params, setParams] = useSearchParams();
  const request = useMemo(() => requestOf(params), [params]);
  // the request as the last change left it: setSearchParams' updater sees the params of the last render, so two
  // changes before the next render (or a widget's late callback) would lose the first
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const change = (patch: Partial<PriceListQuery>) => {
    const next = encodePriceListQuery({ ...requestOf(latest.current), ...patch });
    latest.current = new URLSearchParams(next);
    setParams(next, { replace: true });
  };
  return { request, change };
}

/** The lot's origin (domain/offers/lot.ts): typed freely, filtered by the offer's field. */
const ORIGIN = LOT.origin;

const byIds = (refs: NamedRef[] | undefined, ids: number[] | undefined) =>
  (refs ?? []).filter((r) => ids?.includes(r.id));

function Filters({ request, change }: ReturnType<typeof useRequest>) {
  const { cities, products, varieties, packing, years } = useLotChoices();
  const shownVarieties = (varieties.data ?? []).filter(
    (v) => !request.product_id?.length || (v.product_id && request.product_id.includes(v.product_id)),
  );
  // the markup is typed freely and applied when it is a number
  const [markup, setMarkup] = useState(request.markup === undefined ? '' : String(request.markup).replace('.', ','));
  const markupTyped = markup.trim() === '' ? undefined : numberTyped(markup);
  // the business day (setting time_zone): the server refuses a validity before it
  const today = useBusinessToday();
  const multi = (
    label: string,
    refs: NamedRef[],
    ids: number[] | undefined,
    key: 'product_id' | 'variety_id' | 'packing_id',
  ) => (
    <Autocomplete
      multiple
      size="small"
      sx={{ minWidth: 220, flex: 1 }}
      options={refs}
      getOptionLabel={(o) => o.name}
      value={byIds(refs, ids)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, v) => change({ [key]: v.map((r) => r.id) })}
      renderInput={(p) => <TextField {...p} label={label} />}
    />
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Autocomplete
          size="small"
          sx={{ minWidth: 240 }}
          options={cities.data ?? []}
          getOptionLabel={(o) => o.name}
          value={(cities.data ?? []).find((c) => c.id === request.city_id) ?? null}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, v) => change({ city_id: v?.id })}
          renderInput={(p) => <TextField {...p} label={TEXT.city} required />}
        />
        <TextField
          select
          size="small"
          label="Уровень цены"
          value={request.level}
          sx={{ minWidth: 240 }}
          onChange={(e) => change({ level: e.target.value as PriceLevel })}
        >
          {LEVELS.map((l) => (
            <MenuItem key={l.value} value={l.value}>
              {l.label}
            </MenuItem>
          ))}
        </TextField>
        {request.level === 'percent' && (
          <TextField
            size="small"
            label={TEXT.levelPercent}
            value={markup}
            sx={{ width: 190 }}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            required
            error={lacksMarkup(request) || markupTyped === null}
            helperText={
              markup.trim() === '' ? PRICE_LIST_MSG.markupMissing : markupTyped === null ? NOT_A_NUMBER : undefined
            }
            onChange={(e) => {
              setMarkup(e.target.value);
              const n = numberTyped(e.target.value);
              // emptied: no markup, so no request until one is typed
              change({ markup: n ?? undefined });
            }}
          />
        )}
        <TextField
          select
          size="small"
          label="Округление"
          value={request.rounding}
          sx={{ minWidth: 170 }}
          onChange={(e) => change({ rounding: e.target.value as Rounding })}
        >
          {ROUNDING.map((r) => (
            <MenuItem key={r.value} value={r.value}>
              {r.label}
            </MenuItem>
          ))}
        </TextField>
        <DayPicker
          label={TEXT.validUntil}
          name="valid_until"
          width={190}
          value={request.valid_until ?? ''}
          minDate={dayjs(today)}
          // the URL takes the day when the typing rests, never a year half typed
          pause={TYPING_PAUSE_MS}
          maxDate={dayjs(addDays(today, PRICE_LIST_MAX_DAYS))}
          refuse={(day) => validUntilError(day, today)}
          onDay={(day) => {
            if (day === '') change({ valid_until: undefined });
            else if (day) change({ valid_until: day });
          }}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {multi('Товары', products.data ?? [], request.product_id, 'product_id')}
        {multi('Сорта', shownVarieties, request.variety_id, 'variety_id')}
        <Autocomplete
          multiple
          size="small"
          sx={{ minWidth: 160 }}
          options={years}
          value={request.harvest_year ?? []}
          onChange={(_, v) => change({ harvest_year: v })}
          renderInput={(p) => <TextField {...p} label="Год урожая" />}
        />
        {multi('Упаковка', packing.data ?? [], request.packing_id, 'packing_id')}
        <Autocomplete
          multiple
          freeSolo
          size="small"
          sx={{ minWidth: 180 }}
          options={[] as string[]}
          value={request[ORIGIN.field] ?? []}
          onChange={(_, v) => change({ [ORIGIN.field]: v })}
          renderInput={(p) => <TextField {...p} label={ORIGIN.title} placeholder="Введите и нажмите Enter" />}
        />
        <TextField
          size="small"
          label="Доступно не меньше"
          value={request.min_available ?? ''}
          sx={{ width: 210 }}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          onChange={(e) => {
            const n = Number(e.target.value.replace(',', '.'));
            change({ min_available: e.target.value === '' || !Number.isFinite(n) ? undefined : n });
          }}
        />
      </Box>
    </Paper>
  );
}

function Lines({ lines, cityId }: { lines: PriceListLine[]; cityId: number }) {
  const navigate = useNavigate();
  if (!lines.length)
    return (
      <Typography color="text.secondary" sx={{ my: 3 }}>
        {TEXT.empty}
      </Typography>
    );
  // the lot's columns (domain/offers/lot.ts) under its product's heading, then the stock and the prices
  const head: FiguresHead[] = [
    ...LOT_COLUMNS.map((fd) => ({ title: fd.title })),
    { title: T.available_amount, right: true },
    { title: T.available_packs, right: true },
    { title: T.unit_price, right: true },
    { title: T.kg_price, right: true },
    { title: T.delivery_cost, right: true },
    { title: T.availability },
    { title: T.delivery_days, right: true },
    { title: '' },
  ];
  return (
    <FiguresTable label={TEXT.title} head={head}>
      {byProduct(lines).map(([product, rows]) => (
        <Fragment key={product}>
          <GroupRow span={head.length}>{product}</GroupRow>
          {rows.map((l) => (
            <TableRow key={l.offer_id} data-offer={l.offer_id} hover>
              {LOT_COLUMNS.map((fd, i) => (
                <TableCell key={fd.key}>
                  {l[fd.key]}
                  {/* a lot whose required papers are missing or lapsed cannot ship (told in its first column) */}
                  {i === 0 && l.documents_blocking.length > 0 && (
                    <Chip
                      size="small"
                      color="warning"
                      variant="outlined"
                      sx={{ ml: l[fd.key] ? 1 : 0 }}
                      label={DOCUMENT_MSG.blocking(l.documents_blocking)}
                    />
                  )}
                </TableCell>
              ))}
              <TableCell align="right">
                {formatNumber(l.available_amount)} {l.unit_measure}
              </TableCell>
              <TableCell align="right">{formatNumber(l.available_packs)}</TableCell>
              <TableCell align="right" data-field="unit_price" sx={{ fontWeight: 600 }}>
                {formatFigure(l.unit_price)}
              </TableCell>
              <TableCell align="right">{formatFigure(l.kg_price)}</TableCell>
              <TableCell align="right">
                {formatFigure(l.delivery_cost)}
                {l.default_delivery && (
                  <Chip size="small" variant="outlined" color="warning" label={TEXT.defaultDelivery} sx={{ ml: 1 }} />
                )}
              </TableCell>
              <TableCell data-field="availability" sx={{ whiteSpace: 'nowrap' }}>
                {availabilityText(l)}
              </TableCell>
              <TableCell align="right">{l.delivery_days ?? '—'}</TableCell>
              <TableCell>
                <Button size="small" onClick={() => navigate(reserveUrl(l, cityId))}>
                  {TEXT.reserve}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </Fragment>
      ))}
    </FiguresTable>
  );
}

const LINK_HEAD: FiguresHead[] = ['Ссылка', 'Город', TEXT.validUntil, 'Состояние', ''].map((title) => ({ title }));
const STATUS_TITLE = { active: 'Действует', expired: TEXT.expired, revoked: TEXT.revoked } as const;

function Links() {
  const links = usePriceListLinksQuery();
  const [revoke] = useRevokePriceListLinkMutation();
  const [renew] = useRenewPriceListLinkMutation();
  if (!links.data?.length) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h2" sx={{ fontSize: 18, mb: 1 }}>
        {TEXT.links}
      </Typography>
      <FiguresTable label={TEXT.links} head={LINK_HEAD}>
        {links.data.map((l) => (
          <TableRow key={l.id} data-link={l.id}>
            <TableCell sx={{ wordBreak: 'break-all', maxWidth: 420 }}>
              {l.status === 'active' ? (
                <a href={l.url} target="_blank" rel="noreferrer">
                  {l.url}
                </a>
              ) : (
                l.url
              )}
            </TableCell>
            <TableCell>{l.city.name}</TableCell>
            <TableCell>{formatDate(l.valid_until)}</TableCell>
            <TableCell>{STATUS_TITLE[l.status]}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {l.status === 'active' && (
                <>
                  {/* the link holds its prices to its date; a new one carries today's */}
                  <Button size="small" onClick={() => renew(l.id)}>
                    {TEXT.renew}
                  </Button>
                  <Button size="small" color="error" onClick={() => revoke(l.id)}>
                    {TEXT.revoke}
                  </Button>
                </>
              )}
            </TableCell>
          </TableRow>
        ))}
      </FiguresTable>
    </Box>
  );
}

export default function PriceListPage() {
  const state = useRequest();
  const { request } = state;
  const token = useAppSelector(selectToken);
  const ready = Boolean(request.city_id) && !lacksMarkup(request);
  const list = usePriceListQuery(request as PriceListQuery, { skip: !ready });
  const [createLink, link] = useCreatePriceListLinkMutation();
  const { say, notice } = useNotice({ mb: 2 });

  const download = async (format: 'xlsx' | 'pdf') => {
    try {
      const res = await fetch(`/api/price-list/export?format=${format}&${encodePriceListQuery(request)}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!res.ok)
        throw new Error(
          ((await res.json().catch(() => ({}))) as { message?: string; messages?: string[] }).messages?.[0] ??
            res.statusText,
        );
      save(await res.blob(), fileNameOf(res.headers.get('Content-Disposition'), `${TEXT.title}.${format}`));
    } catch (e) {
      say('error', (e as Error).message);
    }
  };
  const share = async () => {
    try {
      const made = await createLink(request as PriceListQuery).unwrap();
      await navigator.clipboard?.writeText(made.url).catch(() => undefined);
      say('success', `Ссылка создана: ${made.url}`);
    } catch (e) {
      say('error', errorMessage(e));
    }
  };

  return (
    <Box>
      <PageTitle title={TEXT.title}>
        <Button variant="outlined" disabled={!ready} onClick={() => download('xlsx')}>
          {TEXT.xlsx}
        </Button>
        <Button variant="outlined" disabled={!ready} onClick={() => download('pdf')}>
          {TEXT.pdf}
        </Button>
        <Button variant="contained" disabled={!ready || link.isLoading} onClick={share}>
          {TEXT.link}
        </Button>
      </PageTitle>
      {notice}
      <Filters {...state} />
      {!request.city_id && (
        <Typography color="text.secondary">Выберите город покупателя, чтобы построить прайс-лист.</Typography>
      )}
      {ready && list.isFetching && !list.data && <PageSpinner />}
      {ready && list.error && (
        <Alert severity="error" closable={false}>
          {errorMessage(list.error)}
        </Alert>
      )}
      {ready && list.data && !list.error && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {list.data.company} · {list.data.city.name} · {formatDate(list.data.date)}
            {list.data.valid_until ? ` · действует до ${formatDate(list.data.valid_until)}` : ''} · позиций:{' '}
            {list.data.lines.length}
          </Typography>
          <Lines lines={list.data.lines} cityId={list.data.city.id} />
        </>
      )}
      <Links />
    </Box>
  );
}
