import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';

afterEach(() => localStorage.clear());

const admin = permissions({ is_admin: true, user_type: 'admin' });
const requests = (fetchMock: jest.Mock, method: string) =>
  fetchMock.mock.calls.map(([r]) => r as Request).filter((r) => r.method === method);

test('the create card: its texts, the name messages, varieties and comments sent with the product', async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    route('POST', '/api/products', () => json({ id: 40, name: 'Пекан', status: 'active', can_update: true }, 201)),
    route('GET', '/api/products/40', () => json({ id: 40, name: 'Пекан', status: 'active', can_update: true })),
    route('GET', '/api/products/40/varieties', () => json([{ id: 7, name: 'Стюарт', product_id: 40, offers: 0 }])),
  );
  const user = userEvent.setup();
  const { router } = renderApp('/products/create', { token: 't' });
  const name = await screen.findByPlaceholderText('Введите название товара');
  expect(screen.getByRole('tab', { name: 'Товар' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Комментарии' })).toBeInTheDocument();
  expect(screen.getByText('Сортов пока нет')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();

  await user.type(name, 'П');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Минимум 2 символа')).toBeInTheDocument();
  await user.clear(name);
  expect(await screen.findByText('Название обязательно')).toBeInTheDocument();

  await user.type(name, 'Пекан');
  await user.type(screen.getByLabelText('Новый сорт'), 'Стюарт');
  await user.click(screen.getByRole('button', { name: 'Добавить сорт' }));
  expect(screen.getByRole('button', { name: 'Стюарт' })).toBeInTheDocument();
  // the rate its invoice and УПД lines are charged at, 22 % until another is chosen
  const rate = screen.getByRole('combobox', { name: 'Ставка НДС' });
  expect(rate).toHaveTextContent('22 %');
  await user.click(rate);
  await user.click(await screen.findByRole('option', { name: '10 %' }));
  await user.click(screen.getByRole('tab', { name: 'Комментарии' }));
  await user.type(screen.getByLabelText('Новый комментарий'), 'Калибр 2XL');
  await user.click(screen.getByRole('button', { name: 'Добавить' }));
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/products/40'));
  expect(await requests(fetchMock, 'POST')[0].clone().json()).toEqual({
    name: 'Пекан',
    vat_rate: '10',
    varieties: ['Стюарт'],
    comments: [{ text: 'Калибр 2XL' }],
  });
  expect(await screen.findByText('Стюарт')).toBeInTheDocument();
});

test('the edit card deactivates and reactivates at once, each on the version the last one answered; adds a variety and keeps one an offer names', async () => {
  let status = 'active';
  let version = 2;
  let list = [
    { id: 9, name: 'W320', product_id: 3, offers: 2 },
    { id: 10, name: 'W450', product_id: 3, offers: 0 },
  ];
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/products/3', () => json({ id: 3, name: 'Кешью', status, version, can_update: true })),
    route('PATCH', '/api/products/3', async (request) => {
      status = (await request.clone().json()).status;
      version += 1;
      return json({ id: 3, name: 'Кешью', status, version, can_update: true });
    }),
    route('GET', '/api/products/3/varieties', () => json(list)),
    route('POST', '/api/products/3/varieties', async (request) => {
      list = [...list, { id: 11, name: (await request.clone().json()).name, product_id: 3, offers: 0 }];
      return json(list, 201);
    }),
  );
  const user = userEvent.setup();
  renderApp('/products/3', { token: 't' });
  expect(await screen.findByText('Товар можно выбрать в новом предложении.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Деактивировать' }));
  expect(
    await screen.findByText(
      'Деактивирован: товар нельзя выбрать в новом предложении, существующие предложения его сохраняют.',
    ),
  ).toBeInTheDocument();
  expect(await requests(fetchMock, 'PATCH')[0].clone().json()).toEqual({ status: 'deactivated', version: 2 });
  await waitFor(() => expect(screen.getAllByText('Деактивирован').length).toBeGreaterThan(0));
  await user.click(screen.getByRole('button', { name: 'Активировать' }));
  expect(await screen.findByText('Товар можно выбрать в новом предложении.')).toBeInTheDocument();
  expect(await requests(fetchMock, 'PATCH')[1].clone().json()).toEqual({ status: 'active', version: 3 });

  // a variety an offer names has no delete button; another one has
  const varieties = await screen.findByTestId('varieties');
  expect(within(varieties).getByText('W320 · в предложениях: 2')).toBeInTheDocument();
  expect(
    within(within(varieties).getByLabelText('W320 · в предложениях: 2')).queryByTestId('CancelIcon'),
  ).not.toBeInTheDocument();
  expect(within(within(varieties).getByRole('button', { name: 'W450' })).getByTestId('CancelIcon')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Новый сорт'), 'W240');
  await user.click(screen.getByRole('button', { name: 'Добавить сорт' }));
  expect(await within(varieties).findByText('W240')).toBeInTheDocument();
  expect(await requests(fetchMock, 'POST')[0].clone().json()).toEqual({ name: 'W240' });
  // nothing here needed Save
  expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
});

test('a variety is renamed from its chip; a name another variety has is refused and what was typed stays', async () => {
  let list = [
    { id: 9, name: 'W320', product_id: 3, offers: 2 },
    { id: 10, name: 'W450', product_id: 3, offers: 0 },
  ];
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/products/3', () => json({ id: 3, name: 'Кешью', status: 'active', can_update: true })),
    route('GET', '/api/products/3/varieties', () => json(list)),
    route('PATCH', '/api/products/3/varieties/9', async (request) => {
      const { name } = await request.clone().json();
      if (name === 'W450') return json({ message: 'Такой сорт у товара уже есть' }, 409);
      list = list.map((v) => (v.id === 9 ? { ...v, name } : v));
      return json(list);
    }),
  );
  const user = userEvent.setup();
  renderApp('/products/3', { token: 't' });
  const varieties = await screen.findByTestId('varieties');
  await user.click(await within(varieties).findByText('W320 · в предложениях: 2'));
  const dialog = await screen.findByRole('dialog', { name: 'Переименовать сорт «W320»' });
  const input = within(dialog).getByLabelText('Название сорта');
  await user.clear(input);
  await user.type(input, 'W450');
  await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
  expect(await within(dialog).findByText('Такой сорт у товара уже есть')).toBeInTheDocument();
  expect(input).toHaveValue('W450');
  await user.clear(input);
  await user.type(input, 'W320 крупный{Enter}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await within(varieties).findByText('W320 крупный · в предложениях: 2')).toBeInTheDocument();
  expect(await Promise.all(requests(fetchMock, 'PATCH').map((r) => r.clone().json()))).toEqual([
    { name: 'W450' },
    { name: 'W320 крупный' },
  ]);
});

test("the offer card's Сорт offers the chosen product's varieties", async () => {
  mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/lists/products/items', () => json([{ id: 3, name: 'Кешью' }])),
    route('GET', '/api/products/3/varieties', () =>
      json([
        { id: 9, name: 'W320', product_id: 3, offers: 2 },
        { id: 11, name: 'W240', product_id: 3, offers: 0 },
      ]),
    ),
    route('GET', '/api/lists/packing/items', () => json([])),
    route('GET', '/api/lists/cities/items', () => json([])),
    route('GET', '/api/lists/suppliers/items', () => json([])),
  );
  const user = userEvent.setup();
  renderApp('/offers/create', { token: 't' });
  await user.click(await screen.findByRole('combobox', { name: 'Выберите товар' }));
  await user.click(await screen.findByRole('option', { name: 'Кешью' }));
  await user.click(screen.getByRole('combobox', { name: 'Сорт' }));
  const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
  expect(options).toEqual(['Не выбрано', 'W320', 'W240']);
});

