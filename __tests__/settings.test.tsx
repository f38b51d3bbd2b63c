import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers, me } from './support/render';
import { permissionsOf } from '../domain/permissions';
import type { AdminRole, AdminUser, RolesAnswer } from '../domain/admin';

afterEach(() => localStorage.clear());

const admin = permissions({ is_admin: true, user_type: 'admin' });
const adminMe = me({ is_admin: true, user_type: 'admin', email: 'admin@nutdesk.demo', name: 'Администратор' });
const settings = {
  delivery_cost_default: '15',
  local_delivery_cost_default: '2.5',
  costs_per_kg: '12',
  min_markup: '0.1',
  max_markup: '0.35',
  reserve_hold_days: '5',
  reserve_unpaid_days: '2',
  min_margin_percent: '5',
  rate_move_threshold_percent: '2.5',
};
const sent = (fetchMock: jest.Mock, method: string, path: string) =>
  fetchMock.mock.calls
    .map(([r]) => r as Request)
    .filter((r) => r.method === method && new URL(r.url).pathname === path);
const bodyOf = async (request: Request) => JSON.parse(await request.clone().text());

const role1: AdminRole = {
  id: 1,
  name: 'Менеджер по продажам',
  users: 1,
  permissions: permissionsOf('all'),
  hidden: { offers: ['Поставщик'] },
  lower_delivery_cost: false,
  finance: false,
};
const role8: AdminRole = {
  id: 8,
  name: 'Склад',
  users: 1,
  permissions: permissionsOf('none'),
  hidden: {},
  lower_delivery_cost: false,
  finance: false,
};
const roles: RolesAnswer = {
  roles: [role1, role8],
  fields: {
    offers: [
      { title: 'Поставщик', fields: ['supplier', 'suppliers_ids'] },
      { title: 'Сумма', fields: ['total_sum'] },
    ],
    reserves: [],
    employees: [],
    suppliers: [],
    products: [],
    cities: [],
    buyers: [],
    shipments: [],
  },
};
const users: AdminUser[] = [
  {
    id: 1,
    email: 'admin@nutdesk.demo',
    name: 'Администратор',
    user_type: 'admin',
    is_admin: true,
    role: null,
    linked: null,
    status: 'active',
    last_sign_in_at: '2026-11-20T09:30:00Z',
    created_at: '2026-01-01T00:00:00Z',
  },
  {
    id: 2,
    email: 'manager@nutdesk.demo',
    name: 'Тихонов Олег Юрьевич',
    user_type: 'employee',
    is_admin: false,
    role: { id: 1, name: 'Менеджер по продажам' },
    linked: { id: 4, name: 'Тихонов Олег Юрьевич' },
    status: 'active',
    last_sign_in_at: '2026-11-21T08:00:00Z',
    created_at: '2026-01-01T00:00:00Z',
  },
  {
    id: 5,
    email: 'new@nutdesk.demo',
    name: 'Смирнова Ольга',
    user_type: 'supplier',
    is_admin: false,
    role: { id: 8, name: 'Склад' },
    linked: { id: 3, name: 'ООО Орехов' },
    status: 'invited',
    last_sign_in_at: null,
    created_at: '2026-11-01T00:00:00Z',
  },
];

// issue 35: where buyers' links start; PUBLIC_URL set here, so no warning (one test below has it unset)
const publicUrl = (patch: Record<string, unknown> = {}) =>
  route('GET', '/api/admin/public-url', () =>
    json({ base: 'https://desk.orehi.ru', configured: true, warning: null, ...patch }),
  );
const adminHandlers = () => [
  ...signedInHandlers(admin, adminMe),
  publicUrl(),
  route('POST', '/api/settings', () => json(settings)),
  route('GET', '/api/admin/users', () => json(users)),
  route('GET', '/api/admin/roles', () => json(roles)),
  route('GET', '/api/upd/countries', () => json({ unmapped: [], mapped: [], countries: [] })),
];

async function openTab(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name }));
  return user;
}

test('a non-admin is not let in', async () => {
  mockServer(...signedInHandlers(permissions({}, { offers: 'all' })));
  renderApp('/settings', { token: 't' });
  expect(await screen.findByText('Нет доступа к этому разделу')).toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'Бизнес-настройки' })).not.toBeInTheDocument();
});

