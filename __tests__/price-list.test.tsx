// The 'Прайс-лист' page as a user meets it: in the navigation only for a role that may build one; the request from
// the URL sent as is; lines grouped by product with the default delivery marked; 'Зарезервировать' opening the
// reserve card prefilled with the offer, the buyer's city, the price and the delivery.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, me, mockServer, permissions, renderApp, route, signedInHandlers, type Handler } from './support/render';
import { SPEC_HIDDEN_FIELDS } from '../domain/hiddenFields';

afterEach(() => localStorage.clear());

const admin = permissions({ is_admin: true, user_type: 'admin', role_id: null });
const line = (patch: Record<string, unknown>) => ({
  offer_id: 12,
  product: 'Кешью',
  variety: 'W320',
  harvest_year: '2024',
  origin_country: 'Вьетнам',
  packing: 'Коробка 10 кг',
  unit_measure: 'кг',
  available_amount: '37.00',
  available_packs: '3.7',
  unit_price: '430.00',
  kg_price: '430.00',
  delivery_cost: '22.50',
  delivery_days: 3,
  default_delivery: false,
  documents_blocking: [],
  logistics_state: 'stock',
  expected_arrival: null,
  ...patch,
});
const list = {
  city: { id: 5, name: 'Казань' },
  company: 'NutDesk',
  date: '2026-11-25',
  valid_until: null,
  lines: [
    line({}),
    line({
      offer_id: 14,
      variety: 'W240',
      unit_price: '1250.00',
      kg_price: '1250.00',
      delivery_cost: '15.00',
      delivery_days: null,
      default_delivery: true,
      logistics_state: 'in_transit',
      expected_arrival: '2026-12-12',
    }),
    line({
      offer_id: 20,
      product: 'Миндаль',
      variety: null,
      unit_price: '610.00',
      kg_price: '610.00',
      documents_blocking: ['Фитосанитарный сертификат'],
    }),
  ],
};
// the reserve card's offer 12: 37 kg at 300 ₽/kg; at delivery 22.50 the band is (22.50 + 300 + 12) × 1.1 = 367.95 … × 1.35 = 451.58
const offer = {
  id: 12,
  status: 'active',
  product: { id: 3, name: 'Кешью' },
  product_id: 3,
  city_id: 2,
  unit_measure: 'кг',
  unit_weight: '1.000',
  units_per_pack: '10.000',
  unit_price: '300.00',
  kg_price: '300.00',
  available_amount: '37.00',
  images: [],
  documents: [],
  can_update: true,
};

function server(perms = admin, extra: Handler[] = []) {
  return mockServer(
    ...extra,
    ...signedInHandlers(perms, me({ is_admin: perms.is_admin, role_id: perms.role_id })),
    route('GET', '/api/price-list', () => json(list)),
    route('GET', '/api/price-list/links', () => json([])),
    route('GET', '/api/offers/filter_config', () =>
      json({
        harvest_years: { title: 'Год урожая', type: 'enumeration', options: [{ title: '2024', value: '2024' }] },
      }),
    ),
    route('GET', '/api/lists/cities/items', () =>
      json([
        { id: 2, name: 'Москва' },
        { id: 5, name: 'Казань' },
      ]),
    ),
    route('GET', '/api/lists/products/items', () => json([{ id: 3, name: 'Кешью' }])),
    route('GET', '/api/lists/varieties/items', () => json([])),
    route('GET', '/api/lists/packing/items', () => json([])),
    route('GET', '/api/lists/employees/items', () => json([{ id: 7, name: 'Тихонов Олег Юрьевич' }])),
    route('GET', '/api/offers/12', () => json(offer)),
    route('POST', '/api/settings', () =>
      json({ delivery_cost_default: '15', costs_per_kg: '12', min_markup: '0.1', max_markup: '0.35' }),
    ),
  );
}

