// One header: sort button (revealed by a click), and in settings mode a drag handle, a resize grip with a
// 25 px keyboard step, and a button that hides the column. A title too long for its column wraps onto a
// second line and carries the full title as a tooltip.
import { memo, useRef } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';
import type { DraggableProvided, DraggableStateSnapshot } from '@hello-pangea/dnd';
import type { TableColumn } from './columns';

export const DRAGGED_HEADER_COLOUR = '#EAF5CE';
export const KEYBOARD_RESIZE_STEP = 25;

// up to two lines, broken inside a word only when a word is wider than the column
const HEADER_TITLE_SX = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  lineHeight: 1.25,
} as const;

export interface HeaderCellProps {
  column: TableColumn;
  settingsMode: boolean;
  sortOrder?: 'asc' | 'desc';
  sortRevealed: boolean;
  onReveal(key: string): void;
  onSort(key: string, order: 'asc' | 'desc'): void;
  onHide(key: string): void;
  onResize(key: string, widthPx: number): void;
  drag?: { provided: DraggableProvided; snapshot: DraggableStateSnapshot };
}

export const HeaderCell = memo(function HeaderCell({
  column,
  settingsMode,
  sortOrder,
  sortRevealed,
  onReveal,
  onSort,
  onHide,
  onResize,
  drag,
}: HeaderCellProps) {
  const { key } = column;
  const cellRef = useRef<HTMLTableCellElement | null>(null);
  const currentWidth = () => column.widthPx ?? cellRef.current?.getBoundingClientRect().width ?? 120;

  const startResize = (event: React.MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const startWidth = currentWidth();
    const move = (e: MouseEvent) => onResize(key, startWidth + e.clientX - startX);
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  const resizeByKey = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowRight') onResize(key, currentWidth() + KEYBOARD_RESIZE_STEP);
    else if (event.key === 'ArrowLeft') onResize(key, currentWidth() - KEYBOARD_RESIZE_STEP);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const sortable = column.sortable !== false && !settingsMode;
  const nextOrder = sortOrder === 'asc' ? 'desc' : 'asc';

  return (
    <TableCell
      ref={(node: HTMLTableCellElement | null) => {
        cellRef.current = node;
        drag?.provided.innerRef(node);
      }}
      {...drag?.provided.draggableProps}
      {...drag?.provided.dragHandleProps}
      data-column={column.key}
      aria-sort={sortOrder === 'asc' ? 'ascending' : sortOrder === 'desc' ? 'descending' : undefined}
      onClick={sortable ? () => onReveal(key) : undefined}
      sx={{
        position: 'relative',
        fontWeight: 500,
        verticalAlign: 'bottom',
        cursor: settingsMode ? 'grab' : sortable ? 'pointer' : undefined,
        bgcolor: drag?.snapshot.isDragging ? DRAGGED_HEADER_COLOUR : 'background.paper',
        userSelect: 'none',
        ...(drag?.provided.draggableProps.style as object),
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, overflow: 'hidden' }}>
        <Box component="span" title={column.title} sx={HEADER_TITLE_SX}>
          {column.title}
        </Box>
        {sortable && (sortRevealed || sortOrder) && (
          <IconButton
            size="small"
            aria-label={`Сортировать по «${column.title}»`}
            data-sort
            tabIndex={settingsMode ? undefined : -1}
            onClick={(e) => {
              e.stopPropagation();
              onSort(key, sortOrder ? nextOrder : 'asc');
            }}
          >
            {sortOrder === 'desc' ? <ArrowDownward fontSize="inherit" /> : <ArrowUpward fontSize="inherit" />}
          </IconButton>
        )}
        {settingsMode && column.key !== 'id' && (
          <IconButton
            size="small"
            aria-label={`Скрыть столбец «${column.title}»`}
            onClick={(e) => {
              e.stopPropagation();
              onHide(key);
            }}
          >
            <VisibilityOff fontSize="inherit" />
          </IconButton>
        )}
      </Box>
      {settingsMode && (
        <Box
          role="separator"
          aria-orientation="vertical"
          aria-label={`Ширина столбца «${column.title}»`}
          aria-valuenow={Math.round(column.widthPx ?? 0)}
          tabIndex={0}
          onMouseDown={startResize}
          onKeyDown={resizeByKey}
          onClick={(e) => e.stopPropagation()}
          sx={{
            position: 'absolute',
            right: 0,
            top: 0,
            bottom: 0,
            width: 8,
            cursor: 'col-resize',
            '&:hover, &:focus': { bgcolor: 'primary.light', outline: 'none' },
          }}
        />
      )}
    </TableCell>
  );
});