test('business settings: the tabs, the values, every message, and the PUT /api/settings sent', async () => {
  const fetchMock = mockServer(
    ...adminHandlers(),
    route('PUT', '/api/settings', () =>
      json({ status: 'success', settings: { ...settings, min_markup: '0.15' }, offers: 412 }),
    ),
  );
  renderApp('/settings', { token: 't' });
  expect(await screen.findByRole('heading', { name: 'Настройки' })).toBeInTheDocument();
  for (const tab of ['Бизнес-настройки', 'Пользователи', 'Роли', 'Справочники', 'Журнал изменений']) {
    expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
  }
  // the stored fractions 0.1 and 0.35 are shown as percent
  const min = await screen.findByLabelText('Минимальная наценка');
  expect(min).toHaveValue('10');
  expect(min.parentElement).toHaveTextContent('%');
  expect(screen.getByLabelText('Максимальная наценка')).toHaveValue('35');
  expect(screen.getByLabelText('Доставка по умолчанию, ₽/кг')).toHaveValue('15');
  // issue 51: a sale in the lot's own loading city has a default of its own
  expect(screen.getByLabelText('Доставка по городу по умолчанию, ₽/кг')).toHaveValue('2,5');
  // the help texts are the user's words, never the settings' keys
  expect(screen.getAllByText('В процентах к себестоимости')).toHaveLength(2);
  expect(screen.getByText('Когда у городов нет маршрута')).toBeInTheDocument();
  expect(screen.getByText('Резерв до = дата создания + столько дней')).toBeInTheDocument();
  expect(screen.getByText('Решает, какой сегодня день: даты резервов, фильтры, выгрузки')).toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(
    /delivery_cost_default|local_delivery|costs_per_kg|min_markup|max_markup|reserve_hold_days|reserve_unpaid_days|time_zone|min_margin|rate_move/,
  );
  // the margins' check: percents as stored, with the Russian comma
  const margin = screen.getByLabelText('Минимальная маржа, %');
  expect(margin).toHaveValue('5');
  expect(screen.getByLabelText('Порог изменения курса, %')).toHaveValue('2,5');
  const user = userEvent.setup();
  const save = screen.getByRole('button', { name: 'Сохранить' });
  await user.clear(margin);
  await user.type(margin, '101');
  await user.tab();
  expect(await screen.findByText('Не больше 100 %')).toBeInTheDocument();
  await user.clear(margin);
  await user.type(margin, '3,5');
  await user.tab();
  await waitFor(() => expect(screen.queryByText('Не больше 100 %')).not.toBeInTheDocument());

  await user.clear(min);
  await user.type(min, '-1');
  await user.tab();
  expect(await screen.findByText('Значение не может быть отрицательным')).toBeInTheDocument();
  await user.clear(min);
  await user.type(min, '1001');
  await user.tab();
  expect(await screen.findByText('Не больше 1000 %')).toBeInTheDocument();
  await user.clear(min);
  await user.type(min, '12,345');
  await user.tab();
  expect(await screen.findByText('Не больше 2 знаков после запятой')).toBeInTheDocument();
  await user.clear(min);
  await user.type(min, '40');
  await user.tab();
  expect(await screen.findByText('Максимальная наценка не может быть меньше минимальной')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Свои расходы, ₽/кг'));
  await user.tab();
  expect(await screen.findByText('Введите число')).toBeInTheDocument();
  await user.click(save);
  expect(sent(fetchMock, 'PUT', '/api/settings')).toHaveLength(0);

  await user.type(screen.getByLabelText('Свои расходы, ₽/кг'), '12');
  await user.clear(min);
  await user.type(min, '12,5'); // a decimal comma or point
  await user.click(save);
  expect(await screen.findByText('Настройки сохранены. Пересчитаны цены продажи предложений: 412')).toBeInTheDocument();
  // the API keeps the spec's fractions
  const [put] = sent(fetchMock, 'PUT', '/api/settings');
  expect(await bodyOf(put)).toEqual({
    ...settings,
    min_markup: '0.125',
    min_margin_percent: '3.5',
    time_zone: 'Europe/Moscow',
  });
});

test('rubles show the Russian decimal comma; typed with a comma or a point they are sent with a point (issue 35)', async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(admin, adminMe),
    publicUrl(),
    route('POST', '/api/settings', () =>
      json({ ...settings, delivery_cost_default: '3533.42', costs_per_kg: '12.50' }),
    ),
    route('PUT', '/api/settings', () => json({ status: 'success', settings, offers: 3 })),
  );
  renderApp('/settings', { token: 't' });
  const delivery = await screen.findByLabelText('Доставка по умолчанию, ₽/кг');
  const costs = screen.getByLabelText('Свои расходы, ₽/кг');
  expect(delivery).toHaveValue('3533,42');
  expect(costs).toHaveValue('12,5');
  expect(delivery).toHaveAttribute('type', 'text');
  expect(delivery).toHaveAttribute('inputmode', 'decimal');
  const user = userEvent.setup();
  await user.clear(delivery);
  await user.type(delivery, '1200,5');
  expect(delivery).toHaveValue('1200,5');
  await user.clear(costs);
  await user.type(costs, '1200.5');
  expect(costs).toHaveValue('1200.5'); // as typed while typing
  await user.tab();
  expect(costs).toHaveValue('1200,5'); // the comma once left
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Настройки сохранены. Пересчитаны цены продажи предложений: 3')).toBeInTheDocument();
  const [put] = sent(fetchMock, 'PUT', '/api/settings');
  expect(await bodyOf(put)).toEqual({
    ...settings,
    delivery_cost_default: '1200.5',
    costs_per_kg: '1200.5',
    time_zone: 'Europe/Moscow',
  });
});

