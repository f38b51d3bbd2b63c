// The offers list's own cells: the available amount with 'Зарезервировать' for a caller who may place a
// reserve, on an active offer with stock left. Plain elements with the table's classes (a page may hold 200).
import { memo, type CSSProperties } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../domain/format';
import type { CellProps, CellRenderers } from '../../components/DataTable/columns';
import { CELL } from '../../components/DataTable/tableStyles';

const stop = (event: React.SyntheticEvent) => event.stopPropagation();
const ROW: CSSProperties = { display: 'flex', alignItems: 'center', gap: 8 };

export const ReserveCell = memo(function ReserveCell({ value, row, from }: CellProps) {
  const amount = Number(value);
  return (
    <span style={ROW}>
      <span>{formatNumber(value)}</span>
      {amount > 0 && row.status === 'active' && (
        <RouterLink className={CELL.button} to={`/reserves/create?offer=${row.id}`} state={{ from }} onClick={stop}>
          Зарезервировать
        </RouterLink>
      )}
    </span>
  );
});

/** The offers list's cells for a caller who may or may not place reserves (stable objects, so rows stay memoised). */
export const RESERVING_CELLS: CellRenderers = { available_amount: ReserveCell };
export const PLAIN_CELLS: CellRenderers = {};
