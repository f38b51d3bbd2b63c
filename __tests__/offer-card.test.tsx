import { act, screen, waitFor, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';
import { SPEC_HIDDEN_FIELDS } from '../domain/hiddenFields';
import { applyChanges } from '../src/api/live';
import type { RootState } from '../src/api/rootReducer';

afterEach(() => localStorage.clear());

const lists = [
  route('GET', '/api/lists/products/items', () =>
    json([
      { id: 3, name: 'Кешью' },
      { id: 5, name: 'Миндаль' },
    ]),
  ),
  route('GET', '/api/products/3/varieties', () => json([{ id: 9, name: 'W320', product_id: 3, offers: 2 }])),
  route('GET', '/api/lists/packing/items', () => json([{ id: 1, name: 'Мешок 25 кг' }])),
  route('GET', '/api/lists/cities/items', () => json([{ id: 2, name: 'Москва' }])),
  route('GET', '/api/lists/suppliers/items', () => json([{ id: 4, name: 'ООО «Орехпром»' }])),
];
const admin = permissions({ is_admin: true, user_type: 'admin' });

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const computed = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

test('Save appears once the form changed; an empty form names every required field', async () => {
  const fetchMock = mockServer(...signedInHandlers(admin), ...lists);
  const user = userEvent.setup();
  renderApp('/offers/create', { token: 't' });
  expect(await screen.findByText('О предложении')).toBeInTheDocument();
  expect(screen.getByText('Вычисленные данные')).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Комментарии' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();

  type('Год урожая', '20');
  await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
  await screen.findByText('Выберите тип упаковки');
  const shown = [...document.querySelectorAll('.MuiFormHelperText-root')].map((el) => el.textContent);
  expect(shown).toEqual(
    expect.arrayContaining([
      'Выберите товар',
      'Выберите единицу измерения',
      'Укажите количество',
      'Минимум 4 символа',
      'Выберите тип упаковки',
      'Выберите поставщика',
      'Выберите город погрузки',
      'Обязательное поле',
    ]),
  );
  // no offer sent (the card reads the business zone with POST /api/settings)
  expect(
    fetchMock.mock.calls.some(([r]) => (r as Request).method === 'POST' && (r as Request).url.endsWith('/api/offers')),
  ).toBe(false);
});

test('derived values follow the typing; the unit switch clears or sets the unit weight', async () => {
  mockServer(...signedInHandlers(admin), ...lists);
  const user = userEvent.setup();
  renderApp('/offers/create', { token: 't' });
  await screen.findByText('О предложении');
  await choose(user, 'Единица измерения', 'Килограммы (кг)');
  expect(screen.queryByLabelText('Вес одной единицы, кг')).not.toBeInTheDocument();
  type('Цена за единицу, ₽', '820');
  type('Количество', '500');
  type('Единиц в упаковке', '25');
  expect(computed('Цена за кг')).toBe('820,00');
  expect(computed('Сумма')).toBe('410\u00a0000,00');
  expect(computed('Вес упаковки, кг')).toBe('25,00');
  expect(computed('Количество упаковок')).toBe('20,00');

  await choose(user, 'Единица измерения', 'Штуки (шт)');
  expect(screen.getByLabelText('Вес одной единицы, кг')).toHaveValue('');
  expect(computed('Цена за кг')).toBe(''); // no weight yet: empty, not infinite
  type('Цена за единицу, ₽', '2500');
  type('Вес одной единицы, кг', '25');
  expect(computed('Цена за кг')).toBe('100,00');
  expect(computed('Вес упаковки, кг')).toBe('625,00');
  // a decimal comma types as well as a point
  type('Цена за единицу, ₽', '2500,5');
  expect(computed('Цена за кг')).toBe('100,02');
  type('Цена за единицу, ₽', '2500.5');
  expect(computed('Цена за кг')).toBe('100,02');
  expect(computed('Сумма')).toBe('1\u00a0250\u00a0250,00'); // 2 500,5 × 500
  expect(screen.getByLabelText('Цена за кг')).toHaveAttribute('readonly');
});

test('a unit of 0.125 kg at 10 ₽ is 80.00 ₽/kg; a 4th decimal of a weight and a fraction of a piece are refused', async () => {
  mockServer(...signedInHandlers(admin), ...lists);
  const user = userEvent.setup();
  renderApp('/offers/create', { token: 't' });
  await screen.findByText('О предложении');
  await choose(user, 'Единица измерения', 'Штуки (шт)');
  type('Цена за единицу, ₽', '10');
  type('Вес одной единицы, кг', '0,125');
  expect(computed('Цена за кг')).toBe('80,00'); // 10 / 0.125
  type('Вес одной единицы, кг', '0.1254');
  type('Количество', '10.5');
  type('Единиц в упаковке', '2,5');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Не больше 3 знаков после запятой')).toBeInTheDocument();
  expect(screen.getAllByText('Только целое число')).toHaveLength(2);
});

/** The tests that fill the whole card (five selects, eleven fields, typed key by key) take longer than the suite's
 * 60 s on a loaded two-core runner; what they assert does not depend on time. */
const FULL_CARD_MS = 150_000;

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await choose(user, 'Выберите товар', 'Кешью');
  await choose(user, 'Поставщик', 'ООО «Орехпром»');
  await choose(user, 'Упаковка', 'Мешок 25 кг');
  await choose(user, 'Город погрузки', 'Москва');
  await choose(user, 'Единица измерения', 'Килограммы (кг)');
  type('Год урожая', '2025');
  type('Страна происхождения', 'Вьетнам');
  type('Единиц в упаковке', '1');
  type('Количество', '300');
  type('Цена за единицу, ₽', '950');
  type('Адрес погрузки', 'Москва, ул. Складская, 4');
}

