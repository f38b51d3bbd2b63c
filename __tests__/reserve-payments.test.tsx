// 'Оплаты' on a completed reserve's card (issue 37) as a user meets it: the sale, what is paid and what is left; a
// payment above what is left refused as typed, and by the server with its words (what was typed stays); the request
// sent on the card's version; an administrator's delete after confirming; no delete for anyone else.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, me, mockServer, permissions, renderApp, route, signedInHandlers, type Handler } from './support/render';
import { businessToday, TIME_ZONE_DEFAULT } from '../domain/businessDay';

afterEach(() => localStorage.clear());

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
  available_amount: '17.00',
  unit_amount: '100.00',
  reserved_amount: '63.00',
  purchased_amount: '20.00',
  images: [],
  documents: [],
  can_update: true,
};
// 20 kg sold at 400 ₽: 8 000,00 ₽
const completed = (version: number) => ({
  id: 90,
  offer_id: 12,
  status: 'completed',
  product: { id: 3, name: 'Кешью' },
  amount: '20.00',
  packs_amount: '2.0',
  unit_price: '300.00',
  unit_selling_price: '400.00',
  total_selling_sum: '8000.00',
  estimated_date_implementation: '2026-11-20',
  actual_date_implementation: '2026-11-20',
  buyer_id: 31,
  buyer: { id: 31, name: 'ООО «Кедр»' },
  buyer_name: 'ООО «Кедр»',
  buyer_phone: '79120001122',
  city_id: 5,
  delivery_address: 'Казань, ул. Баумана, 5',
  delivery_cost: '15.00',
  delivery_days: 3,
  responsible_id: 7,
  created_at: '2026-11-18T10:00:00Z',
  can_update: false,
  version,
  offer,
});
const settings = { delivery_cost_default: '15', costs_per_kg: '12', min_markup: '0.1', max_markup: '0.35' };
const manager = permissions(
  { role_id: 1, employee_id: 7 },
  { offers: 'all', reserves: 'all', cities: 'all', employees: 'all', products: 'all', buyers: 'all' },
);
// recording payments is the finance right's ('Финансы'): a role that has it beside the manager's scopes
const accountant = permissions(
  { role_id: 1, employee_id: 7, finance: true },
  { offers: 'all', reserves: 'all', cities: 'all', employees: 'all', products: 'all', buyers: 'all' },
);
const admin = permissions({ is_admin: true, user_type: 'admin', role_id: null });
const today = businessToday(TIME_ZONE_DEFAULT);

/** The reserve and its payments as the server holds them; each write moves the reserve's version. */
function server(perms: typeof manager, extra: Handler[] = []) {
  const state = {
    version: 5,
    payments: [
      {
        id: 1,
        date: '2026-11-21',
        amount: '3000.50',
        comment: 'Платежное поручение 12',
        created_at: '2026-11-21T09:00:00Z',
      },
    ],
  };
  const left = () => (800000 - state.payments.reduce((s, p) => s + Math.round(Number(p.amount) * 100), 0)) / 100;
  const fetchMock = mockServer(
    ...extra,
    ...signedInHandlers(perms, me({ employee_id: perms.is_admin ? null : 7, role_id: perms.role_id })),
    route('GET', '/api/reserves/90', () => json(completed(state.version))),
    route('GET', '/api/reserves/90/comments', () => json([])),
    route('POST', '/api/settings', () => json(settings)),
    route('GET', '/api/lists/cities/items', () => json([{ id: 5, name: 'Казань' }])),
    route('GET', '/api/lists/employees/items', () => json([{ id: 7, name: 'Тихонов Олег Юрьевич' }])),
    route('GET', '/api/reserves/90/payments', () => json({ payments: state.payments, left: left().toFixed(2) })),
    route('POST', '/api/reserves/90/payments', async (request) => {
      const body = await request.clone().json();
      state.payments.push({
        id: 2,
        date: body.date,
        amount: Number(body.amount).toFixed(2),
        comment: body.comment,
        created_at: '2026-11-27T09:00:00Z',
      });
      state.version += 1;
      return json(completed(state.version));
    }),
    route('DELETE', '/api/reserves/90/payments/1', () => {
      state.payments = state.payments.filter((p) => p.id !== 1);
      state.version += 1;
      return json(completed(state.version));
    }),
  );
  return fetchMock;
}

const requests = (fetchMock: jest.Mock) => fetchMock.mock.calls.map(([r]) => r as Request);
const figure = (title: string) => screen.getByLabelText(title).textContent!.replace(/\s/g, ' ');

async function openPayments(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/reserves/90', { token: 't' });
  await user.click(await screen.findByRole('tab', { name: 'Оплаты' }));
  await screen.findByRole('table', { name: 'Оплаты' });
}

