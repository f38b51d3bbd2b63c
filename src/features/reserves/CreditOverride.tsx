// The reserve refused on the buyer's credit ('Превышен кредитный лимит: …' / 'У покупателя просроченный
// долг …'): a user with the right to exceed limits (administrators, and a role given 'Может превышать кредитный
// лимит') is asked for a reason and may save again with it (the body's credit_override: {reason}); the server keeps the
// reason in the reserve's history and tells the buyer's responsible. Anyone else sees the card's error and keeps what
// they typed.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { CREDIT_MSG } from '../../../domain/buyers/credit';
import { RESERVE_TEXTS } from './reserveForm';

export const CREDIT_OVERRIDE_TEXTS = {
  title: 'Кредитный лимит покупателя',
  text: 'Вы можете зарезервировать сверх лимита, указав причину: она останется в истории резерва, ответственный за покупателя получит уведомление.',
  reason: 'Причина',
  confirm: 'Зарезервировать сверх лимита',
} as const;

export interface CreditOverrideProps {
  /** The server's refusal, with its figures. */
  message: string;
  onClose(): void;
  /** Save again with this reason. */
  onConfirm(reason: string): void;
}

export function CreditOverrideDialog({ message, onClose, onConfirm }: CreditOverrideProps) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = tried && !reason.trim();
  const confirm = () => {
    setTried(true);
    if (reason.trim()) onConfirm(reason.trim());
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="credit-override-title" maxWidth="sm" fullWidth>
      <DialogTitle id="credit-override-title">{CREDIT_OVERRIDE_TEXTS.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{message}</DialogContentText>
        <DialogContentText sx={{ mb: 2 }}>{CREDIT_OVERRIDE_TEXTS.text}</DialogContentText>
        <TextField
          label={CREDIT_OVERRIDE_TEXTS.reason}
          name="credit_override_reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          size="small"
          error={missing}
          helperText={missing ? CREDIT_MSG.reason : undefined}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{RESERVE_TEXTS.back}</Button>
        <Button variant="contained" color="warning" onClick={confirm}>
          {CREDIT_OVERRIDE_TEXTS.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
