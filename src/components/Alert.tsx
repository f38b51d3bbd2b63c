// The app's alerts (spec point 2): success, error and warning; they fade in 10 ms after mounting and are
// removed 400 ms after being closed, so the fade-out can finish first.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import MuiAlert from '@mui/material/Alert';
import Fade from '@mui/material/Fade';

export const ALERT_FADE_IN_MS = 10;
export const ALERT_REMOVE_MS = 400;
const FADE_OUT_MS = 300;

export interface AlertProps {
  severity: 'success' | 'error' | 'warning';
  children: ReactNode;
  /** Called once the alert is gone (400 ms after the close button). */
  onClose?: () => void;
  /** Without it the alert has no close button. */
  closable?: boolean;
  action?: ReactNode;
}

export function Alert({ severity, children, onClose, closable = true, action }: AlertProps) {
  const [shown, setShown] = useState(false);
  const [removed, setRemoved] = useState(false);
  const removeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setShown(true), ALERT_FADE_IN_MS);
    return () => {
      clearTimeout(timer);
      if (removeTimer.current) clearTimeout(removeTimer.current);
    };
  }, []);

  if (removed) return null;
  const close = () => {
    setShown(false);
    removeTimer.current = setTimeout(() => {
      setRemoved(true);
      onClose?.();
    }, ALERT_REMOVE_MS);
  };
  return (
    <Fade in={shown} timeout={{ enter: 200, exit: FADE_OUT_MS }}>
      <MuiAlert
        severity={severity}
        variant="outlined"
        onClose={closable ? close : undefined}
        action={action}
        sx={{ my: 1, bgcolor: 'background.paper' }}
      >
        {children}
      </MuiAlert>
    </Fade>
  );
}
