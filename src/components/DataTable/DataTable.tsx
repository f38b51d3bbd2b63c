// The generic data table of spec point 2: selectable rows, a sort button revealed by a header click, the
// edit/delete bar, and (in settings mode) columns dragged to reorder, resized and hidden. The selection is a
// store (selection.ts) read per row, so the table itself does not re-render when it changes.
import { memo, useCallback, useMemo, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { cspNonce } from '../cspNonce';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ListRow } from '../../../domain/lists';
import type { Section } from '../../../domain/sections';
import type { SelectionStore } from './selection';
import type { SortState } from '../../../domain/listQuery';
import { columnWidth, moveColumn, resizeColumn, setColumnVisible, shownColumns, type TableColumn } from './columns';
import { DataRow } from './DataRow';
import { HeaderCell } from './HeaderCell';
import { SelectAllCell } from './SelectAllCell';
import { TableToolbar, type SelectionActions } from './TableToolbar';
import { tableSx } from './tableStyles';
import { useGridKeyboard } from './useGridKeyboard';
import { SECTION } from '../../../domain/sections';

export type Row = ListRow;
export type { SortState };

export interface DataTableProps {
  section: Section;
  rows: ListRow[];
  /** The row count as shown: a number, or a text ('более 10 000'). */
  totalItems: number | string;
  columns: TableColumn[];
  onColumnsChange(columns: TableColumn[]): void;
  settingsMode: boolean;
  selection: SelectionStore;
  sort?: SortState;
  onSort(sort: SortState): void;
  canUpdate: boolean;
  canDelete: boolean;
  onEdit(id: number): void;
  onDelete(): void;
  onOpenRow(id: number): void;
  /** 'Изменить выбранные', where the caller may change several records at once. */
  onBulkEdit?(): void;
  /** 'Восстановить выбранные', where the list shows deleted records and the caller may restore them. */
  onRestore?(): void;
  restoring?: boolean;
  /** The section's own buttons for the chosen rows (TableToolbar). */
  selectionActions?: SelectionActions;
  /** Current path + query, the 'from' state of links. */
  from: string;
}

const CHECKBOX_WIDTH = 48;

/** A plain click that the browser would follow in this tab (not a new tab, window or download). */
const isPlainClick = (event: MouseEvent, link: HTMLAnchorElement) =>
  event.button === 0 &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey &&
  !link.target &&
  !link.hasAttribute('download');

/**
 * The rows, and one click handler for all of them: a click on a row opens its record, a click on a link in a
 * cell goes where the link points (in the app, keeping 'from' for the way back), as react-router's Link would.
 * Cells hold plain <a href> instead of a Link each: 200 rows × four links of hooks and closures was a fifth of
 * a page's render.
 */
const Body = memo(function Body({
  rows,
  columns,
  widths,
  section,
  from,
  selection,
  onOpen,
}: {
  rows: ListRow[];
  columns: TableColumn[];
  widths: number[];
  section: Section;
  from: string;
  selection: SelectionStore;
  onOpen?(id: number): void;
}) {
  const navigate = useNavigate();
  const onClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const target = event.target as Element;
      const link = target.closest('a');
      if (link && event.currentTarget.contains(link)) {
        if (!event.defaultPrevented && isPlainClick(event, link) && link.origin === window.location.origin) {
          event.preventDefault();
          navigate(`${link.pathname}${link.search}${link.hash}`, { state: { from } });
        }
        return; // a link never opens the row
      }
      const row = target.closest<HTMLElement>('tr[data-row-id]');
      if (row && onOpen) onOpen(Number(row.dataset.rowId));
    },
    [navigate, from, onOpen],
  );
  return (
    <TableBody onClick={onClick}>
      {rows.map((row) => (
        <DataRow
          key={row.id}
          row={row}
          columns={columns}
          widths={widths}
          section={section}
          from={from}
          selection={selection}
          clickable={!!onOpen}
        />
      ))}
    </TableBody>
  );
});

