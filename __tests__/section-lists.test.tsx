// The generic list page as other sections meet it: phones shown in the spec's format, a failure named with the
// section's genitive and no empty figures under it, the filter count beside the search box, photos through
// the token, and the offers-only reserve button coming from the offers feature.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';

afterEach(() => localStorage.clear());

const admin = permissions({ is_admin: true, user_type: 'admin', role_id: null });
const pagination = (total: number) => ({
  totalItems: total,
  currentPage: 1,
  firstPage: 1,
  lastPage: 1,
  perPage: 20,
  pageCount: 1,
  nextPage: null,
  previousPage: null,
  pageURI: '/api/x?page=1',
});
const common = (section: string) => [
  ...signedInHandlers(admin),
  route('GET', `/api/filters/${section}`, () => json({})),
  route('GET', '/api/settings', () => json({ [`table:${section}`]: null })),
];

test('phones in the employees list show as +7 (XXX) XXX-XX-XX', async () => {
  mockServer(
    ...common('employees'),
    route('GET', '/api/employees', () =>
      json({
        data: [
          {
            id: 1,
            full_name: 'Иванов Иван',
            position_name: 'Менеджер',
            phone: '79105964698',
            email: 'i@n.ru',
            status: 'active',
            comments: [],
          },
        ],
        pagination: pagination(1),
      }),
    ),
  );
  renderApp('/employees', { token: 't' });
  expect(await screen.findByText('+7 (910) 596-46-98')).toBeInTheDocument();
  expect(screen.queryByText('79105964698')).not.toBeInTheDocument();
});

test('phones in the suppliers list show as +7 (XXX) XXX-XX-XX', async () => {
  mockServer(
    ...common('suppliers'),
    route('GET', '/api/suppliers', () =>
      json({
        data: [
          { id: 4, name: 'ООО «Орехпром»', inn: '7701234567', phone: '74951234567', status: 'active', comments: [] },
        ],
        pagination: pagination(1),
      }),
    ),
  );
  renderApp('/suppliers', { token: 't' });
  expect(await screen.findByText('+7 (495) 123-45-67')).toBeInTheDocument();
});

test("a network failure names the section's records and shows no empty figures", async () => {
  mockServer(
    ...common('cities'),
    route('GET', '/api/cities', () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  renderApp('/cities', { token: 't' });
  expect(await screen.findByText('Нет соединения с сервером или ошибка сети при загрузке городов')).toBeInTheDocument();
  expect(screen.queryByText(/Записей: 0/)).not.toBeInTheDocument();
  expect(screen.queryByText('0–0 из 0')).not.toBeInTheDocument();
  expect(screen.queryByText('Пока здесь пусто...')).not.toBeInTheDocument();
});

test('the applied filter count sits beside the search box, not inside it over the placeholder', async () => {
  mockServer(
    ...common('products'),
    route('GET', '/api/products', () =>
      json({ data: [{ id: 1, name: 'Миндаль', status: 'active', comments: [] }], pagination: pagination(1) }),
    ),
  );
  renderApp('/products?statuses_ids=active', { token: 't' });
  const chip = await screen.findByText('Фильтров: 1');
  const search = screen.getByRole('textbox', { name: 'Открыть фильтр' });
  expect(search).toHaveAttribute('placeholder', 'Поиск и фильтры');
  const inputRoot = search.closest('.MuiInputBase-root')!;
  expect(inputRoot).not.toContainElement(chip);
});

test("the products list shows a VAT rate by its title: '22 %', 'Без НДС'", async () => {
  mockServer(
    ...common('products'),
    route('GET', '/api/products', () =>
      json({
        data: [
          { id: 1, name: 'Миндаль', vat_rate: '22', status: 'active', comments: [] },
          { id: 2, name: 'Изюм', vat_rate: 'none', status: 'active', comments: [] },
          { id: 3, name: 'Курага', vat_rate: '10', status: 'active', comments: [] },
        ],
        pagination: pagination(3),
      }),
    ),
  );
  renderApp('/products', { token: 't' });
  const almond = (await screen.findByText('Миндаль')).closest('tr')!;
  expect(within(almond).getByText('22 %')).toBeInTheDocument();
  expect(within(almond).queryByText('22')).not.toBeInTheDocument();
  expect(within(screen.getByText('Изюм').closest('tr')!).getByText('Без НДС')).toBeInTheDocument();
  expect(within(screen.getByText('Курага').closest('tr')!).getByText('10 %')).toBeInTheDocument();
});

const offerRow = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  status: 'active',
  product: { id: 3, name: 'Кешью' },
  unit_amount: '10.00',
  available_amount: '800.00',
  images: [],
  comments: [],
  ...patch,
});
const offersServer = (perms = admin, rows = [offerRow(1)], extra: Parameters<typeof mockServer> = []) =>
  mockServer(
    ...signedInHandlers(perms),
    route('GET', '/api/offers/summary', () =>
      json({ placed_reserves: { count: 0, sum: '0' }, realized_reserves: { count: 0, sum: '0' }, realized_value: '0' }),
    ),
    route('GET', '/api/filters/offers', () => json({})),
    route('GET', '/api/settings', () => json({ 'table:offers': null })),
    route('GET', '/api/offers', () => json({ data: rows, pagination: pagination(rows.length) })),
    ...extra,
  );