test("'Документы для партий': each tick saved at once with every type ticked; a refusal puts the ticks back and says why", async () => {
  const puts: unknown[] = [];
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/products/41', () =>
      json({ id: 41, name: 'Курага', status: 'active', can_update: true, version: 3, document_type_ids: [4] }),
    ),
    route('GET', '/api/products/41/varieties', () => json([])),
    route('GET', '/api/products/41/comments', () => json([])),
    route('GET', '/api/lists/document_types/items', () =>
      json([
        { id: 2, name: 'Фитосанитарный сертификат', expires: true },
        { id: 4, name: 'Сертификат качества', expires: true },
        { id: 5, name: 'Протокол испытаний', expires: false },
      ]),
    ),
    route('PUT', '/api/products/41/document-types', async (request) => {
      const body = await request.clone().json();
      puts.push(body);
      if (body.type_ids.includes(5))
        return json({ status: 'error', error: 'bad_request', message: 'Выберите типы документов из списка' }, 400);
      return json(
        body.type_ids.map((id: number) => ({
          id,
          name: id === 2 ? 'Фитосанитарный сертификат' : 'Сертификат качества',
        })),
      );
    }),
  );
  const user = userEvent.setup();
  renderApp('/products/41', { token: 't' });
  const quality = await screen.findByRole('checkbox', { name: 'Сертификат качества' });
  expect(quality).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Фитосанитарный сертификат' })).not.toBeChecked();
  await user.click(screen.getByRole('checkbox', { name: 'Фитосанитарный сертификат' }));
  await waitFor(() => expect(puts).toEqual([{ type_ids: [2, 4] }]));
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Фитосанитарный сертификат' })).toBeChecked());

  await user.click(screen.getByRole('checkbox', { name: 'Протокол испытаний' }));
  expect(await screen.findByText('Выберите типы документов из списка')).toBeInTheDocument();
  expect(puts[1]).toEqual({ type_ids: [2, 4, 5] });
  expect(screen.getByRole('checkbox', { name: 'Протокол испытаний' })).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Фитосанитарный сертификат' })).toBeChecked();
  expect(requests(fetchMock, 'PATCH')).toHaveLength(0);
  // each a change of the product on the version the card holds: the refused one left it where the first moved it (issue 32)
  expect(requests(fetchMock, 'PUT').map((r) => new URL(r.url).search)).toEqual(['?version=3', '?version=4']);
});

