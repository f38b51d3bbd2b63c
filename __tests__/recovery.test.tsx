import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, renderApp, route } from './support/render';

afterEach(() => localStorage.clear());

/** A response held until the test lets it go, to see the sending state. */
function held(body: unknown, status = 200) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { respond: async () => (await gate, json(body, status)), release };
}

const bodyOf = async (fetchMock: jest.Mock, index = 0) => {
  const request = fetchMock.mock.calls[index][0] as Request;
  return { method: request.method, path: new URL(request.url).pathname, body: await request.clone().json() };
};

describe('the password recovery screen', () => {
  test('the spec texts and the link back to sign-in', async () => {
    mockServer();
    renderApp('/recover-password');
    expect(await screen.findByRole('heading', { name: 'Восстановление пароля' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('name', 'email');
    expect(screen.getByRole('link', { name: 'Вспомнили пароль? Войти' })).toHaveAttribute('href', '/login');
  });

  test('the Recovery messages, and nothing is sent while the address is wrong', async () => {
    const fetchMock = mockServer();
    const user = userEvent.setup();
    renderApp('/recover-password');
    await user.click(await screen.findByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Введите email')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'anna@');
    await user.tab();
    expect(await screen.findByText('Введите корректный email')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('sending, then success: {email} is posted and the instructions message replaces the form', async () => {
    const answer = held({ status: 'success' });
    const fetchMock = mockServer(route('POST', '/recover-password', answer.respond));
    const user = userEvent.setup();
    renderApp('/recover-password');
    await user.type(await screen.findByLabelText('Email'), ' anna@nutdesk.test ');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    // sending: the button is disabled and shows the spinner
    await waitFor(() => expect(screen.getByRole('button', { name: /Отправить/ })).toBeDisabled());
    expect(await bodyOf(fetchMock)).toEqual({
      method: 'POST',
      path: '/recover-password',
      body: { email: 'anna@nutdesk.test' },
    });
    answer.release();
    expect(
      await screen.findByText('Инструкции по восстановлению пароля отправлены на указанный email'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вспомнили пароль? Войти' })).toBeInTheDocument();
  });

  test("error: the server's message in a closable alert, and the form stays", async () => {
    mockServer(
      route('POST', '/recover-password', () =>
        json(
          {
            status: 'error',
            error: 'too_many_requests',
            messages: ['Слишком много запросов на восстановление пароля. Повторите попытку через 15 мин.'],
          },
          429,
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/recover-password');
    await user.type(await screen.findByLabelText('Email'), 'anna@nutdesk.test');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Слишком много запросов на восстановление пароля. Повторите попытку через 15 мин.');
    expect(screen.getByRole('button', { name: 'Отправить' })).toBeEnabled();
    await user.click(within(alert).getByRole('button', { name: /закрыть|close/i }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('the password reset screen', () => {
  test('the spec texts, both show/hide toggles and the link back to sign-in', async () => {
    mockServer();
    const user = userEvent.setup();
    renderApp('/reset-password?token=abc');
    expect(await screen.findByRole('heading', { name: 'Сброс пароля' })).toBeInTheDocument();
    const password = screen.getByLabelText('Новый пароль');
    const confirm = screen.getByLabelText('Подтверждение пароля');
    expect(password).toHaveAttribute('type', 'password');
    expect(confirm).toHaveAttribute('type', 'password');
    const [showFirst, showSecond] = screen.getAllByRole('button', { name: 'Показать пароль' });
    await user.click(showFirst);
    expect(password).toHaveAttribute('type', 'text');
    expect(confirm).toHaveAttribute('type', 'password');
    await user.click(showSecond);
    expect(confirm).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Вспомнили пароль? Войти' })).toHaveAttribute('href', '/login');
  });

  test('the Reset messages and the password policy, nothing sent until they pass', async () => {
    const fetchMock = mockServer();
    const user = userEvent.setup();
    renderApp('/reset-password?token=abc');
    await user.click(await screen.findByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByText('Введите новый пароль')).toBeInTheDocument();
    expect(screen.getByText('Подтвердите новый пароль')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Новый пароль'), 'orehi');
    expect(await screen.findByText('Пароль должен содержать минимум 8 символов')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Новый пароль'));
    await user.type(screen.getByLabelText('Новый пароль'), 'Fistashki2027');
    await user.type(screen.getByLabelText('Подтверждение пароля'), 'Fistashki2028');
    await user.tab();
    expect(await screen.findByText('Пароли не совпадают')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('success: {token, psswrd} is sent, the new session stored, the message shown, then /', async () => {
    const answer = held({ status: 'success', success: true, token: 'new-session' });
    const fetchMock = mockServer(
      route('POST', '/reset-password', answer.respond),
      route('GET', '/api/permissions', () => json({ status: 'error', error: 'forbidden', message: 'нет' }, 403)),
      route('GET', '/api/me', () => json({ status: 'error', error: 'forbidden', message: 'нет' }, 403)),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/reset-password?token=link-token');
    await user.type(await screen.findByLabelText('Новый пароль'), 'Fistashki2027');
    await user.type(screen.getByLabelText('Подтверждение пароля'), 'Fistashki2027');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Сохранить пароль/ })).toBeDisabled());
    expect(await bodyOf(fetchMock)).toEqual({
      method: 'POST',
      path: '/reset-password',
      body: { token: 'link-token', psswrd: 'Fistashki2027' },
    });
    answer.release();
    expect(await screen.findByText('Пароль успешно изменен')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBe('new-session');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
  });

  test("failure: 'Произошла ошибка при сбросе пароля' with the server's message", async () => {
    mockServer(
      route('POST', '/reset-password', () =>
        json({ status: 'error', error: 'validation', messages: ['Ссылка уже использована. Запросите новую.'] }, 400),
      ),
    );
    const user = userEvent.setup();
    renderApp('/reset-password?token=used');
    await user.type(await screen.findByLabelText('Новый пароль'), 'Fistashki2027');
    await user.type(screen.getByLabelText('Подтверждение пароля'), 'Fistashki2027');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Произошла ошибка при сбросе пароля')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Ссылка уже использована. Запросите новую.');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
