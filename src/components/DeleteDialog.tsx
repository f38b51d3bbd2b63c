import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';

/** The delete confirmation of spec point 2: title 'Удалить', buttons 'Отменить' and 'Удалить'; `children`: what a
 * section asks besides (the employee who takes over a deleted one's reserves). */
export function DeleteDialog({
  open,
  text,
  onCancel,
  onConfirm,
  busy,
  children,
}: {
  open: boolean;
  text: string;
  onCancel(): void;
  onConfirm(): void;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="delete-dialog-title">
      <DialogTitle id="delete-dialog-title">Удалить</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Отменить</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          Удалить
        </Button>
      </DialogActions>
    </Dialog>
  );
}
