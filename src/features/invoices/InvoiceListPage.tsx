// 'Счета': the invoices made, newest first, filtered by buyer, day and payment status (the filter is the page's link);
// 'Выгрузить в Excel' gives the filtered list as a spreadsheet. A row opens its card.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { formatDate, formatMoney } from '../../../domain/format';
import { INVOICE_PAYMENTS } from '../../../domain/invoices/status';
import { INVOICE_PAYMENT_TITLES } from '../../../domain/invoices/texts';
import { INVOICE_LIST_TEXTS as TEXT } from '../../../domain/invoices/screens';
import { PAPER_LIST_TEXTS } from '../../../domain/papers/screens';
import { PageTitle } from '../../components/PageTitle';
import { Alert } from '../../components/Alert';
import { PaperFilters, usePaperFilter } from '../../components/Papers/PaperFilters';
import { PaperTable } from '../../components/Papers/PaperTable';
import { useDownload } from '../../components/Papers/useDownload';
import { useInvoicesQuery, type InvoiceRow } from './invoicesApi';

const cell: Record<(typeof TEXT.columns)[number][0], (r: InvoiceRow) => string> = {
  number: (r) => String(r.number),
  date: (r) => formatDate(r.date),
  buyer_name: (r) => r.buyer_name,
  total: (r) => formatMoney(r.total),
  paid_sum: (r) => formatMoney(r.paid_sum),
  due_date: (r) => formatDate(r.due_date),
  payment: (r) => INVOICE_PAYMENT_TITLES[r.payment],
};

const STATUSES = INVOICE_PAYMENTS.map((p) => [p, INVOICE_PAYMENT_TITLES[p]] as const);

export default function InvoiceListPage() {
  const filter = usePaperFilter('payment');
  const list = useInvoicesQuery(filter.query, { refetchOnMountOrArgChange: true });
  const files = useDownload();
  return (
    <Box>
      <PageTitle title={TEXT.title}>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() => files.download(`/api/invoices/export?${filter.query}`, TEXT.fileName)}
        >
          {TEXT.export}
        </Button>
      </PageTitle>
      <PaperFilters filter={filter} statuses={STATUSES} />
      {files.failed && (
        <Alert severity="error" onClose={files.dismiss}>
          {PAPER_LIST_TEXTS.downloadFailed}
        </Alert>
      )}
      <PaperTable
        label={TEXT.title}
        columns={TEXT.columns}
        cell={cell}
        list={list}
        empty={TEXT.empty}
        to={(r) => `/invoices/${r.id}`}
      />
    </Box>
  );
}
