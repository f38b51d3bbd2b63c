// 'УПД': the documents made, newest first, filtered by buyer, date and status (the filter is the page's link);
// 'Скачать для ЭДО' gives one document's XML (named by its ИдФайл) or, above the list, a ZIP of the filtered list's
// live documents. A row opens its card.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { formatDate, formatMoney } from '../../../domain/format';
import { UPD_TEXTS } from '../../../domain/upd/texts';
import { UPD_LIST_TEXTS as TEXT } from '../../../domain/upd/screens';
import { PAPER_LIST_TEXTS } from '../../../domain/papers/screens';
import { PageTitle } from '../../components/PageTitle';
import { Alert } from '../../components/Alert';
import { PaperFilters, usePaperFilter } from '../../components/Papers/PaperFilters';
import { PaperTable } from '../../components/Papers/PaperTable';
import { useDownload } from '../../components/Papers/useDownload';
import { useUpdsQuery, type UpdRow } from './updApi';

const cell: Record<(typeof TEXT.columns)[number][0], (r: UpdRow) => string> = {
  number: (r) => String(r.number),
  date: (r) => formatDate(r.date),
  buyer_name: (r) => r.buyer_name,
  sum_with_vat: (r) => formatMoney(r.sum_with_vat),
  vat_sum: (r) => formatMoney(r.vat_sum),
  status: (r) => UPD_TEXTS.statuses[r.status],
};

const STATUSES = [
  ['active', UPD_TEXTS.statuses.active],
  ['cancelled', UPD_TEXTS.statuses.cancelled],
] as const;

export default function UpdListPage() {
  const filter = usePaperFilter('status');
  const list = useUpdsQuery(filter.query, { refetchOnMountOrArgChange: true });
  const files = useDownload();
  return (
    <Box>
      <PageTitle title={TEXT.title}>
        <Button
          variant="contained"
          startIcon={<FileDownloadOutlined />}
          title={TEXT.edoHint}
          onClick={() => files.download(`/api/upd/edo.zip?${filter.query}`, TEXT.zipName)}
        >
          {TEXT.edo}
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
        to={(r) => `/upd/${r.id}`}
        action={(r) =>
          r.status === 'active' && (
            <Button
              size="small"
              startIcon={<FileDownloadOutlined />}
              onClick={() => files.download(`/api/upd/${r.id}/xml`, `${r.file_id}.xml`)}
            >
              {TEXT.edo}
            </Button>
          )
        }
      />
    </Box>
  );
}