test("the open tab is in the URL: a reload keeps 'Роли', a link opens it", async () => {
  mockServer(...adminHandlers());
  const first = renderApp('/settings', { token: 't' });
  const user = await openTab('Роли');
  await waitFor(() => expect(first.router.state.location.search).toBe('?tab=roles'));
  expect(screen.getByRole('tab', { name: 'Роли' })).toHaveAttribute('aria-selected', 'true');
  first.unmount();
  // the page opened again at the URL it was left on, as a reload does
  const again = renderApp('/settings?tab=roles', { token: 't' });
  expect(await screen.findByRole('tab', { name: 'Роли' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: 'Бизнес-настройки' })).toHaveAttribute('aria-selected', 'false');
  await user.click(screen.getByRole('tab', { name: 'Пользователи' }));
  await waitFor(() => expect(again.router.state.location.search).toBe('?tab=users'));
  expect(await screen.findByRole('table', { name: 'Пользователи' })).toBeInTheDocument();
});

test('users: kinds, roles, statuses and last sign-in; invite with every message; resend; deactivate; change a role', async () => {
  const fetchMock = mockServer(
    ...adminHandlers(),
    route('GET', '/api/lists/employees/items', () =>
      json([
        { id: 4, name: 'Тихонов Олег Юрьевич' },
        { id: 7, name: 'Орлова Анна' },
      ]),
    ),
    route('POST', '/api/admin/invitations', () =>
      json(
        {
          status: 'success',
          id: 9,
          email: 'anna@nutdesk.demo',
          message: 'Приглашение отправлено на anna@nutdesk.demo',
        },
        201,
      ),
    ),
    route('POST', '/api/admin/users/5/invitation', () => json(users[2])),
    route('PATCH', '/api/admin/users/2', async (r) =>
      json({ ...users[1], ...((await bodyOf(r)).status && { status: 'deactivated' }) }),
    ),
  );
  renderApp('/settings', { token: 't' });
  const user = await openTab('Пользователи');
  const table = await screen.findByRole('table', { name: 'Пользователи' });
  const manager = within(table).getByText('manager@nutdesk.demo').closest('tr')!;
  expect(within(manager).getByText('Сотрудник')).toBeInTheDocument();
  expect(within(manager).getByText('Активен')).toBeInTheDocument();
  expect(within(manager).getByText('21.11.2026 08:00')).toBeInTheDocument();
  const invited = within(table).getByText('new@nutdesk.demo').closest('tr')!;
  expect(within(invited).getByText('Пользователь поставщика')).toBeInTheDocument();
  expect(within(invited).getByText('ООО Орехов')).toBeInTheDocument();
  expect(within(invited).getByText('Приглашён')).toBeInTheDocument();
  expect(within(invited).getByText('Не входил')).toBeInTheDocument();

  // resend
  await user.click(within(invited).getByRole('button', { name: 'Отправить приглашение повторно' }));
  expect(await screen.findByText('Приглашение отправлено повторно на new@nutdesk.demo')).toBeInTheDocument();

  // deactivate: the switch sends the status
  await user.click(within(manager).getByRole('switch', { name: 'Доступ открыт: manager@nutdesk.demo' }));
  expect(
    await screen.findByText('Пользователь manager@nutdesk.demo отключён: его сеансы завершены'),
  ).toBeInTheDocument();
  expect(await bodyOf(sent(fetchMock, 'PATCH', '/api/admin/users/2')[0])).toEqual({ status: 'deactivated' });

  // change a role
  await user.click(within(manager).getByRole('combobox', { name: 'Роль: manager@nutdesk.demo' }));
  await user.click(await screen.findByRole('option', { name: 'Склад' }));
  await waitFor(() => expect(sent(fetchMock, 'PATCH', '/api/admin/users/2')).toHaveLength(2));
  expect(await bodyOf(sent(fetchMock, 'PATCH', '/api/admin/users/2')[1])).toEqual({ role_id: 8 });

  // invite
  await user.click(screen.getByRole('button', { name: 'Пригласить' }));
  const dialog = await screen.findByRole('dialog', { name: 'Приглашение' });
  await user.click(within(dialog).getByRole('button', { name: 'Отправить приглашение' }));
  expect(await within(dialog).findByText('Введите email')).toBeInTheDocument();
  expect(within(dialog).getByText('Выберите сотрудника')).toBeInTheDocument();
  expect(within(dialog).getByText('Выберите роль')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('Email'), 'anna@');
  expect(await within(dialog).findByText('Введите корректный email')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('Email'), 'nutdesk.demo');
  await user.click(within(dialog).getByRole('combobox', { name: 'Сотрудник' }));
  await user.click(await screen.findByRole('option', { name: 'Орлова Анна' }));
  await user.click(within(dialog).getByRole('combobox', { name: 'Роль' }));
  await user.click(await screen.findByRole('option', { name: 'Менеджер по продажам' }));
  expect(sent(fetchMock, 'POST', '/api/admin/invitations')).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Отправить приглашение' }));
  expect(await screen.findByText('Приглашение отправлено на anna@nutdesk.demo')).toBeInTheDocument();
  expect(await bodyOf(sent(fetchMock, 'POST', '/api/admin/invitations')[0])).toEqual({
    email: 'anna@nutdesk.demo',
    user_type: 'employee',
    employee_id: 7,
    role_id: 1,
  });
});

