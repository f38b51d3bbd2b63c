// 'Котировки': the saved quotes as a list of their own, a link like every list (domain/listQuery.ts):
// filtered by status on the business day, buyer, city and dates, sorted by a column, a page at a time. A row opens
// its quote.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import FilterList from '@mui/icons-material/FilterList';
import { formatDate, formatDateTime, formatFigure } from '../../../domain/format';
import { PAGE_SIZES, rowCountText } from '../../../domain/lists';
import { hasFilter } from '../../../domain/listQuery';
import { QUOTE_FILTERS, quoteFilterConfig } from '../../../domain/quotes/list';
import { QUOTE_STATUS_TITLES } from '../../../domain/quotes/record';
import { QUOTES_LIST_TEXTS as TEXT } from '../../../domain/quotes/texts';
import { QUOTE_BUYER } from '../../../domain/quotes/buyer';
import { PageTitle } from '../../components/PageTitle';
import { PageSpinner } from '../../components/Spinner';
import { Alert } from '../../components/Alert';
import { FilterPanel } from '../../components/FilterPanel';
import { useListParams } from '../../components/List/useListParams';
import { errorMessage } from '../../api/errors';
import { useReferenceListQuery } from '../../api/references';
import { useQuotesQuery, type QuoteListRow } from './quoteApi';

const cell: Record<(typeof TEXT.columns)[number][0], (r: QuoteListRow) => string> = {
  number: (r) => String(r.number),
  status: (r) => QUOTE_STATUS_TITLES[r.status],
  [QUOTE_BUYER]: (r) => r[QUOTE_BUYER] ?? '—',
  city: (r) => r.city.name,
  product: (r) => r.product,
  total_sum: (r) => formatFigure(r.total_sum),
  valid_until: (r) => formatDate(r.valid_until),
  created_at: (r) => formatDateTime(r.created_at),
};

export default function QuotesPage() {
  const list = useListParams(QUOTE_FILTERS);
  const navigate = useNavigate();
  const [filtering, setFiltering] = useState(false);
  const cities = useReferenceListQuery('cities');
  const page = useQuotesQuery(list.apiQuery, { refetchOnMountOrArgChange: true });
  const filtered = hasFilter(list.filter, QUOTE_FILTERS);
  return (
    <Box>
      <PageTitle title={TEXT.title} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        <Button
          variant={filtered ? 'contained' : 'outlined'}
          startIcon={<FilterList />}
          onClick={() => setFiltering(true)}
        >
          {TEXT.filter}
        </Button>
        {filtered && <Button onClick={() => list.applyFilter({})}>{TEXT.reset}</Button>}
        {page.data && (
          <Typography variant="body2" color="text.secondary">
            {TEXT.rows(rowCountText(page.data.pagination))}
          </Typography>
        )}
      </Box>
      <FilterPanel
        open={filtering}
        onClose={() => setFiltering(false)}
        status={cities.isLoading ? 'loading' : 'loaded'}
        config={quoteFilterConfig(cities.data ?? [])}
        value={list.filter}
        onApply={(next) => list.applyFilter(next)}
      />
      {page.error && !page.isFetching && (
        <Alert severity="error" closable={false}>
          {errorMessage(page.error)}
        </Alert>
      )}
      {page.isLoading && <PageSpinner />}
      {page.data && !page.error && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={TEXT.title}>
              <TableHead>
                <TableRow>
                  {TEXT.columns.map(([key, title]) => (
                    <TableCell key={key} sortDirection={list.sort?.key === key ? list.sort.order : false}>
                      <TableSortLabel
                        active={list.sort?.key === key}
                        direction={list.sort?.key === key ? list.sort.order : 'asc'}
                        onClick={() => list.toggleSort(key)}
                      >
                        {title}
                      </TableSortLabel>
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {page.data.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={TEXT.columns.length}>
                      <Typography color="text.secondary">{TEXT.empty}</Typography>
                    </TableCell>
                  </TableRow>
                )}
                {page.data.data.map((r) => (
                  <TableRow key={r.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`/quotes/${r.id}`)}>
                    {TEXT.columns.map(([key]) => (
                      <TableCell key={key} data-field={key}>
                        {cell[key](r)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={page.data.pagination.totalItems}
            page={list.page - 1}
            rowsPerPage={list.perPage}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_, next) => list.setPage(next + 1)}
            onRowsPerPageChange={(e) => list.setPerPage(Number(e.target.value))}
            labelRowsPerPage="Строк на странице"
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} из ${count}`}
          />
        </Paper>
      )}
    </Box>
  );
}
