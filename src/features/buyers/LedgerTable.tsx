// A buyer's 'Взаиморасчёты': its sales (completed reserves, each with the day it is due) and payments in
// date order with the debt after each, the totals (sold, paid, owed, overdue since) and the same as an XLSX.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Link as RouterLink } from 'react-router';
import { LEDGER_TEXTS } from '../../../domain/buyers/texts';
import { formatDate, formatMoney } from '../../../domain/format';
import { errorMessage } from '../../api/errors';
import { selectToken } from '../../api/auth';
import { useAppSelector } from '../../api/hooks';
import { downloadFile } from '../../components/useAuthorizedUrl';
import { InfoBlock } from '../../components/Card/InfoBlock';
import { useBuyerLedgerQuery } from './buyersApi';

export function LedgerTable({ buyerId }: { buyerId: number }) {
  const { data, error } = useBuyerLedgerQuery(buyerId);
  const token = useAppSelector(selectToken);
  const [failed, setFailed] = useState<string | null>(null);
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!data) return null;
  const download = () => {
    setFailed(null);
    downloadFile(`/api/buyers/${buyerId}/ledger/export`, LEDGER_TEXTS.fileName(buyerId), token).catch((e: unknown) =>
      setFailed(errorMessage(e)),
    );
  };
  const totals: [string, string][] = [
    [LEDGER_TEXTS.sales, formatMoney(data.sales)],
    [LEDGER_TEXTS.payments, formatMoney(data.payments)],
    [LEDGER_TEXTS.balance, formatMoney(data.balance)],
    [LEDGER_TEXTS.overdue, formatMoney(data.overdue)],
  ];
  // how long the oldest debt is overdue, in days, and since when
  const late =
    data.overdue_since && data.overdue_days !== null
      ? LEDGER_TEXTS.overdueFor(data.overdue_days, data.overdue_since)
      : null;
  return (
    <InfoBlock title={LEDGER_TEXTS.tab}>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 2 }} data-testid="ledger-totals">
        {totals.map(([title, value]) => (
          <Box key={title}>
            <Typography variant="caption" color="text.secondary">
              {title}
            </Typography>
            <Typography aria-label={title}>{value}</Typography>
          </Box>
        ))}
        {late && (
          <Typography color="error" sx={{ alignSelf: 'flex-end' }} data-testid="ledger-overdue">
            {late}
          </Typography>
        )}
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          onClick={download}
          sx={{ ml: 'auto', alignSelf: 'center' }}
        >
          {LEDGER_TEXTS.export}
        </Button>
      </Box>
      {failed && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failed}
        </Alert>
      )}
      {data.lines.length === 0 ? (
        <Typography color="text.secondary">{LEDGER_TEXTS.empty}</Typography>
      ) : (
        <Table size="small" aria-label={LEDGER_TEXTS.tab}>
          <TableHead>
            <TableRow>
              {LEDGER_TEXTS.columns.map((title) => (
                <TableCell key={title}>{title}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.lines.map((line) => (
              <TableRow key={`${line.kind}-${line.payment_id ?? line.reserve_id}`}>
                <TableCell>{formatDate(line.date)}</TableCell>
                <TableCell>{LEDGER_TEXTS.kind[line.kind]}</TableCell>
                <TableCell>
                  {line.reserve_id === null ? null : (
                    <RouterLink to={`/reserves/${line.reserve_id}`}>{line.reserve_id}</RouterLink>
                  )}
                </TableCell>
                <TableCell>{formatMoney(line.sale)}</TableCell>
                <TableCell>{formatMoney(line.payment)}</TableCell>
                <TableCell>{formatDate(line.due_date)}</TableCell>
                <TableCell>{formatMoney(line.balance)}</TableCell>
                <TableCell>{line.comment}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </InfoBlock>
  );
}
