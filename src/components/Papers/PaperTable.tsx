// A table of papers (the invoices' or the УПД's list, a buyer's papers): the columns as the texts name them, a row
// opening its card, an action at the row's end where the list has one; the list's error or its spinner while it loads.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/errors';
import { Alert } from '../Alert';
import { PageSpinner } from '../Spinner';

export interface PaperTableProps<R extends { id: number }, K extends string> {
  /** The table's accessible name. */
  label: string;
  columns: readonly (readonly [K, string])[];
  cell: Record<K, (row: R) => ReactNode>;
  /** The list as its query holds it. */
  list: { data?: { data: R[] }; error?: unknown; isLoading: boolean; isFetching: boolean };
  empty: string;
  /** The card a row opens. */
  to: (row: R) => string;
  /** What stands at the row's end ('Скачать для ЭДО'); its click does not open the card. */
  action?: (row: R) => ReactNode;
}

export function PaperTable<R extends { id: number }, K extends string>(props: PaperTableProps<R, K>) {
  const { label, columns, cell, list, empty, to, action } = props;
  const navigate = useNavigate();
  if (list.error && !list.isFetching)
    return (
      <Alert severity="error" closable={false}>
        {errorMessage(list.error)}
      </Alert>
    );
  if (list.isLoading || !list.data) return <PageSpinner />;
  const rows = list.data.data;
  const width = columns.length + (action ? 1 : 0);
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map(([key, title]) => (
                <TableCell key={key}>{title}</TableCell>
              ))}
              {action && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={width}>
                  <Typography color="text.secondary">{empty}</Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(to(row))}>
                {columns.map(([key]) => (
                  <TableCell key={key} data-field={key}>
                    {cell[key](row)}
                  </TableCell>
                ))}
                {action && (
                  <TableCell align="right" onClick={(e) => e.stopPropagation()}>
                    {action(row)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