test('the offers list offers Зарезервировать beside the available amount to a caller who may reserve', async () => {
  offersServer(admin, [offerRow(1), offerRow(2, { available_amount: '0.00' }), offerRow(3, { status: 'completed' })]);
  renderApp('/offers', { token: 't' });
  const first = await screen.findByRole('row', { name: /Выбрать строку 1/ });
  expect(within(first).getByRole('link', { name: 'Зарезервировать' })).toHaveAttribute(
    'href',
    '/reserves/create?offer=1',
  );
  expect(within(first).getByText('800')).toBeInTheDocument();
  expect(
    within(screen.getByRole('row', { name: /Выбрать строку 2/ })).queryByRole('link', { name: 'Зарезервировать' }),
  ).not.toBeInTheDocument();
  expect(
    within(screen.getByRole('row', { name: /Выбрать строку 3/ })).queryByRole('link', { name: 'Зарезервировать' }),
  ).not.toBeInTheDocument();
});

test('without the reserves create right the amount shows alone', async () => {
  const perms = permissions({}, { offers: 'all' });
  perms.role_permissions.reserves.read = 'all';
  mockServer(
    ...signedInHandlers(perms),
    route('GET', '/api/offers/summary', () =>
      json({ placed_reserves: { count: 0, sum: '0' }, realized_reserves: { count: 0, sum: '0' }, realized_value: '0' }),
    ),
    route('GET', '/api/filters/offers', () => json({})),
    route('GET', '/api/settings', () => json({ 'table:offers': null })),
    route('GET', '/api/offers', () => json({ data: [offerRow(1)], pagination: pagination(1) })),
  );
  renderApp('/offers', { token: 't' });
  const first = await screen.findByRole('row', { name: /Выбрать строку 1/ });
  expect(within(first).getByText('800')).toBeInTheDocument();
  expect(within(first).queryByRole('link', { name: 'Зарезервировать' })).not.toBeInTheDocument();
});

test("a row's photo is fetched with the bearer token and shown from an object URL", async () => {
  const createObjectURL = jest.fn(() => 'blob:photo-1');
  const revokeObjectURL = jest.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  const fetchMock = offersServer(
    admin,
    [offerRow(1, { images: [{ id: 9, url: '/api/files/9', alt: 'Кешью в мешке' }] })],
    [
      route(
        'GET',
        '/api/files/9',
        () => new Response(new Blob(['png']), { status: 200, headers: { 'Content-Type': 'image/png' } }),
      ),
    ],
  );
  const { unmount } = renderApp('/offers', { token: 'tok-photo' });
  await waitFor(() =>
    expect(screen.getByRole('img', { name: 'Кешью в мешке' })).toHaveAttribute('src', 'blob:photo-1'),
  );
  const calls = fetchMock.mock.calls.map(([input, init]) =>
    input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init as RequestInit),
  );
  const photo = calls.find((r) => new URL(r.url).pathname === '/api/files/9');
  expect(photo).toBeDefined();
  expect(photo!.headers.get('Authorization')).toBe('Bearer tok-photo');
  unmount();
  expect(revokeObjectURL).toHaveBeenCalledWith('blob:photo-1');
});

