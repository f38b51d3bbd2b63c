import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers, pagination } from './support/render';
import { SPEC_HIDDEN_FIELDS } from '../domain/hiddenFields';

afterEach(() => localStorage.clear());

const admin = permissions({ is_admin: true, user_type: 'admin' });
const cities = route('GET', '/api/lists/cities/items', () => json([{ id: 3, name: 'Казань' }]));
const requests = (fetchMock: jest.Mock, method: string) =>
  fetchMock.mock.calls.map(([r]) => r as Request).filter((r) => r.method === method);

test('the create card: its texts, every message of the supplier form, then the supplier sent with its INN and phone digits', async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    cities,
    route('POST', '/api/suppliers', () =>
      json({ id: 60, name: 'ООО «Ядро»', status: 'active', can_update: true }, 201),
    ),
    route('GET', '/api/suppliers/60', () =>
      json({ id: 60, name: 'ООО «Ядро»', status: 'active', can_update: true, inn: '1655123456' }),
    ),
    route('GET', '/api/offers', () => json({ data: [], pagination: pagination(0) })),
  );
  const user = userEvent.setup();
  const { router } = renderApp('/suppliers/create', { token: 't' });
  const name = await screen.findByPlaceholderText('Введите название поставщика');
  expect(screen.getByText('Данные поставщика')).toBeInTheDocument();
  await user.type(name, 'Я');
  await user.type(screen.getByLabelText('ИНН'), '9999');
  await user.type(screen.getByLabelText('Контактное лицо'), 'И');
  await user.type(screen.getByLabelText('Email'), 'sales@yadro');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Минимум 5 цифр')).toBeInTheDocument();
  expect(screen.getByText('Некорректный email')).toBeInTheDocument();
  expect(screen.getByText('Выберите город')).toBeInTheDocument();
  expect(screen.getAllByText('Минимум 2 символа')).toHaveLength(2); // the name and the contact
  expect(screen.getByText('Обязательное поле')).toBeInTheDocument(); // the location
  expect(requests(fetchMock, 'POST')).toHaveLength(0);

  await user.clear(name);
  await user.type(name, 'ООО «Ядро»');
  await user.clear(screen.getByLabelText('ИНН'));
  await user.type(screen.getByLabelText('ИНН'), '1655123456');
  await user.clear(screen.getByLabelText('Контактное лицо'));
  await user.type(screen.getByLabelText('Контактное лицо'), 'Ильдар Гарипов');
  await user.clear(screen.getByLabelText('Email'));
  await user.type(screen.getByLabelText('Email'), 'sales@yadro.ru');
  await user.click(screen.getByLabelText('Телефон'));
  await user.paste('8 843 200-10-20');
  await user.click(screen.getByRole('combobox', { name: 'Город' }));
  await user.click(await screen.findByRole('option', { name: 'Казань' }));
  await user.type(screen.getByLabelText('Адрес'), 'Казань, ул. Складская, 7');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/suppliers/60'));
  expect(await requests(fetchMock, 'POST')[0].clone().json()).toEqual({
    name: 'ООО «Ядро»',
    email: 'sales@yadro.ru',
    phone: '78432001020',
    contact_name: 'Ильдар Гарипов',
    inn: '1655123456',
    city_id: 3,
    location: 'Казань, ул. Складская, 7',
    comments: [],
  });
});

test("the edit card shows the figures and the supplier's latest offers; a duplicate INN links to its supplier", async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    cities,
    route('GET', '/api/suppliers/8', () =>
      json({
        id: 8,
        name: 'ООО «Ядро»',
        email: 'sales@yadro.ru',
        phone: '78432001020',
        contact_name: 'Ильдар Гарипов',
        inn: '1655123456',
        city_id: 3,
        location: 'Казань',
        status: 'active',
        can_update: true,
        total_offers_created: '14',
        reserve_total_created: '9',
        reserve_purchased_sum: '480000.00',
        reserve_cancelled_count: '1',
        min_selling_price: '750.00',
        max_selling_price: '1200.00',
        available_amount: '3400.00',
        version: 5,
      }),
    ),
    route('GET', '/api/offers', () =>
      json({
        data: [
          {
            id: 120,
            product: { id: 3, name: 'Кешью' },
            available_amount: '300.00',
            unit_price: '950.00',
            status: 'active',
            created_at: '2026-10-01T10:00:00Z',
          },
        ],
        pagination: pagination(1),
      }),
    ),
    route('PATCH', '/api/suppliers/8', () =>
      json(
        {
          status: 'error',
          error: 'conflict',
          message: 'Поставщик с таким ИНН уже есть',
          info: { text: 'Поставщик', id: 4 },
        },
        409,
      ),
    ),
    // the supplier's price lists (issue 41): none uploaded yet
    route('GET', '/api/suppliers/8/price-lists', () => json([])),
  );
  const user = userEvent.setup();
  renderApp('/suppliers/8', { token: 't' });
  expect(await screen.findByDisplayValue('+7 (843) 200-10-20')).toBeInTheDocument();
  expect(screen.getByText('480 000,00 ₽')).toBeInTheDocument();
  expect(screen.getByText('3 400')).toBeInTheDocument();
  const offers = await screen.findByRole('table', { name: 'Предложения' });
  expect(within(offers).getByRole('link', { name: '120' })).toHaveAttribute('href', '/offers/120');
  expect(within(offers).getAllByRole('row')[1]).toHaveTextContent('Кешью');
  const query = new URL(requests(fetchMock, 'GET').find((r) => r.url.includes('/api/offers'))!.url).searchParams;
  expect([query.get('suppliers_ids'), query.get('sort'), query.get('order')]).toEqual(['8', 'created_at', 'desc']);

  await user.clear(screen.getByLabelText('ИНН'));
  await user.type(screen.getByLabelText('ИНН'), '7701000001');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  const link = within(await screen.findByRole('alert')).getByRole('link', { name: 'Посмотреть поставщика: 4' });
  expect(link).toHaveAttribute('href', '/suppliers/4?withDeleted');
  expect(await requests(fetchMock, 'PATCH')[0].clone().json()).toMatchObject({ inn: '7701000001', version: 5 });
});

test('role 1 gets only the name on the card', async () => {
  mockServer(
    ...signedInHandlers(permissions({ hidden_fields: SPEC_HIDDEN_FIELDS['1'] }, { suppliers: 'all' })),
    cities,
    route('GET', '/api/suppliers/8', () =>
      json({ id: 8, name: 'ООО «Ядро»', status: 'active', can_update: false, total_offers_created: '14' }),
    ),
  );
  renderApp('/suppliers/8', { token: 't' });
  expect(await screen.findByDisplayValue('ООО «Ядро»')).toBeDisabled();
  for (const label of ['Email', 'Телефон', 'Контактное лицо', 'ИНН', 'Адрес'])
    expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: 'Город' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
});
