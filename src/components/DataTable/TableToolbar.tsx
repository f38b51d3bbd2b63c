// The bar above the table: the row count and what is selected, 'Редактировать' (exactly one row and the update
// right) and 'Удалить' (a row and the delete right). It follows the selection; the rows do not follow it.
import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import { BULK_MSG, RESTORE_MSG } from '../../../domain/bulk';
import type { ListRow } from '../../../domain/lists';
import { useSelection, type SelectionStore } from './selection';

/** A section's own buttons for the chosen rows (the reserves' papers): the chosen ids and the page's rows. */
export type SelectionActions = ComponentType<{ ids: number[]; rows: readonly ListRow[] }>;

export interface TableToolbarProps {
  /** The row count as shown: a number, or a text ('более 10 000'). */
  totalItems: number | string;
  selection: SelectionStore;
  canUpdate: boolean;
  canDelete: boolean;
  onEdit(id: number): void;
  onDelete(): void;
  onBulkEdit?(): void;
  onRestore?(): void;
  restoring?: boolean;
  /** The section's own buttons for the chosen rows, shown while some are chosen. */
  selectionActions?: SelectionActions;
  rows?: readonly ListRow[];
}

export function TableToolbar({
  totalItems,
  selection,
  canUpdate,
  canDelete,
  onEdit,
  onDelete,
  onBulkEdit,
  onRestore,
  restoring,
  selectionActions: Actions,
  rows = [],
}: TableToolbarProps) {
  const count = useSelection(selection).size();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }} data-testid="row-count">
        Записей: {totalItems}
        {count > 0 && ` · выбрано: ${count}`}
      </Typography>
      <Button
        startIcon={<EditOutlined />}
        aria-label="Редактировать выбранную строку"
        disabled={!(canUpdate && count === 1)}
        onClick={() => onEdit(selection.ids()[0])}
      >
        Редактировать
      </Button>
      {Actions && count > 0 && <Actions ids={selection.ids()} rows={rows} />}
      {onBulkEdit && (
        <Button startIcon={<EditNoteOutlined />} disabled={count === 0} onClick={onBulkEdit}>
          {BULK_MSG.button}
        </Button>
      )}
      {onRestore && (
        <Button startIcon={<RestoreFromTrashOutlined />} disabled={count === 0 || restoring} onClick={onRestore}>
          {RESTORE_MSG.bulkButton}
        </Button>
      )}
      <Button
        color="error"
        startIcon={<DeleteOutlined />}
        aria-label="Удалить выбранные строки"
        disabled={!canDelete || count === 0}
        onClick={onDelete}
      >
        Удалить
      </Button>
    </Box>
  );
}
