// The offers list's own cells: the available amount with 'Зарезервировать' for a caller who may place a
// reserve, on an active offer with stock left. Plain elements with the table's classes (a page may hold 200);
// the table's body follows the plain link in the app, with 'from' for the way back.
import { memo, type CSSProperties } from 'react';
import { formatNumber } from '../../../domain/format';
import type { CellProps, CellRenderers } from '../../components/DataTable/columns';
import { CELL } from '../../components/DataTable/tableStyles';

const ROW: CSSProperties = { display: 'flex', alignItems: 'center', gap: 8 };

export const ReserveCell = memo(function ReserveCell({ value, row }: CellProps) {
  const amount = Number(value);
  return (
    <span style={ROW}>
      <span>{formatNumber(value)}</span>
      {amount > 0 && row.status === 'active' && (
        <a className={CELL.button} href={`/reserves/create?offer=${row.id}`}>
          Зарезервировать
        </a>
      )}
    </span>
  );
});

/** The offers list's cells for a caller who may or may not place reserves (stable objects, so rows stay memoised). */
export const RESERVING_CELLS: CellRenderers = { available_amount: ReserveCell };
export const PLAIN_CELLS: CellRenderers = {};
