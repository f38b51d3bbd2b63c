// Response checking and the spec's load failures (points 5 and 8): an answer of the wrong shape is 'Ошибка формата
// данных для {entity}', the products filter config reports its failures in its own words, and a failed cities
// list says 'Не удалось получить список городов' unless the server said more.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers, type Handler } from './support/render';

afterEach(() => localStorage.clear());

const admin = permissions({ is_admin: true, user_type: 'admin', role_id: null });
const pagination = {
  totalItems: 1,
  currentPage: 1,
  firstPage: 1,
  lastPage: 1,
  perPage: 20,
  pageCount: 1,
  nextPage: null,
  previousPage: null,
  pageURI: '/api/x?page=1',
};
const products = (config: Handler) =>
  mockServer(
    config,
    ...signedInHandlers(admin),
    route('GET', '/api/filters/products', () => json({})),
    route('GET', '/api/settings', () => json({ 'table:products': null })),
    route('GET', '/api/products', () =>
      json({ data: [{ id: 1, name: 'Миндаль', status: 'active', comments: [] }], pagination }),
    ),
  );
const openFilter = async () => {
  await screen.findByText('Миндаль');
  await userEvent.setup().click(screen.getByRole('textbox', { name: 'Открыть фильтр' }));
};

test("a list page whose answer has no pagination says 'Ошибка формата данных для товаров'", async () => {
  mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/filters/products', () => json({})),
    route('GET', '/api/settings', () => json({ 'table:products': null })),
    route('GET', '/api/products', () => json({ data: [{ id: 1, name: 'Миндаль' }] })),
  );
  renderApp('/products', { token: 't' });
  expect(await screen.findByText('Ошибка формата данных для товаров')).toBeInTheDocument();
  expect(screen.queryByText('Миндаль')).not.toBeInTheDocument();
});

test('a row without its id is a shape mismatch too', async () => {
  mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/filters/products', () => json({})),
    route('GET', '/api/settings', () => json({ 'table:products': null })),
    route('GET', '/api/products', () => json({ data: [{ name: 'Миндаль' }], pagination })),
  );
  renderApp('/products', { token: 't' });
  expect(await screen.findByText('Ошибка формата данных для товаров')).toBeInTheDocument();
});

