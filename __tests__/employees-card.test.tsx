import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';
import { SPEC_HIDDEN_FIELDS } from '../domain/hiddenFields';

afterEach(() => localStorage.clear());

const admin = permissions({ is_admin: true, user_type: 'admin' });
const positions = route('GET', '/api/lists/positions/items', () =>
  json([
    { id: 1, name: 'Менеджер по продажам' },
    { id: 2, name: 'Кладовщик' },
  ]),
);
const requests = (fetchMock: jest.Mock, method: string) =>
  fetchMock.mock.calls.map(([r]) => r as Request).filter((r) => r.method === method);
const phone = () => screen.getByLabelText('Телефон') as HTMLInputElement;

test('the create card: its texts and every message of the employee form', async () => {
  const fetchMock = mockServer(...signedInHandlers(admin), positions);
  const user = userEvent.setup();
  renderApp('/employees/create', { token: 't' });
  const name = await screen.findByPlaceholderText('Введите имя сотрудника');
  expect(screen.getByText('Данные сотрудника')).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Комментарии' })).toBeInTheDocument();
  await user.type(name, 'О');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Минимум 2 символа')).toBeInTheDocument();
  expect(screen.getByText('Обязательное поле')).toBeInTheDocument();
  expect(screen.getByText('Выберите должность')).toBeInTheDocument();
  await user.clear(name);
  expect(await screen.findByText('Название обязательно')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Email'), 'orlov@');
  expect(await screen.findByText('Некорректный email')).toBeInTheDocument();
  await user.click(phone());
  await user.type(phone(), '912345');
  await user.tab();
  expect(await screen.findByText('Неверный формат')).toBeInTheDocument();
  expect(requests(fetchMock, 'POST')).toHaveLength(0);
});

test('the phone mask: +7 on focus, typing, pasting 8 912 345-67-89, the prefix kept; digits sent', async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    positions,
    route('POST', '/api/employees', () =>
      json({ id: 31, full_name: 'Орлов Иван', status: 'active', can_update: true }, 201),
    ),
    route('GET', '/api/employees/31', () =>
      json({
        id: 31,
        full_name: 'Орлов Иван',
        phone: '79123456789',
        email: 'orlov@nutdesk.ru',
        position_id: 1,
        status: 'active',
        can_update: true,
        reserves: [],
      }),
    ),
  );
  const user = userEvent.setup();
  const { router } = renderApp('/employees/create', { token: 't' });
  await screen.findByText('Данные сотрудника');
  expect(phone().value).toBe('');
  await user.click(phone());
  expect(phone().value).toBe('+7');
  await user.type(phone(), '9123456789');
  expect(phone().value).toBe('+7 (912) 345-67-89');
  // an 11th digit does not fit
  await user.type(phone(), '5');
  expect(phone().value).toBe('+7 (912) 345-67-89');
  // deleting: digit by digit, a formatting character takes its digit with it, the prefix stays
  await user.type(phone(), '{Backspace}{Backspace}{Backspace}');
  expect(phone().value).toBe('+7 (912) 345-6');
  await user.type(phone(), '{Backspace}'.repeat(12));
  expect(phone().value).toBe('+7');
  // pasting a number written with 8
  await user.paste('8 912 345-67-89');
  expect(phone().value).toBe('+7 (912) 345-67-89');
  // the whole field selected and deleted leaves the prefix
  phone().setSelectionRange(0, phone().value.length);
  await user.keyboard('{Backspace}');
  expect(phone().value).toBe('+7');
  await user.paste('+7 912 345 67 89');
  expect(phone().value).toBe('+7 (912) 345-67-89');

  await user.type(screen.getByPlaceholderText('Введите имя сотрудника'), 'Орлов Иван');
  await user.type(screen.getByLabelText('Email'), 'orlov@nutdesk.ru');
  await user.click(screen.getByRole('combobox', { name: 'Должность' }));
  await user.click(await screen.findByRole('option', { name: 'Менеджер по продажам' }));
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/employees/31'));
  expect(await requests(fetchMock, 'POST')[0].clone().json()).toEqual({
    full_name: 'Орлов Иван',
    phone: '79123456789',
    email: 'orlov@nutdesk.ru',
    position_id: 1,
    comments: [],
  });
  expect(await screen.findByDisplayValue('+7 (912) 345-67-89')).toBeInTheDocument();
});