test('each variety write goes on the version of the product the card holds, and the card goes on from the one after it (issue 32)', async () => {
  let version = 4;
  let list = [{ id: 9, name: 'W320', product_id: 3, offers: 0 }];
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/products/3', () => json({ id: 3, name: 'Кешью', status: 'active', version, can_update: true })),
    route('GET', '/api/products/3/varieties', () => json(list)),
    route('POST', '/api/products/3/varieties', async (request) => {
      version += 1;
      list = [...list, { id: 11, name: (await request.clone().json()).name, product_id: 3, offers: 0 }];
      return json(list, 201);
    }),
    route('DELETE', '/api/products/3/varieties/9', () => {
      version += 1;
      list = list.filter((v) => v.id !== 9);
      return json(list);
    }),
    route('PATCH', '/api/products/3', async (request) => {
      version += 1;
      return json({ id: 3, name: 'Кешью', status: (await request.clone().json()).status, version, can_update: true });
    }),
  );
  const user = userEvent.setup();
  renderApp('/products/3', { token: 't' });
  const varieties = await screen.findByTestId('varieties');
  await user.type(await screen.findByLabelText('Новый сорт'), 'W240');
  await user.click(screen.getByRole('button', { name: 'Добавить сорт' }));
  expect(await within(varieties).findByText('W240')).toBeInTheDocument();
  await user.click(within(within(varieties).getByRole('button', { name: 'W320' })).getByTestId('CancelIcon'));
  await waitFor(() => expect(within(varieties).queryByText('W320')).not.toBeInTheDocument());
  await user.click(screen.getByRole('button', { name: 'Деактивировать' }));
  await waitFor(() => expect(requests(fetchMock, 'PATCH')).toHaveLength(1));

  const sent = (method: string) => requests(fetchMock, method).map((r) => new URL(r.url).search);
  expect([...sent('POST'), ...sent('DELETE')]).toEqual(['?version=4', '?version=5']);
  expect(await requests(fetchMock, 'PATCH')[0].clone().json()).toEqual({ status: 'deactivated', version: 6 });
  // the card's own writes moved the version: nothing tells of another user's change
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a variety added on a product another user changed meanwhile is refused as stale: the card says who, when and what', async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/products/3', () =>
      json({ id: 3, name: 'Кешью', status: 'active', version: 2, can_update: true }),
    ),
    route('GET', '/api/products/3/varieties', () => json([])),
    route('POST', '/api/products/3/varieties', () =>
      json(
        {
          status: 'error',
          error: 'stale',
          message: 'Запись изменена другим пользователем',
          stale: {
            version: 3,
            by: 'Мария Иванова',
            at: '2026-11-25T12:34:00Z',
            changes: [{ field: 'varieties', old: null, new: 'W450' }],
            fields: ['Сорта'],
          },
        },
        409,
      ),
    ),
  );
  const user = userEvent.setup();
  renderApp('/products/3', { token: 't' });
  await user.type(await screen.findByLabelText('Новый сорт'), 'W240');
  await user.click(screen.getByRole('button', { name: 'Добавить сорт' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(
    /^Запись изменена другим пользователем: Мария Иванова, 25\.11\.2026 \d\d:34\. Изменено: Сорта/,
  );
  expect(new URL(requests(fetchMock, 'POST')[0].url).search).toBe('?version=2');
  // what was typed stays, to add again once the current version is loaded
  expect(screen.getByLabelText('Новый сорт')).toHaveValue('W240');
});

test('a rename refused as stale closes its dialog: the card says what changed, on the version the rename was sent with', async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/products/3', () =>
      json({ id: 3, name: 'Кешью', status: 'active', version: 7, can_update: true }),
    ),
    route('GET', '/api/products/3/varieties', () => json([{ id: 9, name: 'W320', product_id: 3, offers: 0 }])),
    route('PATCH', '/api/products/3/varieties/9', () =>
      json(
        {
          status: 'error',
          error: 'stale',
          message: 'Запись изменена другим пользователем',
          stale: {
            version: 8,
            by: null,
            at: null,
            changes: [{ field: 'name', old: 'Кешью', new: 'Кешью жареный' }],
            fields: ['Название'],
          },
        },
        409,
      ),
    ),
  );
  const user = userEvent.setup();
  renderApp('/products/3', { token: 't' });
  await user.click(await within(await screen.findByTestId('varieties')).findByText('W320'));
  const dialog = await screen.findByRole('dialog', { name: 'Переименовать сорт «W320»' });
  await user.type(within(dialog).getByLabelText('Название сорта'), ' крупный{Enter}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Запись изменена другим пользователем. Изменено: Название',
  );
  expect(new URL(requests(fetchMock, 'PATCH')[0].url).search).toBe('?version=7');
});

