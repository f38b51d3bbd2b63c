import { columns as productsColumns } from '../domain/products/resource';
import { columns as offersColumns } from '../domain/offers/resource';
import { columns as citiesColumns } from '../domain/cities/resource';
import { useState } from 'react';
import { render, screen, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { DataTable, type Row, type SortState } from '../src/components/DataTable/DataTable';
import {
  buildColumns,
  moveColumn,
  toConfig,
  type CellProps,
  type TableColumn,
} from '../src/components/DataTable/columns';
import { TableSettingsPanel } from '../src/components/DataTable/TableSettingsPanel';
import { KEYBOARD_RESIZE_STEP } from '../src/components/DataTable/HeaderCell';
import { createSelectionStore, useSelectionStore } from '../src/components/DataTable/selection';
import { permissions } from './support/render';
import { SPEC_HIDDEN_FIELDS } from '../domain/hiddenFields';

const admin = permissions({ is_admin: true, user_type: 'admin' });
const rows: Row[] = [
  { id: 1, name: 'Миндаль', status: 'active', created_at: '2026-03-09T10:00:00Z', comments: [] },
  {
    id: 2,
    name: 'Кешью',
    status: 'deactivated',
    created_at: '2026-04-01T10:00:00Z',
    comments: [{ id: 5, text: 'Проверить влажность', author_name: 'Анна', created_at: '2026-04-02T09:30:00Z' }],
  },
  { id: 3, name: 'Фундук', status: 'deleted', created_at: '2026-05-20T10:00:00Z', comments: [] },
];

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function Harness(props: {
  canUpdate?: boolean;
  canDelete?: boolean;
  settingsMode?: boolean;
  onOpenRow?: (id: number) => void;
  onSort?: (s: SortState) => void;
}) {
  const selection = useSelectionStore();
  const [columns, setColumns] = useState<TableColumn[]>(buildColumns('products', productsColumns, null, admin));
  return (
    <MemoryRouter>
      <DataTable
        section="products"
        rows={rows}
        totalItems={3}
        columns={columns}
        onColumnsChange={setColumns}
        settingsMode={props.settingsMode ?? false}
        selection={selection}
        onSort={props.onSort ?? (() => undefined)}
        canUpdate={props.canUpdate ?? true}
        canDelete={props.canDelete ?? true}
        onEdit={() => undefined}
        onDelete={() => undefined}
        onOpenRow={props.onOpenRow ?? (() => undefined)}
        from="/products?page=1"
      />
      <LocationProbe />
      <output data-testid="order">
        {columns
          .filter((c) => c.is_visible)
          .map((c) => `${c.key}:${c.widthPx ?? ''}`)
          .join(',')}
      </output>
    </MemoryRouter>
  );
}

test('select all, select one, highlighted rows and the row count', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  expect(screen.getByTestId('row-count')).toHaveTextContent('Записей: 3');
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать все строки' }));
  expect(screen.getAllByRole('row').filter((r) => r.getAttribute('aria-selected') === 'true')).toHaveLength(3);
  expect(screen.getByTestId('row-count')).toHaveTextContent('выбрано: 3');
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать все строки' }));
  expect(screen.getByTestId('row-count')).not.toHaveTextContent('выбрано');
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать строку 2' }));
  expect(screen.getByRole('checkbox', { name: 'Выбрать все строки' })).toHaveAttribute('data-indeterminate', 'true');
});

test('Редактировать needs exactly one row and the update right; Удалить needs a row and the delete right', async () => {
  const user = userEvent.setup();
  const { unmount } = render(<Harness />);
  const edit = () => screen.getByRole('button', { name: 'Редактировать выбранную строку' });
  const del = () => screen.getByRole('button', { name: 'Удалить выбранные строки' });
  expect(edit()).toBeDisabled();
  expect(del()).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать строку 1' }));
  expect(edit()).toBeEnabled();
  expect(del()).toBeEnabled();
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать строку 2' }));
  expect(edit()).toBeDisabled();
  expect(del()).toBeEnabled();
  unmount();

  render(<Harness canUpdate={false} canDelete={false} />);
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать строку 1' }));
  expect(edit()).toBeDisabled();
  expect(del()).toBeDisabled();
});

