// 'Подбор', the ask: the product, amount and unit, the buyer or the city, the price level and the narrowing filters,
// checked in the server's words before the page asks the server.
import { useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { toNumber } from '../../../domain/numbers';
import { QUOTE_MSG } from '../../../domain/quotes/access';
import { QUOTE_LEVELS, QUOTE_UNITS, type QuoteLevel, type QuoteUnit } from '../../../domain/quotes/ranking';
import type { QuoteSearch } from '../../../domain/quotes/search';
import { QUOTE_LEVEL_TITLES, QUOTE_TEXTS as TEXT } from '../../../domain/quotes/texts';
import type { NamedRef } from '../../api/references';
import { useLotChoices } from '../../api/lotChoices';
import { BuyerPicker } from '../buyers/BuyerPicker';

/** What the form holds while it is typed: texts as typed, ids as chosen. */
interface Ask {
  product: NamedRef | null;
  varieties: NamedRef[];
  packings: NamedRef[];
  years: string[];
  origin: string;
  amount: string;
  unit: QuoteUnit;
  /** The buyer from 'Покупатели': its city fills the city. */
  buyer: { id: number; name: string } | null;
  city: NamedRef | null;
  level: QuoteLevel;
  margin: string;
}

const EMPTY: Ask = {
  product: null,
  varieties: [],
  packings: [],
  years: [],
  origin: '',
  amount: '',
  unit: 'кг',
  buyer: null,
  city: null,
  level: 'middle',
  margin: '',
};

/** The form's own checks, in the server's words: the first problem of each field. */
function problems(ask: Ask): Partial<Record<'product' | 'amount' | 'city' | 'margin', string>> {
  const out: Partial<Record<'product' | 'amount' | 'city' | 'margin', string>> = {};
  const amount = toNumber(ask.amount);
  if (!ask.product) out.product = QUOTE_MSG.product;
  if (amount === null || amount <= 0) out.amount = QUOTE_MSG.amount;
  else if (ask.unit === 'шт' && !Number.isInteger(amount)) out.amount = QUOTE_MSG.whole;
  if (!ask.city && !ask.buyer) out.city = QUOTE_MSG.city;
  if (ask.level === 'margin' && toNumber(ask.margin) === null) out.margin = QUOTE_MSG.marginMissing;
  return out;
}

const requestOf = (ask: Ask): QuoteSearch => ({
  product_id: ask.product!.id,
  ...(ask.varieties.length ? { variety_ids: ask.varieties.map((v) => v.id) } : {}),
  ...(ask.packings.length ? { packing_ids: ask.packings.map((p) => p.id) } : {}),
  ...(ask.years.length ? { harvest_years: ask.years } : {}),
  ...(ask.origin.trim() ? { origin: ask.origin.trim() } : {}),
  amount: toNumber(ask.amount)!,
  unit: ask.unit,
  ...(ask.buyer ? { buyer_id: ask.buyer.id } : {}),
  ...(ask.city ? { city_id: ask.city.id } : {}),
  level: ask.level,
  ...(ask.level === 'margin' ? { margin: toNumber(ask.margin)! } : {}),
});

export function AskForm({ onAsk }: { onAsk: (q: QuoteSearch) => void }) {
  const [ask, setAsk] = useState<Ask>(EMPTY);
  const [tried, setTried] = useState(false);
  const { cities, products, varieties, packing, years } = useLotChoices();
  const shownVarieties = (varieties.data ?? []).filter((v) => !ask.product || v.product_id === ask.product.id);
  const set = (patch: Partial<Ask>) => setAsk((a) => ({ ...a, ...patch }));
  const wrong = tried ? problems(ask) : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(problems(ask)).length === 0) onAsk(requestOf(ask));
  };
  const refs = (label: string, options: NamedRef[], value: NamedRef[], key: 'varieties' | 'packings') => (
    <Autocomplete
      multiple
      size="small"
      sx={{ minWidth: 200, flex: 1 }}
      options={options}
      getOptionLabel={(o) => o.name}
      value={value}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, v) => set({ [key]: v })}
      renderInput={(p) => <TextField {...p} label={label} />}
    />
  );
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={submit}
      aria-label={TEXT.title}
      sx={{ p: 2, mb: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <BuyerPicker
        label={TEXT.buyer}
        value={ask.buyer}
        onPick={(b) =>
          set({
            buyer: b ? { id: b.id, name: b.name } : null,
            ...(b?.city_id ? { city: (cities.data ?? []).find((c) => c.id === b.city_id) ?? null } : {}),
          })
        }
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Autocomplete
          size="small"
          sx={{ minWidth: 240 }}
          options={products.data ?? []}
          getOptionLabel={(o) => o.name}
          value={ask.product}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, v) => set({ product: v, varieties: [] })}
          renderInput={(p) => (
            <TextField {...p} label={TEXT.product} required error={Boolean(wrong.product)} helperText={wrong.product} />
          )}
        />
        <TextField
          size="small"
          label={TEXT.amount}
          value={ask.amount}
          sx={{ width: 160 }}
          required
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={Boolean(wrong.amount)}
          helperText={wrong.amount}
          onChange={(e) => set({ amount: e.target.value })}
        />
        <TextField
          select
          size="small"
          label={TEXT.unit}
          value={ask.unit}
          sx={{ width: 100 }}
          onChange={(e) => set({ unit: e.target.value as QuoteUnit })}
        >
          {QUOTE_UNITS.map((u) => (
            <MenuItem key={u} value={u}>
              {u}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          size="small"
          sx={{ minWidth: 220 }}
          options={cities.data ?? []}
          getOptionLabel={(o) => o.name}
          value={ask.city}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, v) => set({ city: v })}
          renderInput={(p) => (
            <TextField {...p} label={TEXT.city} required error={Boolean(wrong.city)} helperText={wrong.city} />
          )}
        />
        <TextField
          select
          size="small"
          label={TEXT.level}
          value={ask.level}
          sx={{ minWidth: 210 }}
          onChange={(e) => set({ level: e.target.value as QuoteLevel })}
        >
          {QUOTE_LEVELS.map((l) => (
            <MenuItem key={l} value={l}>
              {QUOTE_LEVEL_TITLES[l]}
            </MenuItem>
          ))}
        </TextField>
        {ask.level === 'margin' && (
          <TextField
            size="small"
            label={TEXT.margin}
            value={ask.margin}
            sx={{ width: 140 }}
            required
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            error={Boolean(wrong.margin)}
            helperText={wrong.margin}
            onChange={(e) => set({ margin: e.target.value })}
          />
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {refs(TEXT.varieties, shownVarieties, ask.varieties, 'varieties')}
        {refs(TEXT.packings, packing.data ?? [], ask.packings, 'packings')}
        <Autocomplete
          multiple
          size="small"
          sx={{ minWidth: 160 }}
          options={years}
          value={ask.years}
          onChange={(_, v) => set({ years: v })}
          renderInput={(p) => <TextField {...p} label={TEXT.years} />}
        />
        <TextField
          size="small"
          label={TEXT.origin}
          value={ask.origin}
          sx={{ width: 180 }}
          onChange={(e) => set({ origin: e.target.value })}
        />
        <Button type="submit" variant="contained">
          {TEXT.ask}
        </Button>
      </Box>
    </Paper>
  );
}
