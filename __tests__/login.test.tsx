import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';

afterEach(() => localStorage.clear());

describe('the sign-in screen', () => {
  test('shows the spec texts', async () => {
    mockServer();
    renderApp('/login');
    expect(screen.getByRole('heading', { name: 'Вход в систему' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('name', 'login');
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('name', 'psswd');
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Забыли пароль?' })).toHaveAttribute('href', '/recover-password');
    expect(screen.getByText('© 2024 NutDesk')).toBeInTheDocument();
  });

  test('validation messages, and nothing is sent while the form is invalid', async () => {
    const fetchMock = mockServer();
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите email')).toBeInTheDocument();
    expect(screen.getByText('Введите пароль')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'manager@');
    await user.tab();
    expect(await screen.findByText('Введите корректный email')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('the password toggle shows and hides the password', async () => {
    mockServer();
    const user = userEvent.setup();
    renderApp('/login');
    const input = screen.getByLabelText('Пароль');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Показать пароль' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Скрыть пароль' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  test("the server's message shows in a closable alert", async () => {
    mockServer(
      route('POST', '/login', () =>
        json({ status: 'error', error: 'validation', messages: ['Неверный логин или пароль'] }, 400),
      ),
    );
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(screen.getByLabelText('Email'), 'manager@nutdesk.demo');
    await user.type(screen.getByLabelText('Пароль'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Неверный логин или пароль');
    await user.click(within(alert).getByRole('button', { name: /закрыть|close/i }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  test('the button says it is working while the request is in flight, and is back with the refusal (issue 51)', async () => {
    let answer: (value: Response) => void = () => undefined;
    mockServer(
      route(
        'POST',
        '/login',
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(screen.getByLabelText('Email'), 'manager@nutdesk.demo');
    await user.type(screen.getByLabelText('Пароль'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    const working = await screen.findByRole('button', { name: 'Выполняется вход…' });
    expect(working).toBeDisabled();
    expect(working).toHaveAttribute('aria-busy', 'true');
    answer(json({ status: 'error', error: 'validation', messages: ['Неверный логин или пароль'] }, 400));
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный логин или пароль');
    expect(screen.getByRole('button', { name: 'Войти' })).toBeEnabled();
  });

  test('signing in sends {login, psswd}, stores the token, and returns to the page the user was headed for', async () => {
    const perms = permissions({}, { offers: 'all', reserves: 'all' });
    const fetchMock = mockServer(
      route('POST', '/login', () => json({ token: 'tok-123' })),
      ...signedInHandlers(perms),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/reserves?page=2');

    // no token: the guard sent us to /login
    expect(await screen.findByRole('heading', { name: 'Вход в систему' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText('Email'), ' manager@nutdesk.demo ');
    await user.type(screen.getByLabelText('Пароль'), 'Demo12345');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    expect(await screen.findByRole('heading', { name: 'Резервы' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/reserves?page=2');
    expect(localStorage.getItem('auth_token')).toBe('tok-123');

    const loginCall = fetchMock.mock.calls
      .map(([req]) => req as Request)
      .find((r) => new URL(r.url).pathname === '/login')!;
    expect(await loginCall.json()).toEqual({ login: 'manager@nutdesk.demo', psswd: 'Demo12345' });
    const permissionsCall = fetchMock.mock.calls
      .map(([req]) => req as Request)
      .find((r) => new URL(r.url).pathname === '/api/permissions')!;
    expect(permissionsCall.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  test('with nowhere remembered, sign-in leads to /, the offers list', async () => {
    mockServer(
      route('POST', '/login', () => json({ token: 'tok-9' })),
      ...signedInHandlers(permissions({}, { offers: 'all' })),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await user.type(screen.getByLabelText('Email'), 'manager@nutdesk.demo');
    await user.type(screen.getByLabelText('Пароль'), 'Demo12345');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('heading', { name: 'Предложения' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