test('roles: add with its message, the matrix and the hidden fields by title send only what changed', async () => {
  const fetchMock = mockServer(
    ...adminHandlers(),
    route('POST', '/api/admin/roles', () =>
      json(
        { status: 'error', error: 'conflict', message: 'Роль «склад» уже есть', info: { text: 'Роль', id: 8 } },
        409,
      ),
    ),
    route('PUT', '/api/admin/roles/8/permissions', () =>
      json({
        ...role8,
        permissions: { ...role8.permissions, suppliers: { ...role8.permissions.suppliers, read: 'all' } },
      }),
    ),
    route('PUT', '/api/admin/roles/1/hidden-fields', () =>
      json({ ...role1, hidden: { offers: ['Поставщик', 'Сумма'] } }),
    ),
  );
  renderApp('/settings', { token: 't' });
  const user = await openTab('Роли');
  expect(await screen.findByLabelText('Название роли')).toHaveValue('Менеджер по продажам');
  expect(screen.getByText('Пользователей с этой ролью: 1')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Добавить роль' }));
  expect(await screen.findByText('Введите название роли')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Новая роль'), 'склад');
  await user.click(screen.getByRole('button', { name: 'Добавить роль' }));
  expect(await screen.findByText('Роль «склад» уже есть')).toBeInTheDocument();

  // hidden fields of role 1: 'Поставщик' is checked, 'Сумма' is not
  expect(screen.getByRole('checkbox', { name: 'Предложения: Поставщик' })).toBeChecked();
  await user.click(screen.getByRole('checkbox', { name: 'Предложения: Сумма' }));
  await user.click(screen.getByRole('button', { name: 'Сохранить скрытые поля' }));
  expect(
    await screen.findByText('Скрытые поля сохранены: они действуют со следующего запроса пользователей роли'),
  ).toBeInTheDocument();
  expect((await bodyOf(sent(fetchMock, 'PUT', '/api/admin/roles/1/hidden-fields')[0])).offers).toEqual([
    'Поставщик',
    'Сумма',
  ]);

  // the matrix of role 8
  await user.click(screen.getByRole('combobox', { name: 'Роль' }));
  await user.click(await screen.findByRole('option', { name: 'Склад' }));
  const save = screen.getByRole('button', { name: 'Сохранить права' });
  expect(save).toBeDisabled();
  await user.click(screen.getByRole('combobox', { name: 'Поставщики: Просмотр' }));
  await user.click(await screen.findByRole('option', { name: 'Все' }));
  await user.click(save);
  expect(
    await screen.findByText('Права сохранены: они действуют со следующего запроса пользователей роли'),
  ).toBeInTheDocument();
  expect(await bodyOf(sent(fetchMock, 'PUT', '/api/admin/roles/8/permissions')[0])).toEqual({
    suppliers: { read: 'all' },
  });
  expect(sent(fetchMock, 'PUT', '/api/admin/roles/8/rights')).toHaveLength(0);
});

test('roles: a create right on a section whose required fields the role hides is warned of under the matrix (issue 33)', async () => {
  mockServer(...adminHandlers());
  renderApp('/settings', { token: 't' });
  const user = await openTab('Роли');
  // role 1 hides the offers' supplier and may create offers
  const warning = 'Нельзя создавать предложения: роли скрыты обязательное поле «Поставщик»';
  expect(await screen.findByText(warning)).toBeInTheDocument();
  // hiding a field the card does not require changes nothing; taking the create right away ends the warning
  await user.click(screen.getByRole('checkbox', { name: 'Предложения: Сумма' }));
  expect(screen.getByText(warning)).toBeInTheDocument();
  await user.click(screen.getByRole('combobox', { name: 'Предложения: Создание' }));
  await user.click(await screen.findByRole('option', { name: 'Нет' }));
  await waitFor(() => expect(screen.queryByText(warning)).not.toBeInTheDocument());
  // the warehouse role, which may create nothing, is warned of nothing
  await user.click(screen.getByRole('combobox', { name: 'Роль' }));
  await user.click(await screen.findByRole('option', { name: 'Склад' }));
  expect(screen.queryByText(/^Нельзя создавать/)).not.toBeInTheDocument();
});

// issue 33: lowering a reserve's delivery cost below its route's; issue 37: exceeding a buyer's credit limit
test.each([
  ['Снижать стоимость доставки ниже маршрута', { lower_delivery_cost: true }],
  ['Финансы', { finance: true }],
])("roles: '%s' is a role setting saved with the rights; only the one changed is sent", async (title, body) => {
  const fetchMock = mockServer(
    ...adminHandlers(),
    route('PUT', '/api/admin/roles/1/rights', () => json({ ...role1, ...body })),
  );
  renderApp('/settings', { token: 't' });
  const user = await openTab('Роли');
  const right = await screen.findByRole('checkbox', { name: title });
  expect(right).not.toBeChecked();
  const save = screen.getByRole('button', { name: 'Сохранить права' });
  expect(save).toBeDisabled();
  await user.click(right);
  await user.click(save);
  expect(
    await screen.findByText('Права сохранены: они действуют со следующего запроса пользователей роли'),
  ).toBeInTheDocument();
  expect(await bodyOf(sent(fetchMock, 'PUT', '/api/admin/roles/1/rights')[0])).toEqual(body);
  expect(sent(fetchMock, 'PUT', '/api/admin/roles/1/permissions')).toHaveLength(0);
});

test("reference lists: add, a duplicate's Russian message, rename", async () => {
  const fetchMock = mockServer(
    ...adminHandlers(),
    route('GET', '/api/admin/positions', () => json([{ id: 1, name: 'Логист', used: 3 }])),
    route('GET', '/api/admin/packing', () => json([{ id: 2, name: 'Мешок 25 кг', used: 40 }])),
    route('POST', '/api/admin/positions', () =>
      json(
        {
          status: 'error',
          error: 'conflict',
          message: 'Должность «Логист» уже есть',
          info: { text: 'Должность', id: 1 },
        },
        409,
      ),
    ),
    route('PATCH', '/api/admin/packing/2', () => json({ id: 2, name: 'Мешок 50 кг', used: 40 })),
    route('GET', '/api/lists/packing/items', () => json([{ id: 2, name: 'Мешок 50 кг' }])),
  );
  renderApp('/settings', { token: 't' });
  const user = await openTab('Справочники');
  const positions = await screen.findByRole('region', { name: 'Должности' });
  expect(await within(positions).findByText('Логист')).toBeInTheDocument();
  await user.click(within(positions).getByRole('button', { name: 'Добавить' }));
  expect(await within(positions).findByText('Введите название')).toBeInTheDocument();
  await user.type(within(positions).getByLabelText('Должность'), 'логист');
  await user.click(within(positions).getByRole('button', { name: 'Добавить' }));
  expect(await within(positions).findByText('Должность «Логист» уже есть')).toBeInTheDocument();

  const packing = screen.getByRole('region', { name: 'Типы упаковки' });
  await user.click(await within(packing).findByRole('button', { name: 'Переименовать «Мешок 25 кг»' }));
  const input = within(packing).getByRole('textbox', { name: 'Переименовать «Мешок 25 кг»' });
  await user.clear(input);
  await user.type(input, 'Мешок 50 кг');
  await user.click(within(packing).getByRole('button', { name: 'Сохранить' }));
  expect(await within(packing).findByText('Переименовано: «Мешок 50 кг»')).toBeInTheDocument();
  expect(await bodyOf(sent(fetchMock, 'PATCH', '/api/admin/packing/2')[0])).toEqual({ name: 'Мешок 50 кг' });
  // the cards' selects get the new name
  await waitFor(() => expect(sent(fetchMock, 'GET', '/api/lists/packing/items')).toHaveLength(1));
});

test('the change log: when, who, what', async () => {
  mockServer(
    ...adminHandlers(),
    route('GET', '/api/admin/log', () =>
      json({
        data: [
          {
            id: 3,
            created_at: '2026-11-21T08:00:00Z',
            user: { id: 1, name: 'Администратор' },
            summary: 'Бизнес-настройки: Минимальная наценка 10 % → 15 %',
          },
        ],
        pagination: {
          totalItems: 1,
          currentPage: 1,
          firstPage: 1,
          lastPage: 1,
          nextPage: null,
          previousPage: null,
          perPage: 20,
          pageCount: 1,
          pageURI: '',
        },
      }),
    ),
  );
  renderApp('/settings', { token: 't' });
  await openTab('Журнал изменений');
  const table = await screen.findByRole('table', { name: 'Журнал изменений' });
  const row = within(table).getByText('Бизнес-настройки: Минимальная наценка 10 % → 15 %').closest('tr')!;
  expect(within(row).getByText('Администратор')).toBeInTheDocument();
  expect(within(row).getByText('21.11.2026 08:00')).toBeInTheDocument();
});

const documentTypes = [
  { id: 2, name: 'Фитосанитарный сертификат', expires: true },
  { id: 4, name: 'Сертификат качества', expires: true },
  { id: 6, name: 'Другое', expires: false },
];

test("lot documents' settings (issue 39): the imported lots' types, 'Запрещать резерв без документов', the notice days checked by the shared rules, and the PUT sent", async () => {
  const fetchMock = mockServer(
    ...adminHandlers(),
    route('GET', '/api/admin/document-settings', () =>
      json({ documents_imported_types: [2], documents_forbid_reserve: false, documents_notice_days: 14 }),
    ),
    route('GET', '/api/lists/document_types/items', () => json(documentTypes)),
    route('PUT', '/api/admin/document-settings', async (request) => json(await request.clone().json())),
  );
  renderApp('/settings', { token: 't' });
  const region = await screen.findByRole('form', { name: 'Документы партий' });
  const user = userEvent.setup();
  expect(within(region).getByRole('checkbox', { name: 'Фитосанитарный сертификат' })).toBeChecked();
  expect(within(region).getByRole('checkbox', { name: 'Сертификат качества' })).not.toBeChecked();
  expect(within(region).getByRole('checkbox', { name: 'Запрещать резерв без документов' })).not.toBeChecked();
  const days = within(region).getByLabelText('Предупреждать об истечении документа за, дней');
  expect(days).toHaveValue('14');
  const save = within(region).getByRole('button', { name: 'Сохранить настройки документов' });
  expect(save).toBeDisabled();

  await user.click(within(region).getByRole('checkbox', { name: 'Сертификат качества' }));
  await user.click(within(region).getByRole('checkbox', { name: 'Запрещать резерв без документов' }));
  await user.clear(days);
  await user.type(days, '400');
  await user.click(save);
  expect(await within(region).findByText('Целое число дней от 0 до 365')).toBeInTheDocument();
  expect(sent(fetchMock, 'PUT', '/api/admin/document-settings')).toHaveLength(0);
  await user.clear(days);
  await user.type(days, '10');
  await user.click(save);
  expect(await within(region).findByText('Настройки документов сохранены')).toBeInTheDocument();
  expect(await bodyOf(sent(fetchMock, 'PUT', '/api/admin/document-settings')[0])).toEqual({
    documents_imported_types: [2, 4],
    documents_forbid_reserve: true,
    documents_notice_days: 10,
  });
});

test('a document type is added saying whether its documents need a valid-until', async () => {
  const fetchMock = mockServer(
    ...adminHandlers(),
    route('GET', '/api/admin/positions', () => json([])),
    route('GET', '/api/admin/packing', () => json([])),
    route('GET', '/api/admin/document_types', () => json(documentTypes.map((t) => ({ ...t, used: 0 })))),
    route('POST', '/api/admin/document_types', () =>
      json({ id: 7, name: 'Ветеринарное свидетельство', used: 0, expires: true }, 201),
    ),
    route('GET', '/api/lists/document_types/items', () => json(documentTypes)),
  );
  renderApp('/settings', { token: 't' });
  const user = await openTab('Справочники');
  const types = await screen.findByRole('region', { name: 'Типы документов' });
  expect(await within(types).findByText('Фитосанитарный сертификат · со сроком действия')).toBeInTheDocument();
  expect(within(types).getByText('Другое')).toBeInTheDocument();
  await user.type(within(types).getByLabelText('Тип документа'), 'Ветеринарное свидетельство');
  await user.click(within(types).getByRole('checkbox', { name: 'Со сроком действия' }));
  await user.click(within(types).getByRole('button', { name: 'Добавить' }));
  expect(await within(types).findByText('Добавлено: «Ветеринарное свидетельство»')).toBeInTheDocument();
  expect(await bodyOf(sent(fetchMock, 'POST', '/api/admin/document_types')[0])).toEqual({
    name: 'Ветеринарное свидетельство',
    expires: true,
  });
  expect(within(types).getByRole('checkbox', { name: 'Со сроком действия' })).not.toBeChecked();
});

test("the company's name and phone (issue 38): read by name, checked as typed, saved by PUT /api/settings", async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(admin, adminMe),
    publicUrl(),
    route('POST', '/api/settings', async (request) => {
      const names = (await request.clone().json()) as string[];
      return json(
        names.includes('company_phone') ? { company_name: 'NutDesk', company_phone: '+7 (843) 200-00-00' } : settings,
      );
    }),
    route('PUT', '/api/settings', () => json({ status: 'success' })),
  );
  renderApp('/settings', { token: 't' });
  const phone = await screen.findByRole('textbox', { name: 'Телефон компании' });
  expect(phone).toHaveValue('+7 (843) 200-00-00');
  expect(screen.getByRole('textbox', { name: 'Название компании' })).toHaveValue('NutDesk');
  const user = userEvent.setup();
  await user.clear(phone);
  await user.type(phone, 'после обеда');
  expect(
    screen.getByText('Телефон компании: цифры, пробелы, «+», скобки и дефис, не длиннее 30 символов'),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Сохранить данные компании' }));
  expect(sent(fetchMock, 'PUT', '/api/settings')).toHaveLength(0);
  await user.clear(phone);
  await user.type(phone, '+7 (843) 555-12-34');
  await user.click(screen.getByRole('button', { name: 'Сохранить данные компании' }));
  expect(await screen.findByText('Данные компании сохранены')).toBeInTheDocument();
  const [put] = sent(fetchMock, 'PUT', '/api/settings');
  // the requisites go with them, blank until typed, the general VAT regime until another is chosen
  expect(await bodyOf(put)).toEqual({
    company_name: 'NutDesk',
    company_phone: '+7 (843) 555-12-34',
    company_full_name: '',
    company_inn: '',
    company_kpp: '',
    company_ogrn: '',
    company_address: '',
    company_bank_name: '',
    company_bik: '',
    company_account: '',
    company_corr_account: '',
    company_director: '',
    company_accountant: '',
    vat_regime: 'general',
  });
});

test("'НДС при ввозе принимается к вычету': read by name (ticked when stored 'true'), cleared and saved at once with the lots it moved", async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(admin, adminMe),
    publicUrl(),
    route('POST', '/api/settings', async (request) => {
      const names = (await request.clone().json()) as string[];
      return json(names.includes('import_vat_recovered') ? { import_vat_recovered: 'true' } : settings);
    }),
    route('PUT', '/api/settings', () => json({ status: 'success', lots: 2 })),
  );
  renderApp('/settings', { token: 't' });
  const vat = await screen.findByRole('checkbox', { name: 'НДС при ввозе принимается к вычету' });
  expect(vat).toBeChecked();
  expect(
    screen.getByText(
      'Общий режим: НДС при ввозе не входит в себестоимость лотов поставки. Сохранение пересчитывает поставки с этим НДС',
    ),
  ).toBeInTheDocument();
  await userEvent.setup().click(vat);
  expect(
    await screen.findByText('Настройка НДС при ввозе сохранена. Пересчитана себестоимость лотов: 2'),
  ).toBeInTheDocument();
  const [put] = sent(fetchMock, 'PUT', '/api/settings');
  expect(await bodyOf(put)).toEqual({ import_vat_recovered: false });
});

