// The reserve card's buyer (issue 37) as a user meets it: the picker searches the buyers by name, INN or phone and
// fills the reserve's name, phone, city (with the route's cost) and address, still editable, and the card sends
// buyer_id; 'Новый покупатель' makes one without leaving the card; a save refused on the buyer's credit shows the
// server's words and keeps what was typed, and a user with the right goes ahead with a reason.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import {
  json,
  me,
  mockServer,
  permissions,
  renderApp,
  route,
  signedInHandlers,
  type Handler,
  pagination,
} from './support/render';
import { businessToday, TIME_ZONE_DEFAULT } from '../domain/businessDay';

afterEach(() => localStorage.clear());
// each test fills the whole reserve card (as reserve-card.test.tsx's longest): a loaded runner takes them past 60 s

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
  unit_amount: '100.00',
  reserved_amount: '63.00',
  purchased_amount: '0.00',
  images: [],
  documents: [],
  can_update: true,
};
const settings = {
  delivery_cost_default: '15',
  costs_per_kg: '12',
  min_markup: '0.1',
  max_markup: '0.35',
  reserve_hold_days: '5',
};

const manager = permissions(
  { role_id: 1, employee_id: 7 },
  { offers: 'all', reserves: 'all', cities: 'all', employees: 'all', products: 'all', buyers: 'all' },
);
const admin = permissions({ is_admin: true, user_type: 'admin', role_id: null });

const kedr = {
  id: 31,
  name: 'ООО «Кедр»',
  inn: '7707083893',
  phone: '79120001122',
  city: { id: 5, name: 'Казань' },
  delivery_address: 'Казань, ул. Пушкина, 1',
  status: 'active',
};
const orekh = {
  id: 32,
  name: 'ИП Орехов',
  inn: '500100732259',
  phone: '79035550000',
  city: null,
  delivery_address: null,
  status: 'active',
};
const page = (rows: unknown[]) => json({ data: rows, pagination: pagination(rows.length) });

function server(perms = manager, extra: Handler[] = []) {
  return mockServer(
    ...extra,
    ...signedInHandlers(perms, me({ employee_id: perms.is_admin ? null : 7, role_id: perms.role_id })),
    route('GET', '/api/offers/12', () => json(offer)),
    route('POST', '/api/settings', () => json(settings)),
    route('GET', '/api/lists/cities/items', () =>
      json([
        { id: 2, name: 'Москва' },
        { id: 5, name: 'Казань' },
      ]),
    ),
    route('GET', '/api/lists/employees/items', () => json([{ id: 7, name: 'Тихонов Олег Юрьевич' }])),
    // the list's search: the name, or (3 digits and more) the INN or the phone's digits
    route('GET', '/api/buyers', (request) => {
      const search = new URL(request.url).searchParams.get('search') ?? '';
      const digits = search.replace(/\D/g, '');
      return page(
        [kedr, orekh].filter(
          (b) =>
            b.name.toLowerCase().includes(search.toLowerCase()) ||
            (digits.length >= 3 && (b.inn.includes(digits) || b.phone.includes(digits))),
        ),
      );
    }),
    route('GET', '/api/reserves/route', () => json({ offer_id: 12, to_id: 5, cost: '22.50', days: 3, default: false })),
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const shown = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const requests = (fetchMock: jest.Mock) => fetchMock.mock.calls.map(([r]) => r as Request);
const today = businessToday(TIME_ZONE_DEFAULT);
const tomorrow = dayjs(today).add(1, 'day').format('YYYY-MM-DD');

/** The buyer found by what is typed into the picker, then chosen. */
async function pick(user: ReturnType<typeof userEvent.setup>, typed: string, option: RegExp) {
  const picker = screen.getByRole('combobox', { name: 'Карточка покупателя' });
  await user.click(picker);
  await user.type(picker, typed);
  // the server's answer to what was typed: that one buyer (not the first page the picker opened with)
  await waitFor(() =>
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringMatching(option)]),
  );
  await user.click(screen.getByRole('option', { name: option }));
}

/** What a reserve needs besides its buyer: amount, price and the implementation date (tomorrow). */
async function fillReserve(user: ReturnType<typeof userEvent.setup>) {
  type('Количество', '20');
  type('Цена продажи за единицу, ₽', '400');
  // the calendar opens on the business day's month (its first selectable day); tomorrow may be the next month's
  await user.click(screen.getAllByRole('button', { name: /^Выберите дату/ })[0]);
  await screen.findByRole('grid');
  if (dayjs(tomorrow).month() !== dayjs(today).month())
    await user.click(screen.getByRole('button', { name: /следующий месяц|Next month/i }));
  await user.click(await screen.findByRole('gridcell', { name: String(dayjs(tomorrow).date()) }));
  await waitFor(() =>
    expect((document.querySelector('input[name="estimated_date_implementation"]') as HTMLInputElement).value).toBe(
      dayjs(tomorrow).format('DD.MM.YYYY'),
    ),
  );
}

