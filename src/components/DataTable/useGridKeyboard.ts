// The table from the keyboard: one tab stop, a roving active cell (aria-activedescendant) moved by the
// arrow keys, Home/End (Ctrl: the first/last row), PageUp/PageDown; Space toggles the row's selection (the header's
// first cell: all rows), Enter opens the row (or follows the link or presses the button in the cell; on a header, it
// shows and then presses the sort button). Worked on the DOM, not in React state: moving the active cell re-renders
// nothing, so a page of 200 rows stays as fast as without it. The cells' own links, buttons and checkboxes are out
// of the tab order (tabIndex -1): the table is reached once, then worked inside.
import { useCallback, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';

/** The id the active cell carries while it is active (one table per page). */
export const ACTIVE_CELL_ID = 'data-table-active-cell';
/** The attribute that draws the active cell's outline while the table has the focus (tableStyles.ts). */
export const ACTIVE_ATTR = 'data-active';
/** Rows moved by PageUp/PageDown. */
export const PAGE_STEP = 10;

interface Position {
  row: number;
  col: number;
}

export interface GridKeyboardOptions {
  /** Toggles the selection of a body row, by its record's id. */
  onToggle(id: number): void;
  /** Opens the record of a body row. */
  onOpen?(id: number): void;
}

const INTERACTIVE = 'a[href], button, [role="button"]';

export function useGridKeyboard({ onToggle, onOpen }: GridKeyboardOptions) {
  const tableRef = useRef<HTMLTableElement | null>(null);
  // row 0 is the header; the first body row is where a first visit starts
  const position = useRef<Position>({ row: 1, col: 1 });
  const options = useRef({ onToggle, onOpen });
  options.current = { onToggle, onOpen };

  const cellAt = (table: HTMLTableElement, { row, col }: Position): HTMLTableCellElement | null => {
    const tr = table.rows[row];
    return tr ? (tr.cells[Math.min(col, tr.cells.length - 1)] ?? null) : null;
  };

  /** Marks the cell at `next` active (clamped to the table), scrolled into view. */
  const activate = useCallback((next: Position) => {
    const table = tableRef.current;
    if (!table || !table.rows.length) return;
    const row = Math.max(0, Math.min(next.row, table.rows.length - 1));
    const cells = table.rows[row].cells.length;
    const col = Math.max(0, Math.min(next.col, cells - 1));
    position.current = { row, col };
    const previous = table.querySelector(`[${ACTIVE_ATTR}]`);
    const cell = cellAt(table, position.current);
    if (previous && previous !== cell) {
      previous.removeAttribute(ACTIVE_ATTR);
      if (previous.id === ACTIVE_CELL_ID) previous.removeAttribute('id');
    }
    if (!cell) return;
    cell.setAttribute(ACTIVE_ATTR, '');
    if (!cell.id) cell.id = ACTIVE_CELL_ID;
    table.setAttribute('aria-activedescendant', cell.id);
    // under the sticky header: a body cell scrolls clear of it
    cell.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, []);

  const onFocus = useCallback(
    (event: FocusEvent<HTMLTableElement>) => {
      if (event.target === event.currentTarget) activate(position.current);
    },
    [activate],
  );

  const onBlur = useCallback((event: FocusEvent<HTMLTableElement>) => {
    if (event.target === event.currentTarget) event.currentTarget.removeAttribute('aria-activedescendant');
  }, []);

  /** A click on a cell makes it the active one: the keyboard goes on from where the mouse was. */
  const onMouseDown = useCallback((event: MouseEvent<HTMLTableElement>) => {
    const cell = (event.target as Element).closest('td, th') as HTMLTableCellElement | null;
    const tr = cell?.parentElement as HTMLTableRowElement | null;
    if (!cell || !tr || tr.rowIndex < 0) return;
    position.current = { row: tr.rowIndex, col: cell.cellIndex };
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTableElement>) => {
      // keys pressed on a control inside (a header's sort or resize, in settings mode a dragged header) are its own
      if (event.target !== event.currentTarget) return;
      const table = event.currentTarget;
      const { row, col } = position.current;
      const last = table.rows.length - 1;
      const move = (next: Position) => {
        event.preventDefault();
        activate(next);
      };
      switch (event.key) {
        case 'ArrowDown':
          return move({ row: row + 1, col });
        case 'ArrowUp':
          return move({ row: row - 1, col });
        case 'ArrowRight':
          return move({ row, col: col + 1 });
        case 'ArrowLeft':
          return move({ row, col: col - 1 });
        case 'Home':
          return move(event.ctrlKey ? { row: Math.min(1, last), col: 0 } : { row, col: 0 });
        case 'End':
          return move(
            event.ctrlKey ? { row: last, col: Number.MAX_SAFE_INTEGER } : { row, col: Number.MAX_SAFE_INTEGER },
          );
        case 'PageDown':
          return move({ row: row === 0 ? PAGE_STEP : row + PAGE_STEP, col });
        case 'PageUp':
          return move({ row: Math.max(row === 0 ? 0 : 1, row - PAGE_STEP), col });
        default:
          break;
      }
      if (event.key !== ' ' && event.key !== 'Enter') return;
      const cell = cellAt(table, position.current);
      if (!cell) return;
      event.preventDefault();
      if (row === 0) {
        // the header: Space or Enter on the first cell is 'all rows'; on a column, Enter shows its sort button, again
        // presses it
        const control = cell.querySelector<HTMLElement>('input[type="checkbox"], button[data-sort]');
        if (control) control.click();
        else if (event.key === 'Enter') cell.click();
        return;
      }
      const id = Number((cell.parentElement as HTMLElement).dataset.rowId);
      if (!Number.isFinite(id)) return;
      if (event.key === ' ') {
        options.current.onToggle(id);
        return;
      }
      const inner = col > 0 ? cell.querySelector<HTMLElement>(INTERACTIVE) : null;
      if (inner) inner.click();
      else options.current.onOpen?.(id);
    },
    [activate],
  );

  return { tableRef, onFocus, onBlur, onKeyDown, onMouseDown };
}
