// One invoice (/invoices/{id}): its buyer, day and due day, lines and totals, the payments tied to it and its
// history; 'Скачать PDF' (the print form) and 'Отменить' (confirmed; the number and the lines stay, the reserves are
// free for a new invoice). It is never edited in place.
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { formatDate, formatDateTime } from '../../../domain/format';
import { INVOICE_PAYMENT_TITLES, INVOICE_TEXTS } from '../../../domain/invoices/texts';
import { INVOICE_CARD_TEXTS as TEXT } from '../../../domain/invoices/screens';
import { PAPER_LIST_TEXTS } from '../../../domain/papers/screens';
import { PageSpinner } from '../../components/Spinner';
import { Alert } from '../../components/Alert';
import { CancelPaperDialog } from '../../components/Papers/CancelPaperDialog';
import { useDownload } from '../../components/Papers/useDownload';
import { errorMessage } from '../../api/errors';
import { useCancelInvoiceMutation, useInvoiceQuery, type InvoiceCard } from './invoicesApi';
import { InvoiceLines } from './InvoiceLines';
import { InvoicePayments } from './InvoicePayments';
import { InvoiceHistory } from './InvoiceHistory';

const CHIP = {
  paid: 'success',
  overdue: 'error',
  partly_paid: 'warning',
  unpaid: 'default',
  cancelled: 'default',
} as const;

export default function InvoiceCardPage() {
  const id = Number(useParams().id);
  const card = useInvoiceQuery(id, { refetchOnMountOrArgChange: true });
  // what 'Отменить' answered: newer than the read
  const [changed, setChanged] = useState<InvoiceCard | null>(null);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [cancel, cancelling] = useCancelInvoiceMutation();
  const files = useDownload();
  const invoice = changed?.id === id ? changed : card.data;

  const confirmCancel = async () => {
    setAsking(false);
    setProblem(null);
    try {
      setChanged(await cancel({ id, version: invoice!.version }).unwrap());
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Box>
      <Button component={RouterLink} to="/invoices">
        {TEXT.back}
      </Button>
      {card.isLoading && <PageSpinner />}
      {card.error && (
        <Alert severity="error" closable={false}>
          {errorMessage(card.error)}
        </Alert>
      )}
      {invoice && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', my: 2 }}>
            <Typography variant="h1" component="h1" sx={{ fontSize: 24 }}>
              {TEXT.title(invoice.number, formatDate(invoice.date))}
            </Typography>
            <Chip size="small" label={INVOICE_PAYMENT_TITLES[invoice.payment]} color={CHIP[invoice.payment]} />
            <Box sx={{ flexGrow: 1 }} />
            <Button
              variant="contained"
              startIcon={<PictureAsPdfOutlined />}
              onClick={() =>
                files.download(
                  `/api/invoices/${invoice.id}/pdf`,
                  `${INVOICE_TEXTS.file(String(invoice.number), formatDate(invoice.date))}.pdf`,
                )
              }
            >
              {TEXT.pdf}
            </Button>
            {invoice.status === 'active' && (
              <Button variant="outlined" color="error" disabled={cancelling.isLoading} onClick={() => setAsking(true)}>
                {TEXT.cancel}
              </Button>
            )}
          </Box>
          {problem && (
            <Alert severity="error" onClose={() => setProblem(null)}>
              {problem}
            </Alert>
          )}
          {files.failed && (
            <Alert severity="error" onClose={files.dismiss}>
              {PAPER_LIST_TEXTS.downloadFailed}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'grid', gap: 0.5 }}>
            <Typography>
              {TEXT.buyer}:{' '}
              <Link component={RouterLink} to={`/buyers/${invoice.buyer_id}`}>
                {invoice.buyer_name}
              </Link>
            </Typography>
            <Typography>
              {TEXT.due}: {formatDate(invoice.due_date)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {TEXT.made(invoice.created_by_name ?? '—', formatDateTime(invoice.created_at))}
            </Typography>
            {invoice.cancelled_at && (
              <Typography variant="body2" color="text.secondary">
                {TEXT.cancelledBy(invoice.cancelled_by_name ?? '—', formatDateTime(invoice.cancelled_at))}
              </Typography>
            )}
          </Paper>
          <InvoiceLines invoice={invoice} />
          <InvoicePayments payments={invoice.payments ?? []} />
          <InvoiceHistory id={invoice.id} version={invoice.version} />
          <CancelPaperDialog
            open={asking}
            texts={TEXT}
            onKeep={() => setAsking(false)}
            onCancel={() => void confirmCancel()}
          />
        </>
      )}
    </Box>
  );
}
