// 'Завершить' and 'Отменить' on an active reserve, each confirmed in a dialog: completing asks the day the buyer
// took the goods (today by default, not later, not before the reserve was made) and turns the amount into
// purchased, cancelling returns it to the offer's stock. The server refuses either from any other status.
// 'Продлить' on an expired reserve holds it anew by a normal edit's date rule: a reserve whose
// 'Дата реализации' has passed is asked a new one in the dialog (domain renewDate, the server's rule).
import { useState } from 'react';
import dayjs from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { isApiError, type ApiError } from '../../api/errors';
import { useReserveStepMutation, type ReserveRecord, type ReserveStep } from './reservesApi';
import { RESERVE_TEXTS } from './reserveForm';
import { completionDateError } from '../../../domain/reserves/completion';
import { useBusinessZone } from '../../api/businessDay';
import { businessDayOf, businessToday } from '../../../domain/businessDay';
import { RESERVE_MSG, renewDate } from '../../../domain/reserves/schema';
import { pendingArrival } from '../../../domain/offers/logistics';
import { DayPicker } from '../../components/DayPicker';
import { LABELS } from './reserveForm';

const DIALOG: Record<ReserveStep, { title: string; text: string; confirm: string; color: 'primary' | 'error' }> = {
  complete: {
    title: RESERVE_TEXTS.completeTitle,
    text: RESERVE_TEXTS.completeText,
    confirm: RESERVE_TEXTS.complete,
    color: 'primary',
  },
  cancel: {
    title: RESERVE_TEXTS.cancelTitle,
    text: RESERVE_TEXTS.cancelText,
    confirm: RESERVE_TEXTS.cancelTitle,
    color: 'error',
  },
  renew: {
    title: RESERVE_TEXTS.renewTitle,
    text: RESERVE_TEXTS.renewText,
    confirm: RESERVE_TEXTS.renew,
    color: 'primary',
  },
};

export interface ReserveStepsProps {
  reserve: ReserveRecord;
  /** The version the card holds: the step is taken on it, and refused as stale if the reserve changed since. */
  version: number;
  /** The step was taken: the reserve's new version. */
  onTaken(saved: ReserveRecord): void;
  onError(error: ApiError | null): void;
}

export function ReserveSteps({ reserve, version, onTaken, onError }: ReserveStepsProps) {
  const [asked, setAsked] = useState<ReserveStep | null>(null);
  // the business day (setting time_zone): at 00:30 in Moscow 'Завершить' defaults to Moscow's day, as the server judges
  const zone = useBusinessZone();
  const today = businessToday(zone);
  const createdDay = businessDayOf(reserve.created_at, zone);
  const [actualDate, setActualDate] = useState(today);
  // renewing a reserve whose implementation date passed asks a new one ('' until typed, null while half typed)
  const stored = reserve.estimated_date_implementation ?? null;
  const asksDate = reserve.status === 'expired' && stored !== null && stored.slice(0, 10) < today;
  const [newDate, setNewDate] = useState<string | null>('');
  const renewError =
    asked === 'renew' && asksDate
      ? newDate === null
        ? RESERVE_MSG.date
        : renewDate(newDate, stored, today, pendingArrival(reserve.offer)).error
      : null;
  const dateError = asked === 'complete' ? completionDateError(actualDate, createdDay, today) : renewError;
  const [takeStep, { isLoading }] = useReserveStepMutation();
  const ask = (step: ReserveStep) => {
    setActualDate(today);
    setNewDate('');
    setAsked(step);
  };
  const confirm = async () => {
    const step = asked!;
    onError(null);
    try {
      const date =
        step === 'complete' ? { actualDate } : step === 'renew' && asksDate ? { estimatedDate: newDate ?? '' } : {};
      onTaken(await takeStep({ id: reserve.id, offerId: reserve.offer_id, version, step, ...date }).unwrap());
    } catch (e) {
      onError(isApiError(e) ? e : null);
    }
    setAsked(null);
  };
  const dialog = asked ? DIALOG[asked] : null;
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      {reserve.status === 'expired' ? (
        // an expired reserve: renewed if the stock is still there, or cancelled
        <Button variant="outlined" color="primary" onClick={() => ask('renew')}>
          {RESERVE_TEXTS.renew}
        </Button>
      ) : (
        <Button variant="outlined" color="primary" onClick={() => ask('complete')}>
          {RESERVE_TEXTS.complete}
        </Button>
      )}
      <Button variant="outlined" color="error" onClick={() => ask('cancel')}>
        {RESERVE_TEXTS.cancel}
      </Button>
      <Dialog open={dialog !== null} onClose={() => setAsked(null)} aria-labelledby="reserve-step-title">
        {dialog && (
          <>
            <DialogTitle id="reserve-step-title">{dialog.title}</DialogTitle>
            <DialogContent>
              <DialogContentText>{dialog.text}</DialogContentText>
              {asked === 'complete' && (
                <DatePicker
                  label={RESERVE_TEXTS.actualDate}
                  format="DD.MM.YYYY"
                  value={actualDate ? dayjs(actualDate) : null}
                  // a day half typed is no day: the dialog says so and keeps 'Завершить' off
                  onChange={(date) => setActualDate(date?.isValid() ? date.format('YYYY-MM-DD') : '')}
                  minDate={dayjs(createdDay)}
                  disableFuture
                  sx={{ mt: 2, display: 'flex' }}
                  slotProps={{
                    textField: {
                      size: 'small',
                      name: 'actual_date_implementation',
                      error: dateError !== null,
                      helperText: dateError,
                    },
                  }}
                />
              )}
              {asked === 'renew' && asksDate && (
                <Box sx={{ mt: 2 }}>
                  <DayPicker
                    label={LABELS.estimated_date_implementation}
                    name="estimated_date_implementation"
                    value={newDate ?? undefined}
                    onDay={setNewDate}
                    minDate={dayjs(today)}
                    error={renewError !== null}
                    helperText={renewError}
                  />
                </Box>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setAsked(null)}>{RESERVE_TEXTS.back}</Button>
              <Button
                variant="contained"
                color={dialog.color}
                onClick={() => void confirm()}
                disabled={isLoading || dateError !== null}
              >
                {dialog.confirm}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Box>
  );
}
