import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';
import type { Profile, SessionInfo } from '../domain/accounts';

afterEach(() => localStorage.clear());

const manager = permissions({}, { offers: 'all', employees: 'all' });
const profile = (patch: Partial<Profile> = {}): Profile => ({
  user_id: 5,
  email: 'manager@nutdesk.demo',
  name: 'Тихонов Олег Юрьевич',
  user_type: 'employee',
  is_admin: false,
  role: 'Менеджер по продажам',
  supplier: null,
  phone: '79161234567',
  editable: ['name', 'phone'],
  ...patch,
});
const SESSIONS: SessionInfo[] = [
  {
    id: 7,
    browser: 'Chrome 156, Linux',
    address: '198.51.100.20',
    created_at: '2026-11-20T09:15:00Z',
    last_seen_at: '2026-11-22T10:40:00Z',
    current: true,
  },
  {
    id: 4,
    browser: 'Firefox 140, Windows',
    address: '192.0.2.45',
    created_at: '2026-11-19T07:05:00Z',
    last_seen_at: '2026-11-21T18:02:00Z',
    current: false,
  },
];

const sent = (fetchMock: jest.Mock, method: string, path: string) =>
  fetchMock.mock.calls
    .map(([r]) => r as Request)
    .filter((r) => r.method === method && new URL(r.url).pathname === path);
const bodyOf = async (request: Request) => request.clone().json();
/** The read-only rows, label → value. */
const shown = (block: HTMLElement) => {
  const labels = within(block)
    .getAllByRole('term')
    .map((t) => t.textContent);
  return Object.fromEntries(
    within(block)
      .getAllByRole('definition')
      .map((d, i) => [labels[i], d.textContent]),
  );
};
const section = (name: string) => screen.findByRole('region', { name });

function server(...more: Parameters<typeof mockServer>) {
  return mockServer(
    ...more,
    ...signedInHandlers(manager),
    route('GET', '/api/profile', () => json(profile())),
    route('GET', '/api/profile/sessions', () => json(SESSIONS)),
  );
}

/** The profile's calls where `method path` answers `answer` and leaves only the current session. */
function serverEndingOthers(method: string, path: string, answer: object) {
  let sessions = SESSIONS;
  return mockServer(
    ...signedInHandlers(manager),
    route('GET', '/api/profile', () => json(profile())),
    route('GET', '/api/profile/sessions', () => json(sessions)),
    route(method, path, () => {
      sessions = SESSIONS.slice(0, 1);
      return json(answer);
    }),
  );
}

