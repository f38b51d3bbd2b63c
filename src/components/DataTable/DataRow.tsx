// One body row. Memoised: it re-renders when its own record, the shown columns or its own selection change,
// never because another row was (de)selected. Its cells are a memoised child of their own, so a checkbox
// click repaints the checkbox and the row's highlight only. Plain <tr>/<td> styled by the table
// (tableStyles.ts): a styled component per cell, and MUI's Checkbox per row, made a 200-row page slow; the
// row checkbox is a native input drawn like MUI's.
import { memo } from 'react';
import type { ListRow } from '../../../domain/lists';
import type { Section } from '../../../domain/sections';
import { useIsSelected, type SelectionStore } from '../List/selection';
import { Cell, stopPropagation } from './cells';
import type { TableColumn } from './columns';
import { CELL } from './tableStyles';

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
        <td key={column.key}>
          <Cell value={row[column.key]} row={row} column={column} section={section} from={from} />
        </td>
      ))}
    </>
  );
});

export interface DataRowProps extends RowCellsProps {
  selection: SelectionStore;
  /** Absent in settings mode: rows do not open then. */
  onOpen?(id: number): void;
}

export const DataRow = memo(function DataRow({ row, columns, section, from, selection, onOpen }: DataRowProps) {
  const selected = useIsSelected(selection, row.id);
  const className = [selected ? CELL.selected : '', onOpen ? CELL.clickable : ''].join(' ').trim() || undefined;
  return (
    <tr className={className} aria-selected={selected} data-row-id={row.id} onClick={onOpen ? () => onOpen(row.id) : undefined}>
      <td className={CELL.checkbox} onClick={stopPropagation}>
        <input type="checkbox" checked={selected} onChange={() => selection.toggle(row.id)} aria-label={`Выбрать строку ${row.id}`} />
      </td>
      <RowCells row={row} columns={columns} section={section} from={from} />
    </tr>
  );
});
