// The payments tied to an invoice (its reserves' payments, made before or after it), each with its reserve's link.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatDate, formatMoney } from '../../../domain/format';
import { INVOICE_CARD_TEXTS as TEXT } from '../../../domain/invoices/screens';
import { LinesTable } from '../../components/Papers/LinesTable';
import type { InvoicePaymentRow } from './invoicesApi';

const cell: Record<(typeof TEXT.paymentColumns)[number][0], (p: InvoicePaymentRow) => ReactNode> = {
  date: (p) => formatDate(p.date),
  reserve: (p) => (
    <Link component={RouterLink} to={`/reserves/${p.reserve_id}`}>
      {TEXT.reserve(p.reserve_id)}
    </Link>
  ),
  amount: (p) => formatMoney(p.amount),
  comment: (p) => p.comment ?? '',
};

export function InvoicePayments({ payments }: { payments: InvoicePaymentRow[] }) {
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: 18, mt: 3, mb: 1 }}>
        {TEXT.payments}
      </Typography>
      {payments.length === 0 ? (
        <Typography color="text.secondary">{TEXT.noPayments}</Typography>
      ) : (
        <LinesTable label={TEXT.payments} columns={TEXT.paymentColumns} cell={cell} rows={payments} />
      )}
    </>
  );
}
