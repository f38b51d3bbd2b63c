// 'Оплаты' on a completed reserve's card: the selling sum, what is paid and what is left; the payments
// (date, amount, comment); a new one checked as it is typed by the shared paymentSchema (never above what is left, not
// after the business day) and again by the server, whose refusal is shown and keeps what was typed; an administrator
// deletes one after confirming. Each is a step of the reserve made on the version the card holds.
// The tab sits inside the card's form: it has no form of its own, its buttons submit nothing.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { ValidationError } from 'yup';
import dayjs from 'dayjs';
import { PAYMENT_TEXTS } from '../../../domain/buyers/texts';
import { paymentSchema } from '../../../domain/buyers/payments';
import { kopecks, kopecksText } from '../../../domain/buyers/ledger';
import { formatDate, formatMoney } from '../../../domain/format';
import { errorMessage, isApiError, type ApiError } from '../../api/errors';
import { useBusinessToday } from '../../api/businessDay';
import { Alert } from '../../components/Alert';
import { DayPicker } from '../../components/DayPicker';
import { InfoBlock } from '../../components/Card/InfoBlock';
import {
  useAddPaymentMutation,
  useDeletePaymentMutation,
  useReservePaymentsQuery,
  type ReservePayments as Payments,
  type ReserveRecord,
} from './reservesApi';

type Field = 'date' | 'amount' | 'comment';

/** One payment; `onDelete` only for a role with the finance right. */
function PaymentLine({
  payment,
  onDelete,
  busy,
}: {
  payment: Payments['payments'][number];
  onDelete?: () => void;
  busy: boolean;
}) {
  const shown = formatDate(payment.date);
  return (
    <TableRow>
      <TableCell>{shown}</TableCell>
      <TableCell>{formatMoney(payment.amount)}</TableCell>
      <TableCell>{payment.comment}</TableCell>
      {onDelete && (
        <TableCell padding="checkbox">
          <IconButton size="small" aria-label={`${PAYMENT_TEXTS.delete} ${shown}`} onClick={onDelete} disabled={busy}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </TableCell>
      )}
    </TableRow>
  );
}

export interface ReservePaymentsProps {
  reserve: ReserveRecord;
  /** The version the card holds: each payment is made on it. */
  version: number;
  /** A payment added or deleted: the reserve's new version. */
  onSaved(saved: ReserveRecord): void;
  /** A refusal the card shows (a stale one with what changed). */
  onError(error: ApiError | null): void;
  /** The finance right: adding and deleting payments. */
  canDelete: boolean;
}