test('the edit card shows the reserve figures and the latest reserves, each linking to its card', async () => {
  mockServer(
    ...signedInHandlers(admin),
    positions,
    route('GET', '/api/employees/5', () =>
      json({
        id: 5,
        full_name: 'Тихонов Олег Юрьевич',
        phone: '79161234567',
        email: 'o.tihonov@nutdesk.demo',
        position_id: 1,
        position_name: 'Менеджер по продажам',
        status: 'active',
        can_update: true,
        reserve_total_created: '12',
        reserve_purchased_count: '7',
        reserve_purchased_sum: '1250000.50',
        reserve_cancelled_count: '2',
        marginality: '14.25',
        reserves: [
          {
            id: 301,
            product: { id: 3, name: 'Кешью' },
            amount: '120.00',
            total_selling_sum: '150000.00',
            status: 'completed',
            created_at: '2026-10-05T10:00:00Z',
          },
        ],
      }),
    ),
  );
  renderApp('/employees/5', { token: 't' });
  expect(await screen.findByDisplayValue('Тихонов Олег Юрьевич')).toBeInTheDocument();
  expect(screen.getByDisplayValue('+7 (916) 123-45-67')).toBeInTheDocument();
  expect(screen.getByText('1 250 000,50 ₽')).toBeInTheDocument();
  expect(screen.getByText('14,25')).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Резервы' });
  const row = within(table).getAllByRole('row')[1];
  expect(row).toHaveTextContent('Кешью');
  expect(row).toHaveTextContent('150 000,00 ₽');
  expect(row).toHaveTextContent('Завершен');
  expect(row).toHaveTextContent('05.10.2026');
  expect(within(row).getByRole('link', { name: '301' })).toHaveAttribute('href', '/reserves/301');
});

test('a duplicate links to the existing employee; roles 1 and 8 do not get the fields they may not see', async () => {
  mockServer(
    ...signedInHandlers(admin),
    positions,
    route('POST', '/api/employees', () =>
      json(
        {
          status: 'error',
          error: 'conflict',
          message: 'Сотрудник с таким email или телефоном уже есть',
          info: { text: 'Сотрудник', id: 5 },
        },
        409,
      ),
    ),
  );
  const user = userEvent.setup();
  const { unmount } = renderApp('/employees/create', { token: 't' });
  await user.type(await screen.findByPlaceholderText('Введите имя сотрудника'), 'Орлов Иван');
  await user.type(screen.getByLabelText('Email'), 'o.tihonov@nutdesk.demo');
  await user.click(screen.getByRole('combobox', { name: 'Должность' }));
  await user.click(await screen.findByRole('option', { name: 'Кладовщик' }));
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  const link = within(await screen.findByRole('alert')).getByRole('link', { name: 'Посмотреть сотрудника: 5' });
  expect(link).toHaveAttribute('href', '/employees/5?withDeleted');
  expect(link).toHaveAttribute('target', '_blank');
  unmount();

  mockServer(
    ...signedInHandlers(permissions({ hidden_fields: SPEC_HIDDEN_FIELDS['1'] }, { employees: 'all' })),
    positions,
  );
  const manager = renderApp('/employees/create', { token: 't' });
  await screen.findByText('Данные сотрудника');
  expect(screen.queryByRole('combobox', { name: 'Должность' })).not.toBeInTheDocument();
  expect(screen.getByLabelText('Телефон')).toBeInTheDocument();
  manager.unmount();

  mockServer(
    ...signedInHandlers(permissions({ role_id: 8, hidden_fields: SPEC_HIDDEN_FIELDS['8'] }, { employees: 'all' })),
    positions,
  );
  renderApp('/employees/create', { token: 't' });
  await screen.findByText('Данные сотрудника');
  expect(screen.queryByLabelText('Телефон')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Должность' })).toBeInTheDocument();
});
