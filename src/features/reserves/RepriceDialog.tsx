// 'Пересчитать по текущим ценам': a reserve is judged by the terms it was made on, so a new price is a deliberate
// step. The dialog shows the reserve's figures now and on the offer's current prices and today's settings
// (domain/reserves/terms.ts repricePreview, the server's own formulas) at the selling price in its field, and
// applies them only on 'Применить', which the server recomputes from the offer and the settings it holds.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { toNumber } from '../../../domain/numbers';
import { RESERVE_MSG } from '../../../domain/reserves/schema';
import { currentTerms, repricePreview, type ReserveTerms } from '../../../domain/reserves/terms';
import type { BusinessSettings } from '../../../domain/settings';
import { LABELS, RESERVE_TEXTS } from './reserveForm';
import type { ReserveOffer, ReserveRecord } from './reservesApi';

type Figures = ReturnType<typeof repricePreview>['today'];

const ROWS: [label: string, key: keyof Omit<Figures, 'inBand'>][] = [
  ['Цена закупки за единицу, ₽', 'unit_price'],
  ['Цена закупки за кг, ₽', 'offer_price_kg'],
  ['Себестоимость единицы, ₽', 'cost_per_unit'],
  ['Минимальная цена продажи, ₽', 'min_selling_price'],
  ['Максимальная цена продажи, ₽', 'max_selling_price'],
  ['Маржинальность, %', 'marginality'],
  ['Сумма закупки, ₽', 'total_sum'],
];

const shown = (n: number | null) => (n === null ? '' : n.toFixed(2));

/** The selling price against the new band, in the form's own words ('Минимум 462'). */
function priceError(price: string, band: Figures): string | null {
  const n = toNumber(price);
  if (n === null) return RESERVE_MSG.number;
  if (band.min_selling_price !== null && n < band.min_selling_price) return RESERVE_MSG.min(band.min_selling_price);
  if (band.max_selling_price !== null && n > band.max_selling_price) return RESERVE_MSG.max(band.max_selling_price);
  return null;
}

export interface RepriceProps {
  reserve: ReserveRecord;
  /** The offer as it stands now (the reserve's read carries it). */
  offer: ReserveOffer;
  /** The terms the reserve is judged by now. */
  terms: ReserveTerms;
  /** Today's business settings. */
  settings: BusinessSettings;
  /** Applies the new terms at this selling price; rejects when the server refused (the card shows why). */
  onApply(sellingPrice: string): Promise<boolean>;
}

export function RepriceButton({ reserve, offer, terms, settings, onApply }: RepriceProps) {
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState('');
  const [busy, setBusy] = useState(false);
  const preview = repricePreview(
    { amount: reserve.amount, unit_selling_price: price, delivery_cost: reserve.delivery_cost, units_per_pack: offer.units_per_pack },
    terms, currentTerms(offer, settings), settings,
  );
  const error = priceError(price, preview.today);
  const start = () => {
    setPrice(reserve.unit_selling_price ? String(Number(reserve.unit_selling_price)) : '');
    setOpen(true);
  };
  const apply = async () => {
    setBusy(true);
    const done = await onApply(price);
    setBusy(false);
    if (done) setOpen(false);
  };
  return (
    <>
      <Button variant="outlined" onClick={start}>{RESERVE_TEXTS.reprice}</Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="reserve-reprice-title" maxWidth="sm" fullWidth>
        <DialogTitle id="reserve-reprice-title">{RESERVE_TEXTS.reprice}</DialogTitle>
        <DialogContent>
          <DialogContentText>{RESERVE_TEXTS.repriceText}</DialogContentText>
          <TextField
            label={LABELS.unit_selling_price}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            error={error !== null}
            helperText={error}
            size="small"
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { inputMode: 'decimal', step: 0.01 } }}
          />
          <Table size="small" aria-label={RESERVE_TEXTS.repriceTable}>
            <TableHead>
              <TableRow>
                <TableCell />
                <TableCell align="right">{RESERVE_TEXTS.repriceNow}</TableCell>
                <TableCell align="right">{RESERVE_TEXTS.repriceToday}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ROWS.map(([label, key]) => (
                <TableRow key={key}>
                  <TableCell component="th" scope="row">{label}</TableCell>
                  <TableCell align="right">{shown(preview.stored[key])}</TableCell>
                  <TableCell align="right">{shown(preview.today[key])}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{RESERVE_TEXTS.back}</Button>
          <Button variant="contained" onClick={() => void apply()} disabled={busy || error !== null}>{RESERVE_TEXTS.repriceApply}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
