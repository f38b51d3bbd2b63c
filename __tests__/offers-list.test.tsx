import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';
import { UnitWeightCell } from '../src/features/offers/cells';

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

const page = (ids: number[], pageNo: number, total: number, perPage: number) => ({
  data: ids.map((id) => offer(id)),
  pagination: {
    totalItems: total,
    currentPage: pageNo,
    firstPage: 1,
    lastPage: Math.ceil(total / perPage),
    perPage,
    pageCount: Math.ceil(total / perPage),
    nextPage: null,
    previousPage: null,
    pageURI: `/api/offers?page=${pageNo}`,
  },
});

const summary = {
  placed_reserves: { count: 12, sum: '1530000.50' },
  realized_reserves: { count: 7, sum: '820000.00' },
  realized_value: '640000.00',
};

function server(
  options: {
    perms?: ReturnType<typeof permissions>;
    deleteAnswer?: object;
    total?: number;
    savedFilter?: object;
    summary?: object;
  } = {},
) {
  const perms = options.perms ?? permissions({ is_admin: true, user_type: 'admin' });
  const total = options.total ?? 45;
  return mockServer(
    ...signedInHandlers(perms),
    route('GET', '/api/offers/summary', () => json(options.summary ?? summary)),
    route('GET', '/api/filters/offers', () => json(options.savedFilter ?? {})),
    route('GET', '/api/settings', () => json({ 'table:offers': null })),
    route('PUT', '/api/settings', () => json({ status: 'success' })),
    route('DELETE', '/api/offers', () =>
      json(options.deleteAnswer ?? { status: 'success', deleted: 2, notDeleted: 0 }),
    ),
    route('GET', '/api/offers', (request) => {
      const url = new URL(request.url);
      const p = Number(url.searchParams.get('page'));
      const perPage = Number(url.searchParams.get('perPage'));
      const pages = Math.max(1, Math.ceil(total / perPage));
      if (p > pages)
        return json(
          { status: 'error', error: 'validation', messages: [`Страницы ${p} нет: всего страниц ${pages}`] },
          400,
        );
      const first = (p - 1) * perPage + 1;
      const ids = Array.from({ length: Math.max(0, Math.min(perPage, total - first + 1)) }, (_, i) => first + i);
      return json(page(ids, p, total, perPage));
    }),
  );
}

const requests = (fetchMock: jest.Mock, method: string, path: string) =>
  fetchMock.mock.calls
    .map(([r]) => r as Request)
    .filter((r) => r.method === method && new URL(r.url).pathname === path);

test('the offers page: title, real tiles, the add link, rows and the request sent', async () => {
  const fetchMock = server();
  renderApp('/offers', { token: 't' });
  expect(await screen.findByRole('heading', { name: 'Предложения' })).toBeInTheDocument();
  expect(await screen.findByRole('group', { name: 'Размещённые резервы' })).toHaveTextContent('12');
  expect(screen.getByRole('group', { name: 'Стоимость реализованных предложений' })).toHaveTextContent('640 000,00 ₽');
  expect(screen.getByRole('link', { name: 'Добавить предложение' })).toHaveAttribute('href', '/offers/create');
  expect(await screen.findByText('Записей: 45')).toBeInTheDocument();
  expect(screen.getAllByText('Кешью')).toHaveLength(20);
  const url = new URL(requests(fetchMock, 'GET', '/api/offers')[0].url);
  expect(url.searchParams.get('page')).toBe('1');
  expect(url.searchParams.get('perPage')).toBe('20');
});

test('a figure the server leaves out (role 8: the selling totals) draws no total', async () => {
  server({ summary: { placed_reserves: { count: 12 }, realized_reserves: { count: 7 }, realized_value: '640000.00' } });
  renderApp('/offers', { token: 't' });
  expect(await screen.findByRole('group', { name: 'Размещённые резервы' })).toHaveTextContent(
    /^Размещённые резервы12$/,
  );
  expect(screen.getByRole('group', { name: 'Реализованные резервы' })).not.toHaveTextContent('₽');
  expect(screen.getByRole('group', { name: 'Стоимость реализованных предложений' })).toHaveTextContent('640 000,00 ₽');
});

test("a reader with no reserve figure (a supplier's user) gets no tiles", async () => {
  server({ summary: {} });
  renderApp('/offers', { token: 't' });
  expect(await screen.findByText('Записей: 45')).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: /резерв|предложений/ })).not.toBeInTheDocument();
});

test('without the create right there is no add link', async () => {
  const perms = permissions({}, { offers: 'none' });
  perms.role_permissions.offers.read = 'all';
  server({ perms });
  renderApp('/offers', { token: 't' });
  await screen.findByText('Записей: 45');
  expect(screen.queryByRole('link', { name: 'Добавить предложение' })).not.toBeInTheDocument();
});