test("the seller's requisites: each checked as typed, the account against the БИК, a wrong one not sent", async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(admin, adminMe),
    publicUrl(),
    route('POST', '/api/settings', async (request) => {
      const names = (await request.clone().json()) as string[];
      return json(names.includes('company_bik') ? { company_name: 'NutDesk', company_bik: '044525225' } : settings);
    }),
    route('PUT', '/api/settings', () => json({ status: 'success' })),
  );
  renderApp('/settings', { token: 't' });
  expect(await screen.findByText('Реквизиты для счетов и УПД')).toBeInTheDocument();
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'ИНН' }), '7707083894');
  expect(screen.getByText('Неверное контрольное число ИНН')).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Расчётный счёт' }), '40702810038000012345');
  expect(screen.getByText('Расчётный счёт не сходится с БИК: проверьте оба номера')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Сохранить данные компании' }));
  expect(sent(fetchMock, 'PUT', '/api/settings')).toHaveLength(0);
  await user.clear(screen.getByRole('textbox', { name: 'ИНН' }));
  await user.type(screen.getByRole('textbox', { name: 'ИНН' }), '7707083893');
  await user.clear(screen.getByRole('textbox', { name: 'Расчётный счёт' }));
  await user.type(screen.getByRole('textbox', { name: 'Расчётный счёт' }), '40702810938000012345');
  await user.click(screen.getByRole('button', { name: 'Сохранить данные компании' }));
  expect(await screen.findByText('Данные компании сохранены')).toBeInTheDocument();
  expect(await bodyOf(sent(fetchMock, 'PUT', '/api/settings')[0])).toMatchObject({
    company_inn: '7707083893',
    company_bik: '044525225',
    company_account: '40702810938000012345',
  });
});

