// An action's outcome in an alert the user closes (a save, a link made, a role changed): what it did, or why it
// failed. Each outcome is a new alert (its key), so it fades in again even when it says what the last one said.
import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { Alert } from './Alert';

export type NoticeSeverity = 'success' | 'error';

/** `sx`: the alert's place in its screen (a margin). `notice` is null while there is nothing to say. */
export function useNotice(sx: SxProps<Theme>) {
  const [said, setSaid] = useState<{ severity: NoticeSeverity; text: string; key: number } | null>(null);
  const say = (severity: NoticeSeverity, text: string) => setSaid({ severity, text, key: Date.now() });
  const notice = said && (
    <Box sx={sx}>
      <Alert key={said.key} severity={said.severity} onClose={() => setSaid(null)}>
        {said.text}
      </Alert>
    </Box>
  );
  return { say, notice };
}
