// 'Изменить выбранные' on the offers list (issue 25): the dialog offers the card's bulk fields, previews each
// selected row's change as the server will compute it (±% half-up to the kopeck), sends one PATCH /api/offers and
// says what happened, listing the rows the cards refused with their reasons; 'Восстановить выбранные' with the
// status filter on 'Удален'.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';

afterEach(() => localStorage.clear());

const offer = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  status: 'active',
  product: { id: 3, name: 'Кешью' },
  variety: null,
  packaging: { id: 1, name: 'Мешок 25 кг' },
  harvest_year: '2025',
  origin_country: 'Вьетнам',
  unit_measure: 'кг',
  unit_amount: '1000.00',
  unit_price: '950.00',
  total_sum: '950000.00',
  reserved_amount: '200.00',
  purchased_amount: '0.00',
  available_amount: '800.00',
  city: { id: 2, name: 'Москва' },
  supplier: { id: 4, name: 'ООО «Орехпром»' },
  created_at: '2026-10-01T10:00:00Z',
  images: [],
  comments: [],
  ...patch,
});

const rows = [offer(1), offer(2, { unit_price: '100.10' }), offer(3, { status: 'deleted' })];

function server(
  options: { perms?: ReturnType<typeof permissions>; patchAnswer?: object; restoreAnswer?: object } = {},
) {
  const perms = options.perms ?? permissions({ is_admin: true, user_type: 'admin' });
  return mockServer(
    ...signedInHandlers(perms),
    route('GET', '/api/offers/summary', () =>
      json({ placed_reserves: { count: 0, sum: '0' }, realized_reserves: { count: 0, sum: '0' }, realized_value: '0' }),
    ),
    route('GET', '/api/filters/offers', () => json({})),
    route('GET', '/api/settings', () => json({ 'table:offers': null })),
    route('GET', '/api/lists/cities/items', () =>
      json([
        { id: 2, name: 'Москва' },
        { id: 7, name: 'Казань' },
      ]),
    ),
    route('PATCH', '/api/offers', () =>
      json(options.patchAnswer ?? { status: 'success', changed: 2, notChanged: 0, refused: [] }),
    ),
    route('POST', '/api/offers/restore', () =>
      json(options.restoreAnswer ?? { status: 'success', restored: 1, notRestored: 0, refused: [] }),
    ),
    route('GET', '/api/offers', () =>
      json({
        data: rows,
        pagination: {
          totalItems: 3,
          currentPage: 1,
          firstPage: 1,
          lastPage: 1,
          perPage: 20,
          pageCount: 1,
          nextPage: null,
          previousPage: null,
          pageURI: '/api/offers?page=1',
        },
      }),
    ),
  );
}

const requests = (fetchMock: jest.Mock, method: string, path: string) =>
  fetchMock.mock.calls
    .map(([r]) => r as Request)
    .filter((r) => r.method === method && new URL(r.url).pathname === path);

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('Записей: 3');
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать строку 1' }));
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать строку 2' }));
  await user.click(screen.getByRole('button', { name: 'Изменить выбранные' }));
  return screen.findByRole('dialog', { name: 'Изменение выбранных записей: 2' });
}