test('paging lives in the query string; a new page size goes back to page 1', async () => {
  const user = userEvent.setup();
  const fetchMock = server();
  const { router } = renderApp('/offers?page=2', { token: 't' });
  await screen.findByText('Записей: 45');
  expect(screen.getByText('21–40 из 45')).toBeInTheDocument();
  await user.click(screen.getByRole('combobox'));
  await user.click(await screen.findByRole('option', { name: '50' }));
  await waitFor(() => expect(router.state.location.search).toBe('?page=1&perPage=50'));
  await waitFor(() =>
    expect(
      requests(fetchMock, 'GET', '/api/offers').some((r) => r.url.includes('perPage=50') && r.url.includes('page=1')),
    ).toBe(true),
  );
  expect(screen.getByRole('button', { name: 'Перейти на следующую страницу' })).toBeDisabled(); // 45 rows fit on one page of 50
});

test('deleting two offers, one with active reserves: the confirmation, the request and the warning', async () => {
  const user = userEvent.setup();
  const fetchMock = server({
    deleteAnswer: {
      status: 'success',
      deleted: 1,
      notDeleted: 1,
      warning: 'Успешно удалено: 1 предложение из 2. Не удалось удалить: 1 предложение.',
    },
  });
  renderApp('/offers', { token: 't' });
  await screen.findByText('Записей: 45');
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать строку 1' }));
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать строку 2' }));
  await user.click(screen.getByRole('button', { name: 'Удалить выбранные строки' }));
  const dialog = await screen.findByRole('dialog', { name: 'Удалить' });
  expect(dialog).toHaveTextContent('Вы действительно хотите удалить выбранные предложения?');
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
  expect(
    await screen.findByText('Успешно удалено: 1 предложение из 2. Не удалось удалить: 1 предложение.'),
  ).toBeInTheDocument();
  expect(await requests(fetchMock, 'DELETE', '/api/offers')[0].json()).toEqual({ ids: [1, 2] });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('checkbox', { name: 'Выбрать строку 1' })).not.toBeChecked();
  await waitFor(() => expect(requests(fetchMock, 'GET', '/api/offers').length).toBeGreaterThan(1)); // reloaded
});

const noneDeleted = (reasons: Record<string, number>) => ({
  status: 'success',
  deleted: 0,
  notDeleted: 1,
  reasons: { kept: 0, forbidden: 0, deleted: 0, missing: 0, ...reasons },
});

