// The log of every change made on this page: when, who, what; newest first, 20 a page.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Alert } from '../../components/Alert';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import type { ApiError } from '../../api/errors';
import { formatDateTime } from '../../../domain/format';
import { useAdminLogQuery } from './adminApi';

export function LogTab() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useAdminLogQuery(page);
  if (isLoading) return <Spinner />;
  if (error)
    return (
      <Alert severity="error" closable={false}>
        {(error as ApiError).message}
      </Alert>
    );
  if (!data!.data.length) return <EmptyState />;
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Журнал изменений">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 170 }}>Когда</TableCell>
              <TableCell sx={{ width: 220 }}>Кто</TableCell>
              <TableCell>Что изменено</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data!.data.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{formatDateTime(entry.created_at)}</TableCell>
                <TableCell>{entry.user?.name ?? '—'}</TableCell>
                <TableCell>{entry.summary}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {data!.pagination.pageCount > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination count={data!.pagination.pageCount} page={page} onChange={(_, p) => setPage(p)} />
        </Box>
      )}
    </>
  );
}