test('price +5 %: the preview per row worked out half-up to the kopeck, one PATCH with {ids, set, adjust}, the selection cleared', async () => {
  const fetchMock = server();
  const user = userEvent.setup();
  renderApp('/offers', { token: 't' });
  const dialog = await openDialog(user);
  // the fields the offers' card edits that make sense in bulk
  for (const label of [
    'Статус',
    'Цена за единицу, ₽',
    'Стоимость доставки на склад, ₽',
    'Город погрузки',
    'Упаковка',
    'Адрес погрузки',
  ]) {
    expect(within(dialog).getByRole('checkbox', { name: label })).toBeInTheDocument();
  }
  const apply = within(dialog).getByRole('button', { name: 'Применить' });
  expect(apply).toBeDisabled();
  await user.click(within(dialog).getByRole('checkbox', { name: 'Цена за единицу, ₽' }));
  await user.click(within(dialog).getByRole('radio', { name: 'На ±%' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Цена за единицу, ₽: Изменение, %' }), '5');
  const preview = within(dialog).getByTestId('bulk-preview');
  const lines = within(preview)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
  // 950,00 × 1,05 = 997,50; 100,10 × 1,05 = 105,105 → 105,11
  expect(lines).toEqual([
    ['№ 1', 'Цена за единицу, ₽', '950,00 ₽', '997,50 ₽'],
    ['№ 2', 'Цена за единицу, ₽', '100,10 ₽', '105,11 ₽'],
  ]);
  await user.click(apply);
  await waitFor(() => expect(requests(fetchMock, 'PATCH', '/api/offers')).toHaveLength(1));
  expect(await requests(fetchMock, 'PATCH', '/api/offers')[0].json()).toEqual({
    ids: [1, 2],
    set: {},
    adjust: { unit_price: 5 },
  });
  expect(await screen.findByText('Изменено: 2 предложения')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Выбрать строку 1' })).not.toBeChecked();
});

test('a bad percentage is said under the field and nothing can be sent; a value and a city are sent as set', async () => {
  const fetchMock = server();
  const user = userEvent.setup();
  renderApp('/offers', { token: 't' });
  const dialog = await openDialog(user);
  await user.click(within(dialog).getByRole('checkbox', { name: 'Цена за единицу, ₽' }));
  await user.click(within(dialog).getByRole('radio', { name: 'На ±%' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Цена за единицу, ₽: Изменение, %' }), '-100');
  expect(
    within(dialog).getByText('Процент — число от -99,99 до 1000, не больше 2 знаков после запятой'),
  ).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Применить' })).toBeDisabled();
  await user.click(within(dialog).getByRole('radio', { name: 'Значение' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Цена за единицу, ₽' }), '1200,50');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Город погрузки' }));
  await user.click(within(dialog).getByRole('combobox', { name: 'Город погрузки' }));
  await user.click(await screen.findByRole('option', { name: 'Казань' }));
  const preview = within(dialog).getByTestId('bulk-preview');
  expect(preview).toHaveTextContent('Москва');
  expect(preview).toHaveTextContent('Казань');
  expect(preview).toHaveTextContent('1 200,50 ₽');
  await user.click(within(dialog).getByRole('button', { name: 'Применить' }));
  await waitFor(() => expect(requests(fetchMock, 'PATCH', '/api/offers')).toHaveLength(1));
  // typed with the Russian comma, sent with a point as the API takes money (issue 35)
  expect(await requests(fetchMock, 'PATCH', '/api/offers')[0].json()).toEqual({
    ids: [1, 2],
    set: { unit_price: '1200.50', city_id: '7' },
  });
});

test("money typed with a point or a comma: '1200.5' and '1200,5' are both sent as '1200.5', the input a decimal text (issue 35)", async () => {
  for (const typed of ['1200.5', '1200,5']) {
    const fetchMock = server();
    const user = userEvent.setup();
    const { unmount } = renderApp('/offers', { token: 't' });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Стоимость доставки на склад, ₽' }));
    const field = within(dialog).getByRole('textbox', { name: 'Стоимость доставки на склад, ₽' });
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('inputmode', 'decimal');
    await user.type(field, typed);
    expect(field).toHaveValue(typed);
    expect(within(dialog).getByTestId('bulk-preview')).toHaveTextContent('1 200,50 ₽');
    await user.click(within(dialog).getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(requests(fetchMock, 'PATCH', '/api/offers')).toHaveLength(1));
    expect(await requests(fetchMock, 'PATCH', '/api/offers')[0].json()).toEqual({
      ids: [1, 2],
      set: { warehouse_cost: '1200.5' },
    });
    unmount();
    localStorage.clear();
  }
});

test('refused rows are listed with their reasons, as the server answered', async () => {
  server({
    patchAnswer: {
      status: 'success',
      changed: 1,
      notChanged: 1,
      warning: 'Успешно изменено: 1 предложение из 2. Не удалось изменить: 1 предложение.',
      refused: [{ id: 2, reason: 'Нельзя завершить предложение: активных резервов — 1' }],
    },
  });
  const user = userEvent.setup();
  renderApp('/offers', { token: 't' });
  const dialog = await openDialog(user);
  await user.click(within(dialog).getByRole('checkbox', { name: 'Статус' }));
  await user.click(within(dialog).getByRole('combobox', { name: 'Статус' }));
  await user.click(await screen.findByRole('option', { name: 'Выполнен' }));
  await user.click(within(dialog).getByRole('button', { name: 'Применить' }));
  expect(
    await within(dialog).findByText('Успешно изменено: 1 предложение из 2. Не удалось изменить: 1 предложение.'),
  ).toBeInTheDocument();
  expect(within(dialog).getByTestId('bulk-refused')).toHaveTextContent(
    '№ 2: Нельзя завершить предложение: активных резервов — 1',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('role 1 is not offered the loading city nor address (hidden from it)', async () => {
  server({
    perms: permissions(
      { role_id: 1, hidden_fields: { offers: ['supplier', 'suppliers_ids', 'city', 'loading_address'] } },
      { offers: 'all' },
    ),
  });
  const user = userEvent.setup();
  renderApp('/offers', { token: 't' });
  const dialog = await openDialog(user);
  expect(within(dialog).getByRole('checkbox', { name: 'Цена за единицу, ₽' })).toBeInTheDocument();
  expect(within(dialog).queryByRole('checkbox', { name: 'Город погрузки' })).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('checkbox', { name: 'Адрес погрузки' })).not.toBeInTheDocument();
});

test("the list filtered on 'Удален' offers 'Восстановить выбранные': one POST with the ids, and what came back", async () => {
  const fetchMock = server();
  const user = userEvent.setup();
  renderApp('/offers?statuses_ids=deleted', { token: 't' });
  await screen.findByText('Записей: 3');
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать строку 3' }));
  await user.click(screen.getByRole('button', { name: 'Восстановить выбранные' }));
  await waitFor(() => expect(requests(fetchMock, 'POST', '/api/offers/restore')).toHaveLength(1));
  expect(await requests(fetchMock, 'POST', '/api/offers/restore')[0].json()).toEqual({ ids: [3] });
  expect(await screen.findByText('Восстановлено: 1 предложение')).toBeInTheDocument();
});
