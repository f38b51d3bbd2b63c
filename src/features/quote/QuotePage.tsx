// 'Подбор': a buyer on the phone asks for an amount of a product in his city; the page asks the server
// (POST /api/quotes/search) and shows the lots that can serve it, ranked by the delivered price per kg, each with
// its band, margin, route days and earliest delivery; where no single lot has the amount, two or three together as
// one line of its parts. A lot is named by what it is, never by its supplier or loading city.
import { Fragment, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDate, formatFigure, formatNumber } from '../../../domain/format';
import { DOCUMENT_MSG } from '../../../domain/offers/documents';
import { lotTitle } from '../../../domain/offers/lot';
import { toNumber } from '../../../domain/numbers';
import { QUOTE_MSG } from '../../../domain/quotes/access';
import { QUOTE_LEVELS, QUOTE_UNITS, type QuoteLevel, type QuoteUnit } from '../../../domain/quotes/ranking';
import type { QuoteOfferPart, QuoteSearch, QuoteSearchAnswer, QuoteSearchLine } from '../../../domain/quotes/search';
import {
  creditSummary,
  QUOTE_COLUMNS as C,
  QUOTE_LEVEL_TITLES,
  QUOTE_TEXTS as TEXT,
  SAVED_QUOTE_TEXTS as SAVED,
} from '../../../domain/quotes/texts';
import { QUOTE_BUYER, QUOTE_BUYER_TITLE } from '../../../domain/quotes/buyer';
import { reserveCreateUrl } from '../../../domain/reserves/prefill';
import { FiguresTable } from '../../components/FiguresTable';
import { PageTitle } from '../../components/PageTitle';
import { PageSpinner } from '../../components/Spinner';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../api/errors';
import type { NamedRef } from '../../api/references';
import { useLotChoices } from '../../api/lotChoices';
import { BuyerPicker } from '../buyers/BuyerPicker';
import { useCreateQuoteMutation, useQuoteSearchQuery, type QuoteCard } from './quoteApi';
import { SavedQuote } from './SavedQuote';

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