test(
  'Сохранить → Создаем... → the new offer opens, its comment sent with it',
  async () => {
    let release: () => void = () => undefined;
    const fetchMock = mockServer(
      ...signedInHandlers(admin),
      ...lists,
      route(
        'POST',
        '/api/offers',
        () =>
          new Promise((resolve) => {
            release = () => resolve(json({ id: 77 }, 201));
          }),
      ),
      route('GET', '/api/offers/77', () =>
        json({
          id: 77,
          status: 'active',
          product_id: 3,
          unit_measure: 'кг',
          unit_amount: '300.00',
          unit_price: '950.00',
          reserved_amount: '0.00',
          reserved_sum: '0.00',
          purchased_amount: '0.00',
          available_amount: '300.00',
          available_sum: '285000.00',
          images: [],
          documents: [],
          can_update: true,
        }),
      ),
      route('GET', '/api/offers/77/comments', () =>
        json([
          { id: 1, text: 'Партия после сортировки', author_name: 'Администратор', created_at: '2026-11-22T10:00:00Z' },
        ]),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/offers/create', { token: 't' });
    await screen.findByText('О предложении');
    await fillValid(user);
    await user.click(screen.getByRole('tab', { name: 'Комментарии' }));
    expect(screen.getByText('Нет комментариев')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Новый комментарий'), '   ');
    expect(screen.getByRole('button', { name: 'Добавить' })).toBeDisabled(); // blank is ignored
    await user.clear(screen.getByLabelText('Новый комментарий'));
    await user.type(screen.getByLabelText('Новый комментарий'), 'Партия после сортировки');
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(screen.getByTestId('comment')).toHaveTextContent('Партия после сортировки');

    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    const sending = await screen.findByRole('button', { name: 'Создаем...' });
    expect(sending).toBeDisabled();
    const post = fetchMock.mock.calls
      .map(([r]) => r as Request)
      .find((r) => r.method === 'POST' && r.url.endsWith('/api/offers'))!;
    expect(await post.clone().json()).toMatchObject({
      product_id: 3,
      supplier_id: 4,
      packing_id: 1,
      city_id: 2,
      variety_id: null,
      unit_measure: 'кг',
      unit_weight: '1',
      harvest_year: '2025',
      unit_amount: '300',
      unit_price: '950',
      comments: [{ text: 'Партия после сортировки' }],
      images: [],
      documents: [],
    });
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/offers/77'));
    expect(await screen.findByRole('tab', { name: 'Предложение № 77' })).toBeInTheDocument();
  },
  FULL_CARD_MS,
);

test(
  'a duplicate keeps what was typed and links to the existing offer',
  async () => {
    mockServer(
      ...signedInHandlers(admin),
      ...lists,
      route('POST', '/api/offers', () =>
        json(
          {
            status: 'error',
            error: 'conflict',
            message: 'Такое предложение уже есть: тот же поставщик, товар, сорт, упаковка, год урожая и город',
            info: { text: 'Предложение', id: 12 },
          },
          409,
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/offers/create', { token: 't' });
    await screen.findByText('О предложении');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Такое предложение уже есть');
    const link = within(alert).getByRole('link', { name: 'Посмотреть предложение: 12' });
    expect(link).toHaveAttribute('href', '/offers/12?withDeleted');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByLabelText('Адрес погрузки')).toHaveValue('Москва, ул. Складская, 4');
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeEnabled();
  },
  FULL_CARD_MS,
);

test('role 1 gets no supplier, city or loading address on the card', async () => {
  const manager = permissions(
    { hidden_fields: SPEC_HIDDEN_FIELDS['1'] },
    { offers: 'all', products: 'all', cities: 'all', suppliers: 'all' },
  );
  mockServer(...signedInHandlers(manager), ...lists);
  renderApp('/offers/create', { token: 't' });
  await screen.findByText('О предложении');
  expect(screen.queryByRole('combobox', { name: 'Поставщик' })).not.toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: 'Город погрузки' })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Адрес погрузки')).not.toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Упаковка' })).toBeInTheDocument();
});