test('the picker finds a buyer by its INN or phone and fills the name, phone, city with its route and address; the card sends buyer_id', async () => {
  const fetchMock = server(manager, [
    route('POST', '/api/reserves', () =>
      json({ status: 'error', error: 'validation', messages: ['Стоимость доставки не может быть ниже'] }, 400),
    ),
  ]);
  const user = userEvent.setup();
  renderApp('/reserves/create?offer=12', { token: 't' });
  await screen.findByText('Дополнительно');
  // by the phone's digits: the option names the INN and the phone
  await pick(user, '555', /ИП Орехов/);
  expect(shown('Покупатель')).toBe('ИП Орехов');
  expect(shown('Телефон покупателя')).toBe('+7 (903) 555-00-00');
  const searched = requests(fetchMock)
    .filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/buyers')
    .map((r) => new URL(r.url).searchParams.get('search'));
  expect(searched).toContain('555');

  // another one, by its INN: it has a city and an address, which fill the delivery (the route's cost and days)
  const picker = screen.getByRole('combobox', { name: 'Карточка покупателя' });
  await user.clear(picker);
  await user.type(picker, '770708');
  await waitFor(() =>
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringMatching(/ООО «Кедр»/)]),
  );
  const option = screen.getByRole('option', { name: /ООО «Кедр»/ });
  expect(option).toHaveTextContent('ИНН 7707083893, +7 (912) 000-11-22');
  await user.click(option);
  expect(shown('Покупатель')).toBe('ООО «Кедр»');
  expect(shown('Телефон покупателя')).toBe('+7 (912) 000-11-22');
  expect(shown('Адрес доставки')).toBe('Казань, ул. Пушкина, 1');
  await waitFor(() => expect(shown('Стоимость доставки, ₽/кг')).toBe('22,5'));
  expect(screen.getByRole('combobox', { name: 'Город доставки' })).toHaveTextContent('Казань');
  expect(shown('Дней доставки')).toBe('3');
  // still editable on the reserve
  type('Адрес доставки', 'Казань, ул. Баумана, 5');

  await fillReserve(user);
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() =>
    expect(requests(fetchMock).some((r) => r.method === 'POST' && r.url.endsWith('/api/reserves'))).toBe(true),
  );
  const body = await requests(fetchMock)
    .find((r) => r.method === 'POST' && r.url.endsWith('/api/reserves'))!
    .clone()
    .json();
  expect(body).toMatchObject({
    offer_id: 12,
    buyer_id: 31,
    buyer_name: 'ООО «Кедр»',
    buyer_phone: '79120001122',
    city_id: 5,
    delivery_address: 'Казань, ул. Баумана, 5',
    delivery_cost: '22.5',
    delivery_days: '3',
  });
  expect(body).not.toHaveProperty('credit_override');
}, 120_000);