describe('my data', () => {
  test('the account with what the user may change; e-mail and role are shown, not editable', async () => {
    server();
    renderApp('/profile', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'Профиль' })).toBeInTheDocument();
    const data = await section('Мои данные');
    expect(await within(data).findByLabelText('Имя')).toHaveValue('Тихонов Олег Юрьевич');
    expect(within(data).getByLabelText('Телефон')).toHaveValue('+7 (916) 123-45-67');
    // role 1 does not see positions: the server leaves it out, and so does the page
    expect(shown(data)).toEqual({ Email: 'manager@nutdesk.demo', Роль: 'Менеджер по продажам' });
    expect(within(data).getByText('Email, роль и должность меняет администратор.')).toBeInTheDocument();
    expect(within(data).getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  });

  test("a supplier's user: its supplier, no phone", async () => {
    mockServer(
      ...signedInHandlers(permissions({ user_type: 'supplier', role_id: 9 }, { offers: 'own' })),
      route('GET', '/api/profile', () =>
        json(
          profile({
            user_type: 'supplier',
            role: 'Поставщик',
            supplier: 'ООО «Фисташка»',
            phone: undefined,
            editable: ['name'],
          }),
        ),
      ),
      route('GET', '/api/profile/sessions', () => json(SESSIONS.slice(0, 1))),
    );
    renderApp('/profile', { token: 't' });
    const data = await section('Мои данные');
    await within(data).findByText('ООО «Фисташка»');
    expect(shown(data)).toEqual({ Email: 'manager@nutdesk.demo', Роль: 'Поставщик', Поставщик: 'ООО «Фисташка»' });
    expect(within(data).queryByLabelText('Телефон')).not.toBeInTheDocument();
  });

  test("the employee card's messages; the change is sent as name and digits", async () => {
    const fetchMock = server(route('PATCH', '/api/profile', async (r) => json(profile({ ...(await bodyOf(r)) }))));
    const user = userEvent.setup();
    renderApp('/profile', { token: 't' });
    const name = await within(await section('Мои данные')).findByLabelText('Имя');
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('Название обязательно')).toBeInTheDocument();
    await user.type(name, 'О');
    expect(await screen.findByText('Минимум 2 символа')).toBeInTheDocument();
    const phone = screen.getByLabelText('Телефон');
    await user.clear(phone);
    await user.type(phone, '91234');
    await user.tab();
    expect(await screen.findByText('Неверный формат')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(sent(fetchMock, 'PATCH', '/api/profile')).toHaveLength(0);

    await user.type(name, 'рехов Олег');
    await user.type(phone, '56789');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Данные сохранены')).toBeInTheDocument();
    const [patch] = sent(fetchMock, 'PATCH', '/api/profile');
    expect(await bodyOf(patch)).toEqual({ name: 'Орехов Олег', phone: '79123456789' });
  });

  test("the server's refusal in an alert", async () => {
    server(
      route('PATCH', '/api/profile', () =>
        json(
          {
            status: 'error',
            error: 'conflict',
            message: 'Сотрудник с таким email или телефоном уже есть',
            info: { text: 'Сотрудник', id: 4 },
          },
          409,
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/profile', { token: 't' });
    await user.type(await screen.findByLabelText('Имя'), ' мл.');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await within(await section('Мои данные')).findByRole('alert')).toHaveTextContent(
      'Сотрудник с таким email или телефоном уже есть',
    );
  });
});

describe('change of password', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) => {
    const block = await section('Смена пароля');
    if (current) await user.type(within(block).getByLabelText('Текущий пароль'), current);
    if (next) await user.type(within(block).getByLabelText('Новый пароль'), next);
    if (confirm) await user.type(within(block).getByLabelText('Подтверждение пароля'), confirm);
    await user.click(within(block).getByRole('button', { name: 'Изменить пароль' }));
  };

  test('the messages of the policy, and nothing is sent until they pass', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderApp('/profile', { token: 't' });
    await screen.findByLabelText('Текущий пароль');
    await fill(user, '', '', '');
    const block = await section('Смена пароля');
    expect(await within(block).findByText('Введите текущий пароль')).toBeInTheDocument();
    expect(within(block).getByText('Введите новый пароль')).toBeInTheDocument();
    expect(within(block).getByText('Подтвердите новый пароль')).toBeInTheDocument();
    const next = within(block).getByLabelText('Новый пароль');
    await user.type(next, 'орехи');
    expect(await within(block).findByText('Пароль должен содержать минимум 8 символов')).toBeInTheDocument();
    await user.type(next, 'миндаль');
    expect(await within(block).findByText('Пароль должен содержать хотя бы одну заглавную букву')).toBeInTheDocument();
    await user.clear(next);
    await user.type(next, 'Миндальные');
    expect(await within(block).findByText('Пароль должен содержать хотя бы одну цифру')).toBeInTheDocument();
    await user.clear(next);
    await user.type(next, 'Миндаль2027');
    await user.type(within(block).getByLabelText('Подтверждение пароля'), 'Миндаль2028');
    expect(await within(block).findByText('Пароли не совпадают')).toBeInTheDocument();
    await user.type(within(block).getByLabelText('Текущий пароль'), 'Миндаль2027');
    expect(await within(block).findByText('Новый пароль должен отличаться от текущего')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/api/profile/password')).toHaveLength(0);
  });

  test("a wrong current password: the server's message, the form kept", async () => {
    server(
      route('POST', '/api/profile/password', () =>
        json({ status: 'error', error: 'validation', messages: ['Неверный текущий пароль'] }, 400),
      ),
    );
    const user = userEvent.setup();
    const { store } = renderApp('/profile', { token: 't' });
    await screen.findByLabelText('Текущий пароль');
    await fill(user, 'Neverno123', 'Kedrovye2027', 'Kedrovye2027');
    expect(await within(await section('Смена пароля')).findByRole('alert')).toHaveTextContent(
      'Неверный текущий пароль',
    );
    expect(screen.getByLabelText('Текущий пароль')).toHaveValue('Neverno123');
    expect(JSON.stringify(store.getState())).not.toMatch(/Neverno123|Kedrovye2027/);
  });

  test('success: the three values are posted, the message shown, the form emptied and the sessions reloaded', async () => {
    const fetchMock = serverEndingOthers('POST', '/api/profile/password', {
      status: 'success',
      message: 'Пароль успешно изменен. Остальные сеансы завершены.',
      ended: 1,
    });
    const user = userEvent.setup();
    const { store } = renderApp('/profile', { token: 't' });
    expect(await screen.findByText('Firefox 140, Windows')).toBeInTheDocument();
    await fill(user, 'Orehi2026', 'Kedrovye2027', 'Kedrovye2027');
    expect(
      await within(await section('Смена пароля')).findByText('Пароль успешно изменен. Остальные сеансы завершены.'),
    ).toBeInTheDocument();
    const [post] = sent(fetchMock, 'POST', '/api/profile/password');
    expect(await bodyOf(post)).toEqual({
      currentPsswrd: 'Orehi2026',
      psswrd: 'Kedrovye2027',
      confirmPsswrd: 'Kedrovye2027',
    });
    expect(screen.getByLabelText('Текущий пароль')).toHaveValue('');
    expect(screen.getByLabelText('Новый пароль')).toHaveValue('');
    await waitFor(() => expect(screen.queryByText('Firefox 140, Windows')).not.toBeInTheDocument());
    // no password is kept in the store (a mutation's arguments stay there while its form is shown)
    expect(JSON.stringify(store.getState())).not.toMatch(/Kedrovye2027|Orehi2026/);
  });
});