test('the page: the request from the URL, lines by product, the default delivery marked, and a reserve prefilled from a line', async () => {
  const fetchMock = server();
  renderApp('/price-list?city_id=5&level=percent&markup=20&rounding=10', { token: 't' });
  expect(await screen.findByRole('heading', { name: 'Прайс-лист' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Прайс-лист' });
  const sent = fetchMock.mock.calls
    .map(([r]) => new URL((r as Request).url))
    .find((u) => u.pathname === '/api/price-list')!;
  expect(sent.search).toBe('?city_id=5&level=percent&markup=20&rounding=10');
  const rows = within(table)
    .getAllByRole('row')
    .map((r) => r.textContent);
  // a heading row per product, its lines under it
  expect(rows[1]).toBe('Кешью');
  expect(rows[2]).toContain('430,00');
  expect(rows[3]).toContain('1 250,00'.replace(' ', '\u00a0'));
  expect(rows[3]).toContain('доставка по умолчанию');
  expect(rows[2]).not.toContain('доставка по умолчанию');
  // 'Наличие': on stock, or on its way with the day it is expected (issue 40)
  expect(rows[2]).toContain('На складе');
  expect(rows[3]).toContain('В пути, ожидается 12.12.2026');
  expect(rows[4]).toBe('Миндаль');
  // a lot whose required papers are missing or lapsed is marked (issue 39)
  expect(rows[5]).toContain('Нет документов: Фитосанитарный сертификат');
  expect(rows[2]).not.toContain('Нет документов');
  expect(screen.getByRole('link', { name: 'Прайс-лист' })).toHaveAttribute('aria-current', 'page');

  await userEvent.setup().click(within(table).getAllByRole('button', { name: 'Зарезервировать' })[0]);
  expect(
    await screen.findByRole('heading', { level: 1, name: /предложение № 12/ }, { timeout: 5000 }),
  ).toHaveTextContent('Кешью, предложение № 12');
  await waitFor(() =>
    expect((screen.getByLabelText('Цена продажи за единицу, ₽') as HTMLInputElement).value).toBe('430.00'),
  );
  expect((screen.getByLabelText('Стоимость доставки, ₽/кг') as HTMLInputElement).value).toBe('22.50');
  expect((screen.getByLabelText('Дней доставки') as HTMLInputElement).value).toBe('3');
  expect(screen.getByRole('combobox', { name: 'Город доставки' })).toHaveTextContent('Казань');
});

test('role 1, which does not see the loading city, gets the price list in the navigation and its lines (issue 33)', async () => {
  const manager = permissions(
    { role_id: 1, employee_id: 7, hidden_fields: SPEC_HIDDEN_FIELDS['1'] },
    { offers: 'all', reserves: 'own', cities: 'all', products: 'all', employees: 'all' },
  );
  server(manager);
  renderApp('/price-list?city_id=5', { token: 't' });
  const table = await screen.findByRole('table', { name: 'Прайс-лист' });
  expect(within(table).getAllByRole('row')[2]).toHaveTextContent('430,00');
  expect(screen.getByRole('link', { name: 'Прайс-лист' })).toHaveAttribute('aria-current', 'page');
});

test('no price list in the navigation, nor behind its address, for a role that does not see the selling band (role 8)', async () => {
  const warehouse = permissions(
    { role_id: 8, employee_id: 7, hidden_fields: SPEC_HIDDEN_FIELDS['8'] },
    { offers: 'all', reserves: 'all', cities: 'all', products: 'all', employees: 'all' },
  );
  server(warehouse);
  renderApp('/price-list?city_id=5', { token: 't' });
  expect(await screen.findByText('Нет доступа к этому разделу')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Прайс-лист' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Резервы' })).toBeInTheDocument();
});

test("'Наценка, %' with no value asks for it before any request; a markup typed with a comma is sent", async () => {
  const fetchMock = server();
  const user = userEvent.setup();
  renderApp('/price-list?city_id=5&level=percent', { token: 't' });
  const markup = await screen.findByLabelText(/^Наценка, %/);
  expect(screen.getByText('Укажите наценку в процентах')).toBeInTheDocument();
  expect(markup).toHaveAttribute('aria-invalid', 'true');
  const asked = () =>
    fetchMock.mock.calls.map(([r]) => new URL((r as Request).url)).filter((u) => u.pathname === '/api/price-list');
  expect(asked()).toHaveLength(0);
  expect(screen.getByRole('button', { name: 'Скачать XLSX' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Ссылка для покупателя' })).toBeDisabled();
  await user.type(markup, '12,5');
  await screen.findByRole('table', { name: 'Прайс-лист' });
  expect(screen.queryByText('Укажите наценку в процентах')).toBeNull();
  // never a request without its markup; the last one has the whole of it
  expect(asked().every((u) => u.searchParams.get('markup') !== null)).toBe(true);
  expect(asked().at(-1)!.searchParams.get('markup')).toBe('12.5');
});

test("a link's 'Обновить цены' (issue 51) asks for a new link with today's prices; the old one stays listed", async () => {
  const link = (id: number, status: string) => ({
    id,
    url: `http://localhost/p/${String(id).repeat(43).slice(0, 43)}`,
    city: { id: 5, name: 'Казань' },
    query: 'city_id=5&level=min&valid_until=2026-12-20',
    valid_until: '2026-12-20',
    expires_at: '2026-12-20T21:00:00.000Z',
    created_at: '2026-12-05T09:00:00.000Z',
    revoked_at: null,
    status,
  });
  let links = [link(1, 'active')];
  const fetchMock = server(admin, [
    route('GET', '/api/price-list/links', () => json(links)),
    route('POST', '/api/price-list/links/1/renew', () => {
      links = [link(2, 'active'), ...links];
      return json({ id: 2, url: links[0].url, expires_at: links[0].expires_at }, 201);
    }),
  ]);
  renderApp('/price-list?city_id=5', { token: 't' });
  const table = await screen.findByRole('table', { name: 'Ссылки для покупателей' });
  await userEvent.setup().click(within(table).getByRole('button', { name: 'Обновить цены' }));
  await waitFor(() => expect(within(table).getAllByRole('button', { name: 'Обновить цены' })).toHaveLength(2));
  const posted = fetchMock.mock.calls
    .map(([r]) => r as Request)
    .filter((r) => r.method === 'POST' && r.url.includes('/renew'));
  expect(posted.map((r) => new URL(r.url).pathname)).toEqual(['/api/price-list/links/1/renew']);
  expect(
    within(table)
      .getAllByRole('row')
      .map((r) => r.getAttribute('data-link')),
  ).toEqual([null, '2', '1']);
});

test("a line priced from a lot bought in USD at the Bank's rate: the list closes with 'Цены в рублях по курсу ЦБ на' its day; none without one", async () => {
  const priced = { ...list, lines: [line({ rate_date: '2026-12-05' }), line({ offer_id: 14, rate_date: null })] };
  server(admin, [route('GET', '/api/price-list', () => json(priced))]);
  renderApp('/price-list?city_id=5', { token: 't' });
  expect(await screen.findByText('Цены в рублях по курсу ЦБ на 05.12.2026')).toBeInTheDocument();
});

test("a list of ruble lots says nothing of the Bank's rate", async () => {
  server();
  renderApp('/price-list?city_id=5', { token: 't' });
  await screen.findByRole('table', { name: 'Прайс-лист' });
  expect(screen.queryByText(/по курсу ЦБ/)).not.toBeInTheDocument();
});
