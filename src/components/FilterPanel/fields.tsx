// One editor per filter type of spec point 3. Each edits one key of the draft FilterState.
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useBusinessToday } from '../../api/businessDay';
import type { FilterConfigEntry, FilterValue } from '../../../domain/lists';

export const FILTER_MSG = {
  inverted: 'Значение «От» больше «До»',
  emptyList: 'Список пуст',
  notChosen: 'Не выбрано',
  invalidDate: 'Date input not valid.',
  datePlaceholder: 'Выберите дату',
  idsHint: 'Номера через запятую',
} as const;

export interface FieldProps {
  name: string;
  entry: FilterConfigEntry;
  value: FilterValue | undefined;
  onChange(value: FilterValue | undefined): void;
}

type Range = { from?: string; to?: string };
const asList = (v: FilterValue | undefined): string[] => (Array.isArray(v) ? v : []);
const asRange = (v: FilterValue | undefined): Range =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Range) : {};
const cleanRange = (r: Range): Range | undefined => {
  const out: Range = {};
  if (r.from) out.from = r.from;
  if (r.to) out.to = r.to;
  return out.from || out.to ? out : undefined;
};

/** A range is inverted when both ends are given and from > to (numbers, or ISO dates compared as text). */
export function isInverted(type: string, value: FilterValue | undefined): boolean {
  const { from, to } = asRange(value);
  if (!from || !to) return false;
  return type === 'date' ? from > to : Number(from) > Number(to);
}

/** What every text-like filter field shares: full width, small, labelled with the filter's title. */
const fieldOf = (name: string, entry: FieldProps['entry']) =>
  ({ fullWidth: true, size: 'small', label: entry.title, name }) as const;

export function TextFilter({ name, entry, value, onChange }: FieldProps) {
  return (
    <TextField
      {...fieldOf(name, entry)}
      placeholder={entry.placeholder?.[0] ?? 'Введите значение'}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value || undefined)}
    />
  );
}

export function BooleanFilter({ entry, value, onChange }: FieldProps) {
  return (
    <FormControlLabel
      control={<Checkbox checked={value === true} onChange={(e) => onChange(e.target.checked ? true : undefined)} />}
      label={entry.title}
    />
  );
}