test('Отменить deletes nothing; zero deleted says why', async () => {
  const user = userEvent.setup();
  const fetchMock = server({ deleteAnswer: noneDeleted({ kept: 1 }) });
  renderApp('/offers', { token: 't' });
  await screen.findByText('Записей: 45');
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать строку 3' }));
  await user.click(screen.getByRole('button', { name: 'Удалить выбранные строки' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отменить' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(requests(fetchMock, 'DELETE', '/api/offers')).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Удалить выбранные строки' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
  expect(await screen.findByText('Нельзя удалять предложение с активными резервами')).toBeInTheDocument();
});

test.each([
  [{ forbidden: 1 }, 'Нет прав на удаление выбранных записей'],
  [{ deleted: 1 }, 'Выбранные записи уже удалены'],
  [{ kept: 1, deleted: 1 }, 'Нельзя удалять предложение с активными резервами. Выбранные записи уже удалены'],
])('a zero delete for another reason (%j) says that one, not the reserves text', async (reasons, text) => {
  const user = userEvent.setup();
  const fetchMock = server({ deleteAnswer: noneDeleted(reasons) });
  renderApp('/offers', { token: 't' });
  await screen.findByText('Записей: 45');
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать строку 4' }));
  await user.click(screen.getByRole('button', { name: 'Удалить выбранные строки' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(await requests(fetchMock, 'DELETE', '/api/offers')[0].json()).toEqual({ ids: [4] });
  if (!('kept' in reasons))
    expect(screen.queryByText('Нельзя удалять предложение с активными резервами')).not.toBeInTheDocument();
});

test('table settings: hide a column, Применить saves the layout for this user', async () => {
  const user = userEvent.setup();
  const fetchMock = server();
  renderApp('/offers', { token: 't' });
  await screen.findByText('Записей: 45');
  await user.click(screen.getByRole('button', { name: 'Настроить таблицу' }));
  const panel = screen.getByRole('region', { name: 'Настройка таблицы' });
  await user.click(screen.getByRole('button', { name: 'Скрыть столбец «Страна происхождения»' }));
  expect(within(panel).getByText('Страна происхождения')).toBeInTheDocument();
  await user.click(within(panel).getByRole('button', { name: 'Применить' }));
  const body = await requests(fetchMock, 'PUT', '/api/settings')[0].json();
  expect(body['table:offers'].origin_country).toEqual({ position: 7, is_visible: false, width: '180' }); // 'происхождения' needs 180 px (declared 160)
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Настройка таблицы' })).not.toBeInTheDocument());
});

test('an empty list shows the illustration and Пока здесь пусто...', async () => {
  server({ total: 0 });
  renderApp('/offers', { token: 't' });
  expect(await screen.findByText('Пока здесь пусто...')).toBeInTheDocument();
});

test('Сбросить brings the default columns back before anything is saved', async () => {
  const user = userEvent.setup();
  const fetchMock = server();
  renderApp('/offers', { token: 't' });
  await screen.findByText('Записей: 45');
  await user.click(screen.getByRole('button', { name: 'Настроить таблицу' }));
  await user.click(screen.getByRole('button', { name: 'Скрыть столбец «Страна происхождения»' }));
  // in settings mode headers are drag handles: find them by their column
  expect(document.querySelector('th[data-column="origin_country"]')).toBeNull();
  await user.click(
    within(screen.getByRole('region', { name: 'Настройка таблицы' })).getByRole('button', { name: 'Сбросить' }),
  );
  expect(document.querySelector('th[data-column="origin_country"]')).not.toBeNull();
  expect(requests(fetchMock, 'PUT', '/api/settings')).toHaveLength(0);
});

test("opening a list without a filter applies the user's saved default filter", async () => {
  const fetchMock = server({ savedFilter: { statuses_ids: ['active'], unit_price: { from: '500' } } });
  const { router } = renderApp('/offers', { token: 't' });
  await waitFor(() => expect(router.state.location.search).toBe('?statuses_ids=active&unit_price_from=500&page=1'));
  await waitFor(() =>
    expect(
      requests(fetchMock, 'GET', '/api/offers').some((r) => {
        const q = new URL(r.url).searchParams;
        return q.get('statuses_ids') === 'active' && q.get('unit_price_from') === '500';
      }),
    ).toBe(true),
  );
});

test('a link to a page that no longer exists lands on page 1', async () => {
  const fetchMock = server();
  const { router } = renderApp('/offers?page=9&perPage=20', { token: 't' });
  await waitFor(() => expect(router.state.location.search).toBe('?page=1&perPage=20'));
  expect(await screen.findByText('Записей: 45')).toBeInTheDocument();
  expect(requests(fetchMock, 'GET', '/api/offers').map((r) => new URL(r.url).searchParams.get('page'))).toEqual(
    expect.arrayContaining(['9', '1']),
  );
});

test("one click on a sorted column's control flips the order, also after its header was clicked again", async () => {
  const user = userEvent.setup();
  server();
  const { router } = renderApp('/offers', { token: 't' });
  await screen.findByText('Записей: 45');
  const header = () => screen.getByRole('columnheader', { name: /Количество/ });
  const control = () => within(header()).getByRole('button', { name: 'Сортировать по «Количество»' });
  await user.click(header());
  await user.click(control());
  await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('order')).toBe('asc'));
  await user.click(header());
  await user.click(control());
  await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('order')).toBe('desc'));
  await user.click(control());
  await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('order')).toBe('asc'));
  expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('unit_amount');
});

test('at narrow widths the figures keep their ₽ on their line and the heading actions do not wrap', async () => {
  server();
  renderApp('/offers', { token: 't' });
  const tile = await screen.findByRole('group', { name: 'Стоимость реализованных предложений' });
  expect(getComputedStyle(within(tile).getByText('640 000,00 ₽')).whiteSpace).toBe('nowrap');
  const add = screen.getByRole('link', { name: 'Добавить предложение' });
  expect(getComputedStyle(add).whiteSpace).toBe('nowrap');
  expect(getComputedStyle(add).flexShrink).toBe('0');
});

test('a column header too long for its width wraps and carries its full title as a tooltip', async () => {
  server();
  renderApp('/offers', { token: 't' });
  await screen.findByText('Записей: 45');
  const header = screen.getByRole('columnheader', { name: /Страна происхождения/ });
  const title = within(header).getByText('Страна происхождения');
  expect(title).toHaveAttribute('title', 'Страна происхождения');
  expect(getComputedStyle(title).whiteSpace).toBe('normal');
  expect(getComputedStyle(header).whiteSpace).not.toBe('nowrap');
});

test('a unit weight shows to the gram, as stored: 0,125 kg, not 0,13', () => {
  const cell = (value: unknown) =>
    render(<UnitWeightCell value={value} row={{ id: 1 }} column={{} as never} section="offers" from="/offers" />)
      .container.textContent;
  expect(cell('0.125')).toBe('0,125');
  expect(cell('25.000')).toBe('25');
  expect(cell(null)).toBe('');
});
