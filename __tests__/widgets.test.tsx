import { act, render, screen } from '@testing-library/react';
import { Alert, ALERT_FADE_IN_MS, ALERT_REMOVE_MS } from '../src/components/Alert';
import { Spinner, SPINNER_DOTS, SPINNER_STEP_MS } from '../src/components/Spinner';
import { resolveBackPath } from '../src/components/smartBack';
import { actionSanitizer, stateSanitizer, makeStore } from '../src/app/store';
import { signedIn } from '../src/api/auth';
import { formatDate, formatDateTime } from '../domain/format';

afterEach(() => jest.useRealTimers());

test('the alert fades in after 10 ms and is removed 400 ms after closing', () => {
  jest.useFakeTimers();
  const onClose = jest.fn();
  render(
    <Alert severity="warning" onClose={onClose}>
      Успешно удалено 1 из 2 элементов.
    </Alert>,
  );
  expect(ALERT_FADE_IN_MS).toBe(10);
  expect(ALERT_REMOVE_MS).toBe(400);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument(); // hidden until the fade-in starts
  act(() => jest.advanceTimersByTime(10));
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Успешно удалено 1 из 2 элементов.');

  act(() => screen.getByRole('button').click());
  act(() => jest.advanceTimersByTime(399));
  expect(onClose).not.toHaveBeenCalled();
  expect(screen.getByText('Успешно удалено 1 из 2 элементов.')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(screen.queryByText('Успешно удалено 1 из 2 элементов.')).not.toBeInTheDocument();
});

test('the spinner has 8 dots and advances every 120 ms', () => {
  jest.useFakeTimers();
  render(<Spinner />);
  const spinner = screen.getByRole('progressbar', { name: 'Загрузка' });
  expect(spinner.querySelectorAll('[data-dot]')).toHaveLength(SPINNER_DOTS);
  expect(SPINNER_DOTS).toBe(8);
  expect(spinner).toHaveAttribute('data-active-dot', '0');
  act(() => jest.advanceTimersByTime(SPINNER_STEP_MS));
  expect(spinner).toHaveAttribute('data-active-dot', '1');
  act(() => jest.advanceTimersByTime(SPINNER_STEP_MS * 7));
  expect(spinner).toHaveAttribute('data-active-dot', '0');
});

test('smart back: the from path with /api stripped, else /offers', () => {
  expect(resolveBackPath('/reserves?page=3')).toBe('/reserves?page=3');
  expect(resolveBackPath('/api/offers/12')).toBe('/offers/12');
  expect(resolveBackPath({ pathname: '/api/cities', search: '?perPage=50' })).toBe('/cities?perPage=50');
  expect(resolveBackPath('/apiary')).toBe('/apiary');
  expect(resolveBackPath(undefined)).toBe('/offers');
  expect(resolveBackPath('https://evil.example/')).toBe('/offers');
});

test('Redux DevTools see the token redacted, and the store holds no password', () => {
  const store = makeStore();
  store.dispatch(signedIn('secret-token'));
  const state = store.getState();
  expect(state.auth.token).toBe('secret-token');
  expect(stateSanitizer(state).auth.token).toBe('[redacted]');
  expect(actionSanitizer(signedIn('secret-token')).payload).toBe('[redacted]');
  expect(JSON.stringify(stateSanitizer(state))).not.toContain('secret-token');
  localStorage.clear();
});

test('dates show as dd.MM.yyyy', () => {
  expect(formatDate('2026-03-09T10:00:00')).toBe('09.03.2026');
  expect(formatDateTime('2026-03-09T10:05:00')).toBe('09.03.2026 10:05');
  expect(formatDate(null)).toBe('');
});
