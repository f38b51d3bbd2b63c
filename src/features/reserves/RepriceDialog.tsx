// 'Пересчитать по текущим ценам': a reserve is judged by the terms it was made on, so a new price is a deliberate
// step. The dialog reads the terms a re-pricing takes now (the offer's prices and today's settings, from the
// server), shows the reserve's figures on its own terms and on those (domain/reserves/terms.ts repricePreview,
// the server's own formulas) at the selling price in its field, and applies them only on 'Применить', sending the
// terms it showed: the server refuses them if they moved since, and the dialog reads them again.
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
import { editableNumber, formatFigure, typedNumber } from '../../../domain/format';
import { RESERVE_MSG } from '../../../domain/reserves/schema';
import { repricePreview, type ReserveTerms } from '../../../domain/reserves/terms';
import type { BusinessSettings } from '../../../domain/settings';
import { LABELS, RESERVE_TEXTS } from './reserveForm';
import { errorMessage } from '../../api/errors';
import { Alert } from '../../components/Alert';
import { PageSpinner } from '../../components/Spinner';
import { useRepriceTermsQuery, type ReserveOffer, type ReserveRecord } from './reservesApi';

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

/** A figure as the card's computed fields show it ('28 000,00'). */
const shown = (n: number | null) => (n === null ? '' : formatFigure(n));

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
  offer: ReserveOffer;
  /** The terms the reserve is judged by now. */
  terms: ReserveTerms;
  settings: BusinessSettings;
  /** The amount the preview is worked out on: the reserve's, or the bigger one typed (growing a reserve on
   * outdated terms takes today's first). */
  amount?: string;
  /** Applies `today`'s terms at this selling price: null when done (or handed to the card), else why it was refused. */
  onApply(sellingPrice: string, today: ReserveTerms): Promise<string | null>;
}

export function RepriceButton(props: RepriceProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {RESERVE_TEXTS.reprice}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="reserve-reprice-title"
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id="reserve-reprice-title">{RESERVE_TEXTS.reprice}</DialogTitle>
        {open && <RepriceContent {...props} onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function RepriceContent({
  reserve,
  offer,
  terms,
  settings,
  amount,
  onApply,
  onClose,
}: RepriceProps & { onClose(): void }) {
  // read again each time the dialog opens: the offer's price or the settings may have moved since the card loaded
  const today = useRepriceTermsQuery(reserve.id, { refetchOnMountOrArgChange: true });
  const [price, setPrice] = useState(editableNumber(reserve.unit_selling_price));
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  if (today.isFetching && !today.data) return <PageSpinner />;
  if (!today.data)
    return (
      <DialogContent>
        <Alert severity="error" closable={false}>
          {errorMessage(today.error)}
        </Alert>
      </DialogContent>
    );
  const todays = today.data;
  const preview = repricePreview(
    {
      amount: amount ?? reserve.amount,
      unit_selling_price: price,
      delivery_cost: reserve.delivery_cost,
      units_per_pack: offer.units_per_pack,
    },
    terms,
    todays,
    settings,
  );
  const error = priceError(price, preview.today);
  const apply = async () => {
    setBusy(true);
    const why = await onApply(typedNumber(price), todays);
    setBusy(false);
    setRefused(why);
    // refused (the terms moved since, or the price left the band): the figures are read again
    if (why === null) onClose();
    else void today.refetch();
  };
  return (
    <>
      <DialogContent>
        <DialogContentText>{RESERVE_TEXTS.repriceText}</DialogContentText>
        {refused && (
          <Alert severity="error" closable={false}>
            {refused}
          </Alert>
        )}
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
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell align="right">{shown(preview.stored[key])}</TableCell>
                <TableCell align="right">{shown(preview.today[key])}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{RESERVE_TEXTS.back}</Button>
        <Button variant="contained" onClick={() => void apply()} disabled={busy || error !== null || today.isFetching}>
          {RESERVE_TEXTS.repriceApply}
        </Button>
      </DialogActions>
    </>
  );
}
