// A read-only table of a paper's rows (an invoice's or a УПД's lines, an invoice's payments): the columns as the
// texts name them, each cell drawn by the screen.
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

export interface LinesTableProps<R, K extends string> {
  /** The table's accessible name. */
  label: string;
  columns: readonly (readonly [K, string])[];
  cell: Record<K, (row: R) => ReactNode>;
  rows: readonly R[];
}

export function LinesTable<R, K extends string>({ label, columns, cell, rows }: LinesTableProps<R, K>) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map(([key, title]) => (
                <TableCell key={key}>{title}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={i}>
                {columns.map(([key]) => (
                  <TableCell key={key} data-field={key}>
                    {cell[key](row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