function AskForm({ onAsk }: { onAsk: (q: QuoteSearch) => void }) {
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

/** The buyer's credit on a line: the reserve's check on the line's sum (in the credit check's words), when there is a buyer. */
const CreditChip = ({ credit }: { credit?: string[] | null }) =>
  !credit ? null : (
    <Chip
      size="small"
      variant="outlined"
      color={credit.length ? 'error' : 'success'}
      sx={{ ml: 1, maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal' } }}
      data-field="credit"
      label={credit.length ? TEXT.credit(credit) : TEXT.creditOk}
    />
  );

function PartCells({ part, credit = null }: { part: QuoteOfferPart; credit?: string[] | null }) {
  return (
    <>
      <TableCell>
        {lotTitle(part)}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          № {part.offer_id}
        </Typography>
        <CreditChip credit={credit} />
        {part.expected_arrival && (
          <Chip size="small" color="info" variant="outlined" sx={{ ml: 1 }} label={part.availability} />
        )}
        {part.documents_blocking.length > 0 && (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            sx={{ ml: 1 }}
            label={DOCUMENT_MSG.blocking(part.documents_blocking)}
          />
        )}
      </TableCell>
      <TableCell align="right">
        {formatNumber(part.available_amount)} {part.unit_measure}
      </TableCell>
      <TableCell align="right">
        {formatNumber(part.amount)} {part.unit_measure}
      </TableCell>
      <TableCell align="right" data-field="delivered_kg_price">
        {formatFigure(part.delivered_kg_price)}
        {part.default_delivery && (
          <Chip size="small" variant="outlined" color="warning" label={TEXT.defaultDelivery} sx={{ ml: 1 }} />
        )}
      </TableCell>
      <TableCell align="right" data-field="delivered_unit_price">
        {formatFigure(part.delivered_unit_price)}
      </TableCell>
      <TableCell align="right" data-field="unit_price" sx={{ fontWeight: 600 }}>
        {formatFigure(part.unit_price)}
      </TableCell>
      <TableCell align="right" data-field="price_kg">
        {formatFigure(part.price_kg)}
      </TableCell>
      <TableCell align="right" data-field="band">
        {formatFigure(part.band.min)} … {formatFigure(part.band.max)}
      </TableCell>
      <TableCell align="right" data-field="margin">
        {formatFigure(part.margin)}
      </TableCell>
      <TableCell align="right">{part.route_days ?? '—'}</TableCell>
      <TableCell>{part.earliest_delivery ? formatDate(part.earliest_delivery) : '—'}</TableCell>
    </>
  );
}

function Lines({
  lines,
  cityId,
  picked,
  onPick,
}: {
  lines: QuoteSearchLine[];
  cityId: number;
  picked: number[];
  onPick: (n: number) => void;
}) {
  const navigate = useNavigate();
  if (!lines.length)
    return (
      <Typography color="text.secondary" sx={{ my: 3 }}>
        {TEXT.empty}
      </Typography>
    );
  // the figures, from the stock to the route's days, stand right
  const head = [
    SAVED.pick,
    C.rank,
    C.lot,
    C.available,
    C.amount,
    C.delivered_kg_price,
    C.delivered_unit_price,
    C.unit_price,
    C.price_kg,
    C.band,
    C.margin,
    C.route_days,
    C.earliest_delivery,
    C.total_sum,
    '',
  ].map((title, i) => ({ title, right: i >= 3 && i <= 11 }));
  return (
    <FiguresTable label={TEXT.title} head={head}>
      {lines.map((line, n) => (
        <Fragment key={line.offers.map((o) => o.offer_id).join('+')}>
          {line.offers.length > 1 && (
            <TableRow data-line={n + 1} sx={{ bgcolor: 'action.hover' }}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={picked.includes(n)}
                  onChange={() => onPick(n)}
                  slotProps={{ input: { 'aria-label': `${SAVED.pick}: ${n + 1}` } }}
                />
              </TableCell>
              <TableCell>{n + 1}</TableCell>
              <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
                {TEXT.together}: {line.offers.length}
                <CreditChip credit={line.credit} />
              </TableCell>
              <TableCell align="right" data-field="delivered_kg_price" sx={{ fontWeight: 600 }}>
                {formatFigure(line.delivered_kg_price)}
              </TableCell>
              <TableCell />
              <TableCell />
              <TableCell align="right" data-field="price_kg" sx={{ fontWeight: 600 }}>
                {formatFigure(line.price_kg)}
              </TableCell>
              <TableCell />
              <TableCell align="right" data-field="margin">
                {formatFigure(line.margin)}
              </TableCell>
              <TableCell align="right">{line.route_days ?? '—'}</TableCell>
              <TableCell>{line.earliest_delivery ? formatDate(line.earliest_delivery) : '—'}</TableCell>
              <TableCell align="right" data-field="total_sum" sx={{ fontWeight: 600 }}>
                {formatFigure(line.total_sum)}
              </TableCell>
              <TableCell />
            </TableRow>
          )}
          {line.offers.map((part) => (
            <TableRow
              key={part.offer_id}
              data-offer={part.offer_id}
              {...(line.offers.length === 1 ? { 'data-line': n + 1 } : {})}
              hover
            >
              <TableCell padding="checkbox">
                {line.offers.length === 1 && (
                  <Checkbox
                    checked={picked.includes(n)}
                    onChange={() => onPick(n)}
                    slotProps={{ input: { 'aria-label': `${SAVED.pick}: ${n + 1}` } }}
                  />
                )}
              </TableCell>
              <TableCell>{line.offers.length === 1 ? n + 1 : ''}</TableCell>
              <PartCells part={part} credit={line.offers.length === 1 ? line.credit : null} />
              <TableCell align="right" data-field="part_sum">
                {line.offers.length === 1 ? formatFigure(line.total_sum) : ''}
              </TableCell>
              <TableCell>
                <Button
                  size="small"
                  onClick={() =>
                    navigate(
                      reserveCreateUrl({
                        offer: part.offer_id,
                        city_id: cityId,
                        unit_selling_price: part.unit_price,
                        delivery_cost: part.delivery_cost,
                        delivery_days: part.route_days === null ? undefined : String(part.route_days),
                      }),
                    )
                  }
                >
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

/** 'Сохранить предложение покупателю': the picked lines at their prices, for the buyer named. */
function SaveQuote({
  answer,
  picked,
  onSaved,
}: {
  answer: QuoteSearchAnswer;
  picked: number[];
  onSaved: (q: QuoteCard) => void;
}) {
  const [buyer, setBuyer] = useState(answer.buyer?.name ?? '');
  const [create, state] = useCreateQuoteMutation();
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      onSaved(
        await create({
          city_id: answer.city.id,
          ...(answer.buyer ? { buyer_id: answer.buyer.id } : { [QUOTE_BUYER]: buyer.trim() || null }),
          lines: picked.map((n) => ({
            offers: answer.lines[n].offers.map((o) => ({
              offer_id: o.offer_id,
              amount: Number(o.amount),
              unit_price: Number(o.unit_price),
            })),
          })),
        }).unwrap(),
      );
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', my: 2 }}>
      <TextField
        size="small"
        label={QUOTE_BUYER_TITLE}
        value={buyer}
        sx={{ width: 260 }}
        onChange={(e) => setBuyer(e.target.value)}
        slotProps={{ input: { readOnly: Boolean(answer.buyer) } }}
      />
      <Button variant="contained" disabled={!picked.length || state.isLoading} onClick={save}>
        {TEXT.save}
      </Button>
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

export default function QuotePage() {
  const [asked, setAsked] = useState<QuoteSearch | null>(null);
  const [picked, setPicked] = useState<number[]>([0]);
  const [saved, setSaved] = useState<QuoteCard | null>(null);
  const answer = useQuoteSearchQuery(asked!, { skip: !asked });
  const ask = (q: QuoteSearch) => {
    setAsked(q);
    setPicked([0]);
  };
  const pick = (n: number) =>
    setPicked((p) => (p.includes(n) ? p.filter((x) => x !== n) : [...p, n].sort((a, b) => a - b)));
  return (
    <Box>
      <PageTitle title={TEXT.title} />
      <AskForm onAsk={ask} />
      {saved && <SavedQuote key={saved.id} quote={saved} onChange={setSaved} />}
      {!asked && <Typography color="text.secondary">{TEXT.askFirst}</Typography>}
      {asked && answer.isFetching && <PageSpinner />}
      {asked && answer.error && !answer.isFetching && (
        <Alert severity="error" closable={false}>
          {errorMessage(answer.error)}
        </Alert>
      )}
      {asked && answer.data && !answer.error && !answer.isFetching && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {answer.data.city.name} · {formatNumber(answer.data.amount)} {answer.data.unit} ·{' '}
            {formatDate(answer.data.date)} · строк: {answer.data.lines.length}
          </Typography>
          {answer.data.buyer?.credit && (
            <Typography variant="body2" sx={{ mb: 1 }} data-field="buyer_credit">
              {creditSummary(answer.data.buyer.name, answer.data.buyer.credit)}
            </Typography>
          )}
          <Lines lines={answer.data.lines} cityId={answer.data.city.id} picked={picked} onPick={pick} />
          {answer.data.lines.length > 0 && (
            <SaveQuote
              key={answer.data.buyer?.id ?? 0}
              answer={answer.data}
              picked={picked.filter((n) => n < answer.data!.lines.length)}
              onSaved={setSaved}
            />
          )}
        </>
      )}
    </Box>
  );
}