const stored = (patch: Record<string, unknown> = {}) => ({
  id: 12,
  status: 'active',
  product_id: 3,
  product: { id: 3, name: 'Кешью' },
  packing_id: 1,
  city_id: 2,
  supplier_id: 4,
  harvest_year: '2025',
  origin_country: 'Вьетнам',
  unit_measure: 'кг',
  unit_weight: '1.00',
  units_per_pack: '1.00',
  unit_amount: '300.00',
  unit_price: '950.00',
  total_sum: '285000.00',
  kg_price: '950.00',
  warehouse_cost: null,
  loading_address: 'Москва, ул. Складская, 4',
  reserved_amount: '100.00',
  reserved_sum: '95000.00',
  purchased_amount: '50.00',
  available_amount: '150.00',
  available_sum: '142500.00',
  images: [],
  documents: [],
  created_at: '2026-10-01T10:00:00Z',
  can_update: true,
  version: 6,
  ...patch,
});

test('a deleted offer opened with ?withDeleted is read-only and marked', async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    ...lists,
    route('GET', '/api/offers/12', (request) =>
      new URL(request.url).searchParams.has('withDeleted')
        ? json(stored({ status: 'deleted', can_update: false }))
        : json({ status: 'error', message: 'Объект не найден' }, 404),
    ),
    route('GET', '/api/offers/12/comments', () => json([])),
  );
  renderApp('/offers/12?withDeleted', { token: 't' });
  expect(await screen.findByText('Предложение удалено: его можно только просматривать')).toBeInTheDocument();
  expect(screen.getByLabelText('Страна происхождения')).toBeDisabled();
  expect(screen.getByRole('combobox', { name: 'Статус' })).toHaveTextContent('Удален');
  expect(screen.queryByLabelText('Файл фото')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
  expect(fetchMock.mock.calls.some(([r]) => (r as Request).url.includes('withDeleted'))).toBe(true);
});

