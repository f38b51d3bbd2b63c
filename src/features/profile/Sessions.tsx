// 'Активные сеансы': every live sign-in of this user with its browser, address, sign-in and last use. The current
// one comes first, marked, and ends with 'Выйти'; any other ends here, or all of them at once.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PROFILE_MSG } from '../../../domain/accounts';
import { formatDateTime } from '../../../domain/format';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../api/errors';
import { useEndOtherSessionsMutation, useEndSessionMutation, useSessionsQuery } from './profileApi';
import { useResultAlert } from './useResultAlert';
import { PROFILE_TEXTS as T } from './texts';

export function Sessions() {
  const { data: sessions, error, isLoading } = useSessionsQuery();
  const [endSession, ending] = useEndSessionMutation();
  const [endOthers, endingOthers] = useEndOtherSessionsMutation();
  const { alert, report } = useResultAlert();
  const run = (work: () => Promise<{ message: string }>) => void report(work, (answer) => answer.message);

  if (isLoading) return <Spinner />;
  if (error)
    return (
      <Alert severity="error" closable={false}>
        {errorMessage(error)}
      </Alert>
    );
  const others = (sessions ?? []).filter((s) => !s.current).length;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {alert}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={T.sessions}>
          <TableHead>
            <TableRow>
              <TableCell>{T.browser}</TableCell>
              <TableCell>{T.address}</TableCell>
              <TableCell>{T.signedIn}</TableCell>
              <TableCell>{T.lastSeen}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(sessions ?? []).map((s) => (
              <TableRow key={s.id} selected={s.current}>
                <TableCell>{s.browser}</TableCell>
                <TableCell>{s.address ?? '—'}</TableCell>
                <TableCell>{formatDateTime(s.created_at)}</TableCell>
                <TableCell>{formatDateTime(s.last_seen_at)}</TableCell>
                <TableCell align="right">
                  {s.current ? (
                    <Chip size="small" color="primary" label={T.current} />
                  ) : (
                    <Button
                      size="small"
                      color="error"
                      aria-label={T.endAria(s.browser)}
                      disabled={ending.isLoading}
                      onClick={() => run(() => endSession(s.id).unwrap())}
                    >
                      {T.end}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {others === 0 && <Typography color="text.secondary">{T.noOthers}</Typography>}
      <Box>
        <Button
          variant="outlined"
          color="error"
          disabled={others === 0 || endingOthers.isLoading}
          startIcon={endingOthers.isLoading ? <Spinner size={18} /> : undefined}
          onClick={() => run(() => endOthers().unwrap())}
        >
          {PROFILE_MSG.endOthers}
        </Button>
      </Box>
    </Box>
  );
}
