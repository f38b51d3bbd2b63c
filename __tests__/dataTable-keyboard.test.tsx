// The data table from the keyboard (issue 25): one tab stop; the arrows, Home/End, Ctrl+Home/End and
// PageUp/PageDown move the active cell (aria-activedescendant, outlined while focused); Space toggles the row's
// selection, Enter opens the row, on a header shows and then presses the sort button.
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { columns as productsColumns } from '../domain/products/resource';
import { DataTable, type Row, type SortState } from '../src/components/DataTable/DataTable';
import { buildColumns, type TableColumn } from '../src/components/DataTable/columns';
import { useSelectionStore } from '../src/components/DataTable/selection';
import { PAGE_STEP } from '../src/components/DataTable/useGridKeyboard';
import { permissions } from './support/render';

const admin = permissions({ is_admin: true, user_type: 'admin' });
const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: 101 + i,
  name: `Товар ${i + 1}`,
  status: 'active',
  created_at: '2026-03-09T10:00:00Z',
  comments: [],
}));

function Harness({ onOpenRow, onSort }: { onOpenRow(id: number): void; onSort(s: SortState): void }) {
  const selection = useSelectionStore();
  const [columns, setColumns] = useState<TableColumn[]>(buildColumns('products', productsColumns, null, admin));
  return (
    <MemoryRouter>
      <button type="button">до таблицы</button>
      <DataTable
        section="products"
        rows={rows}
        totalItems={rows.length}
        columns={columns}
        onColumnsChange={setColumns}
        settingsMode={false}
        selection={selection}
        onSort={onSort}
        canUpdate
        canDelete
        onEdit={() => undefined}
        onDelete={() => undefined}
        onOpenRow={onOpenRow}
        from="/products"
      />
      <button type="button">после таблицы</button>
    </MemoryRouter>
  );
}

/** The active cell: its row's record id (or 'header') and its column's index. */
function active() {
  const grid = screen.getByRole('grid');
  const id = grid.getAttribute('aria-activedescendant');
  const cell = id ? (document.getElementById(id) as HTMLTableCellElement) : null;
  if (!cell) return null;
  const tr = cell.parentElement as HTMLTableRowElement;
  return {
    row: tr.dataset.rowId ? Number(tr.dataset.rowId) : 'header',
    col: cell.cellIndex,
    marked: cell.hasAttribute('data-active'),
  };
}

test('one tab stop: Tab enters the table at its first row, the next Tab leaves it', async () => {
  const user = userEvent.setup();
  render(<Harness onOpenRow={jest.fn()} onSort={jest.fn()} />);
  await user.click(screen.getByRole('button', { name: 'до таблицы' }));
  await user.tab();
  expect(screen.getByRole('grid', { name: 'Товары' })).toHaveFocus();
  expect(active()).toEqual({ row: 101, col: 1, marked: true });
  await user.tab();
  // past the 25 checkboxes and links of the rows, and the header's checkbox
  expect(screen.getByRole('button', { name: 'после таблицы' })).toHaveFocus();
  expect(screen.getByRole('grid')).not.toHaveAttribute('aria-activedescendant');
});

test('arrows, Home/End, Ctrl+Home/End and PageUp/PageDown move the active cell', async () => {
  const user = userEvent.setup();
  render(<Harness onOpenRow={jest.fn()} onSort={jest.fn()} />);
  const columns = screen.getAllByRole('columnheader').length;
  screen.getByRole('grid').focus();
  await user.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}');
  expect(active()).toEqual({ row: 103, col: 2, marked: true });
  await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
  expect(active()).toMatchObject({ row: 103, col: 0 });
  await user.keyboard('{End}');
  expect(active()).toMatchObject({ row: 103, col: columns - 1 });
  await user.keyboard('{Home}');
  expect(active()).toMatchObject({ row: 103, col: 0 });
  await user.keyboard('{PageDown}');
  expect(active()).toMatchObject({ row: 103 + PAGE_STEP });
  await user.keyboard('{PageDown}{PageDown}');
  expect(active()).toMatchObject({ row: 125 });
  await user.keyboard('{PageUp}');
  expect(active()).toMatchObject({ row: 125 - PAGE_STEP });
  await user.keyboard('{Control>}{End}{/Control}');
  expect(active()).toEqual({ row: 125, col: columns - 1, marked: true });
  await user.keyboard('{Control>}{Home}{/Control}');
  expect(active()).toMatchObject({ row: 101, col: 0 });
  await user.keyboard('{ArrowUp}');
  expect(active()).toMatchObject({ row: 'header', col: 0 });
  // only one cell is marked at a time
  expect(document.querySelectorAll('[data-active]')).toHaveLength(1);
});

test("Space toggles the row's selection, Enter opens the row; on the header Space selects all", async () => {
  const user = userEvent.setup();
  const onOpenRow = jest.fn();
  render(<Harness onOpenRow={onOpenRow} onSort={jest.fn()} />);
  screen.getByRole('grid').focus();
  await user.keyboard(' ');
  await user.keyboard('{ArrowDown}{ArrowDown} ');
  expect(screen.getByRole('checkbox', { name: 'Выбрать строку 101' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Выбрать строку 103' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Выбрать строку 102' })).not.toBeChecked();
  expect(screen.getByTestId('row-count')).toHaveTextContent('выбрано: 2');
  await user.keyboard(' ');
  expect(screen.getByRole('checkbox', { name: 'Выбрать строку 103' })).not.toBeChecked();
  // on the name (a plain cell; on the id's link Enter follows the link)
  await user.keyboard('{ArrowRight}{Enter}');
  expect(onOpenRow).toHaveBeenCalledWith(103);
  await user.keyboard('{Control>}{Home}{/Control}{ArrowUp} ');
  expect(screen.getByTestId('row-count')).toHaveTextContent('выбрано: 25');
});

test("Enter on a column's header shows its sort button, again sorts by it", async () => {
  const user = userEvent.setup();
  const onSort = jest.fn();
  render(<Harness onOpenRow={jest.fn()} onSort={onSort} />);
  screen.getByRole('grid').focus();
  await user.keyboard('{ArrowUp}{ArrowRight}{Enter}');
  expect(active()).toMatchObject({ row: 'header', col: 2 });
  const name = screen.getAllByRole('columnheader')[2].textContent;
  expect(screen.getByRole('button', { name: `Сортировать по «${name}»` })).toBeInTheDocument();
  await user.keyboard('{Enter}');
  expect(onSort).toHaveBeenCalledWith({ key: expect.any(String), order: 'asc' });
});
