// A saved card's 'История' tab (issue 12): the record's history as the server answers it, newest first, printed in
// Russian: who and when, each field's title from the list columns with old → new formatted as the lists format
// them ('Цена за единицу: 250,00 → 300,00 ₽'), references by name, statuses by their one title, the reserve that
// moved an offer's stock, 'Создано' and 'Удалено'.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';

afterEach(() => localStorage.clear());

const admin = permissions({ is_admin: true, user_type: 'admin' });
const lists = [
  route('GET', '/api/lists/products/items', () => json([{ id: 3, name: 'Кешью' }])),
  route('GET', '/api/products/3/varieties', () => json([])),
  route('GET', '/api/lists/packing/items', () => json([{ id: 1, name: 'Мешок 25 кг' }])),
  route('GET', '/api/lists/cities/items', () =>
    json([
      { id: 2, name: 'Москва' },
      { id: 6, name: 'Тверь' },
    ]),
  ),
  route('GET', '/api/lists/suppliers/items', () => json([{ id: 4, name: 'ООО «Орехпром»' }])),
];
const offer = (patch: Record<string, unknown> = {}) => ({
  id: 12,
  status: 'completed',
  product_id: 3,
  product: { id: 3, name: 'Кешью' },
  packing_id: 1,
  city_id: 6,
  supplier_id: 4,
  harvest_year: '2025',
  origin_country: 'Вьетнам',
  unit_measure: 'кг',
  unit_weight: '1.00',
  units_per_pack: '1.00',
  unit_amount: '100.00',
  unit_price: '300.00',
  total_sum: '30000.00',
  kg_price: '300.00',
  warehouse_cost: null,
  loading_address: 'Тверь, ул. Складская, 1',
  reserved_amount: '0.00',
  reserved_sum: '0.00',
  purchased_amount: '100.00',
  available_amount: '0.00',
  available_sum: '0.00',
  images: [],
  documents: [],
  created_at: '2026-10-01T10:00:00Z',
  can_update: true,
  ...patch,
});
// local times, so the expected 'dd.MM.yyyy HH:mm' holds in any time zone the tests run in
const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).toISOString();
const admins = { id: 1, name: 'Администратор' };

const history = [
  // issue 35: the reserves' expiry job wrote it, no person: 'Система', not 'Пользователь скрыт'
  {
    id: 32,
    at: at(24, 0, 1),
    action: 'stock',
    user: null,
    system: true,
    via: { section: 'reserves', step: 'expire', ids: [46] },
    changes: [{ field: 'reserved_amount', old: 100, new: 0 }],
  },
  {
    id: 31,
    at: at(23, 9, 15),
    action: 'stock',
    user: { id: 7, name: 'Тихонов Олег Юрьевич' },
    via: { section: 'reserves', step: 'complete', ids: [45] },
    changes: [
      { field: 'status', old: 'active', new: 'completed' },
      { field: 'reserved_amount', old: 100, new: 0 },
      { field: 'purchased_amount', old: 0, new: 100 },
    ],
  },
  {
    id: 30,
    at: at(22, 14, 5),
    action: 'update',
    user: admins,
    via: null,
    changes: [
      { field: 'unit_price', old: 250, new: 300 },
      { field: 'total_sum', old: 25000, new: 30000 },
      { field: 'warehouse_cost', old: 1500, new: null },
      { field: 'loading_address', old: 'Москва, ул. Складская, 4', new: 'Тверь, ул. Складская, 1' },
      { field: 'city_id', old: { id: 2, name: 'Москва' }, new: { id: 6, name: 'Тверь' } },
    ],
  },
  { id: 29, at: at(21, 8, 0), action: 'create', user: admins, via: null, changes: [] },
];

test("the offer card's history: who (the system by name), when and each change in Russian, newest first", async () => {
  const fetchMock = mockServer(
    ...signedInHandlers(admin),
    ...lists,
    route('GET', '/api/offers/12', () => json(offer())),
    route('GET', '/api/offers/12/comments', () => json([])),
    route('GET', '/api/offers/12/history', () => json(history)),
  );
  const user = userEvent.setup();
  renderApp('/offers/12', { token: 't' });
  await user.click(await screen.findByRole('tab', { name: 'История' }));
  const list = await screen.findByRole('list', { name: 'История' });
  const entries = within(list)
    .getAllByRole('listitem')
    .map((item) => [...item.querySelectorAll('p')].map((p) => p.textContent));
  expect(entries).toEqual(
    [
      ['Система, 24.11.2026 00:01', 'Резерв № 46 просрочен', 'В резерве: 100 → 0'],
      [
        'Тихонов Олег Юрьевич, 23.11.2026 09:15',
        'Резерв № 45 завершен',
        'Статус: Активный → Выполнен',
        'В резерве: 100 → 0',
        'Выкуплено: 0 → 100',
      ],
      [
        'Администратор, 22.11.2026 14:05',
        'Цена за единицу: 250,00 → 300,00 ₽',
        'Сумма: 25 000,00 → 30 000,00 ₽',
        'Доставка на склад: 1 500,00 ₽ → —',
        'Адрес погрузки: Москва, ул. Складская, 4 → Тверь, ул. Складская, 1',
        'Город погрузки: Москва → Тверь',
      ],
      ['Администратор, 21.11.2026 08:00', 'Создано'],
    ].map((lines) => lines.map((line) => line.replace(/(?<=\d) (?=\d{3},)/g, '\u00a0'))),
  );
  const asked = fetchMock.mock.calls.map(([r]) => (r as Request).url).filter((url) => url.includes('/history'));
  expect(asked).toEqual(['http://localhost/api/offers/12/history']);
});

test("a deleted record's history is read with ?withDeleted; an author hidden from the role is said so; no history on a create card", async () => {
  mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/cities/8', () => json({ id: 8, name: 'Тамбов', status: 'deleted', can_update: false })),
    route('GET', '/api/cities/8/delivery', () => json([])),
    route('GET', '/api/cities/8/comments', () => json([])),
    route('GET', '/api/cities/8/history', (request) =>
      new URL(request.url).searchParams.has('withDeleted')
        ? json([
            { id: 5, at: at(2, 18, 40), action: 'delete', user: null, via: null, changes: [] },
            {
              id: 4,
              at: at(1, 12, 0),
              action: 'update',
              user: null,
              via: null,
              changes: [
                { field: 'name', old: 'Тамбов-1', new: 'Тамбов' },
                { field: 'delivery', key: 2, name: 'Москва', old: null, new: { cost: 7.5, days: 2 } },
              ],
            },
          ])
        : json({ status: 'error', message: 'Объект не найден' }, 404),
    ),
  );
  const user = userEvent.setup();
  const { unmount } = renderApp('/cities/8?withDeleted', { token: 't' });
  await user.click(await screen.findByRole('tab', { name: 'История' }));
  const items = within(await screen.findByRole('list', { name: 'История' })).getAllByRole('listitem');
  expect(items.map((item) => [...item.querySelectorAll('p')].map((p) => p.textContent))).toEqual([
    ['Пользователь скрыт, 02.11.2026 18:40', 'Удалено'],
    [
      'Пользователь скрыт, 01.11.2026 12:00',
      'Название: Тамбов-1 → Тамбов',
      'Доставка в город Москва: — → 7,50 ₽, 2 дн.',
    ],
  ]);
  unmount();

  mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/lists/cities/items', () => json([])),
    route('GET', '/api/lists/cities', () => json([])),
  );
  renderApp('/cities/create', { token: 't' });
  expect(await screen.findByRole('tab', { name: 'Комментарии' })).toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'История' })).not.toBeInTheDocument();
});