test("the computed block shows the saved offer's selling band (spec point 3), and nothing of it where the record holds none", async () => {
  // the server's band at delivery 15 ₽/kg, own costs 12 ₽/kg: (15 + 950 + 12) × 1.1 = 1 074,70 … × 1.35 = 1 318,95
  let record = stored({ min_unit_price: '1074.70', max_unit_price: '1318.95' });
  mockServer(
    ...signedInHandlers(admin),
    ...lists,
    route('GET', '/api/offers/12', () => json(record)),
    route('GET', '/api/offers/12/comments', () => json([])),
  );
  const value = (label: string) =>
    (screen.getByLabelText(label) as HTMLInputElement).value.replace(/[\u00a0\u202f]/g, ' ');
  const { unmount } = renderApp('/offers/12', { token: 't' });
  await screen.findByText('Резервирование');
  expect(value('Мин. цена продажи, ₽')).toBe('1 074,70');
  expect(value('Макс. цена продажи, ₽')).toBe('1 318,95');
  unmount();
  // a role the band is hidden from gets a record without it: no field, not an empty one
  record = stored();
  renderApp('/offers/12', { token: 't' });
  await screen.findByText('Резервирование');
  expect(screen.queryByLabelText('Мин. цена продажи, ₽')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Макс. цена продажи, ₽')).not.toBeInTheDocument();
});

test("a lot bought in USD shows both figures and the rate with its day; its ruble price is the server's, not typed", async () => {
  // 9,00 USD × 90,1234 = 811,1106 → 811,11 ₽, the rate the Bank's of 05.12.2026
  const record = stored({
    unit_price: '811.11',
    kg_price: '811.11',
    total_sum: '243333.00',
    purchase_currency: 'USD',
    purchase_price: '9.00',
    rate_policy: 'daily',
    purchase_rate: '90.1234',
    purchase_rate_date: '2026-12-05',
  });
  mockServer(
    ...signedInHandlers(admin),
    ...lists,
    route('GET', '/api/offers/12', () => json(record)),
    route('GET', '/api/offers/12/comments', () => json([])),
  );
  renderApp('/offers/12', { token: 't' });
  expect(await screen.findByText('Закупка в валюте')).toBeInTheDocument();
  expect(
    screen.getByText(
      (text) => text.replace(/[\u00a0\u202f]/g, ' ') === '9,00 USD × 90,1234 (ЦБ на 05.12.2026) = 811,11 ₽',
    ),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Цена за единицу, ₽')).toBeDisabled();
  expect(screen.getByText('Цена в валюте × курс, считается при сохранении')).toBeInTheDocument();
});

test('the edit card shows the reservation figures and refuses a wrong file before sending it', async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    ...lists,
    route('GET', '/api/offers/12', () => json(stored())),
    route('GET', '/api/offers/12/comments', () =>
      json([{ id: 1, text: 'Проверить влажность', author_name: 'Анна Петрова', created_at: '2026-10-02T09:30:00Z' }]),
    ),
  );
  const user = userEvent.setup({ applyAccept: false });
  renderApp('/offers/12', { token: 't' });
  expect(await screen.findByText('Резервирование')).toBeInTheDocument();
  expect(screen.getByText('95 000,00 ₽')).toBeInTheDocument();
  expect(screen.getByText('142 500,00 ₽')).toBeInTheDocument();
  await user.upload(screen.getByLabelText('Файл фото'), new File(['%PDF'], 'прайс.pdf', { type: 'application/pdf' }));
  expect(
    await screen.findByText('Файл «прайс.pdf» не подходит: можно JPG, PNG, WEBP или GIF до 10 МБ'),
  ).toBeInTheDocument();
  expect(fetchMock.mock.calls.some(([r]) => (r as Request).url.endsWith('/api/files'))).toBe(false);
  await user.click(screen.getByRole('tab', { name: 'Комментарии' }));
  expect(screen.getByTestId('comment')).toHaveTextContent('Анна Петрова · 02.10.2026');
  expect(screen.getByLabelText('Новый комментарий')).toBeInTheDocument();
});