describe('active sessions', () => {
  test('browser, address, sign-in and last use; the current one marked and not endable', async () => {
    server();
    renderApp('/profile', { token: 't' });
    const table = await within(await section('Активные сеансы')).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Браузер', 'Адрес', 'Вход', 'Последняя активность', '']);
    const [, current, other] = within(table).getAllByRole('row');
    expect(within(current).getByText('Chrome 156, Linux')).toBeInTheDocument();
    expect(within(current).getByText('198.51.100.20')).toBeInTheDocument();
    expect(within(current).getByText('Текущий сеанс')).toBeInTheDocument();
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();
    expect(within(other).getByText('Firefox 140, Windows')).toBeInTheDocument();
    expect(within(other).getByText(/^19\.11\.2026 \d\d:05$/)).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Завершить сеанс: Firefox 140, Windows' })).toHaveTextContent(
      'Завершить',
    );
  });

  test('ending one session sends its id and reloads the list', async () => {
    const fetchMock = serverEndingOthers('DELETE', '/api/profile/sessions/4', {
      status: 'success',
      message: 'Сеанс завершён',
      ended: 1,
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Завершить сеанс: Firefox 140, Windows' }));
    expect(await screen.findByText('Сеанс завершён')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Firefox 140, Windows')).not.toBeInTheDocument());
    expect(sent(fetchMock, 'DELETE', '/api/profile/sessions/4')).toHaveLength(1);
    expect(screen.getByText('Других активных сеансов нет')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Завершить все другие сеансы' })).toBeDisabled();
  });

  test("'Завершить все другие сеансы'", async () => {
    const fetchMock = serverEndingOthers('POST', '/api/profile/sessions/end-others', {
      status: 'success',
      message: 'Завершено других сеансов: 1',
      ended: 1,
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 't' });
    await screen.findByText('Firefox 140, Windows');
    await user.click(screen.getByRole('button', { name: 'Завершить все другие сеансы' }));
    expect(await screen.findByText('Завершено других сеансов: 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Firefox 140, Windows')).not.toBeInTheDocument());
    expect(sent(fetchMock, 'POST', '/api/profile/sessions/end-others')).toHaveLength(1);
  });
});
