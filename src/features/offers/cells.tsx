// The offers list's own cells: the available amount with 'Зарезервировать' for a caller who may place a
// reserve, on an active offer with stock left.
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { formatNumber } from '../../../domain/format';
import type { CellProps, CellRenderers } from '../../components/DataTable/columns';

const stop = (event: React.SyntheticEvent) => event.stopPropagation();

export const ReserveCell = memo(function ReserveCell({ value, row, from }: CellProps) {
  const amount = Number(value);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <span>{formatNumber(value)}</span>
      {amount > 0 && row.status === 'active' && (
        <Button size="small" variant="outlined" component={RouterLink} to={`/reserves/create?offer_id=${row.id}`} state={{ from }} onClick={stop}>
          Зарезервировать
        </Button>
      )}
    </Box>
  );
});

/** The offers list's cells for a caller who may or may not place reserves (stable objects, so rows stay memoised). */
export const RESERVING_CELLS: CellRenderers = { available_amount: ReserveCell };
export const PLAIN_CELLS: CellRenderers = {};