describe('the products filter config', () => {
  test("a refused request: 'Ошибка запроса: {status} - {statusText}'", async () => {
    products(
      route(
        'GET',
        '/api/products/filter_config',
        () =>
          new Response('{}', { status: 404, statusText: 'Not Found', headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    renderApp('/products', { token: 't' });
    await openFilter();
    expect(await screen.findByText('Ошибка запроса: 404 - Not Found')).toBeInTheDocument();
  });

  test("an entry of the wrong shape: 'Ошибка валидации конфигурации: {field}'", async () => {
    products(
      route('GET', '/api/products/filter_config', () =>
        json({
          products: { title: 'Товар', type: 'string' },
          statuses_ids: { type: 'status', options: [{ title: 'Активный', value: 'active' }] },
        }),
      ),
    );
    renderApp('/products', { token: 't' });
    await openFilter();
    expect(await screen.findByText('Ошибка валидации конфигурации: statuses_ids')).toBeInTheDocument();
  });

  test("an answer that is no JSON: 'Ошибка парсинга json'", async () => {
    products(
      route(
        'GET',
        '/api/products/filter_config',
        () => new Response('<html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
      ),
    );
    renderApp('/products', { token: 't' });
    await openFilter();
    expect(await screen.findByText('Ошибка парсинга json')).toBeInTheDocument();
  });

  test('a config that fits opens as usual', async () => {
    products(
      route('GET', '/api/products/filter_config', () =>
        json({ products: { title: 'Товар', type: 'string', placeholder: ['Введите значение'] } }),
      ),
    );
    renderApp('/products', { token: 't' });
    await openFilter();
    expect(await screen.findByLabelText('Товар')).toBeInTheDocument();
    expect(screen.queryByText(/Ошибка/)).not.toBeInTheDocument();
  });
});

describe("the cities list behind the reserve card's delivery city", () => {
  const offer = {
    id: 12,
    status: 'active',
    product: { id: 3, name: 'Кешью' },
    product_id: 3,
    city_id: 2,
    unit_measure: 'кг',
    unit_weight: '1.000',
    units_per_pack: '10.000',
    unit_price: '300.00',
    kg_price: '300.00',
    available_amount: '37.00',
    unit_amount: '100.00',
    version: 1,
    reserved_amount: '63.00',
    purchased_amount: '0.00',
    images: [],
    documents: [],
    can_update: true,
  };
  const card = (cities: Handler) =>
    mockServer(
      cities,
      ...signedInHandlers(admin),
      route('GET', '/api/offers/12', () => json(offer)),
      route('POST', '/api/settings', () =>
        json({ delivery_cost_default: '15', costs_per_kg: '12', min_markup: '0.1', max_markup: '0.35' }),
      ),
      route('GET', '/api/lists/employees/items', () => json([{ id: 7, name: 'Тихонов Олег Юрьевич' }])),
    );

  test("a network failure: 'Не удалось получить список городов'", async () => {
    card(
      route('GET', '/api/lists/cities/items', () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderApp('/reserves/create?offer=12', { token: 't' });
    expect(await screen.findByText('Не удалось получить список городов')).toBeInTheDocument();
  });

  test("the server's own message, when it sent one", async () => {
    card(
      route('GET', '/api/lists/cities/items', () =>
        json({ status: 'error', error: 'forbidden', message: 'Недостаточно прав для этого действия' }, 403),
      ),
    );
    renderApp('/reserves/create?offer=12', { token: 't' });
    expect(await screen.findByText('Недостаточно прав для этого действия')).toBeInTheDocument();
  });

  test("a list of the wrong shape: 'Ошибка формата данных для городов'", async () => {
    card(route('GET', '/api/lists/cities/items', () => json([{ id: 2 }])));
    renderApp('/reserves/create?offer=12', { token: 't' });
    expect(await screen.findByText('Ошибка формата данных для городов')).toBeInTheDocument();
  });
});

test("a card whose answer is no record: 'Ошибка формата данных для предложений'", async () => {
  mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/offers/12', () => json([{ id: 12 }])),
  );
  renderApp('/offers/12', { token: 't' });
  expect(await screen.findByText('Ошибка формата данных для предложений')).toBeInTheDocument();
});

test("permissions of the wrong shape: the shell says 'Ошибка формата данных для прав доступа'", async () => {
  mockServer(
    route('GET', '/api/permissions', () =>
      json({ user_type: 'employee', user_id: 5, is_admin: false, role_permissions: 'all' }),
    ),
    route('GET', '/api/me', () =>
      json({ user_id: 5, user_type: 'employee', is_admin: false, role_id: 1, email: 'm@n.ru', name: 'М' }),
    ),
  );
  renderApp('/products', { token: 't' });
  expect(await screen.findByText('Ошибка формата данных для прав доступа')).toBeInTheDocument();
});

describe('the other typed reads check their answers too', () => {
  test("a profile without the fields it may change: 'Ошибка формата данных для профиля'", async () => {
    mockServer(
      ...signedInHandlers(admin),
      route('GET', '/api/profile', () =>
        json({ user_id: 1, email: 'admin@nutdesk.ru', name: 'Администратор', user_type: 'admin' }),
      ),
      route('GET', '/api/profile/sessions', () => json([])),
    );
    renderApp('/profile', { token: 't' });
    expect(await screen.findByText('Ошибка формата данных для профиля')).toBeInTheDocument();
  });

  test("an accounts list whose rows have no e-mail: 'Ошибка формата данных для пользователей'", async () => {
    mockServer(
      ...signedInHandlers(admin),
      route('POST', '/api/settings', () =>
        json({ delivery_cost_default: '15', costs_per_kg: '12', min_markup: '0.1', max_markup: '0.35' }),
      ),
      route('GET', '/api/admin/users', () =>
        json([{ id: 1, name: 'Администратор', user_type: 'admin', status: 'active' }]),
      ),
      route('GET', '/api/admin/roles', () => json({ roles: [], fields: {} })),
      route('GET', '/api/admin/public-url', () =>
        json({ base: 'http://localhost:3000', configured: false, warning: null }),
      ),
    );
    renderApp('/settings?tab=users', { token: 't' });
    expect(await screen.findByText('Ошибка формата данных для пользователей')).toBeInTheDocument();
  });
});
