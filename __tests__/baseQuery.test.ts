import { findNonSerializableValue } from '@reduxjs/toolkit';
import { normaliseError } from '../src/api/errors';
import { baseApi, FORCED_LOGOUT_DELAY_MS } from '../src/api/baseApi';
import { makeStore } from '../src/app/store';
import { signedIn } from '../src/api/auth';
import { json, mockServer, route } from './support/render';

describe('error normalisation (spec point 8)', () => {
  test.each([
    [
      '400 shows the first message',
      { status: 400, data: { status: 'error', error: 'validation', messages: ['Минимум 1', 'Минимум 0,01'] } },
      { status: 400, message: 'Минимум 1' },
    ],
    [
      '{code, message} shows the message',
      { status: 403, data: { code: 7, message: 'Недостаточно прав' } },
      { status: 403, message: 'Недостаточно прав', code: 7 },
    ],
    [
      '404 with a message',
      { status: 404, data: { status: 'error', error: 'not_found', message: 'Предложение удалено' } },
      { status: 404, message: 'Предложение удалено' },
    ],
    [
      '404 with messages',
      { status: 404, data: { status: 'error', messages: ['Нет такого резерва'] } },
      { status: 404, message: 'Нет такого резерва' },
    ],
    ['404 without text', { status: 404, data: {} }, { status: 404, message: 'Объект не найден' }],
    [
      '409 keeps the conflicting id',
      {
        status: 409,
        data: { status: 'error', error: 'conflict', message: 'Такой город уже есть', info: { text: 'Москва', id: 12 } },
      },
      { status: 409, message: 'Такой город уже есть', entityId: 12 },
    ],
    [
      'a body that is not JSON',
      { status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' },
      { status: 502, message: 'Не удалось прочитать ответ сервера. Ожидался JSON формат' },
    ],
    [
      'an unknown error',
      { status: 500, data: {} },
      { status: 500, message: 'Неизвестная ошибка! Попробуйте позже...' },
    ],
  ])('%s', (_, input, expected) => {
    expect(normaliseError(input as never)).toEqual(expected);
  });

  test('409 stale carries the current version, who, when and the changes, as plain data the store may keep', () => {
    const stale = {
      version: 7,
      by: 'Мария Иванова',
      at: '2026-11-25T12:34:56.000Z',
      changes: [
        { field: 'unit_price', old: 300, new: 320 },
        { field: 'product_id', old: { id: 3, name: 'Кешью' }, new: { id: 5, name: 'Миндаль' } },
      ],
    };
    const error = normaliseError({
      status: 409,
      data: { status: 'error', error: 'stale', message: 'Запись изменена другим пользователем', stale },
    });
    expect(error).toEqual({ status: 409, message: 'Запись изменена другим пользователем', stale });
    expect(findNonSerializableValue(error)).toBe(false);
    // who and when may be hidden from the caller
    expect(
      normaliseError({
        status: 409,
        data: {
          error: 'stale',
          message: 'Запись изменена другим пользователем',
          stale: { version: 3, by: null, at: null, changes: [] },
        },
      }).stale,
    ).toEqual({ version: 3, by: null, at: null, changes: [] });
  });

  test('400 field by field (issue 51): each field its message for the card, the alert naming the field by its label', () => {
    const error = normaliseError({
      status: 400,
      data: {
        status: 'error',
        error: 'validation',
        messages: ['Минимум 2 символа'],
        errors: [
          { field: 'contact_name', label: 'Контактное лицо', message: 'Минимум 2 символа' },
          { field: 'name', label: 'Название', message: 'Минимум 2 символа' },
          { field: 'location', label: 'Адрес', message: 'Минимум 2 символа' },
        ],
      },
    });
    expect(error).toEqual({
      status: 400,
      message: 'Контактное лицо: Минимум 2 символа',
      fields: { contact_name: 'Минимум 2 символа', name: 'Минимум 2 символа', location: 'Минимум 2 символа' },
    });
    // a bare required message names its field; one that names it already stays as it is
    expect(
      normaliseError({
        status: 400,
        data: {
          messages: ['Обязательное поле'],
          errors: [{ field: 'delivery_days', label: 'Дней доставки', message: 'Обязательное поле' }],
        },
      }).message,
    ).toBe('Дней доставки: Обязательное поле');
    expect(
      normaliseError({
        status: 400,
        data: {
          messages: ['Название: не больше 100 символов'],
          errors: [{ field: 'name', label: 'Название', message: 'Название: не больше 100 символов' }],
        },
      }).message,
    ).toBe('Название: не больше 100 символов');
  });

  test('a network failure names what was being loaded', () => {
    expect(normaliseError({ status: 'FETCH_ERROR', error: 'TypeError: fetch failed' }, 'предложений')).toEqual({
      status: 'FETCH_ERROR',
      message: 'Нет соединения с сервером или ошибка сети при загрузке предложений',
    });
    expect(normaliseError({ status: 'CUSTOM_ERROR', error: 'x' }, 'резервов').message).toBe(
      'Неизвестная ошибка при получении данных для резервов',
    );
  });
});

describe('forced logout (spec point 4)', () => {
  const probe = baseApi.injectEndpoints({
    endpoints: (build) => ({ probe: build.query<unknown, string>({ query: (path) => path }) }),
    overrideExisting: true,
  });

  afterEach(() => {
    jest.useRealTimers();
    localStorage.clear();
  });

  test('a 401 removes the token at once', async () => {
    mockServer(
      route('GET', '/api/probe', () =>
        json({ status: 'error', error: 'unauthorized', message: 'Сессия истекла. Войдите снова' }, 401),
      ),
    );
    const store = makeStore();
    store.dispatch(signedIn('dead-token'));
    expect(localStorage.getItem('auth_token')).toBe('dead-token');
    const result = await store.dispatch(probe.endpoints.probe.initiate('api/probe'));
    expect(result.error).toMatchObject({ status: 401, message: 'Сессия истекла. Войдите снова' });
    expect(store.getState().auth).toEqual({ token: null, loggedOutBecause: 'unauthorized' });
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  test('a 403 with code 2 logs out after 10 seconds, a 403 without it does not', async () => {
    jest.useFakeTimers();
    mockServer(
      route('GET', '/api/blocked', () => json({ code: 2, message: 'Учётная запись заблокирована' }, 403)),
      route('GET', '/api/forbidden', () =>
        json({ status: 'error', error: 'forbidden', message: 'Недостаточно прав для этого действия' }, 403),
      ),
    );
    const store = makeStore();
    store.dispatch(signedIn('tok'));

    await store.dispatch(probe.endpoints.probe.initiate('api/forbidden'));
    jest.advanceTimersByTime(FORCED_LOGOUT_DELAY_MS + 1000);
    expect(store.getState().auth.token).toBe('tok');

    const result = await store.dispatch(probe.endpoints.probe.initiate('api/blocked'));
    expect(result.error).toMatchObject({ status: 403, code: 2, message: 'Учётная запись заблокирована' });
    jest.advanceTimersByTime(FORCED_LOGOUT_DELAY_MS - 1);
    expect(store.getState().auth.token).toBe('tok');
    jest.advanceTimersByTime(1);
    expect(store.getState().auth.token).toBeNull();
    expect(FORCED_LOGOUT_DELAY_MS).toBe(10_000);
  });

  test('permissions are retried on a network failure, three times at most', async () => {
    const { sessionApi } = await import('../src/api/session');
    const fetchMock = mockServer(route('GET', '/api/permissions', () => json({ message: 'упал' }, 503)));
    const store = makeStore();
    store.dispatch(signedIn('tok'));
    const result = await store.dispatch(sessionApi.endpoints.permissions.initiate());
    expect(result.error).toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(4); // the first try and 3 retries
  }, 30_000);
});