test('cells: status badge title, dates dd.MM.yyyy, comments or Нет комментариев, the id links to the record', () => {
  render(<Harness />);
  const second = screen.getAllByRole('row')[2];
  expect(within(second).getByText('Деактивирован')).toBeInTheDocument();
  expect(within(second).getByText('01.04.2026')).toBeInTheDocument();
  expect(within(second).getByText('Проверить влажность')).toBeInTheDocument();
  expect(within(screen.getAllByRole('row')[1]).getByText('Нет комментариев')).toBeInTheDocument();
  expect(within(second).getByRole('link', { name: '2' })).toHaveAttribute('href', '/products/2');
});

test("a deleted row's links carry ?withDeleted, so its card opens from the trash; a live row's do not", async () => {
  const user = userEvent.setup();
  render(<Harness />);
  expect(screen.getByRole('link', { name: '3' })).toHaveAttribute('href', '/products/3?withDeleted');
  expect(screen.getByRole('link', { name: '1' })).toHaveAttribute('href', '/products/1');
  await user.click(screen.getByRole('link', { name: '3' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/products/3?withDeleted');
});

test('a row click opens the record; a checkbox click does not', async () => {
  const user = userEvent.setup();
  const onOpenRow = jest.fn();
  render(<Harness onOpenRow={onOpenRow} />);
  await user.click(screen.getByText('Кешью'));
  expect(onOpenRow).toHaveBeenCalledWith(2);
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать строку 3' }));
  expect(onOpenRow).toHaveBeenCalledTimes(1);
});

test('a header click reveals the sort button; it sorts ascending first', async () => {
  const user = userEvent.setup();
  const onSort = jest.fn();
  render(<Harness onSort={onSort} />);
  expect(screen.queryByRole('button', { name: 'Сортировать по «Название»' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('columnheader', { name: /Название/ }));
  await user.click(screen.getByRole('button', { name: 'Сортировать по «Название»' }));
  expect(onSort).toHaveBeenCalledWith({ key: 'name', order: 'asc' });
});

test('settings mode: hide a column, resize with the keyboard by 25 px', async () => {
  const user = userEvent.setup();
  render(<Harness settingsMode />);
  await user.click(screen.getByRole('button', { name: 'Скрыть столбец «Статус»' }));
  expect(screen.getByTestId('order').textContent).not.toContain('status');
  const grip = screen.getByRole('separator', { name: 'Ширина столбца «Название»' });
  fireEvent.keyDown(grip, { key: 'ArrowRight' });
  expect(KEYBOARD_RESIZE_STEP).toBe(25);
  expect(screen.getByTestId('order').textContent).toContain(`name:${260 + 25}`);
  fireEvent.keyDown(grip, { key: 'ArrowLeft' });
  fireEvent.keyDown(grip, { key: 'ArrowLeft' });
  expect(screen.getByTestId('order').textContent).toContain(`name:${260 - 25}`);
});

test('moving a column gives every column its index as position; the layout saves widths as strings', () => {
  const columns = buildColumns('products', productsColumns, null, admin);
  const moved = moveColumn(columns, 'status', 'id');
  expect(moved.map((c) => [c.key, c.position])).toEqual([
    ['status', 0],
    ['id', 1],
    ['name', 2],
    ['vat_rate', 3],
    ['created_at', 4],
    ['comments', 5],
  ]);
  expect(toConfig(moved).name).toEqual({ position: 2, is_visible: true, width: '260' });
  const restored = buildColumns('products', productsColumns, toConfig(moved), admin);
  expect(restored.map((c) => c.key)).toEqual(['status', 'id', 'name', 'vat_rate', 'created_at', 'comments']);
});

test('columns the role may not see are forbidden and never shown', () => {
  const manager = permissions(
    { hidden_fields: SPEC_HIDDEN_FIELDS['1'] },
    { offers: 'all', suppliers: 'all', cities: 'all', products: 'all' },
  );
  const columns = buildColumns('offers', offersColumns, { supplier: { position: 0, is_visible: true } }, manager);
  expect(columns.find((c) => c.key === 'supplier')).toMatchObject({ isForbidden: true });
  expect(columns.find((c) => c.key === 'unit_price')).toMatchObject({ isForbidden: false });
});

test('the settings panel lists hidden columns, or says none are', async () => {
  const user = userEvent.setup();
  const onColumnsChange = jest.fn();
  const columns = buildColumns('cities', citiesColumns, null, admin); // deleted_at is off by default
  const { rerender } = render(
    <TableSettingsPanel columns={columns} onColumnsChange={onColumnsChange} onReset={jest.fn()} onApply={jest.fn()} />,
  );
  expect(screen.getByRole('heading', { name: 'Настройка таблицы' })).toBeInTheDocument();
  await user.click(screen.getByText('Дата удаления'));
  expect(onColumnsChange.mock.calls[0][0].find((c: TableColumn) => c.key === 'deleted_at').is_visible).toBe(true);
  rerender(
    <TableSettingsPanel
      columns={columns.map((c) => ({ ...c, is_visible: true }))}
      onColumnsChange={onColumnsChange}
      onReset={jest.fn()}
      onApply={jest.fn()}
    />,
  );
  expect(screen.getByText('Все поля выбраны в таблице')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Сбросить' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Применить' })).toBeInTheDocument();
});

test('(de)selecting rows re-renders no cell: rows read their own selection', async () => {
  const user = userEvent.setup();
  const renders = jest.fn();
  function CountingName({ value }: CellProps) {
    renders();
    return <>{String(value)}</>;
  }
  const columns = buildColumns('products', productsColumns, null, admin, { name: CountingName });
  function Table() {
    const selection = useSelectionStore();
    return (
      <MemoryRouter>
        <DataTable
          section="products"
          rows={rows}
          totalItems={3}
          columns={columns}
          onColumnsChange={() => undefined}
          settingsMode={false}
          selection={selection}
          onSort={() => undefined}
          canUpdate
          canDelete
          onEdit={() => undefined}
          onDelete={() => undefined}
          onOpenRow={() => undefined}
          from="/products"
        />
      </MemoryRouter>
    );
  }
  render(<Table />);
  expect(screen.getByText('Кешью')).toBeInTheDocument(); // the column's own renderer draws its cells
  expect(renders).toHaveBeenCalledTimes(3);
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать все строки' }));
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать строку 2' }));
  expect(
    screen
      .getAllByRole('row')
      .filter((r) => r.getAttribute('aria-selected') === 'true')
      .map((r) => r.getAttribute('data-row-id')),
  ).toEqual(['1', '3']);
  expect(screen.getByTestId('row-count')).toHaveTextContent('выбрано: 2');
  expect(renders).toHaveBeenCalledTimes(3);
});

test('a cell whose text may not fit its column ends in an ellipsis; a short one is not clipped', () => {
  const long = 'Миндаль калифорнийский обжаренный несолёный в вакуумной упаковке';
  render(
    <MemoryRouter>
      <DataTable
        section="products"
        rows={[{ id: 7, name: long, status: 'active', created_at: '2026-03-09T10:00:00Z', comments: [] }]}
        totalItems={1}
        columns={buildColumns('products', productsColumns, null, admin)}
        onColumnsChange={() => undefined}
        settingsMode={false}
        selection={createSelectionStore()}
        onSort={() => undefined}
        canUpdate
        canDelete
        onEdit={() => undefined}
        onDelete={() => undefined}
        onOpenRow={() => undefined}
        from="/products"
      />
    </MemoryRouter>,
  );
  expect(screen.getByText(long).closest('td')).toHaveClass('cell-clip');
  expect(screen.getByText('09.03.2026').closest('td')).not.toHaveClass('cell-clip');
  expect(screen.getByRole('link', { name: '7' }).closest('td')).not.toHaveClass('cell-clip');
});