export function EnumerationFilter({ name, entry, value, onChange }: FieldProps) {
  const current = asList(value)[0] ?? '';
  return (
    <TextField
      select
      {...fieldOf(name, entry)}
      value={current}
      onChange={(e) => onChange(e.target.value ? [String(e.target.value)] : undefined)}
    >
      <MenuItem value="">{FILTER_MSG.notChosen}</MenuItem>
      {(entry.options ?? []).map((o) => (
        <MenuItem key={String(o.value)} value={String(o.value)}>
          {o.title}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function StatusFilter({ entry, value, onChange }: FieldProps) {
  const chosen = new Set(asList(value));
  const toggle = (v: string) => {
    const next = new Set(chosen);
    if (next.has(v)) next.delete(v);
    else next.add(v);
    onChange(next.size ? (entry.options ?? []).map((o) => String(o.value)).filter((x) => next.has(x)) : undefined);
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="body2" color="text.secondary">
        {entry.title}
      </Typography>
      {(entry.options ?? []).map((o) => (
        <FormControlLabel
          key={String(o.value)}
          control={
            <Checkbox size="small" checked={chosen.has(String(o.value))} onChange={() => toggle(String(o.value))} />
          }
          label={o.title}
        />
      ))}
    </Box>
  );
}

/** Ids with no list to choose from (offers, reserves): typed as whole numbers, separated by commas. */
function IdsFilter({ name, entry, value, onChange }: FieldProps) {
  const [text, setText] = useState(() => asList(value).join(', '));
  return (
    <TextField
      {...fieldOf(name, entry)}
      helperText={FILTER_MSG.idsHint}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const ids = e.target.value.split(/[\s,;]+/).filter((s) => /^\d+$/.test(s));
        onChange(ids.length ? ids : undefined);
      }}
    />
  );
}

/** The spec's multiple select: options move between an available and a selected list. */
export function MultipleFilter({ name, entry, value, onChange }: FieldProps) {
  const [search, setSearch] = useState('');
  const chosen = asList(value);
  const options = useMemo(() => entry.options ?? [], [entry.options]);
  const titleOf = useMemo(() => new Map(options.map((o) => [String(o.value), o.title])), [options]);

  if (!options.length) return <IdsFilter name={name} entry={entry} value={value} onChange={onChange} />;
  const available = options.filter(
    (o) => !chosen.includes(String(o.value)) && o.title.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const move = (v: string, add: boolean) => {
    const next = add ? [...chosen, v] : chosen.filter((x) => x !== v);
    onChange(next.length ? next : undefined);
  };
  const box = { border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 180, overflowY: 'auto' } as const;
  return (
    <Box role="group" aria-label={entry.title}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {entry.title}
      </Typography>
      <TextField
        fullWidth
        size="small"
        placeholder="Поиск"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ mb: 1 }}
        slotProps={{ htmlInput: { 'aria-label': `Поиск: ${entry.title}` } }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <Box sx={box} aria-label="Доступные" role="list">
          {available.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
              {FILTER_MSG.emptyList}
            </Typography>
          ) : (
            <List dense disablePadding>
              {available.map((o) => (
                <ListItemButton key={String(o.value)} role="listitem" onClick={() => move(String(o.value), true)}>
                  <ListItemText primary={o.title} />
                </ListItemButton>
              ))}
            </List>
          )}
        </Box>
        <Box sx={box} aria-label="Выбранные" role="list">
          {chosen.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
              {FILTER_MSG.emptyList}
            </Typography>
          ) : (
            <List dense disablePadding>
              {chosen.map((v) => (
                <ListItemButton key={v} role="listitem" onClick={() => move(v, false)} selected>
                  <ListItemText primary={titleOf.get(v) ?? v} />
                </ListItemButton>
              ))}
            </List>
          )}
        </Box>
      </Box>
    </Box>
  );
}

export function NumberRangeFilter({ entry, value, onChange, currency }: FieldProps & { currency?: boolean }) {
  const range = asRange(value);
  const set = (end: 'from' | 'to', raw: string) => {
    const cleaned = raw.replace(',', '.').replace(/[^\d.-]/g, '');
    onChange(cleanRange({ ...range, [end]: cleaned }));
  };
  const inverted = isInverted('number', value);
  const adornment = currency
    ? { input: { endAdornment: <InputAdornment position="end">₽</InputAdornment> } }
    : undefined;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {entry.title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <TextField
          size="small"
          placeholder={entry.placeholder?.[0] ?? 'От'}
          value={range.from ?? ''}
          onChange={(e) => set('from', e.target.value)}
          slotProps={{ ...adornment, htmlInput: { inputMode: 'decimal', 'aria-label': `${entry.title}: от` } }}
          error={inverted}
        />
        <TextField
          size="small"
          placeholder={entry.placeholder?.[1] ?? 'До'}
          value={range.to ?? ''}
          onChange={(e) => set('to', e.target.value)}
          slotProps={{ ...adornment, htmlInput: { inputMode: 'decimal', 'aria-label': `${entry.title}: до` } }}
          error={inverted}
        />
      </Box>
      {inverted && <FormHelperText error>{FILTER_MSG.inverted}</FormHelperText>}
    </Box>
  );
}

/** The date picker's year list (spec points 2 and 9): 50 years starting 25 years before the current one. */
export const PICKER_YEARS = { before: 25, count: 50 } as const;

export function pickerYearRange(now = dayjs()) {
  const minDate = now.subtract(PICKER_YEARS.before, 'year').startOf('year');
  return { minDate, maxDate: minDate.add(PICKER_YEARS.count - 1, 'year').endOf('year') };
}

/** Date range: dd.MM.yyyy, 50 years listed from 25 years back, nothing after today selectable (spec point 2). */
export function DateRangeFilter({ entry, value, onChange }: FieldProps) {
  const range = asRange(value);
  const [invalid, setInvalid] = useState<{ from?: boolean; to?: boolean }>({});
  // the later years are listed, disabled by the latest-date rule (today: the business day, setting time_zone)
  const today = useBusinessToday();
  const { minDate, maxDate } = pickerYearRange(dayjs(today));
  const set = (end: 'from' | 'to', date: Dayjs | null) => {
    const valid = date === null || date.isValid();
    setInvalid((s) => ({ ...s, [end]: !valid }));
    if (!valid) return;
    onChange(cleanRange({ ...range, [end]: date ? date.format('YYYY-MM-DD') : undefined }));
  };
  const picker = (end: 'from' | 'to', label: string) => (
    <DatePicker
      label={label}
      format="DD.MM.YYYY"
      value={range[end] ? dayjs(range[end]) : null}
      onChange={(d) => set(end, d)}
      minDate={minDate}
      maxDate={maxDate}
      shouldDisableDate={(d) => d.format('YYYY-MM-DD') > today}
      shouldDisableMonth={(d) => d.format('YYYY-MM') > today.slice(0, 7)}
      shouldDisableYear={(d) => d.year() > Number(today.slice(0, 4))}
      slotProps={{
        textField: {
          size: 'small',
          // the field draws its own dd.MM.yyyy mask; the spec's 'Выберите дату' is its title
          title: FILTER_MSG.datePlaceholder,
          error: Boolean(invalid[end]) || isInverted('date', value),
          helperText: invalid[end] ? FILTER_MSG.invalidDate : undefined,
        },
      }}
    />
  );
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {entry.title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        {picker('from', 'От')}
        {picker('to', 'До')}
      </Box>
      {isInverted('date', value) && <FormHelperText error>{FILTER_MSG.inverted}</FormHelperText>}
    </Box>
  );
}
