// The header checkbox: all rows of the page or none; indeterminate when some are chosen.
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import type { ListRow } from '../../../domain/lists';
import { useSelection, type SelectionStore } from './selection';

export function SelectAllCell({ rows, selection }: { rows: ListRow[]; selection: SelectionStore }) {
  useSelection(selection);
  const chosen = rows.filter((r) => selection.has(r.id)).length;
  const allSelected = rows.length > 0 && chosen === rows.length;
  return (
    <TableCell padding="checkbox" sx={{ bgcolor: 'background.paper', padding: '0 0 0 4px' }}>
      <Checkbox
        checked={allSelected}
        indeterminate={chosen > 0 && !allSelected}
        onChange={() => selection.set(allSelected ? [] : rows.map((r) => r.id))}
        disabled={!rows.length}
        slotProps={{ input: { 'aria-label': 'Выбрать все строки', tabIndex: -1 } }}
        tabIndex={-1}
      />
    </TableCell>
  );
}
