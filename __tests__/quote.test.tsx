// The 'Подбор' page (issue 38) as a manager on the phone meets it: in the navigation for a role that quotes (role 1
// too, which does not see the loading city) and not for role 8; the question sent as typed; the lines ranked as the
// server answers, a split shown as one line of its parts; the form's own Russian messages before any request.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, me, mockServer, permissions, renderApp, route, signedInHandlers, pagination } from './support/render';
import { SPEC_HIDDEN_FIELDS } from '../domain/hiddenFields';

afterEach(() => localStorage.clear());

const admin = permissions({ is_admin: true, user_type: 'admin', role_id: null });
const part = (patch: Record<string, unknown>) => ({
  offer_id: 12,
  amount: '100.00',
  kg: '100.000',
  product: 'Кешью',
  variety: 'W320',
  packing: 'Коробка 10 кг',
  harvest_year: '2024',
  origin_country: 'Вьетнам',
  unit_measure: 'кг',
  unit_weight: '1.000',
  available_amount: '500.00',
  delivery_cost: '7.50',
  default_delivery: false,
  route_days: 4,
  earliest_delivery: '2026-12-01',
  delivered_kg_price: '319.50',
  delivered_unit_price: '319.50',
  unit_price: '391.39',
  price_kg: '391.39',
  band: { min: '351.45', max: '431.33' },
  margin: '18.37',
  documents_blocking: [],
  ...patch,
});
const single = (p: ReturnType<typeof part>) => ({
  offers: [p],
  delivered_kg_price: p.delivered_kg_price,
  unit_price: p.unit_price,
  price_kg: p.price_kg,
  band: p.band,
  margin: p.margin,
  route_days: p.route_days,
  earliest_delivery: p.earliest_delivery,
  available: p.available_amount,
  total_kg: '100.000',
  total_sum: '39139.00',
});
const answer = {
  city: { id: 5, name: 'Казань' },
  date: '2026-11-27',
  amount: '100.00',
  unit: 'кг',
  lines: [
    single(part({})),
    single(
      part({
        offer_id: 14,
        variety: 'W240',
        delivery_cost: '15.00',
        default_delivery: true,
        route_days: null,
        earliest_delivery: null,
        delivered_kg_price: '327.00',
        unit_price: '400.58',
        price_kg: '400.58',
      }),
    ),
  ],
};
const split = {
  ...answer,
  amount: '600.00',
  lines: [
    {
      offers: [
        part({ amount: '500.00' }),
        part({ offer_id: 14, amount: '100.00', delivered_kg_price: '327.00', unit_price: '400.58' }),
      ],
      delivered_kg_price: '320.75',
      unit_price: null,
      price_kg: '392.92',
      band: null,
      margin: '18.37',
      route_days: 4,
      earliest_delivery: '2026-12-01',
      available: '700.00',
      total_kg: '600.000',
      total_sum: '235753.00',
    },
  ],
};

function server(perms = admin, body: unknown = answer, extra: ReturnType<typeof route>[] = []) {
  return mockServer(
    ...extra,
    ...signedInHandlers(perms, me({ is_admin: perms.is_admin, role_id: perms.role_id })),
    route('POST', '/api/quotes/search', () => json(body)),
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
    route('GET', '/api/lists/varieties/items', () => json([{ id: 9, name: 'W320', product_id: 3 }])),
    route('GET', '/api/lists/packing/items', () => json([])),
    route('GET', '/api/quotes/31/comments', () => json([])),
  );
}

async function ask(amount: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: 'Товар' }));
  await user.click(await screen.findByRole('option', { name: 'Кешью' }));
  await user.type(screen.getByRole('textbox', { name: 'Количество' }), amount);
  await user.click(screen.getByRole('combobox', { name: 'Город покупателя' }));
  await user.click(await screen.findByRole('option', { name: 'Казань' }));
  await user.click(screen.getByRole('button', { name: 'Подобрать' }));
  return user;
}

