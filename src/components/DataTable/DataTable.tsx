// The generic data table of spec point 2: selectable rows, a sort button revealed by a header click, the
// edit/delete bar, and (in settings mode) columns dragged to reorder, resized and hidden.
import { useState } from 'react';
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import type { Section } from '../../../domain/sections';
import { moveColumn, resizeColumn, setColumnVisible, shownColumns, type TableColumn } from './columns';
import { HeaderCell } from './HeaderCell';
import { renderCell } from './cells';

export type Row = Record<string, unknown> & { id: number };

export interface SortState {
  key: string;
  order: 'asc' | 'desc';
}

export interface DataTableProps {
  section: Section;
  rows: Row[];
  totalItems: number;
  columns: TableColumn[];
  onColumnsChange(columns: TableColumn[]): void;
  settingsMode: boolean;
  selected: number[];
  onSelectedChange(ids: number[]): void;
  sort?: SortState;
  onSort(sort: SortState): void;
  canUpdate: boolean;
  canDelete: boolean;
  canReserve: boolean;
  onEdit(id: number): void;
  onDelete(): void;
  onOpenRow(id: number): void;
  /** Current path + query, the 'from' state of links. */
  from: string;
}

export function DataTable(props: DataTableProps) {
  const { rows, columns, settingsMode, selected, onSelectedChange, sort } = props;
  const [revealed, setRevealed] = useState<string | null>(null);
  const visible = shownColumns(columns);
  const selectedSet = new Set(selected);
  const allSelected = rows.length > 0 && rows.every((r) => selectedSet.has(r.id));
  const someSelected = rows.some((r) => selectedSet.has(r.id));

  const toggleAll = () => onSelectedChange(allSelected ? [] : rows.map((r) => r.id));
  const toggleRow = (id: number) =>
    onSelectedChange(selectedSet.has(id) ? selected.filter((s) => s !== id) : [...selected, id]);

  const onDragEnd = (result: DropResult) => {
    if (!result.destination) return;
    const from = visible[result.source.index]?.key;
    const to = visible[result.destination.index]?.key;
    if (from && to) props.onColumnsChange(moveColumn(columns, from, to));
  };

  const headerCells = visible.map((column, index) => {
    const common = {
      column,
      settingsMode,
      sortOrder: sort?.key === column.key ? sort.order : undefined,
      sortRevealed: revealed === column.key,
      onReveal: () => setRevealed(column.key),
      onSort: (order: 'asc' | 'desc') => props.onSort({ key: column.key, order }),
      onHide: () => props.onColumnsChange(setColumnVisible(columns, column.key, false)),
      onResize: (width: number) => props.onColumnsChange(resizeColumn(columns, column.key, width)),
    };
    if (!settingsMode) return <HeaderCell key={column.key} {...common} />;
    return (
      <Draggable key={column.key} draggableId={column.key} index={index}>
        {(provided, snapshot) => <HeaderCell {...common} drag={{ provided, snapshot }} />}
      </Draggable>
    );
  });

  const selectAllCell = (
    <TableCell padding="checkbox" sx={{ bgcolor: 'background.paper' }}>
      <Checkbox
        checked={allSelected}
        indeterminate={someSelected && !allSelected}
        onChange={toggleAll}
        disabled={!rows.length}
        slotProps={{ input: { 'aria-label': 'Выбрать все строки' } }}
      />
    </TableCell>
  );

  return (
    <Paper variant="outlined">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }} data-testid="row-count">
          Записей: {props.totalItems}
          {selected.length > 0 && ` · выбрано: ${selected.length}`}
        </Typography>
        <Button
          startIcon={<EditOutlined />}
          aria-label="Редактировать выбранную строку"
          disabled={!(props.canUpdate && selected.length === 1)}
          onClick={() => props.onEdit(selected[0])}
        >
          Редактировать
        </Button>
        <Button
          color="error"
          startIcon={<DeleteOutlined />}
          aria-label="Удалить выбранные строки"
          disabled={!props.canDelete || selected.length === 0}
          onClick={props.onDelete}
        >
          Удалить
        </Button>
      </Box>
      <TableContainer sx={{ maxHeight: '70vh' }}>
        <Table size="small" stickyHeader sx={{ tableLayout: 'auto' }}>
          <TableHead>
            {settingsMode ? (
              <DragDropContext onDragEnd={onDragEnd}>
                <Droppable droppableId="columns" direction="horizontal">
                  {(provided) => (
                    <TableRow ref={provided.innerRef} {...provided.droppableProps}>
                      {selectAllCell}
                      {headerCells}
                      {provided.placeholder}
                    </TableRow>
                  )}
                </Droppable>
              </DragDropContext>
            ) : (
              <TableRow>
                {selectAllCell}
                {headerCells}
              </TableRow>
            )}
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const isSelected = selectedSet.has(row.id);
              return (
                <TableRow
                  key={row.id}
                  hover
                  selected={isSelected}
                  aria-selected={isSelected}
                  onClick={() => !settingsMode && props.onOpenRow(row.id)}
                  sx={{ cursor: settingsMode ? 'default' : 'pointer' }}
                >
                  <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                    <Checkbox
                      checked={isSelected}
                      onChange={() => toggleRow(row.id)}
                      slotProps={{ input: { 'aria-label': `Выбрать строку ${row.id}` } }}
                    />
                  </TableCell>
                  {visible.map((column) => (
                    <TableCell
                      key={column.key}
                      sx={{ width: column.widthPx, maxWidth: column.widthPx, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    >
                      {renderCell(column.type, row[column.key], { section: props.section, row, from: props.from, canReserve: props.canReserve }, column.entity)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
