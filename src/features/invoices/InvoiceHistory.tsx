// An invoice's history: when it was made and cancelled, and by whom where the role sees who writes a reserve. Read
// again when the card's version moves (a cancel).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../domain/format';
import { INVOICE_CARD_TEXTS as TEXT } from '../../../domain/invoices/screens';
import { errorMessage } from '../../api/errors';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { useInvoiceHistoryQuery, type InvoiceHistoryEntry } from './invoicesApi';

const what = (entry: InvoiceHistoryEntry) =>
  entry.action === 'create'
    ? TEXT.created
    : entry.changes.some((c) => c.field === 'status' && c.new === 'cancelled')
      ? TEXT.cancelled
      : '';

export function InvoiceHistory({ id, version }: { id: number; version: number }) {
  const history = useInvoiceHistoryQuery({ id, version });
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: 18, mt: 3, mb: 1 }}>
        {TEXT.history}
      </Typography>
      {history.isLoading && <Spinner />}
      {history.error && (
        <Alert severity="error" closable={false}>
          {errorMessage(history.error)}
        </Alert>
      )}
      {history.data && history.data.data.length === 0 && (
        <Typography color="text.secondary">{TEXT.noHistory}</Typography>
      )}
      {history.data && history.data.data.length > 0 && (
        <Box component="ol" aria-label={TEXT.history} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {history.data.data.map((entry, i) => (
            <Box component="li" key={i} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
              <Typography variant="body2" color="text.secondary">
                {[formatDateTime(entry.at), entry.user].filter(Boolean).join(' · ')}
              </Typography>
              <Typography variant="body2">{what(entry)}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}