const sentBodies = (fetchMock: jest.Mock) =>
  Promise.all(
    fetchMock.mock.calls
      .map(([r]) => r as Request)
      .filter((r) => new URL(r.url).pathname === '/api/quotes/search')
      .map((r) => r.clone().json()),
  );

test('asked: the question sent as typed, the lines ranked with their figures, the default delivery marked', async () => {
  const fetchMock = server();
  renderApp('/quote', { token: 't' });
  expect(await screen.findByRole('heading', { name: 'Подбор' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Подбор' })).toHaveAttribute('aria-current', 'page');
  await ask('100');
  const table = await screen.findByRole('table', { name: 'Подбор' });
  expect(await sentBodies(fetchMock)).toEqual([
    { product_id: 3, amount: 100, unit: 'кг', city_id: 5, level: 'middle' },
  ]);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(2);
  expect(rows[0]).toHaveTextContent('Кешью, W320, Коробка 10 кг, 2024, Вьетнам');
  expect(rows[0].querySelector('[data-field="delivered_kg_price"]')).toHaveTextContent('319,50');
  expect(rows[0].querySelector('[data-field="delivered_unit_price"]')).toHaveTextContent('319,50');
  expect(rows[0].querySelector('[data-field="unit_price"]')).toHaveTextContent('391,39');
  expect(rows[0].querySelector('[data-field="band"]')).toHaveTextContent('351,45 … 431,33');
  expect(rows[0].querySelector('[data-field="margin"]')).toHaveTextContent('18,37');
  expect(rows[0]).toHaveTextContent('01.12.2026');
  expect(rows[0]).not.toHaveTextContent('доставка по умолчанию');
  expect(rows[1]).toHaveTextContent('доставка по умолчанию');
  expect(screen.getByText(/Казань · 100 кг/)).toBeInTheDocument();
});

test('no single lot has it: one line of its parts, its total figures on its head row', async () => {
  server(admin, split);
  renderApp('/quote', { token: 't' });
  await ask('600');
  const table = await screen.findByRole('table', { name: 'Подбор' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(3);
  expect(rows[0]).toHaveTextContent('Вместе из нескольких лотов: 2');
  expect(rows[0].querySelector('[data-field="delivered_kg_price"]')).toHaveTextContent('320,75');
  expect(rows[0].querySelector('[data-field="total_sum"]')).toHaveTextContent(/^235\s753,00$/);
  expect(rows[1].getAttribute('data-offer')).toBe('12');
  expect(rows[2].getAttribute('data-offer')).toBe('14');
});

test('the form asks for what is missing, in Russian, before any request; pieces are whole', async () => {
  const fetchMock = server();
  renderApp('/quote', { token: 't' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Подобрать' }));
  expect(screen.getByText('Выберите товар')).toBeInTheDocument();
  expect(screen.getByText('Укажите количество больше 0')).toBeInTheDocument();
  expect(screen.getByText('Выберите покупателя или город')).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Количество' }), '2,5');
  await user.click(screen.getByRole('combobox', { name: 'Единица' }));
  await user.click(await screen.findByRole('option', { name: 'шт' }));
  expect(await screen.findByText('Количество в штуках: только целое число')).toBeInTheDocument();
  expect(await sentBodies(fetchMock)).toEqual([]);
});

test("role 1 quotes; role 8 has no 'Подбор' in the navigation nor behind its address", async () => {
  const manager = permissions(
    { role_id: 1, employee_id: 7, hidden_fields: SPEC_HIDDEN_FIELDS['1'] },
    { offers: 'all', reserves: 'own', cities: 'all', products: 'all', employees: 'all' },
  );
  server(manager);
  const first = renderApp('/quote', { token: 't' });
  expect(await screen.findByRole('heading', { name: 'Подбор' })).toBeInTheDocument();
  first.unmount();
  localStorage.clear();
  const warehouse = permissions(
    { role_id: 8, employee_id: 8, hidden_fields: SPEC_HIDDEN_FIELDS['8'] },
    { offers: 'all', reserves: 'all', cities: 'all', products: 'all' },
  );
  server(warehouse);
  renderApp('/quote', { token: 't' });
  expect(await screen.findByText('Нет доступа к этому разделу')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('link', { name: 'Резервы' })).toBeInTheDocument());
  expect(screen.queryByRole('link', { name: 'Подбор' })).toBeNull();
});

const card = (patch: Record<string, unknown> = {}) => ({
  id: 31,
  number: 31,
  status: 'active',
  city: { id: 5, name: 'Казань' },
  buyer_name: 'ООО «Орех»',
  valid_until: '2026-12-02',
  total_sum: '39139.00',
  version: 1,
  url: 'http://localhost/q/abc',
  token: 'abc',
  public_number: '4821-0937',
  link_revoked: false,
  reserve_ids: [],
  can_change: true,
  lines: [],
  text: 'Предложение № 4821-0937\nКешью, W320, Коробка 10 кг, 2024, Вьетнам: 100 кг по 391,39 ₽/кг с доставкой в Казань\nДействует до 02.12.2026\nNutDesk',
  ...patch,
});

let history: unknown[] = [];
beforeEach(() => {
  history = [{ at: '2026-11-27T09:00:00Z', user: 'Иванов Иван', action: 'create', changes: [] }];
});

/** The first line asked for 100 kg saved for 'ООО «Орех»' (the quote the server answers: № 31): the saved quote's panel. */
async function savedQuote() {
  renderApp('/quote', { token: 't' });
  const user = await ask('100');
  await screen.findByRole('table', { name: 'Подбор' });
  await user.type(screen.getAllByRole('textbox', { name: 'Покупатель' })[0], 'ООО «Орех»');
  await user.click(screen.getByRole('button', { name: 'Сохранить предложение покупателю' }));
  return { user, panel: await screen.findByRole('region', { name: 'Котировка № 31' }) };
}

/** A saved quote's routes: its POST answered by `card()`, its history. */
const savedRoutes = () => [
  route('POST', '/api/quotes', () => json(card(), 201)),
  route('GET', '/api/quotes/31/history', () => json(history)),
];

test("'Сохранить предложение покупателю' saves the picked line at its price; the text is copied; 'Зарезервировать' makes the reserves in one click", async () => {
  const fetchMock = server(admin, answer, [
    route('POST', '/api/quotes/31/reserve', () =>
      json({ reserve_ids: [70], quote: card({ status: 'accepted', version: 2, reserve_ids: [70] }) }, 201),
    ),
    ...savedRoutes(),
  ]);
  const { user, panel } = await savedQuote();
  const posted = (path: string) =>
    Promise.all(
      fetchMock.mock.calls
        .map(([r]) => r as Request)
        .filter((r) => r.method === 'POST' && new URL(r.url).pathname === path)
        .map((r) => r.clone().json()),
    );
  // the first line is picked: its lot, amount and price
  expect(await posted('/api/quotes')).toEqual([
    { city_id: 5, buyer_name: 'ООО «Орех»', lines: [{ offers: [{ offer_id: 12, amount: 100, unit_price: 391.39 }] }] },
  ]);
  expect(within(panel).getByRole('heading')).toHaveTextContent('Котировка № 31 · Действует · Действует до 02.12.2026');
  expect(within(panel).getByText('Номер для покупателя: 4821-0937')).toBeInTheDocument();
  await user.click(within(panel).getByRole('button', { name: 'Скопировать текст' }));
  // user-event's clipboard stands in for the browser's
  expect(await navigator.clipboard.readText()).toBe(card().text);
  expect(await within(panel).findByText('Текст скопирован')).toBeInTheDocument();
  await user.type(within(panel).getByRole('textbox', { name: 'Телефон покупателя' }), '+79123456789');
  await user.type(within(panel).getByRole('textbox', { name: 'Адрес доставки' }), 'Казань, ул. Баумана, 5');
  history = [
    ...history,
    {
      at: '2026-11-27T09:05:00Z',
      user: 'Иванов Иван',
      action: 'update',
      changes: [
        { field: 'status', old: 'active', new: 'accepted' },
        { field: 'reserve_ids', old: null, new: [70] },
      ],
    },
  ];
  await user.click(within(panel).getByRole('button', { name: 'Зарезервировать' }));
  expect(await within(panel).findByText('Созданы резервы: № 70')).toBeInTheDocument();
  expect(await posted('/api/quotes/31/reserve')).toEqual([
    { version: 1, buyer_name: 'ООО «Орех»', buyer_phone: '+79123456789', delivery_address: 'Казань, ул. Баумана, 5' },
  ]);
  expect(within(panel).getByRole('heading')).toHaveTextContent('Котировка № 31 · Принята');
  // the history asked again after the reserve: made, then accepted with its reserve
  const log = within(panel).getByRole('region', { name: 'История' });
  await waitFor(() => expect(log).toHaveTextContent('Статус: Действует → Принята; Резервы: № 70'));
  expect(log).toHaveTextContent('Иванов Иван: Создана');
  expect(within(panel).queryByRole('button', { name: 'Зарезервировать' })).toBeNull();
});

test('a quote changed meanwhile: its reserve is refused naming who, when and what (issue 33), the typed buyer kept', async () => {
  server(admin, answer, [
    route('POST', '/api/quotes/31/reserve', () =>
      json(
        {
          status: 'error',
          error: 'stale',
          message: 'Запись изменена другим пользователем',
          stale: {
            version: 2,
            by: 'Мария Иванова',
            at: '2026-11-27T09:05:00.000Z',
            changes: [{ field: 'valid_until', old: '2026-12-02', new: '2026-12-09' }],
            fields: ['Срок действия'],
          },
        },
        409,
      ),
    ),
    ...savedRoutes(),
  ]);
  const { user, panel } = await savedQuote();
  await user.type(within(panel).getByRole('textbox', { name: 'Телефон покупателя' }), '+79123456789');
  await user.click(within(panel).getByRole('button', { name: 'Зарезервировать' }));
  expect(
    await within(panel).findByText(
      /^Запись изменена другим пользователем: Мария Иванова, 27\.11\.2026 \d\d:05\. Изменено: Срок действия$/,
    ),
  ).toBeInTheDocument();
  expect(within(panel).getByRole('textbox', { name: 'Телефон покупателя' })).toHaveValue('+79123456789');
});

test("the buyer's link opens without a sign-in: lots, amounts and prices with delivery; a revoked one says so", async () => {
  const token = 'a'.repeat(43);
  mockServer(
    route('GET', `/api/public/quotes/${token}`, () =>
      json({
        number: '4821-0937',
        company: 'NutDesk',
        phone: '+7 (843) 200-00-00',
        buyer: 'ООО «Орех»',
        city: 'Казань',
        valid_until: '2026-12-02',
        status: 'active',
        total_sum: '39139.00',
        text: '',
        lines: [
          {
            product: 'Кешью',
            variety: 'W320',
            packing: 'Коробка 10 кг',
            harvest_year: '2024',
            origin_country: 'Вьетнам',
            unit_measure: 'кг',
            amount: '100.00',
            kg: '100.000',
            price: '391.39',
            price_per_kg: '391.39',
            delivery_days: 4,
          },
        ],
      }),
    ),
    route('GET', `/api/public/quotes/${'b'.repeat(43)}`, () =>
      json(
        {
          status: 'error',
          error: 'gone',
          message: 'Ссылка на предложение недействительна: срок его действия истёк или она отозвана',
        },
        410,
      ),
    ),
  );
  const first = renderApp(`/q/${token}`);
  // issue 50: the buyer sees the quote's neutral number, not the internal one
  expect(await screen.findByRole('heading', { name: 'Предложение № 4821-0937: NutDesk' })).toBeInTheDocument();
  const rows = within(screen.getByRole('table', { name: 'Предложение № 4821-0937' })).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('Кешью, W320, Коробка 10 кг, 2024, Вьетнам100 кг391,39391,394');
  expect(screen.getByText(/Казань · Действует · действует до 02\.12\.2026/)).toBeInTheDocument();
  expect(screen.getByText('Покупатель: ООО «Орех»')).toBeInTheDocument();
  first.unmount();
  renderApp(`/q/${'b'.repeat(43)}`);
  expect(
    await screen.findByText('Ссылка на предложение недействительна: срок его действия истёк или она отозвана'),
  ).toBeInTheDocument();
});

test("a buyer from 'Покупатели': its city fills the city, its credit shows over the answer and on each line; saved and reserved for it, past its limit with a reason", async () => {
  const kedr = {
    id: 31,
    name: 'ООО «Кедр»',
    inn: '7707083893',
    phone: '79120001122',
    city: { id: 5, name: 'Казань' },
    delivery_address: 'Казань, ул. Пушкина, 1',
    status: 'active',
  };
  const forKedr = {
    ...answer,
    buyer: {
      id: 31,
      name: 'ООО «Кедр»',
      credit: { limit: '50000.00', exposure: '12000.00', overdue: '0.00', overdue_since: null },
    },
    lines: [
      { ...answer.lines[0], credit: [] },
      {
        ...answer.lines[1],
        credit: ['Превышен кредитный лимит: лимит 50 000,00 ₽, долг и резервы 12 000,00 ₽, этот резерв 40 058,00 ₽'],
      },
    ],
  };
  let tries = 0;
  const fetchMock = server(admin, forKedr, [
    route('GET', '/api/buyers', () => json({ data: [kedr], pagination: pagination(1) })),
    route('POST', '/api/quotes/31/reserve', () =>
      ++tries === 1
        ? json(
            {
              status: 'error',
              error: 'credit',
              message:
                'Превышен кредитный лимит: лимит 50 000,00 ₽, долг и резервы 12 000,00 ₽, этот резерв 39 139,00 ₽',
              messages: [
                'Превышен кредитный лимит: лимит 50 000,00 ₽, долг и резервы 12 000,00 ₽, этот резерв 39 139,00 ₽',
              ],
            },
            409,
          )
        : json(
            {
              reserve_ids: [71],
              quote: card({
                buyer_id: 31,
                buyer_name: 'ООО «Кедр»',
                status: 'accepted',
                version: 2,
                reserve_ids: [71],
              }),
            },
            201,
          ),
    ),
    route('POST', '/api/quotes', () => json(card({ buyer_id: 31, buyer_name: 'ООО «Кедр»' }), 201)),
    route('GET', '/api/quotes/31/history', () => json([])),
  ]);
  renderApp('/quote', { token: 't' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: 'Товар' }));
  await user.click(await screen.findByRole('option', { name: 'Кешью' }));
  await user.type(screen.getByRole('textbox', { name: 'Количество' }), '100');
  await user.click(screen.getByRole('combobox', { name: 'Покупатель из справочника' }));
  await user.click(await screen.findByRole('option', { name: /ООО «Кедр»/ }));
  expect(screen.getByRole('combobox', { name: 'Город покупателя' })).toHaveValue('Казань');
  await user.click(screen.getByRole('button', { name: 'Подобрать' }));
  const table = await screen.findByRole('table', { name: 'Подбор' });
  expect(await sentBodies(fetchMock)).toEqual([
    { product_id: 3, amount: 100, unit: 'кг', buyer_id: 31, city_id: 5, level: 'middle' },
  ]);
  expect(screen.getByText('ООО «Кедр»: кредитный лимит 50 000,00 ₽, долг и резервы 12 000,00 ₽')).toBeInTheDocument();
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows[0].querySelector('[data-field="credit"]')).toHaveTextContent('Кредит: в лимите');
  expect(rows[1].querySelector('[data-field="credit"]')).toHaveTextContent(
    'Кредит: Превышен кредитный лимит: лимит 50 000,00 ₽, долг и резервы 12 000,00 ₽, этот резерв 40 058,00 ₽',
  );
  expect(screen.getAllByRole('textbox', { name: 'Покупатель' })[0]).toHaveValue('ООО «Кедр»');
  await user.click(screen.getByRole('button', { name: 'Сохранить предложение покупателю' }));
  const panel = await screen.findByRole('region', { name: 'Котировка № 31' });
  const posted = (path: string) =>
    Promise.all(
      fetchMock.mock.calls
        .map(([r]) => r as Request)
        .filter((r) => r.method === 'POST' && new URL(r.url).pathname === path)
        .map((r) => r.clone().json()),
    );
  expect(await posted('/api/quotes')).toEqual([
    { city_id: 5, buyer_id: 31, lines: [{ offers: [{ offer_id: 12, amount: 100, unit_price: 391.39 }] }] },
  ]);
  // the credit refuses it: an administrator gives a reason and reserves again
  await user.click(within(panel).getByRole('button', { name: 'Зарезервировать' }));
  expect(
    await within(panel).findByText(
      'Превышен кредитный лимит: лимит 50 000,00 ₽, долг и резервы 12 000,00 ₽, этот резерв 39 139,00 ₽',
    ),
  ).toBeInTheDocument();
  await user.type(within(panel).getByRole('textbox', { name: 'Причина превышения лимита' }), 'Оплатят завтра');
  await user.click(within(panel).getByRole('button', { name: 'Зарезервировать' }));
  expect(await within(panel).findByText('Созданы резервы: № 71')).toBeInTheDocument();
  expect(await posted('/api/quotes/31/reserve')).toEqual([
    { version: 1, buyer_name: 'ООО «Кедр»', buyer_phone: '', delivery_address: '' },
    {
      version: 1,
      buyer_name: 'ООО «Кедр»',
      buyer_phone: '',
      delivery_address: '',
      credit_override: { reason: 'Оплатят завтра' },
    },
  ]);
});

test("a lot bought in USD at the Bank's rate: the answer and the saved quote say 'по курсу ЦБ на' its day", async () => {
  const note = 'Цены в рублях по курсу ЦБ на 05.12.2026';
  const priced = { ...answer, lines: [single(part({ rate_date: '2026-12-05' })), answer.lines[1]] };
  server(admin, priced, [
    route('POST', '/api/quotes', () => json(card({ rate_note: note }), 201)),
    route('GET', '/api/quotes/31/history', () => json([])),
  ]);
  const { panel } = await savedQuote();
  expect(await within(panel).findByText(note)).toBeInTheDocument();
  // the answer under the table says it too (the panel's and the answer's: two)
  expect(screen.getAllByText(note)).toHaveLength(2);
});

test("an answer of ruble lots says nothing of the Bank's rate", async () => {
  server();
  renderApp('/quote', { token: 't' });
  await ask('100');
  await screen.findByRole('table', { name: 'Подбор' });
  expect(screen.queryByText(/по курсу ЦБ/)).not.toBeInTheDocument();
});

test("the buyer's link of a quote priced at the Bank's rate says its day", async () => {
  const token = 'c'.repeat(43);
  mockServer(
    route('GET', `/api/public/quotes/${token}`, () =>
      json({
        number: '4821-0937',
        company: 'NutDesk',
        phone: null,
        buyer: null,
        city: 'Казань',
        valid_until: '2026-12-09',
        status: 'active',
        total_sum: '8640.00',
        text: '',
        rate_note: 'Цены в рублях по курсу ЦБ на 05.12.2026',
        lines: [
          {
            product: 'Кешью',
            unit_measure: 'кг',
            amount: '10.00',
            kg: '10.000',
            price: '864.00',
            price_per_kg: '864.00',
            delivery_days: 4,
          },
        ],
      }),
    ),
  );
  renderApp(`/q/${token}`);
  expect(await screen.findByText('Цены в рублях по курсу ЦБ на 05.12.2026')).toBeInTheDocument();
});

test("a saved quote the margins' check marked after a new rate says 'Маржа под риском'", async () => {
  server(admin, answer, [
    route('POST', '/api/quotes', () => json(card({ margin_at_risk: true }), 201)),
    route('GET', '/api/quotes/31/history', () => json([])),
  ]);
  const { panel } = await savedQuote();
  expect(
    await within(panel).findByText(
      'Маржа под риском: по новому курсу ЦБ маржа ниже минимальной или курс изменился сверх порога',
    ),
  ).toBeInTheDocument();
});
