import { screen, waitFor, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';

afterEach(() => localStorage.clear());

const admin = permissions({ is_admin: true, user_type: 'admin' });
const cityList = route('GET', '/api/lists/cities/items', () =>
  json([
    { id: 2, name: 'Москва' },
    { id: 3, name: 'Казань' },
    { id: 4, name: 'Омск' },
  ]),
);
const requests = (fetchMock: jest.Mock, method: string) =>
  fetchMock.mock.calls.map(([r]) => r as Request).filter((r) => r.method === method);
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

test('the create card: its texts, a row per city with 0 shown empty, the name messages, and the rows sent with the city', async () => {
  let release: () => void = () => undefined;
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    cityList,
    route(
      'POST',
      '/api/cities',
      () =>
        new Promise((resolve) => {
          release = () => resolve(json({ id: 77, name: 'Новоорехов', status: 'active', can_update: true }, 201));
        }),
    ),
    route('GET', '/api/cities/77', () => json({ id: 77, name: 'Новоорехов', status: 'active', can_update: true })),
    route('GET', '/api/cities/77/delivery', () =>
      json([{ id: 2, to_id: 2, to_name: 'Москва', cost: '12.50', days: 3 }]),
    ),
  );
  const user = userEvent.setup();
  const { router } = renderApp('/cities/create', { token: 't' });
  const name = await screen.findByPlaceholderText('Введите название города');
  expect(screen.getByRole('tab', { name: 'Города' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: 'Комментарии' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
  // every city prefilled with cost 0 and days 0, shown empty
  await screen.findByText('Омск');
  for (const city of ['Москва', 'Казань', 'Омск']) {
    expect(input(`${city}: стоимость доставки`).value).toBe('');
    expect(input(`${city}: срок доставки`).value).toBe('');
  }
  // 0 or less typed still shows empty
  fireEvent.change(input('Омск: стоимость доставки'), { target: { value: '-5' } });
  expect(input('Омск: стоимость доставки').value).toBe('');

  await user.type(name, 'Я');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Минимум 2 символа')).toBeInTheDocument();
  await user.clear(name);
  expect(await screen.findByText('Название обязательно')).toBeInTheDocument();
  expect(requests(fetchMock, 'POST')).toHaveLength(0);

  await user.type(name, 'Новоорехов');
  // issue 35: a text input with the decimal keyboard, as typed while typing, the comma once left
  expect(input('Москва: стоимость доставки')).toHaveAttribute('type', 'text');
  expect(input('Москва: стоимость доставки')).toHaveAttribute('inputmode', 'decimal');
  await user.type(input('Москва: стоимость доставки'), '12.5');
  expect(input('Москва: стоимость доставки').value).toBe('12.5');
  await user.tab();
  expect(input('Москва: стоимость доставки').value).toBe('12,5');
  fireEvent.change(input('Казань: стоимость доставки'), { target: { value: '7,25' } });
  fireEvent.change(input('Москва: срок доставки'), { target: { value: '3' } });
  await user.click(screen.getByRole('tab', { name: 'Комментарии' }));
  await user.type(screen.getByLabelText('Новый комментарий'), 'Склад откроется весной');
  await user.click(screen.getByRole('button', { name: 'Добавить' }));

  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByRole('button', { name: 'Создаем...' })).toBeDisabled();
  expect(await requests(fetchMock, 'POST')[0].clone().json()).toEqual({
    name: 'Новоорехов',
    delivery: [
      { to_id: 2, cost: '12.5', days: '3' },
      { to_id: 3, cost: '7.25', days: '0' },
      { to_id: 4, cost: '0', days: '0' },
    ],
    comments: [{ text: 'Склад откроется весной' }],
  });
  release();
  await waitFor(() => expect(router.state.location.pathname).toBe('/cities/77'));
  // the stored '12.50' with the Russian comma
  expect(await screen.findByDisplayValue('12,5')).toBeInTheDocument();
});

test("the edit card loads the city's table, finds a city by name and saves only the changed rows in one PUT", async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/cities/5', () => json({ id: 5, name: 'Самара', status: 'active', can_update: true })),
    route('GET', '/api/cities/5/delivery', () =>
      json([
        { id: 5, to_id: 5, to_name: 'Самара', cost: '2.50', days: 1 },
        { id: 3, to_id: 3, to_name: 'Казань', cost: '7.25', days: 2 },
        { id: 2, to_id: 2, to_name: 'Москва', cost: '12.50', days: 3 },
        { id: 0, to_id: 4, to_name: 'Омск', cost: '0.00', days: 0 },
      ]),
    ),
    route('PUT', '/api/cities/5/delivery', async (request) =>
      json(
        (await request.clone().json()).map((r: { to_id: number; cost: string; days: string }) => ({
          id: r.to_id,
          to_id: r.to_id,
          to_name: 'Омск',
          cost: r.cost,
          days: Number(r.days),
        })),
      ),
    ),
  );
  const user = userEvent.setup();
  renderApp('/cities/5', { token: 't' });
  expect(await screen.findByDisplayValue('Самара')).toBeInTheDocument();
  expect(screen.getByText('Активный')).toBeInTheDocument();
  await screen.findByText('Омск');
  expect(input('Москва: стоимость доставки').value).toBe('12,5');
  expect(input('Казань: стоимость доставки').value).toBe('7,25');
  expect(input('Омск: стоимость доставки').value).toBe('');
  // the city's own row: delivery within it (issue 51)
  expect(input('Самара (по городу): стоимость доставки').value).toBe('2,5');

  await user.type(screen.getByLabelText('Поиск города'), 'ом');
  expect(screen.queryByText('Москва')).not.toBeInTheDocument();
  expect(screen.getByText('Омск')).toBeInTheDocument();
  fireEvent.change(input('Омск: стоимость доставки'), { target: { value: '30' } });
  await user.clear(screen.getByLabelText('Поиск города'));
  fireEvent.change(input('Казань: срок доставки'), { target: { value: '4' } });

  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByRole('button', { name: 'Изменения сохранены' })).toBeInTheDocument();
  const puts = requests(fetchMock, 'PUT');
  expect(puts).toHaveLength(1);
  expect(await puts[0].clone().json()).toEqual([
    { to_id: 3, cost: '7.25', days: '4' },
    { to_id: 4, cost: '30', days: '0' },
  ]);
  // the name did not change: no PATCH
  expect(requests(fetchMock, 'PATCH')).toHaveLength(0);
});

