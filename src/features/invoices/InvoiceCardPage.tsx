// One invoice (/invoices/{id}) on the papers' page (src/components/Papers/PaperCardPage.tsx): its status of payment,
// 'Скачать PDF' (the print form), its due day, lines and totals and the payments tied to it.
import { useParams } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { formatDate } from '../../../domain/format';
import { INVOICE_PAYMENT_TITLES, INVOICE_TEXTS } from '../../../domain/invoices/texts';
import { INVOICE_CARD_TEXTS as TEXT } from '../../../domain/invoices/screens';
import { PaperCardPage } from '../../components/Papers/PaperCardPage';
import { useCancelInvoiceMutation, useInvoiceHistoryQuery, useInvoiceQuery } from './invoicesApi';
import { InvoiceLines } from './InvoiceLines';
import { InvoicePayments } from './InvoicePayments';

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
  const [cancel, cancelling] = useCancelInvoiceMutation();
  return (
    <PaperCardPage
      texts={TEXT}
      listPath="/invoices"
      card={card}
      cancel={cancel}
      cancelling={cancelling.isLoading}
      useHistory={useInvoiceHistoryQuery}
      chip={(invoice) => ({ label: INVOICE_PAYMENT_TITLES[invoice.payment], color: CHIP[invoice.payment] })}
      actions={(invoice, { download }) => (
        <Button
          variant="contained"
          startIcon={<PictureAsPdfOutlined />}
          onClick={() =>
            download(
              `/api/invoices/${invoice.id}/pdf`,
              `${INVOICE_TEXTS.file(String(invoice.number), formatDate(invoice.date))}.pdf`,
            )
          }
        >
          {TEXT.pdf}
        </Button>
      )}
      facts={(invoice) => (
        <Typography>
          {TEXT.due}: {formatDate(invoice.due_date)}
        </Typography>
      )}
    >
      {(invoice) => (
        <>
          <InvoiceLines invoice={invoice} />
          <InvoicePayments payments={invoice.payments ?? []} />
        </>
      )}
    </PaperCardPage>
  );
}
