// One body row. Memoised: it re-renders when its own record, the shown columns or its own selection change,
// never because another row was (de)selected. Its cells are a memoised child of their own, so a checkbox
// click repaints the checkbox and the row's highlight only. Plain <tr>/<td> styled by the table
// (tableStyles.ts): a styled component per cell, and MUI's Checkbox per row, made a 200-row page slow; the
// row checkbox is a native input drawn like MUI's. Clicks on the row are handled by the table's body.
import { memo } from 'react';
import type { ListRow } from '../../../domain/lists';
import type { Section } from '../../../domain/sections';
import { useIsSelected, type SelectionStore } from './selection';
import { renderCell, stopPropagation, surelyFits } from './cells';
import type { TableColumn } from './columns';
import { CELL } from './tableStyles';

interface RowCellsProps {
  row: ListRow;
  columns: TableColumn[];
  /** The columns' widths in px (columnWidth), in their order. */
  widths: number[];
  section: Section;
  from: string;
}

// A generic cell's content goes straight into its <td> (a text is the td's text, no node of its own): a
// component per cell was 5 800 more for React to build on a page of 200 offers. A cell is clipped (for its
// ellipsis) only when its content may not fit.
const RowCells = memo(function RowCells({ row, columns, widths, section, from }: RowCellsProps) {
  const ctx = { section, from, deleted: row.status === 'deleted' };
  return (
    <>
      {columns.map((column, index) => {
        const Render = column.render;
        const value = row[column.key];
        const shown = Render ? (
          <Render value={value} row={row} column={column} section={section} from={from} />
        ) : (
          renderCell(column.type, value, ctx, column.entity, column.titles)
        );
        const clip = Render !== undefined || !surelyFits(column.type, value, shown, ctx, widths[index]);
        return (
          <td key={column.key} className={clip ? CELL.clip : undefined}>
            {shown}
          </td>
        );
      })}
    </>
  );
});

export interface DataRowProps extends RowCellsProps {
  selection: SelectionStore;
  /** A click opens the record (the table's body handles it); not in settings mode. */
  clickable: boolean;
}

export const DataRow = memo(function DataRow({
  row,
  columns,
  widths,
  section,
  from,
  selection,
  clickable,
}: DataRowProps) {
  const selected = useIsSelected(selection, row.id);
  const className = [selected ? CELL.selected : '', clickable ? CELL.clickable : ''].join(' ').trim() || undefined;
  return (
    <tr className={className} aria-selected={selected} data-row-id={row.id}>
      <td className={CELL.checkbox} onClick={stopPropagation}>
        <input
          type="checkbox"
          tabIndex={-1}
          checked={selected}
          onChange={() => selection.toggle(row.id)}
          aria-label={`Выбрать строку ${row.id}`}
        />
      </td>
      <RowCells row={row} columns={columns} widths={widths} section={section} from={from} />
    </tr>
  );
});