export function DataTable(props: DataTableProps) {
  const { rows, columns, settingsMode, selection, sort, onColumnsChange, onSort } = props;
  const [revealed, setRevealed] = useState<string | null>(null);
  const visible = useMemo(() => shownColumns(columns), [columns]);
  // a fixed layout: widths come from the headers, so a changed cell never re-measures the whole table
  const columnWidths = useMemo(() => visible.map(columnWidth), [visible]);
  const widths = useMemo(() => [CHECKBOX_WIDTH, ...columnWidths], [columnWidths]);
  const tableWidth = widths.reduce((sum, width) => sum + width, 0);
  const sx = useMemo(() => tableSx(widths), [widths]);

  const onDragEnd = (result: DropResult) => {
    if (!result.destination) return;
    const from = visible[result.source.index]?.key;
    const to = visible[result.destination.index]?.key;
    if (from && to) onColumnsChange(moveColumn(columns, from, to));
  };

  const onReveal = useCallback((key: string) => setRevealed(key), []);
  const onSortColumn = useCallback((key: string, order: 'asc' | 'desc') => onSort({ key, order }), [onSort]);
  const onHide = useCallback(
    (key: string) => onColumnsChange(setColumnVisible(columns, key, false)),
    [columns, onColumnsChange],
  );
  const onResize = useCallback(
    (key: string, width: number) => onColumnsChange(resizeColumn(columns, key, width)),
    [columns, onColumnsChange],
  );

  const headerCells = visible.map((column, index) => {
    const common = {
      column,
      settingsMode,
      sortOrder: sort?.key === column.key ? sort.order : undefined,
      sortRevealed: revealed === column.key,
      onReveal,
      onSort: onSortColumn,
      onHide,
      onResize,
    };
    if (!settingsMode) return <HeaderCell key={column.key} {...common} />;
    return (
      <Draggable key={column.key} draggableId={column.key} index={index}>
        {(provided, snapshot) => <HeaderCell {...common} drag={{ provided, snapshot }} />}
      </Draggable>
    );
  });

  const selectAll = <SelectAllCell rows={rows} selection={selection} />;
  const keyboard = useGridKeyboard({ onToggle: selection.toggle, onOpen: settingsMode ? undefined : props.onOpenRow });

  return (
    <Paper variant="outlined">
      <TableToolbar
        totalItems={props.totalItems}
        selection={selection}
        canUpdate={props.canUpdate}
        canDelete={props.canDelete}
        onEdit={props.onEdit}
        onDelete={props.onDelete}
        onBulkEdit={props.onBulkEdit}
        onRestore={props.onRestore}
        restoring={props.restoring}
        selectionActions={props.selectionActions}
        rows={rows}
      />
      <TableContainer sx={{ maxHeight: '70vh' }}>
        {/* the column widths, stated once (tableSx), never measured from the cells */}
        {/* one tab stop: the keyboard moves an active cell inside (useGridKeyboard) */}
        <Table
          size="small"
          sx={sx}
          style={{ width: tableWidth, minWidth: '100%' }}
          ref={keyboard.tableRef}
          role="grid"
          aria-label={SECTION[props.section].title}
          aria-multiselectable
          aria-rowcount={rows.length + 1}
          tabIndex={0}
          onFocus={keyboard.onFocus}
          onBlur={keyboard.onBlur}
          onKeyDown={keyboard.onKeyDown}
          onMouseDown={keyboard.onMouseDown}
        >
          <TableHead>
            {settingsMode ? (
              <DragDropContext onDragEnd={onDragEnd} nonce={cspNonce()}>
                <Droppable droppableId="columns" direction="horizontal">
                  {(provided) => (
                    <TableRow ref={provided.innerRef} {...provided.droppableProps}>
                      {selectAll}
                      {headerCells}
                      {provided.placeholder}
                    </TableRow>
                  )}
                </Droppable>
              </DragDropContext>
            ) : (
              <TableRow>
                {selectAll}
                {headerCells}
              </TableRow>
            )}
          </TableHead>
          <Body
            rows={rows}
            columns={visible}
            widths={columnWidths}
            section={props.section}
            from={props.from}
            selection={selection}
            onOpen={settingsMode ? undefined : props.onOpenRow}
          />
        </Table>
      </TableContainer>
    </Paper>
  );
}