export function ReservePayments({ reserve, version, onSaved, onError, canDelete }: ReservePaymentsProps) {
  const { data, error } = useReservePaymentsQuery(reserve.id);
  const today = useBusinessToday();
  // a payment is dated from the sale's day
  const saleDay =
    (reserve as { actual_date_implementation?: string | null }).actual_date_implementation?.slice(0, 10) ?? null;
  const [typed, setTyped] = useState<Record<Field, string>>({ date: today, amount: '', comment: '' });
  const [wrong, setWrong] = useState<Partial<Record<Field, string>>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const [asked, setAsked] = useState<number | null>(null);
  const [addPayment, adding] = useAddPaymentMutation();
  const [deletePayment, deleting] = useDeletePaymentMutation();
  if (error)
    return (
      <Alert severity="error" closable={false}>
        {errorMessage(error)}
      </Alert>
    );
  if (!data) return null;

  const set = (field: Field, value: string) => {
    setTyped((t) => ({ ...t, [field]: value }));
    setWrong((w) => ({ ...w, [field]: undefined }));
    setAdded(false);
  };
  const failed = (e: unknown) => {
    // a stale reserve: the card says who changed it; any other refusal, here, with what was typed kept
    if (isApiError(e) && e.stale) onError(e);
    else setRefused(errorMessage(e));
  };
  const add = async () => {
    setRefused(null);
    onError(null);
    try {
      paymentSchema(data.left, today, saleDay).validateSync(typed, { abortEarly: false });
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      setWrong(Object.fromEntries(e.inner.map((i) => [i.path, i.message])));
      return;
    }
    try {
      onSaved(
        await addPayment({
          id: reserve.id,
          version,
          date: typed.date,
          amount: typed.amount.replace(',', '.'),
          comment: typed.comment,
        }).unwrap(),
      );
      setTyped({ date: today, amount: '', comment: '' });
      setAdded(true);
    } catch (e) {
      failed(e);
    }
  };
  const remove = async () => {
    const paymentId = asked!;
    setAsked(null);
    setRefused(null);
    onError(null);
    try {
      onSaved(await deletePayment({ id: reserve.id, paymentId, version }).unwrap());
    } catch (e) {
      failed(e);
    }
  };
  const paid = kopecksText(data.payments.reduce((sum, p) => sum + kopecks(p.amount), 0n));
  const totals: [string, string][] = [
    [PAYMENT_TEXTS.sale, formatMoney(reserve.total_selling_sum)],
    [PAYMENT_TEXTS.paid, formatMoney(paid)],
    [PAYMENT_TEXTS.left, formatMoney(data.left)],
  ];
  return (
    <InfoBlock title={PAYMENT_TEXTS.tab}>
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          {totals.map(([title, value]) => (
            <Box key={title}>
              <Typography variant="caption" color="text.secondary">
                {title}
              </Typography>
              <Typography aria-label={title}>{value}</Typography>
            </Box>
          ))}
        </Box>
        {data.payments.length === 0 ? (
          <Typography color="text.secondary">{PAYMENT_TEXTS.empty}</Typography>
        ) : (
          <Table size="small" aria-label={PAYMENT_TEXTS.tab}>
            <TableHead>
              <TableRow>
                {PAYMENT_TEXTS.columns.map((title) => (
                  <TableCell key={title}>{title}</TableCell>
                ))}
                {canDelete && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.payments.map((p) => (
                <PaymentLine
                  key={p.id}
                  payment={p}
                  onDelete={canDelete ? () => setAsked(p.id) : undefined}
                  busy={deleting.isLoading}
                />
              ))}
            </TableBody>
          </Table>
        )}
        {refused && (
          <Alert severity="error" closable={false}>
            {refused}
          </Alert>
        )}
        {added && (
          <Alert severity="success" onClose={() => setAdded(false)}>
            {PAYMENT_TEXTS.added}
          </Alert>
        )}
        {canDelete && (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <DayPicker
              label={PAYMENT_TEXTS.date}
              name="payment_date"
              value={typed.date}
              onDay={(day) => set('date', day ?? 'invalid')}
              maxDate={dayjs(today)}
              minDate={saleDay ? dayjs(saleDay) : undefined}
              error={Boolean(wrong.date)}
              helperText={wrong.date}
            />
            <TextField
              size="small"
              label={PAYMENT_TEXTS.amount}
              name="payment_amount"
              value={typed.amount}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              onChange={(e) => set('amount', e.target.value)}
              error={Boolean(wrong.amount)}
              helperText={wrong.amount}
            />
            <TextField
              size="small"
              label={PAYMENT_TEXTS.comment}
              name="payment_comment"
              value={typed.comment}
              sx={{ flex: 1, minWidth: 240 }}
              onChange={(e) => set('comment', e.target.value)}
              error={Boolean(wrong.comment)}
              helperText={wrong.comment}
            />
            <Button variant="contained" onClick={() => void add()} disabled={adding.isLoading}>
              {adding.isLoading ? PAYMENT_TEXTS.adding : PAYMENT_TEXTS.add}
            </Button>
          </Box>
        )}
      </Box>
      <Dialog open={asked !== null} onClose={() => setAsked(null)} aria-labelledby="payment-delete-title">
        <DialogTitle id="payment-delete-title">{PAYMENT_TEXTS.delete}</DialogTitle>
        <DialogContent>
          <DialogContentText>{PAYMENT_TEXTS.deleteText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsked(null)}>{PAYMENT_TEXTS.back}</Button>
          <Button variant="contained" color="error" onClick={() => void remove()}>
            {PAYMENT_TEXTS.delete}
          </Button>
        </DialogActions>
      </Dialog>
    </InfoBlock>
  );
}
