// 'Отменить' on a paper's card, asked once more: a paper is cancelled, never edited, and its number stays.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface CancelPaperDialogProps {
  open: boolean;
  texts: { cancelTitle: string; cancelText: string; keep: string; confirmCancel: string };
  onKeep(): void;
  onCancel(): void;
}

export function CancelPaperDialog({ open, texts, onKeep, onCancel }: CancelPaperDialogProps) {
  return (
    <Dialog open={open} onClose={onKeep} aria-labelledby="paper-cancel-title">
      <DialogTitle id="paper-cancel-title">{texts.cancelTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{texts.cancelText}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep}>{texts.keep}</Button>
        <Button color="error" variant="contained" onClick={onCancel}>
          {texts.confirmCancel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