test("a column showing a hidden field under another name is hidden too: role 1 gets no 'Должность', role 8 no 'Ответственный'", async () => {
  const role1 = permissions({ role_id: 1, hidden_fields: { employees: ['position_id'] } }, { employees: 'all' });
  mockServer(
    ...signedInHandlers(role1),
    route('GET', '/api/filters/employees', () => json({})),
    route('GET', '/api/settings', () => json({ 'table:employees': null })),
    route('GET', '/api/employees', () =>
      json({
        data: [
          { id: 1, full_name: 'Иванов Иван', phone: '79105964698', email: 'i@n.ru', status: 'active', comments: [] },
        ],
        pagination: pagination(1),
      }),
    ),
  );
  const { unmount } = renderApp('/employees', { token: 't' });
  expect(await screen.findByText('Иванов Иван')).toBeInTheDocument();
  const employeeHeaders = screen.getAllByRole('columnheader').map((th) => th.textContent);
  expect(employeeHeaders).toContain('ФИО');
  expect(employeeHeaders).not.toContain('Должность');
  unmount();

  const role8 = permissions({ role_id: 8, hidden_fields: { reserves: ['responsible_id'] } }, { reserves: 'all' });
  mockServer(
    ...signedInHandlers(role8),
    route('GET', '/api/filters/reserves', () => json({})),
    route('GET', '/api/settings', () => json({ 'table:reserves': null })),
    route('GET', '/api/reserves', () =>
      json({
        data: [
          { id: 7, offer_id: 3, product: { id: 1, name: 'Миндаль' }, status: 'active', amount: '10', comments: [] },
        ],
        pagination: pagination(1),
      }),
    ),
  );
  renderApp('/reserves', { token: 't' });
  expect(await screen.findByText('Миндаль')).toBeInTheDocument();
  const reserveHeaders = screen.getAllByRole('columnheader').map((th) => th.textContent);
  expect(reserveHeaders).toContain('Количество');
  expect(reserveHeaders).not.toContain('Ответственный');
});

