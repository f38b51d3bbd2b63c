// 'Принять поступление' on the card of a lot on its way: what came and the day it came, checked as they
// are typed by the server's own schema (domain/offers/arrival.ts); the server puts the lot on stock and, when less
// came than its reserves hold, cuts them by the business setting's rule. The card goes on from the offer it answers.
import { useState } from 'react';
import { useFormik } from 'formik';
import dayjs from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../api/errors';
import { arrivalSchema } from '../../../domain/offers/arrival';
import { ARRIVAL_TEXTS, type ReserveCut } from '../../../domain/offers/logistics';
import { editableNumber, typedNumber } from '../../../domain/format';
import { useAcceptArrivalMutation, type OfferRecord } from './offersApi';
import { useBusinessToday } from '../../api/businessDay';

export interface ArrivalDialogProps {
  offer: OfferRecord;
  /** The version the card holds: the arrival is made on it, and refused as stale if the offer changed since. */
  version: number;
  /** The arrival was accepted: the offer as it is now, and the reserves it cut. */
  onAccepted(offer: OfferRecord, cut: ReserveCut[]): void;
}

export function ArrivalDialog({ offer, version, onAccepted }: ArrivalDialogProps) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [accept, { isLoading }] = useAcceptArrivalMutation();
  // the business day (setting time_zone), not the browser's
  const today = useBusinessToday();
  const form = useFormik({
    // the expected weight with the Russian comma ('12,5'); typed with a comma or a point, sent with a point
    initialValues: { amount: editableNumber(offer.unit_amount), date: today },
    validationSchema: arrivalSchema(offer.unit_measure, today),
    onSubmit: async (values) => {
      setFailure(null);
      try {
        const answer = await accept({
          id: offer.id,
          version,
          amount: typedNumber(values.amount),
          date: values.date,
        }).unwrap();
        setOpen(false);
        onAccepted(answer.offer, answer.cut);
      } catch (e) {
        // the dialog stays open with what was typed, and says why
        setFailure(errorMessage(e));
      }
    },
  });
  const shown = (field: 'amount' | 'date') =>
    form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined;
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <Button
        variant="outlined"
        onClick={() => {
          form.resetForm();
          setFailure(null);
          setOpen(true);
        }}
      >
        {ARRIVAL_TEXTS.button}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="arrival-title">
        <Box component="form" noValidate onSubmit={form.handleSubmit}>
          <DialogTitle id="arrival-title">{ARRIVAL_TEXTS.title}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important', minWidth: 320 }}>
            {failure && (
              <Alert severity="error" onClose={() => setFailure(null)}>
                {failure}
              </Alert>
            )}
            <TextField
              id="arrival-amount"
              name="amount"
              label={`${ARRIVAL_TEXTS.amount}, ${offer.unit_measure ?? ''}`}
              value={form.values.amount}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
              error={Boolean(shown('amount'))}
              helperText={shown('amount')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              autoFocus
            />
            <DatePicker
              label={ARRIVAL_TEXTS.date}
              format="DD.MM.YYYY"
              value={form.values.date ? dayjs(form.values.date) : null}
              onChange={(date) => void form.setFieldValue('date', date?.isValid() ? date.format('YYYY-MM-DD') : '')}
              disableFuture
              slotProps={{ textField: { name: 'date', error: Boolean(shown('date')), helperText: shown('date') } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{ARRIVAL_TEXTS.cancel}</Button>
            <Button type="submit" variant="contained" disabled={isLoading}>
              {ARRIVAL_TEXTS.apply}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Box>
  );
}
