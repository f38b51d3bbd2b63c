import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { Spinner } from './Spinner';

/** A form's submit button: disabled with a spinner while the form is being sent. */
export function SubmitButton({
  sending,
  size = 'large',
  children,
}: {
  sending: boolean;
  size?: 'medium' | 'large';
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size={size}
      disabled={sending}
      startIcon={sending ? <Spinner size={18} /> : undefined}
    >
      {children}
    </Button>
  );
}
