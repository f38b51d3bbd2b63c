import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, me, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';

afterEach(() => localStorage.clear());

const nav = async () => {
  const element = await screen.findByRole('navigation', { name: 'Основная навигация' });
  await within(element).findByText('Тихонов Олег Юрьевич');
  await within(element).findByText('Выйти');
  return element;
};

test('the navigation waits for the permissions: never a part of the menu first (Списки, Профиль, Выйти), then the rest', async () => {
  let answer: (response: Response) => void = () => undefined;
  const permissionsAnswered = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  mockServer(
    route('GET', '/api/permissions', () => permissionsAnswered),
    route('GET', '/api/me', () => json(me())),
  );
  renderApp('/profile', { token: 't' });
  const element = await screen.findByRole('navigation', { name: 'Основная навигация' });
  await within(element).findByText('Тихонов Олег Юрьевич');
  expect(within(element).queryByText('Списки')).not.toBeInTheDocument();
  expect(within(element).queryByText('Профиль')).not.toBeInTheDocument();
  expect(within(element).queryByText('Выйти')).not.toBeInTheDocument();
  answer(json(permissions({}, { offers: 'all', reserves: 'own' })));
  await within(element).findByText('Выйти');
  const order = [...element.querySelectorAll('a, [role=button]')].map((n) => n.textContent).filter(Boolean);
  expect(order).toEqual(['Предложения', 'Списки', 'Резервы', 'Счета', 'УПД', 'Аналитика', 'Профиль', 'Выйти']);
});

test("'Перейти к содержимому' is the first Tab stop and moves the focus past the navigation to the screen", async () => {
  mockServer(
    ...signedInHandlers(permissions({}, { offers: 'all' })),
    route('GET', '/api/profile', () =>
      json({
        user_id: 5,
        email: 'manager@nutdesk.demo',
        name: 'Тихонов Олег Юрьевич',
        user_type: 'employee',
        is_admin: false,
        role: 'Менеджер',
        supplier: null,
        editable: ['name'],
      }),
    ),
    route('GET', '/api/profile/sessions', () => json([])),
  );
  const user = userEvent.setup();
  renderApp('/profile', { token: 't' });
  await nav();
  await user.tab();
  const skip = screen.getByRole('link', { name: 'Перейти к содержимому' });
  expect(skip).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('main')).toHaveFocus();
  expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Профиль' }));
});

test('the admin sees every item, Настройки included, in the spec order (Прайс-лист, issue 23, after Резервы; Подбор and Котировки, issue 38, after it)', async () => {
  mockServer(...signedInHandlers(permissions({ is_admin: true, user_type: 'admin', role_id: null })));
  renderApp('/', { token: 't' });
  const element = await nav();
  const order = [...element.querySelectorAll('a, [role=button]')].map((n) => n.textContent).filter(Boolean);
  expect(order).toEqual([
    'Сотрудники',
    'Предложения',
    'Списки',
    'Резервы',
    'Поставки',
    'Прайс-лист',
    'Подбор',
    'Котировки',
    'Счета',
    'УПД',
    'Аналитика',
    'Профиль',
    'Настройки',
    'Выйти',
  ]);
});

test('a role without employees read has no Сотрудники and no Настройки; Списки is always there', async () => {
  mockServer(...signedInHandlers(permissions({}, { offers: 'all', reserves: 'own', products: 'all' })));
  renderApp('/', { token: 't' });
  const element = await nav();
  const order = [...element.querySelectorAll('a, [role=button]')].map((n) => n.textContent);
  expect(order).toEqual(['Предложения', 'Списки', 'Резервы', 'Счета', 'УПД', 'Аналитика', 'Профиль', 'Выйти']);
});

test('Аналитика is there for a role that reads offers or reserves, not for one that reads neither', async () => {
  mockServer(...signedInHandlers(permissions({}, { products: 'all', cities: 'all' })));
  renderApp('/profile', { token: 't' });
  const element = await nav();
  const order = [...element.querySelectorAll('a, [role=button]')].map((n) => n.textContent);
  expect(order).toEqual(['Списки', 'Профиль', 'Выйти']);
});

test('Списки opens a submenu: Поставщики only with suppliers read all, and a close button', async () => {
  mockServer(...signedInHandlers(permissions({}, { offers: 'all', suppliers: 'own', products: 'all', cities: 'all' })));
  const user = userEvent.setup();
  renderApp('/', { token: 't' });
  const element = await nav();
  expect(within(element).queryByText('Товары')).not.toBeInTheDocument();

  await user.click(within(element).getByRole('button', { name: 'Списки' }));
  const submenu = within(element).getByRole('group', { name: 'Списки' });
  expect(
    within(submenu)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]),
  ).toEqual([
    ['Товары', '/products'],
    ['Города', '/cities'],
  ]);
  await user.click(within(submenu).getByRole('button', { name: 'Закрыть' }));
  await waitFor(() => expect(within(element).queryByRole('group', { name: 'Списки' })).not.toBeInTheDocument());
});

