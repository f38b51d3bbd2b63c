// A read-only table of figures on an outlined sheet (the price list, the quote, the buyer's pages, the links made):
// a head row of bold titles, figures right-aligned; the rows are the caller's, a group's heading row spans them all.
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

export interface FiguresHead {
  title: string;
  /** A figure's column: its title stands right, over its numbers. */
  right?: boolean;
}

export function FiguresTable({
  label,
  head,
  children,
  footer,
}: {
  label: string;
  head: readonly FiguresHead[];
  /** The body's rows. */
  children: ReactNode;
  /** Under the table, on its sheet (a pager). */
  footer?: ReactNode;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={i} align={h.right ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                {h.title}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
      {footer}
    </TableContainer>
  );
}

/** A group's heading across the table (a product over its lots). */
export function GroupRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <TableRow sx={{ bgcolor: 'action.hover' }}>
      <TableCell colSpan={span} sx={{ fontWeight: 600 }}>
        {children}
      </TableCell>
    </TableRow>
  );
}