test('a duplicate name keeps the card as typed and links to the existing city in a new tab', async () => {
  mockServer(
    ...signedInHandlers(admin),
    cityList,
    route('POST', '/api/cities', () =>
      json(
        {
          status: 'error',
          error: 'conflict',
          message: 'Город с таким названием уже есть',
          info: { text: 'Город', id: 2 },
        },
        409,
      ),
    ),
  );
  const user = userEvent.setup();
  renderApp('/cities/create', { token: 't' });
  await user.type(await screen.findByPlaceholderText('Введите название города'), 'москва');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Город с таким названием уже есть');
  const link = within(alert).getByRole('link', { name: 'Посмотреть город: 2' });
  expect(link).toHaveAttribute('href', '/cities/2?withDeleted');
  expect(link).toHaveAttribute('target', '_blank');
  expect(screen.getByPlaceholderText('Введите название города')).toHaveValue('москва');
});

test("the server's refusal field by field (issue 51): its message shows under the field it names", async () => {
  mockServer(
    ...signedInHandlers(admin),
    cityList,
    route('POST', '/api/cities', () =>
      json(
        {
          status: 'error',
          error: 'validation',
          messages: ['Название: не больше 100 символов'],
          errors: [{ field: 'name', message: 'Название: не больше 100 символов' }],
        },
        400,
      ),
    ),
  );
  const user = userEvent.setup();
  renderApp('/cities/create', { token: 't' });
  const name = await screen.findByPlaceholderText('Введите название города');
  await user.type(name, 'Новоорехов');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Название: не больше 100 символов');
  await waitFor(() =>
    expect(document.getElementById(`${name.id}-helper-text`)).toHaveTextContent('Название: не больше 100 символов'),
  );
  expect(name).toHaveValue('Новоорехов');
});

test('a deleted city opened with ?withDeleted is read-only and marked; a reader without update rights gets no Save', async () => {
  mockServer(
    // the matrix is read by a role that sees offers' loading city
    ...signedInHandlers(permissions({}, { cities: 'all', offers: 'all' })),
    route('GET', '/api/cities/9', (request) =>
      new URL(request.url).searchParams.has('withDeleted')
        ? json({ id: 9, name: 'Старый Город', status: 'deleted', can_update: false })
        : json({ status: 'error', message: 'Объект не найден' }, 404),
    ),
    route('GET', '/api/cities/9/delivery', () => json([{ id: 0, to_id: 2, to_name: 'Москва', cost: '0.00', days: 0 }])),
  );
  renderApp('/cities/9?withDeleted', { token: 't' });
  expect(await screen.findByText('Город удален: его можно только просматривать')).toBeInTheDocument();
  expect(screen.getByText('Удален')).toBeInTheDocument();
  expect(screen.getByDisplayValue('Старый Город')).toBeDisabled();
  expect(await screen.findByLabelText('Москва: стоимость доставки')).toBeDisabled();
});

test("a role that does not see offers' loading city (role 1) gets no 'Города' tab and never asks for the matrix", async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(
      permissions({ hidden_fields: { offers: ['city'], cities: ['delivery'] } }, { cities: 'all', offers: 'all' }),
    ),
    route('GET', '/api/cities/5', () =>
      json({ id: 5, name: 'Самара', status: 'active', can_update: true, version: 3 }),
    ),
  );
  renderApp('/cities/5', { token: 't' });
  expect(await screen.findByDisplayValue('Самара')).toBeEnabled();
  expect(screen.getByRole('tab', { name: 'Комментарии' })).toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'Города' })).toBeNull();
  expect(screen.queryByLabelText(/стоимость доставки/)).toBeNull();
  expect(
    fetchMock.mock.calls
      .map(([input]) => String(input instanceof Request ? input.url : input))
      .filter((url) => url.includes('/delivery')),
  ).toEqual([]);
});