test('a change goes with the version the card loaded; refused as stale it keeps what was typed, compares it with the current offer and loads that on request', async () => {
  // 25.11.2026 15:34 wherever the test runs: the app shows local time
  const at = new Date(2026, 10, 25, 15, 34, 56).toISOString();
  let current = stored();
  const patches: Record<string, unknown>[] = [];
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    ...lists,
    route('GET', '/api/offers/12', () => json(current)),
    route('GET', '/api/offers/12/comments', () => json([])),
    route('GET', '/api/products/5/varieties', () => json([])),
    route('PATCH', '/api/offers/12', async (request) => {
      const body = await request.clone().json();
      patches.push(body);
      if (body.version === 6) {
        // meanwhile Мария Иванова lowered the price and changed the product
        current = stored({ version: 7, unit_price: '320.00', product_id: 5, product: { id: 5, name: 'Миндаль' } });
        return json(
          {
            status: 'error',
            error: 'stale',
            message: 'Запись изменена другим пользователем',
            stale: {
              version: 7,
              by: 'Мария Иванова',
              at,
              changes: [
                { field: 'unit_price', old: '950.00', new: '320.00' },
                { field: 'product_id', old: { id: 3, name: 'Кешью' }, new: { id: 5, name: 'Миндаль' } },
              ],
            },
          },
          409,
        );
      }
      current = stored({ version: 8, unit_price: '330.00', product_id: 5, product: { id: 5, name: 'Миндаль' } });
      return json(current);
    }),
  );
  const offerReads = () =>
    fetchMock.mock.calls
      .map(([r]) => r as Request)
      .filter((r) => r.method === 'GET' && r.url.endsWith('/api/offers/12')).length;
  const user = userEvent.setup();
  renderApp('/offers/12', { token: 't' });
  await screen.findByText('Резервирование');
  type('Цена за единицу, ₽', '999');
  await user.click(await screen.findByRole('button', { name: 'Сохранить' }));

  const alert = await screen.findByRole('alert');
  // who, when and what (issue 33: the changed fields by their titles)
  expect(alert).toHaveTextContent(
    'Запись изменена другим пользователем: Мария Иванова, 25.11.2026 15:34. Изменено: Цена за единицу, Товар',
  );
  expect(within(alert).getByRole('button', { name: 'Показать изменения' })).toBeInTheDocument();
  expect(within(alert).getByRole('button', { name: 'Загрузить текущую версию' })).toBeInTheDocument();
  expect(patches).toHaveLength(1);
  expect(patches[0]).toMatchObject({ unit_price: '999', product_id: 3, version: 6 });
  // the offer is read again, and what the user typed stays in the form
  await waitFor(() => expect(offerReads()).toBe(2));
  await waitFor(() => expect(within(alert).getByRole('button', { name: 'Загрузить текущую версию' })).toBeEnabled());
  expect(screen.getByLabelText('Цена за единицу, ₽')).toHaveValue('999');
  expect(screen.getByRole('combobox', { name: 'Выберите товар' })).toHaveTextContent('Кешью');

  await user.click(within(alert).getByRole('button', { name: 'Показать изменения' }));
  const table = within(alert).getByRole('table', { name: 'Изменения записи' });
  expect(
    within(table)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent)),
  ).toEqual([
    ['Поле', 'Ваше значение', 'Текущее значение'],
    // issue 35: only what the user changed (here both did); the product only Мария changed is in the message
    ['Цена за единицу', '999,00 ₽', '320,00 ₽'],
  ]);

  // saved again as it stands, it is still a change of version 6, not of the offer read since
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(patches).toHaveLength(2));
  expect(patches[1]).toMatchObject({ unit_price: '999', version: 6 });
  const again = await screen.findByRole('alert');
  expect(again).toHaveTextContent('Запись изменена другим пользователем: Мария Иванова, 25.11.2026 15:34');
  expect(screen.getByLabelText('Цена за единицу, ₽')).toHaveValue('999');

  await waitFor(() => expect(within(again).getByRole('button', { name: 'Загрузить текущую версию' })).toBeEnabled());
  await user.click(within(again).getByRole('button', { name: 'Загрузить текущую версию' }));
  // what was typed would be lost: asked first; 'Отмена' keeps it
  const asked = await screen.findByRole('dialog', { name: 'Загрузить текущую версию?' });
  expect(asked).toHaveTextContent(
    'Ваши несохраненные изменения будут заменены текущей версией записи: Цена за единицу.',
  );
  await user.click(within(asked).getByRole('button', { name: 'Отмена' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByLabelText('Цена за единицу, ₽')).toHaveValue('999');
  await user.click(within(again).getByRole('button', { name: 'Загрузить текущую версию' }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Загрузить текущую версию?' })).getByRole('button', {
      name: 'Загрузить',
    }),
  );
  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  expect(screen.getByLabelText('Цена за единицу, ₽')).toHaveValue('320');
  expect(screen.getByRole('combobox', { name: 'Выберите товар' })).toHaveTextContent('Миндаль');
  expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument(); // nothing typed on it yet

  type('Цена за единицу, ₽', '330');
  await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByRole('button', { name: 'Изменения сохранены' })).toBeInTheDocument();
  expect(patches).toHaveLength(3);
  expect(patches[2]).toMatchObject({ unit_price: '330', product_id: 5, version: 7 });
  expect(screen.getByLabelText('Цена за единицу, ₽')).toHaveValue('330');
});

