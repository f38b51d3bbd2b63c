import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';

afterEach(() => localStorage.clear());

describe('the set-password screen of an invitation', () => {
  test('the spec texts, fields psswrd and confirmPsswrd, and the link to sign-in', async () => {
    mockServer();
    renderApp('/invite?token=abc');
    expect(await screen.findByRole('heading', { name: 'Установка пароля' })).toBeInTheDocument();
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('name', 'psswrd');
    expect(screen.getByLabelText('Подтверждение пароля')).toHaveAttribute('name', 'confirmPsswrd');
    expect(screen.getByRole('link', { name: 'Уже есть аккаунт? Войти' })).toHaveAttribute('href', '/login');
  });

  test('every Set password message, nothing sent until they pass', async () => {
    const fetchMock = mockServer();
    const user = userEvent.setup();
    renderApp('/invite?token=abc');
    await user.click(await screen.findByRole('button', { name: 'Установить пароль' }));
    expect(await screen.findByText('Введите пароль')).toBeInTheDocument();
    expect(screen.getByText('Подтвердите пароль')).toBeInTheDocument();
    const password = screen.getByLabelText('Пароль');
    for (const [typed, message] of [
      ['Ab1', 'Пароль должен содержать минимум 8 символов'],
      ['ABCDEFG1', 'Пароль должен содержать хотя бы одну строчную букву'],
      ['abcdefg1', 'Пароль должен содержать хотя бы одну заглавную букву'],
      ['Abcdefgh', 'Пароль должен содержать хотя бы одну цифру'],
    ]) {
      await user.clear(password);
      await user.type(password, typed);
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.clear(password);
    await user.type(password, 'Mindal2026x');
    await user.type(screen.getByLabelText('Подтверждение пароля'), 'Mindal2026y');
    await user.tab();
    expect(await screen.findByText('Пароли не совпадают')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('success sends {token, psswrd, confirmPsswrd}, saves the token and goes to /', async () => {
    const fetchMock = mockServer(
      route('POST', '/activate-account', () => json({ status: 'success', token: 'first-session' })),
      ...signedInHandlers(permissions({}, { offers: 'all' })),
      route('GET', '/api/offers', () => json({ data: [], pagination: { page: 1, perPage: 20, total: 0 } })),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/invite?token=invite-token');
    await user.type(await screen.findByLabelText('Пароль'), 'Mindal2026x');
    await user.type(screen.getByLabelText('Подтверждение пароля'), 'Mindal2026x');
    await user.click(screen.getByRole('button', { name: 'Установить пароль' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('auth_token')).toBe('first-session');
    const request = fetchMock.mock.calls[0][0] as Request;
    expect([request.method, new URL(request.url).pathname]).toEqual(['POST', '/activate-account']);
    expect(await request.clone().json()).toEqual({
      token: 'invite-token',
      psswrd: 'Mindal2026x',
      confirmPsswrd: 'Mindal2026x',
    });
  });

  test("a used link replaces the screen with 'Ошибка доступа', the server's message and 'Перезагрузить страницу'", async () => {
    mockServer(
      route('POST', '/activate-account', () =>
        json({ status: 'error', error: 'validation', messages: ['Ссылка уже использована. Запросите новую.'] }, 400),
      ),
    );
    const user = userEvent.setup();
    renderApp('/invite?token=used');
    await user.type(await screen.findByLabelText('Пароль'), 'Mindal2026x');
    await user.type(screen.getByLabelText('Подтверждение пароля'), 'Mindal2026x');
    await user.click(screen.getByRole('button', { name: 'Установить пароль' }));
    expect(await screen.findByRole('heading', { name: 'Ошибка доступа' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Ссылка уже использована. Запросите новую.');
    expect(screen.getByRole('button', { name: 'Перезагрузить страницу' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Установка пароля' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Пароль')).not.toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