test("'Новый покупатель': the buyer card's fields and messages in a dialog; a duplicate INN is refused with the link and keeps what was typed; made, it is picked", async () => {
  const posted: unknown[] = [];
  const fetchMock = server(manager, [
    route('POST', '/api/buyers', async (request) => {
      const body = await request.clone().json();
      posted.push(body);
      if (posted.length === 1)
        return json(
          {
            status: 'error',
            error: 'conflict',
            message: 'Покупатель с таким ИНН уже есть',
            info: { text: 'Покупатель', id: 31 },
          },
          409,
        );
      return json(
        { ...body, id: 40, status: 'active', version: 1, can_update: true, phone: '79161234567', balance: '0.00' },
        201,
      );
    }),
  ]);
  const user = userEvent.setup();
  renderApp('/reserves/create?offer=12', { token: 't' });
  await screen.findByText('Дополнительно');
  await user.click(screen.getByRole('button', { name: 'Новый покупатель' }));
  const dialog = await screen.findByRole('dialog', { name: 'Новый покупатель' });
  const inDialog = within(dialog);
  fireEvent.change(inDialog.getByLabelText(/^Название/), { target: { value: 'ООО «Фундук»' } });
  fireEvent.change(inDialog.getByLabelText('ИНН'), { target: { value: '7707083894' } });
  await user.click(inDialog.getByRole('button', { name: 'Добавить' }));
  expect(await inDialog.findByText('Неверное контрольное число ИНН')).toBeInTheDocument();
  expect(posted).toEqual([]);

  fireEvent.change(inDialog.getByLabelText('ИНН'), { target: { value: '7707083893' } });
  await user.type(inDialog.getByLabelText('Телефон'), '9161234567');
  await user.click(inDialog.getByRole('button', { name: 'Добавить' }));
  expect(await inDialog.findByText('Покупатель с таким ИНН уже есть')).toBeInTheDocument();
  // (the alert fades in)
  expect(await inDialog.findByRole('link', { name: 'Посмотреть покупателя' })).toHaveAttribute('href', '/buyers/31');
  expect((inDialog.getByLabelText(/^Название/) as HTMLInputElement).value).toBe('ООО «Фундук»');
  // the reserve card's own form was not submitted by the dialog's
  expect(requests(fetchMock).some((r) => r.method === 'POST' && r.url.endsWith('/api/reserves'))).toBe(false);

  fireEvent.change(inDialog.getByLabelText('ИНН'), { target: { value: '500100732259' } });
  await user.click(inDialog.getByRole('button', { name: 'Добавить' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новый покупатель' })).not.toBeInTheDocument());
  expect(posted[1]).toMatchObject({
    name: 'ООО «Фундук»',
    inn: '500100732259',
    phone: '79161234567',
    payment_terms: 'prepay',
    city_id: null,
    comments: [],
  });
  expect(shown('Карточка покупателя')).toBe('ООО «Фундук»');
  expect(shown('Покупатель')).toBe('ООО «Фундук»');
  expect(shown('Телефон покупателя')).toBe('+7 (916) 123-45-67');
}, 120_000);

const creditRefusal = {
  status: 'error',
  error: 'credit',
  message: 'Превышен кредитный лимит: лимит 10 000,00 ₽, долг и резервы 8 000,00 ₽, этот резерв 8 000,00 ₽',
  messages: ['Превышен кредитный лимит: лимит 10 000,00 ₽, долг и резервы 8 000,00 ₽, этот резерв 8 000,00 ₽'],
};

test('refused on credit, a manager without the right sees the figures and keeps what was typed; no reason is asked', async () => {
  const fetchMock = server(manager, [route('POST', '/api/reserves', () => json(creditRefusal, 409))]);
  const user = userEvent.setup();
  renderApp('/reserves/create?offer=12', { token: 't' });
  await screen.findByText('Дополнительно');
  await pick(user, 'Кедр', /ООО «Кедр»/);
  await waitFor(() => expect(shown('Стоимость доставки, ₽/кг')).toBe('22,5'));
  await fillReserve(user);
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText(creditRefusal.message)).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(shown('Количество')).toBe('20');
  expect(shown('Покупатель')).toBe('ООО «Кедр»');
  expect(requests(fetchMock).filter((r) => r.method === 'POST' && r.url.endsWith('/api/reserves'))).toHaveLength(1);
}, 120_000);

test('refused on credit, an administrator gives a reason (asked for when empty) and the save goes again with credit_override', async () => {
  const bodies: Record<string, unknown>[] = [];
  const saved = {
    ...offer,
    id: 90,
    offer_id: 12,
    amount: '20.00',
    buyer_id: 31,
    buyer: { id: 31, name: 'ООО «Кедр»' },
    buyer_name: 'ООО «Кедр»',
    created_at: '2026-11-22T10:00:00Z',
    version: 1,
    offer,
  };
  server(admin, [
    route('POST', '/api/reserves', async (request) => {
      const body = await request.clone().json();
      bodies.push(body);
      return body.credit_override ? json(saved, 201) : json(creditRefusal, 409);
    }),
    route('GET', '/api/reserves/90', () => json(saved)),
    route('GET', '/api/reserves/90/comments', () => json([])),
  ]);
  const user = userEvent.setup();
  const { router } = renderApp('/reserves/create?offer=12', { token: 't' });
  await screen.findByText('Дополнительно');
  await pick(user, 'Кедр', /ООО «Кедр»/);
  await waitFor(() => expect(shown('Стоимость доставки, ₽/кг')).toBe('22,5'));
  await fillReserve(user);
  await user.click(screen.getByRole('combobox', { name: 'Ответственный' }));
  await user.click(await screen.findByRole('option', { name: 'Тихонов Олег Юрьевич' }));
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  const dialog = await screen.findByRole('dialog', { name: 'Кредитный лимит покупателя' });
  expect(dialog).toHaveTextContent(creditRefusal.message);
  await user.click(within(dialog).getByRole('button', { name: 'Зарезервировать сверх лимита' }));
  expect(within(dialog).getByText('Укажите причину превышения лимита')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText(/Причина/), 'Оплатят завтра');
  await user.click(within(dialog).getByRole('button', { name: 'Зарезервировать сверх лимита' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/reserves/90'));
  expect(bodies).toHaveLength(2);
  expect(bodies[0]).not.toHaveProperty('credit_override');
  expect(bodies[1]).toMatchObject({ buyer_id: 31, amount: '20', credit_override: { reason: 'Оплатят завтра' } });
}, 120_000);