test("editable money and amounts show the Russian decimal comma; '1200,5' and '1200.5' are both sent as 1200.5 (issue 35)", async () => {
  let current = stored({ unit_price: '3533.42', unit_amount: '12.50', warehouse_cost: '7.00' });
  const patches: Record<string, unknown>[] = [];
  mockServer(
    ...signedInHandlers(admin),
    ...lists,
    route('GET', '/api/offers/12', () => json(current)),
    route('GET', '/api/offers/12/comments', () => json([])),
    route('PATCH', '/api/offers/12', async (request) => {
      const body = await request.clone().json();
      patches.push(body);
      current = stored({
        unit_price: Number(body.unit_price).toFixed(2),
        unit_amount: '12.50',
        warehouse_cost: '7.00',
        version: current.version + 1,
      });
      return json(current);
    }),
  );
  const user = userEvent.setup();
  renderApp('/offers/12', { token: 't' });
  await screen.findByText('Резервирование');
  const price = screen.getByLabelText('Цена за единицу, ₽');
  expect(price).toHaveValue('3533,42');
  expect(price).toHaveAttribute('type', 'text');
  expect(price).toHaveAttribute('inputmode', 'decimal');
  expect(screen.getByLabelText('Количество')).toHaveValue('12,5');
  expect(screen.getByLabelText('Стоимость доставки на склад, ₽')).toHaveValue('7');

  // typed key by key it stays as typed
  await user.clear(price);
  await user.type(price, '1200,5');
  expect(price).toHaveValue('1200,5');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByRole('button', { name: 'Изменения сохранены' })).toBeInTheDocument();
  expect(patches[0]).toMatchObject({ unit_price: '1200.5', unit_amount: '12.5', warehouse_cost: '7' });
  // the saved value comes back as '1200.50' and shows as the cards write numbers
  await waitFor(() => expect(screen.getByLabelText('Цена за единицу, ₽')).toHaveValue('1200,5'));

  await user.clear(screen.getByLabelText('Цена за единицу, ₽'));
  await user.type(screen.getByLabelText('Цена за единицу, ₽'), '1300.25');
  expect(screen.getByLabelText('Цена за единицу, ₽')).toHaveValue('1300.25');
  await user.tab();
  expect(screen.getByLabelText('Цена за единицу, ₽')).toHaveValue('1300,25'); // the comma once the field is left
  await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(patches).toHaveLength(2));
  expect(patches[1]).toMatchObject({ unit_price: '1300.25' });
  await waitFor(() => expect(screen.getByLabelText('Цена за единицу, ₽')).toHaveValue('1300,25'));
});

describe('the harvest year (issue 33): a year from 1990 to next year or a season, by the business day', () => {
  // the business zone's year, as the card reads it (the settings answer Europe/Moscow)
  const year = Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric' }).format(new Date()),
  );
  const message = `Укажите год (1990–${year + 1}) или сезон (${year - 1}/${String(year % 100).padStart(2, '0')})`;
  const zone = route('POST', '/api/settings', () => json({ time_zone: 'Europe/Moscow' }));

  test(
    'any other is refused on the card before it is sent; a season is taken',
    async () => {
      const fetchMock = mockServer(
        ...signedInHandlers(admin),
        ...lists,
        zone,
        route('POST', '/api/offers', () => json({ id: 77 }, 201)),
      );
      const user = userEvent.setup();
      renderApp('/offers/create', { token: 't' });
      await screen.findByText('О предложении');
      await fillValid(user);
      type('Год урожая', 'Pwe8281');
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      type('Год урожая', String(year + 2));
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(
        fetchMock.mock.calls.some(
          ([r]) => (r as Request).method === 'POST' && (r as Request).url.endsWith('/api/offers'),
        ),
      ).toBe(false);
      type('Год урожая', '202');
      await waitFor(() => expect(screen.getByText('Минимум 4 символа')).toBeInTheDocument());
      type('Год урожая', `${year - 1}/${String(year % 100).padStart(2, '0')}`);
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));
      await waitFor(() =>
        expect(
          fetchMock.mock.calls.some(
            ([r]) => (r as Request).method === 'POST' && (r as Request).url.endsWith('/api/offers'),
          ),
        ).toBe(true),
      );
      expect(screen.queryByText(message)).not.toBeInTheDocument();
    },
    FULL_CARD_MS,
  );

  test(
    "an offer's value saved before the rule stays while left as it is: the card saves its other changes",
    async () => {
      const patches: Record<string, unknown>[] = [];
      mockServer(
        ...signedInHandlers(admin),
        ...lists,
        zone,
        route('GET', '/api/offers/12', () => json(stored({ harvest_year: 'Pwe8281' }))),
        route('GET', '/api/offers/12/comments', () => json([])),
        route('PATCH', '/api/offers/12', async (request) => {
          patches.push(await request.clone().json());
          return json(stored({ harvest_year: 'Pwe8281', unit_price: '900.00', version: 7 }));
        }),
      );
      const user = userEvent.setup();
      renderApp('/offers/12', { token: 't' });
      await screen.findByText('Резервирование');
      type('Цена за единицу, ₽', '900');
      await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(patches).toHaveLength(1));
      expect(patches[0]).toMatchObject({ unit_price: '900' });
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      // changed to another bad one, it is refused
      type('Год урожая', '8817');
      await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(patches).toHaveLength(1);
    },
    FULL_CARD_MS,
  );
});