test("the submenu's close button sits in its own row, not under the first link, and closes the submenu", async () => {
  mockServer(...signedInHandlers(permissions({}, { offers: 'all', suppliers: 'all', products: 'all', cities: 'all' })));
  const user = userEvent.setup();
  renderApp('/', { token: 't' });
  const element = await nav();
  await user.click(within(element).getByRole('button', { name: 'Списки' }));
  const submenu = within(element).getByRole('group', { name: 'Списки' });
  const close = within(submenu).getByRole('button', { name: 'Закрыть' });
  // an absolutely placed button lay over 'Поставщики', which took the click
  expect(getComputedStyle(close).position).not.toBe('absolute');
  const first = within(submenu).getByRole('link', { name: 'Поставщики' });
  expect(close.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(first.contains(close)).toBe(false);
  await user.click(close);
  await waitFor(() => expect(within(element).queryByRole('group', { name: 'Списки' })).not.toBeInTheDocument());
});

test('Поставщики shows with suppliers read all', async () => {
  mockServer(...signedInHandlers(permissions({}, { offers: 'all', suppliers: 'all' })));
  const user = userEvent.setup();
  renderApp('/', { token: 't' });
  const element = await nav();
  await user.click(within(element).getByRole('button', { name: 'Списки' }));
  expect(within(element).getByRole('link', { name: 'Поставщики' })).toHaveAttribute('href', '/suppliers');
});

test('the clicked item shows as active, and / marks Предложения', async () => {
  mockServer(...signedInHandlers(permissions({}, { offers: 'all', reserves: 'all' })));
  const user = userEvent.setup();
  renderApp('/', { token: 't' });
  const element = await nav();
  expect(within(element).getByRole('link', { name: 'Предложения' })).toHaveAttribute('aria-current', 'page');
  await user.click(within(element).getByRole('link', { name: 'Резервы' }));
  expect(await screen.findByRole('heading', { name: 'Резервы' })).toBeInTheDocument();
  expect(within(element).getByRole('link', { name: 'Резервы' })).toHaveAttribute('aria-current', 'page');
  expect(within(element).getByRole('link', { name: 'Предложения' })).not.toHaveAttribute('aria-current');
});

test('a section the role may not read says so instead of opening', async () => {
  mockServer(...signedInHandlers(permissions({}, { offers: 'all' })));
  renderApp('/employees', { token: 't' });
  expect(await screen.findByText('Нет доступа к этому разделу')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Сотрудники' })).not.toBeInTheDocument();
});

test('Выйти revokes the token on the server, clears it and goes to /login', async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(permissions({}, { offers: 'all' })),
    route('POST', '/logout', () => json({ status: 'success' })),
  );
  const user = userEvent.setup();
  const { router } = renderApp('/offers', { token: 'tok-out' });
  const element = await nav();
  await user.click(within(element).getByRole('button', { name: 'Выйти' }));
  expect(await screen.findByRole('heading', { name: 'Вход в систему' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
  expect(localStorage.getItem('auth_token')).toBeNull();
  const logout = fetchMock.mock.calls.map(([r]) => r as Request).find((r) => new URL(r.url).pathname === '/logout')!;
  expect(logout.method).toBe('POST');
  expect(logout.headers.get('Authorization')).toBe('Bearer tok-out');
});

test('the profile shows who is signed in', async () => {
  mockServer(
    ...signedInHandlers(
      permissions({}, { offers: 'all' }),
      me({ email: 'warehouse@nutdesk.demo', name: 'Склад Иван' }),
    ),
    route('GET', '/api/profile', () =>
      json({
        user_id: 5,
        email: 'warehouse@nutdesk.demo',
        name: 'Склад Иван',
        user_type: 'employee',
        is_admin: false,
        role: 'Склад',
        supplier: null,
        editable: ['name'],
      }),
    ),
    route('GET', '/api/profile/sessions', () => json([])),
  );
  renderApp('/profile', { token: 't' });
  expect(await screen.findByRole('heading', { name: 'Профиль' })).toBeInTheDocument();
  const data = await screen.findByRole('region', { name: 'Мои данные' });
  expect(within(data).getByText('warehouse@nutdesk.demo')).toBeInTheDocument();
  expect(within(data).getByText('Склад')).toBeInTheDocument();
  expect(within(data).getByLabelText('Имя')).toHaveValue('Склад Иван');
});