test('deleting suppliers under active offers says each one with its count; a single one its reason alone (issue 33)', async () => {
  const user = userEvent.setup();
  const refusedA = 'Нельзя удалить поставщика: активных предложений — 3';
  const refusedB = 'Нельзя удалить поставщика: активных предложений — 1';
  const answers = [
    {
      status: 'success',
      deleted: 1,
      notDeleted: 2,
      reasons: { kept: 2, forbidden: 0, deleted: 0, missing: 0 },
      warning: 'Успешно удалено: 1 поставщик из 3. Не удалось удалить: 2 поставщика.',
      refused: [
        { id: 4, reason: refusedA },
        { id: 5, reason: refusedB },
      ],
    },
    {
      status: 'success',
      deleted: 0,
      notDeleted: 1,
      reasons: { kept: 1, forbidden: 0, deleted: 0, missing: 0 },
      message: refusedA,
      refused: [{ id: 4, reason: refusedA }],
    },
  ];
  const fetchMock = mockServer(
    ...common('suppliers'),
    route('GET', '/api/suppliers', () =>
      json({
        data: [4, 5, 6].map((id) => ({
          id,
          name: `ООО «Поставщик ${id}»`,
          inn: `770123456${id}`,
          phone: '74951234567',
          status: 'active',
          comments: [],
        })),
        pagination: pagination(3),
      }),
    ),
    route('DELETE', '/api/suppliers', () => json(answers.shift())),
  );
  renderApp('/suppliers', { token: 't' });
  await screen.findByText('ООО «Поставщик 4»');
  for (const row of [4, 5, 6]) await user.click(screen.getByRole('checkbox', { name: `Выбрать строку ${row}` }));
  await user.click(screen.getByRole('button', { name: 'Удалить выбранные строки' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
  expect(
    await screen.findByText(
      `Успешно удалено: 1 поставщик из 3. Не удалось удалить: 2 поставщика. № 4: ${refusedA}; № 5: ${refusedB}`,
    ),
  ).toBeInTheDocument();
  const deletes = () => fetchMock.mock.calls.map(([r]) => r as Request).filter((r) => r.method === 'DELETE');
  expect(await deletes()[0].json()).toEqual({ ids: [4, 5, 6] });
  await user.click(await screen.findByRole('checkbox', { name: 'Выбрать строку 4' }));
  await user.click(screen.getByRole('button', { name: 'Удалить выбранные строки' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
  expect(await screen.findByText(refusedA)).toBeInTheDocument();
  await waitFor(() => expect(deletes()).toHaveLength(2));
});

test("a role that hides an offer's required fields gets no 'Добавить предложение' and no 'Импорт' (issue 33); with them shown it does", async () => {
  const offersPage = (hidden: string[]) => {
    const perms = permissions(
      { hidden_fields: { offers: hidden } },
      { offers: 'all', suppliers: 'all', cities: 'all', products: 'all' },
    );
    mockServer(
      ...signedInHandlers(perms),
      route('GET', '/api/filters/offers', () => json({})),
      route('GET', '/api/settings', () => json({ 'table:offers': null })),
      route('GET', '/api/offers', () => json({ data: [], pagination: pagination(0) })),
      route('GET', '/api/offers/summary', () =>
        json({ total_sum: '0.00', reserved_sum: '0.00', available_sum: '0.00' }),
      ),
    );
    return renderApp('/offers', { token: 't' });
  };
  const first = offersPage(['supplier', 'city', 'loading_address']);
  expect(await screen.findByText('Пока здесь пусто...')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Добавить предложение' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Импорт' })).not.toBeInTheDocument();
  first.unmount();
  offersPage([]);
  expect(await screen.findByRole('link', { name: 'Добавить предложение' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Импорт' })).toBeInTheDocument();
});

test('deleting an employee: the dialog offers who takes over the active reserves, and the delete sends it (issue 33)', async () => {
  const user = userEvent.setup();
  const fetchMock = mockServer(
    ...common('employees'),
    route('GET', '/api/employees', () =>
      json({
        data: [{ id: 3, full_name: 'Уходов Петр Ильич', phone: '79105964698', status: 'active', comments: [] }],
        pagination: pagination(1),
      }),
    ),
    route('GET', '/api/lists/employees/items', () =>
      json([
        { id: 3, name: 'Уходов Петр Ильич' },
        { id: 7, name: 'Принимаев Олег Юрьевич' },
      ]),
    ),
    route('DELETE', '/api/employees', () => json({ status: 'success', deleted: 1, notDeleted: 0 })),
  );
  renderApp('/employees', { token: 't' });
  await user.click(await screen.findByRole('checkbox', { name: 'Выбрать строку 3' }));
  await user.click(screen.getByRole('button', { name: 'Удалить выбранные строки' }));
  const dialog = await screen.findByRole('dialog', { name: 'Удалить' });
  await user.click(within(dialog).getByRole('combobox', { name: 'Передать активные резервы сотруднику' }));
  // the one deleted is not offered
  expect(screen.queryByRole('option', { name: 'Уходов Петр Ильич' })).not.toBeInTheDocument();
  await user.click(await screen.findByRole('option', { name: 'Принимаев Олег Юрьевич' }));
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
  expect(await screen.findByText('Записи успешно удалены')).toBeInTheDocument();
  const sent = fetchMock.mock.calls.map(([r]) => r as Request).filter((r) => r.method === 'DELETE');
  expect(await sent[0].json()).toEqual({ ids: [3], responsible_id: 7 });
});