test('a rename of a city another user renamed meanwhile is refused as stale: the typed name stays until the current one is loaded, whose rename then goes with its version', async () => {
  let current = { id: 5, name: 'Самара', status: 'active', can_update: true, version: 3 };
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/cities/5', () => json(current)),
    route('GET', '/api/cities/5/delivery', () =>
      json([{ id: 2, to_id: 2, to_name: 'Москва', cost: '12.50', days: 3 }]),
    ),
    route('PATCH', '/api/cities/5', async (request) => {
      const { name, version } = await request.clone().json();
      if (version === 3) {
        current = { ...current, name: 'Самара-на-Волге', version: 4 };
        // who and when hidden from this reader
        return json(
          {
            status: 'error',
            error: 'stale',
            message: 'Запись изменена другим пользователем',
            stale: {
              version: 4,
              by: null,
              at: null,
              changes: [{ field: 'name', old: 'Самара', new: 'Самара-на-Волге' }],
            },
          },
          409,
        );
      }
      current = { ...current, name, version: version + 1 };
      return json(current);
    }),
  );
  const user = userEvent.setup();
  renderApp('/cities/5', { token: 't' });
  const name = await screen.findByDisplayValue('Самара');
  await user.clear(name);
  await user.type(name, 'Самара Новая');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));

  const alert = await screen.findByRole('alert');
  // the whole message: no one and no time to name, the field changed by its title (issue 33)
  expect(within(alert).getByText('Запись изменена другим пользователем. Изменено: Название')).toBeInTheDocument();
  expect(screen.getByPlaceholderText('Введите название города')).toHaveValue('Самара Новая');
  await user.click(within(alert).getByRole('button', { name: 'Показать изменения' }));
  expect(
    within(within(alert).getByRole('table'))
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent)),
  ).toEqual([
    ['Поле', 'Ваше значение', 'Текущее значение'],
    ['Название', 'Самара Новая', 'Самара-на-Волге'],
  ]);
  const load = within(alert).getByRole('button', { name: 'Загрузить текущую версию' });
  await waitFor(() => expect(load).toBeEnabled());
  await user.click(load);
  // the name typed would be lost: asked first (issue 35)
  const asked = await screen.findByRole('dialog', { name: 'Загрузить текущую версию?' });
  expect(asked).toHaveTextContent('Ваши несохраненные изменения будут заменены текущей версией записи: Название.');
  await user.click(within(asked).getByRole('button', { name: 'Загрузить' }));
  await waitFor(() => expect(screen.getByPlaceholderText('Введите название города')).toHaveValue('Самара-на-Волге'));
  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());

  await user.type(screen.getByPlaceholderText('Введите название города'), ' (центр)');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByRole('button', { name: 'Изменения сохранены' })).toBeInTheDocument();
  expect(await Promise.all(requests(fetchMock, 'PATCH').map((r) => r.clone().json()))).toEqual([
    { name: 'Самара Новая', version: 3 },
    { name: 'Самара-на-Волге (центр)', version: 4 },
  ]);
});

test('the routes are saved on the version of the city the card holds, and its rename goes on from the one after them (issue 32)', async () => {
  let current = { id: 5, name: 'Самара', status: 'active', can_update: true, version: 3 };
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/cities/5', () => json(current)),
    route('GET', '/api/cities/5/delivery', () => json([{ id: 3, to_id: 3, to_name: 'Казань', cost: '7.25', days: 2 }])),
    route('PUT', '/api/cities/5/delivery', async (request) => {
      current = { ...current, version: current.version + 1 };
      return json(
        (await request.clone().json()).map((r: { to_id: number; cost: string; days: string }) => ({
          id: r.to_id,
          to_id: r.to_id,
          to_name: 'Казань',
          cost: r.cost,
          days: Number(r.days),
        })),
      );
    }),
    route('PATCH', '/api/cities/5', async (request) => {
      const { name, version } = await request.clone().json();
      current = { ...current, name, version: version + 1 };
      return json(current);
    }),
  );
  const user = userEvent.setup();
  renderApp('/cities/5', { token: 't' });
  await screen.findByText('Казань');
  fireEvent.change(input('Казань: срок доставки'), { target: { value: '4' } });
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByRole('button', { name: 'Изменения сохранены' })).toBeInTheDocument();
  expect(new URL(requests(fetchMock, 'PUT')[0].url).search).toBe('?version=3');
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Изменения сохранены' })).not.toBeInTheDocument(), {
    timeout: 4000,
  });

  const name = screen.getByPlaceholderText('Введите название города');
  await user.type(name, '-на-Волге');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(requests(fetchMock, 'PATCH')).toHaveLength(1));
  expect(await requests(fetchMock, 'PATCH')[0].clone().json()).toEqual({ name: 'Самара-на-Волге', version: 4 });
  expect(await screen.findByRole('button', { name: 'Изменения сохранены' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
