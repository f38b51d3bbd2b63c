// The buyer card's 'Счета и УПД' tab: its invoices and its УПД, newest first, each row a link to its card, for roles
// that read papers (domain/papers/access.ts).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDate, formatMoney } from '../../../domain/format';
import { INVOICE_PAYMENT_TITLES } from '../../../domain/invoices/texts';
import { BUYER_PAPERS_TEXTS as TEXT } from '../../../domain/papers/screens';
import { UPD_TEXTS } from '../../../domain/upd/texts';
import { useBuyerInvoicesQuery, useBuyerUpdsQuery, type InvoiceRow, type UpdRow } from '../../api/papers';
import { PaperTable } from '../../components/Papers/PaperTable';

type Column = (typeof TEXT.columns)[number][0];

const invoiceCell: Record<Column, (r: InvoiceRow) => string> = {
  number: (r) => String(r.number),
  date: (r) => formatDate(r.date),
  sum: (r) => formatMoney(r.total),
  status: (r) => INVOICE_PAYMENT_TITLES[r.payment],
};

const updCell: Record<Column, (r: UpdRow) => string> = {
  number: (r) => String(r.number),
  date: (r) => formatDate(r.date),
  sum: (r) => formatMoney(r.sum_with_vat),
  status: (r) => UPD_TEXTS.statuses[r.status],
};

const Heading = ({ children }: { children: string }) => (
  <Typography variant="h2" sx={{ fontSize: 18, mb: 1 }}>
    {children}
  </Typography>
);

export function BuyerPapers({ buyerId }: { buyerId: number }) {
  const invoices = useBuyerInvoicesQuery(buyerId, { refetchOnMountOrArgChange: true });
  const upds = useBuyerUpdsQuery(buyerId, { refetchOnMountOrArgChange: true });
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Heading>{TEXT.invoices}</Heading>
        <PaperTable
          label={TEXT.invoices}
          columns={TEXT.columns}
          cell={invoiceCell}
          list={invoices}
          empty={TEXT.noInvoices}
          to={(r) => `/invoices/${r.id}`}
        />
      </Box>
      <Box>
        <Heading>{TEXT.upd}</Heading>
        <PaperTable
          label={TEXT.upd}
          columns={TEXT.columns}
          cell={updCell}
          list={upds}
          empty={TEXT.noUpd}
          to={(r) => `/upd/${r.id}`}
        />
      </Box>
    </Box>
  );
}
