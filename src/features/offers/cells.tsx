// The offers list's own cells: the available amount with 'Зарезервировать' for a caller who may place a
// reserve, on an active offer with stock left. Plain elements with the table's classes (a page may hold 200);
// the table's body follows the plain link in the app, with 'from' for the way back.
import { memo, type CSSProperties } from 'react';
import { formatNumber } from '../../../domain/format';
import { documentsStateDate, documentsStateTitle, type DocumentsState } from '../../../domain/offers/documents';
import { logisticsTitle } from '../../../domain/offers/logistics';
import type { CellProps, CellRenderers } from '../../components/DataTable/columns';
import { CELL } from '../../components/DataTable/tableStyles';

const ROW: CSSProperties = { display: 'flex', alignItems: 'center', gap: 8 };

export const ReserveCell = memo(function ReserveCell({ value, row }: CellProps) {
  const amount = Number(value);
  return (
    <span style={ROW}>
      <span>{formatNumber(value)}</span>
      {amount > 0 && row.status === 'active' && (
        <a className={CELL.button} tabIndex={-1} href={`/reserves/create?offer=${row.id}`}>
          Зарезервировать
        </a>
      )}
    </span>
  );
});

/** A unit's weight to the gram, as it is stored and as its kg price is computed: 0,125, not the 0,13 that the
 * list's 2-decimal numbers would show. */
const weightFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 3 });
export const UnitWeightCell = memo(function UnitWeightCell({ value }: CellProps) {
  return <>{value === null || value === undefined || value === '' ? '' : weightFormat.format(Number(value))}</>;
});

/** The lot's papers: 'В порядке' / 'Истекает через N дн.' / 'Истёк' / 'Не хватает: …' with the first
 * expiry; a lot that cannot ship in the error colour, one expiring soon in the warning colour. */
const STATE_COLOUR: Record<DocumentsState['state'], string | undefined> = {
  ok: undefined,
  expiring: '#ed6c02',
  expired: '#d32f2f',
  missing: '#d32f2f',
};
export const DocumentsStateCell = memo(function DocumentsStateCell({ value }: CellProps) {
  const state = value as DocumentsState | null | undefined;
  if (!state?.state) return null;
  const date = documentsStateDate(state);
  return (
    <span style={{ color: STATE_COLOUR[state.state] }} data-documents-state={state.state}>
      {documentsStateTitle(state)}
      {date && <span style={{ opacity: 0.7 }}> · {date}</span>}
    </span>
  );
});

/** A lot's logistics state by its title ('В пути'), as the card names it. */
export const LogisticsCell = memo(function LogisticsCell({ value }: CellProps) {
  return <>{value ? logisticsTitle(value) : ''}</>;
});

/** The offers list's cells for a caller who may or may not place reserves (stable objects, so rows stay memoised). */
export const RESERVING_CELLS: CellRenderers = {
  available_amount: ReserveCell,
  unit_weight: UnitWeightCell,
  documents_state: DocumentsStateCell,
  logistics_state: LogisticsCell,
};
export const PLAIN_CELLS: CellRenderers = {
  unit_weight: UnitWeightCell,
  documents_state: DocumentsStateCell,
  logistics_state: LogisticsCell,
};