test('a lot of a shipment shows its landed cost per kg as a waterfall, its shipment, and that it replaces the warehouse cost; a role without the figure gets none of it and asks nothing', async () => {
  const landed = {
    shipment_id: 40,
    name: 'Контейнер MSKU 1',
    basis: 'actual',
    lots: [
      {
        offer_id: 12,
        landed_kg_cost: '874.89',
        estimate_kg_cost: '874.89',
        difference_kg: '0.00',
        breakdown: { goods: '797.85', freight_abroad: '26.40', duty: '41.39', broker: '9.25', storage: '0.00' },
      },
    ],
  };
  let record = stored({ landed_kg_cost: '874.89' });
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    ...lists,
    route('GET', '/api/offers/12', () => json(record)),
    route('GET', '/api/offers/12/comments', () => json([])),
    route('GET', '/api/shipments/lots/12/landed-cost', () => json(landed)),
  );
  const { unmount, store } = renderApp('/offers/12', { token: 't' });
  const list = await screen.findByRole('list', { name: 'Себестоимость за кг' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    'Товар (оплата поставщику)797,85 ₽/кг',
    'Фрахт за рубежом26,40 ₽/кг',
    'Пошлина41,39 ₽/кг',
    'Брокер9,25 ₽/кг',
    'Итого себестоимость874,89 ₽/кг',
  ]);
  expect(screen.getByRole('link', { name: 'Поставка «Контейнер MSKU 1»' })).toHaveAttribute('href', '/shipments/40');
  expect(
    screen.getByText(/Себестоимость поставки заменяет стоимость доставки на склад: цена продажи считается от неё/),
  ).toBeInTheDocument();
  // a new USD rate re-costs the shipment on the server (its freight estimated at today's rate: 6 000 USD at 90,00 over
  // 20 000 kg = 27,00 ₽/kg, 0,60 more) and the lot's change is announced: the open card's waterfall follows, unasked
  landed.lots[0] = {
    ...landed.lots[0],
    landed_kg_cost: '875.49',
    estimate_kg_cost: '875.49',
    breakdown: { ...landed.lots[0].breakdown, freight_abroad: '27.00' },
  };
  record = stored({ landed_kg_cost: '875.49', version: 7 });
  await act(() =>
    applyChanges(store.dispatch, store.getState as unknown as () => RootState, [
      { section: 'offers', id: 12, version: 7, kind: 'update' },
    ]),
  );
  expect(await screen.findByText('875,49 ₽/кг')).toBeInTheDocument();
  expect(
    within(screen.getByRole('list', { name: 'Себестоимость за кг' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    'Товар (оплата поставщику)797,85 ₽/кг',
    'Фрахт за рубежом27,00 ₽/кг',
    'Пошлина41,39 ₽/кг',
    'Брокер9,25 ₽/кг',
    'Итого себестоимость875,49 ₽/кг',
  ]);
  unmount();
  // the purchase figures hidden: the record comes without the landed cost, and the waterfall is neither drawn nor asked
  record = stored();
  fetchMock.mockClear();
  renderApp('/offers/12', { token: 't' });
  await screen.findByText('Резервирование');
  expect(screen.queryByRole('list', { name: 'Себестоимость за кг' })).not.toBeInTheDocument();
  expect(fetchMock.mock.calls.some(([r]) => (r as Request).url.includes('landed-cost'))).toBe(false);
});