test("the sale, paid and left; above what is left is refused as typed; a payment is sent on the card's version and the figures follow", async () => {
  const fetchMock = server(accountant);
  const user = userEvent.setup();
  await openPayments(user);
  expect(figure('Сумма продажи')).toBe('8 000,00 ₽');
  expect(figure('Оплачено')).toBe('3 000,50 ₽');
  expect(figure('Осталось оплатить')).toBe('4 999,50 ₽');
  const rows = within(screen.getByRole('table', { name: 'Оплаты' }))
    .getAllByRole('row')
    .map((r) => r.textContent!.replace(/\s/g, ' '));
  expect(rows).toEqual(['ДатаСумма, ₽Комментарий', '21.11.20263 000,50 ₽Платежное поручение 12']);

  fireEvent.change(screen.getByLabelText('Сумма оплаты, ₽'), { target: { value: '4999.51' } });
  await user.click(screen.getByRole('button', { name: 'Добавить оплату' }));
  expect(await screen.findByText('Оплата больше остатка долга по резерву: осталось 4 999,50 ₽')).toBeInTheDocument();
  expect(requests(fetchMock).some((r) => r.method === 'POST' && r.url.endsWith('/payments'))).toBe(false);

  fireEvent.change(screen.getByLabelText('Сумма оплаты, ₽'), { target: { value: '1999,50' } });
  fireEvent.change(screen.getByLabelText('Комментарий'), { target: { value: 'Наличные' } });
  await user.click(screen.getByRole('button', { name: 'Добавить оплату' }));
  expect(await screen.findByText('Оплата добавлена')).toBeInTheDocument();
  const post = requests(fetchMock).find((r) => r.method === 'POST' && r.url.endsWith('/api/reserves/90/payments'))!;
  expect(await post.clone().json()).toEqual({ version: 5, date: today, amount: '1999.50', comment: 'Наличные' });
  // 8 000,00 − 3 000,50 − 1 999,50 = 3 000,00
  await waitFor(() => expect(figure('Осталось оплатить')).toBe('3 000,00 ₽'));
  expect(figure('Оплачено')).toBe('5 000,00 ₽');
  expect(screen.getByLabelText('Сумма оплаты, ₽')).toHaveValue('');
  // the card goes on from the version the payment answered: no 'changed by another user'
  expect(screen.queryByText(/изменена другим пользователем|Запись изменена/)).not.toBeInTheDocument();
}, 120_000);

test('without the finance right the payments are read only: the figures and the table, no form, no deleting', async () => {
  server(manager);
  const user = userEvent.setup();
  await openPayments(user);
  expect(figure('Осталось оплатить')).toBe('4 999,50 ₽');
  expect(within(screen.getByRole('table', { name: 'Оплаты' })).getAllByRole('row')).toHaveLength(2);
  expect(screen.queryByLabelText('Сумма оплаты, ₽')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Добавить оплату' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Удалить оплату/ })).not.toBeInTheDocument();
}, 120_000);

test("the server's refusal is shown in its words and keeps what was typed", async () => {
  server(accountant, [
    route('POST', '/api/reserves/90/payments', () =>
      json(
        {
          status: 'error',
          error: 'validation',
          messages: ['Оплата больше остатка долга по резерву: осталось 1 000,00 ₽'],
        },
        400,
      ),
    ),
  ]);
  const user = userEvent.setup();
  await openPayments(user);
  fireEvent.change(screen.getByLabelText('Сумма оплаты, ₽'), { target: { value: '2000' } });
  fireEvent.change(screen.getByLabelText('Комментарий'), { target: { value: 'Безнал' } });
  await user.click(screen.getByRole('button', { name: 'Добавить оплату' }));
  expect(await screen.findByText('Оплата больше остатка долга по резерву: осталось 1 000,00 ₽')).toBeInTheDocument();
  expect(screen.getByLabelText('Сумма оплаты, ₽')).toHaveValue('2000');
  expect(screen.getByLabelText('Комментарий')).toHaveValue('Безнал');
}, 120_000);

test("an administrator deletes a payment after confirming, on the card's version", async () => {
  const fetchMock = server(admin);
  const user = userEvent.setup();
  await openPayments(user);
  await user.click(screen.getByRole('button', { name: 'Удалить оплату 21.11.2026' }));
  const dialog = await screen.findByRole('dialog', { name: 'Удалить оплату' });
  await user.click(within(dialog).getByRole('button', { name: 'Удалить оплату' }));
  await waitFor(() => expect(figure('Осталось оплатить')).toBe('8 000,00 ₽'));
  expect(screen.getByText('Оплат пока нет')).toBeInTheDocument();
  const gone = requests(fetchMock).find((r) => r.method === 'DELETE')!;
  expect(new URL(gone.url).pathname).toBe('/api/reserves/90/payments/1');
  expect(await gone.clone().json()).toEqual({ version: 5 });
}, 120_000);