test('a role that does not see who writes records (role 1, issue 51) is told when and what changed, naming nobody', async () => {
  mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/products/3', () =>
      json({ id: 3, name: 'Кешью', status: 'active', version: 7, can_update: true }),
    ),
    route('GET', '/api/products/3/varieties', () => json([{ id: 9, name: 'W320', product_id: 3, offers: 0 }])),
    route('PATCH', '/api/products/3/varieties/9', () =>
      json(
        {
          status: 'error',
          error: 'stale',
          message: 'Запись изменена другим пользователем',
          stale: {
            version: 8,
            by: null,
            at: '2026-11-25T12:34:56.000Z',
            changes: [{ field: 'name', old: 'Кешью', new: 'Кешью жареный' }],
            fields: ['Название'],
          },
        },
        409,
      ),
    ),
  );
  const user = userEvent.setup();
  renderApp('/products/3', { token: 't' });
  await user.click(await within(await screen.findByTestId('varieties')).findByText('W320'));
  const dialog = await screen.findByRole('dialog', { name: 'Переименовать сорт «W320»' });
  await user.type(within(dialog).getByLabelText('Название сорта'), ' крупный{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    /^Запись изменена другим пользователем: 25\.11\.2026 \d\d:34\. Изменено: Название/,
  );
});
