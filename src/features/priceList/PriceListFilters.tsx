// The price list's filters: the buyer's city, the price level (a markup typed freely), rounding, the validity within
// its days, and the lot's narrowing filters; each change goes to the URL.
import { useState } from 'react';
import dayjs from 'dayjs';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { DayPicker } from '../../components/DayPicker';
import { toNumber } from '../../../domain/numbers';
import { PRICE_LIST_TEXTS as TEXT } from '../../../domain/priceList/texts';
import { LOT } from '../../../domain/offers/lot';
import { PRICE_LIST_MAX_DAYS, PRICE_LIST_MSG, validUntilError } from '../../../domain/priceList/access';
import { addDays } from '../../../domain/businessDay';
import { type PriceLevel, type Rounding } from '../../../domain/priceList/query';
import type { NamedRef } from '../../api/references';
import { useLotChoices } from '../../api/lotChoices';
import { lacksMarkup, useRequest } from './usePriceListRequest';
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

/** The lot's origin (domain/offers/lot.ts): typed freely, filtered by the offer's field. */
const ORIGIN = LOT.origin;

const byIds = (refs: NamedRef[] | undefined, ids: number[] | undefined) =>
  (refs ?? []).filter((r) => ids?.includes(r.id));

export function Filters({ request, change }: ReturnType<typeof useRequest>) {
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
