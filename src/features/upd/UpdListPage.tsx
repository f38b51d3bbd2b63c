// 'УПД': the documents made, newest first, filtered by buyer, date and status (the filter is the page's link);
// 'Скачать для ЭДО' gives one document's XML (named by its ИдФайл) or, above the list, a ZIP of the filtered list's
// live documents. A row opens its card.
import { useNavigate, useSearchParams } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { formatDate, formatMoney } from '../../../domain/format';
import { UPD_TEXTS } from '../../../domain/upd/texts';
import { UPD_LIST_TEXTS as TEXT } from '../../../domain/upd/screens';
import { PageTitle } from '../../components/PageTitle';
import { PageSpinner } from '../../components/Spinner';
import { Alert } from '../../components/Alert';
import { DayPicker } from '../../components/DayPicker';
import { errorMessage } from '../../api/errors';
import { useReferenceListQuery } from '../../api/references';
import { useUpdsQuery, type UpdRow } from './updApi';
import { useDownload } from './useDownload';

const FILTER_KEYS = ['buyer_id', 'status', 'date_from', 'date_to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

const cell: Record<(typeof TEXT.columns)[number][0], (r: UpdRow) => string> = {
  number: (r) => String(r.number),
  date: (r) => formatDate(r.date),
  buyer_name: (r) => r.buyer_name,
  sum_with_vat: (r) => formatMoney(r.sum_with_vat),
  vat_sum: (r) => formatMoney(r.vat_sum),
  status: (r) => UPD_TEXTS.statuses[r.status],
};

export default function UpdListPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const query = new URLSearchParams(FILTER_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));
  const list = useUpdsQuery(query.toString(), { refetchOnMountOrArgChange: true });
  const buyers = useReferenceListQuery('buyers');
  const files = useDownload();
  const set = (key: FilterKey, value: string | null | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const buyer = buyers.data?.find((b) => String(b.id) === params.get('buyer_id')) ?? null;
  return (
    <Box>
      <PageTitle title={TEXT.title}>
        <Button
          variant="contained"
          startIcon={<FileDownloadOutlined />}
          title={TEXT.edoHint}
          onClick={() => files.download(`/api/upd/edo.zip?${query.toString()}`, TEXT.zipName)}
        >
          {TEXT.edo}
        </Button>
      </PageTitle>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Autocomplete
          sx={{ width: 280 }}
          size="small"
          options={buyers.data ?? []}
          value={buyer}
          getOptionLabel={(b) => b.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, b) => set('buyer_id', b ? String(b.id) : null)}
          renderInput={(input) => <TextField {...input} label={TEXT.buyer} />}
        />
        <DayPicker
          label={TEXT.dateFrom}
          name="date_from"
          value={params.get('date_from')}
          onDay={(d) => d !== null && set('date_from', d)}
        />
        <DayPicker
          label={TEXT.dateTo}
          name="date_to"
          value={params.get('date_to')}
          onDay={(d) => d !== null && set('date_to', d)}
        />
        <TextField
          select
          size="small"
          sx={{ width: 180 }}
          label={TEXT.status}
          value={params.get('status') ?? ''}
          onChange={(e) => set('status', e.target.value)}
        >
          <MenuItem value="">{TEXT.anyStatus}</MenuItem>
          <MenuItem value="active">{UPD_TEXTS.statuses.active}</MenuItem>
          <MenuItem value="cancelled">{UPD_TEXTS.statuses.cancelled}</MenuItem>
        </TextField>
      </Box>
      {files.failed && (
        <Alert severity="error" onClose={files.dismiss}>
          {TEXT.downloadFailed}
        </Alert>
      )}
      {list.error && !list.isFetching && (
        <Alert severity="error" closable={false}>
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.isLoading && <PageSpinner />}
      {list.data && !list.error && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={TEXT.title}>
              <TableHead>
                <TableRow>
                  {TEXT.columns.map(([key, title]) => (
                    <TableCell key={key}>{title}</TableCell>
                  ))}
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={TEXT.columns.length + 1}>
                      <Typography color="text.secondary">{TEXT.empty}</Typography>
                    </TableCell>
                  </TableRow>
                )}
                {list.data.data.map((r) => (
                  <TableRow key={r.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`/upd/${r.id}`)}>
                    {TEXT.columns.map(([key]) => (
                      <TableCell key={key} data-field={key}>
                        {cell[key](r)}
                      </TableCell>
                    ))}
                    <TableCell align="right">
                      {r.status === 'active' && (
                        <Button
                          size="small"
                          startIcon={<FileDownloadOutlined />}
                          onClick={(e) => {
                            e.stopPropagation();
                            files.download(`/api/upd/${r.id}/xml`, `${r.file_id}.xml`);
                          }}
                        >
                          {TEXT.edo}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </Box>
  );
}
