// One body row. Memoised: it re-renders when its own record, the shown columns or its own selection change,
// never because another row was (de)selected. Its cells are a memoised child of their own, so a checkbox
// click repaints the checkbox and the row's highlight only.
import { memo } from 'react';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ListRow } from '../../../domain/lists';
import type { Section } from '../../../domain/sections';
import { useIsSelected, type SelectionStore } from '../List/selection';
import { Cell, stopPropagation } from './cells';
import type { TableColumn } from './columns';

interface RowCellsProps {
  row: ListRow;
  columns: TableColumn[];
  section: Section;
  from: string;
}

const RowCells = memo(function RowCells({ row, columns, section, from }: RowCellsProps) {
  return (
    <>
      {columns.map((column) => (
        <TableCell key={column.key} style={column.widthPx ? { width: column.widthPx, maxWidth: column.widthPx } : undefined}>
          <Cell value={row[column.key]} row={row} column={column} section={section} from={from} />
        </TableCell>
      ))}
    </>
  );
});

const CLICKABLE = { cursor: 'pointer' } as const;

export interface DataRowProps extends RowCellsProps {
  selection: SelectionStore;
  /** Absent in settings mode: rows do not open then. */
  onOpen?(id: number): void;
}

export const DataRow = memo(function DataRow({ row, columns, section, from, selection, onOpen }: DataRowProps) {
  const selected = useIsSelected(selection, row.id);
  return (
    <TableRow
      hover
      selected={selected}
      aria-selected={selected}
      data-row-id={row.id}
      onClick={onOpen ? () => onOpen(row.id) : undefined}
      sx={onOpen ? CLICKABLE : undefined}
    >
      <TableCell padding="checkbox" onClick={stopPropagation}>
        <Checkbox
          checked={selected}
          onChange={() => selection.toggle(row.id)}
          slotProps={{ input: { 'aria-label': `Выбрать строку ${row.id}` } }}
        />
      </TableCell>
      <RowCells row={row} columns={columns} section={section} from={from} />
    </TableRow>
  );
});