test('PUBLIC_URL unset on a server opened at another address: the administrator is warned above the tabs (issue 35)', async () => {
  const warning =
    'Не задан PUBLIC_URL: ссылки для покупателей строятся от адреса, по которому открыто приложение (http://desk.orehi.ru:8080). ' +
    'Задайте PUBLIC_URL — адрес, по которому приложение открывают покупатели, и перезапустите сервер';
  // the first handler that answers wins: this one before adminHandlers' own
  mockServer(publicUrl({ base: 'http://desk.orehi.ru:8080', configured: false, warning }), ...adminHandlers());
  renderApp('/settings', { token: 't' });
  expect(await screen.findByText(warning)).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Бизнес-настройки' })).toBeInTheDocument();
});

test('PUBLIC_URL set: no warning', async () => {
  const fetchMock = mockServer(...adminHandlers());
  renderApp('/settings', { token: 't' });
  await waitFor(() => expect(sent(fetchMock, 'GET', '/api/admin/public-url')).toHaveLength(1));
  expect(await screen.findByRole('tab', { name: 'Бизнес-настройки' })).toBeInTheDocument();
  expect(screen.queryByText(/Не задан PUBLIC_URL/)).not.toBeInTheDocument();
});

test("'Страны происхождения': a lot's country text the classifier does not name is mapped once to an ОКСМ code", async () => {
  const countries = [
    { code: '704', name: 'Вьетнам', short: 'ВЬЕТНАМ' },
    { code: '364', name: 'Иран', short: 'ИРАН, ИСЛАМСКАЯ РЕСПУБЛИКА' },
  ];
  const fetchMock = mockServer(
    route('GET', '/api/admin/positions', () => json([])),
    route('GET', '/api/admin/packing', () => json([])),
    route('GET', '/api/admin/document_types', () => json([])),
    route('GET', '/api/upd/countries', () =>
      json({ unmapped: [{ text: 'Вьетнам (Хошимин)', offers: 2 }], mapped: [], countries }),
    ),
    route('PUT', '/api/upd/countries', () =>
      json({ unmapped: [], mapped: [{ text: 'вьетнам хошимин', code: '704', short: 'ВЬЕТНАМ' }], countries }),
    ),
    // after this test's own answers: the first that matches a request answers it
    ...adminHandlers(),
  );
  renderApp('/settings', { token: 't' });
  const user = await openTab('Справочники');
  const block = await screen.findByRole('region', { name: 'Страны происхождения' });
  const unmapped = await within(block).findByRole('table', { name: 'Не сопоставлены' });
  const row = within(unmapped).getByText('Вьетнам (Хошимин)').closest('tr')!;
  expect(within(row).getByText('2')).toBeInTheDocument();
  expect(within(row).getByRole('button', { name: 'Сопоставить' })).toBeDisabled();
  await user.click(within(row).getByRole('combobox', { name: 'Страна по ОКСМ: Вьетнам (Хошимин)' }));
  await user.click(await screen.findByRole('option', { name: 'Вьетнам (704)' }));
  await user.click(within(row).getByRole('button', { name: 'Сопоставить' }));
  expect(await within(block).findByText('«Вьетнам (Хошимин)» сопоставлена: Вьетнам')).toBeInTheDocument();
  expect(await bodyOf(sent(fetchMock, 'PUT', '/api/upd/countries')[0])).toEqual({
    text: 'Вьетнам (Хошимин)',
    code: '704',
  });
  expect(within(block).getByText('Все страны лотов сопоставлены с ОКСМ')).toBeInTheDocument();
  const mapped = within(block).getByRole('table', { name: 'Сопоставлены' });
  expect(within(mapped).getByText('вьетнам хошимин')).toBeInTheDocument();
  expect(within(mapped).getByDisplayValue('Вьетнам (704)')).toBeInTheDocument();
});
