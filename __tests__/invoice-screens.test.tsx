// The invoices' screens: 'Выставить счёт' in the reserves list's bulk bar (the request sent, the server's refusal
// shown, the invoice made opened) and on a reserve's card (an active reserve is invoiced, only a completed one makes
// a УПД); the 'Счета' list with its filters and spreadsheet; the buyer card's 'Счета и УПД'; role 8 gets none of it.
// The card is invoice-card.test.tsx's.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SPEC_HIDDEN_FIELDS } from '../domain/hiddenFields';
import { json, me, mockServer, pagination, permissions, renderApp, route, signedInHandlers } from './support/render';
import { invoice } from './support/invoice';

const admin = permissions({ is_admin: true, user_type: 'admin', role_id: null });
const role8 = permissions(
  { role_id: 8, employee_id: 7, hidden_fields: SPEC_HIDDEN_FIELDS['8'] },
  { reserves: 'all', offers: 'all', buyers: 'all' },
);

let clicked: { href: string; download: string }[];
beforeEach(() => {
  clicked = [];
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:invoice-1'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

const reserveRow = (id: number, buyer: { id: number; name: string }, status = 'active') => ({
  id,
  status,
  buyer,
  buyer_id: buyer.id,
  buyer_name: buyer.name,
  amount: '10.00',
  comments: [],
});
const romashka = { id: 3, name: 'ООО «Ромашка»' };

test("the reserves' bulk bar: 'Выставить счёт' sends the chosen reserves, shows the refusal, opens the invoice made", async () => {
  const sent: unknown[] = [];
  mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/filters/reserves', () => json({})),
    route('GET', '/api/settings', () => json({ 'table:reserves': null })),
    route('GET', '/api/reserves', () =>
      json({
        data: [reserveRow(41, romashka), reserveRow(42, romashka), reserveRow(43, { id: 9, name: 'ИП Лютиков' })],
        pagination: pagination(3),
      }),
    ),
    route('POST', '/api/invoices', async (request) => {
      sent.push(await request.json());
      return sent.length === 1
        ? json({ messages: ['Резерв №42 уже в счёте № 2/2026: отмените тот счёт, чтобы выставить новый'] }, 400)
        : json(invoice(), 201);
    }),
    route('GET', '/api/invoices/7', () => json(invoice())),
    route('GET', '/api/invoices/7/history', () => json({ data: [] })),
  );
  renderApp('/reserves', { token: 't' });
  expect(screen.queryByRole('button', { name: 'Выставить счёт' })).not.toBeInTheDocument();
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Выбрать строку 41' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Выбрать строку 43' }));
  expect(screen.getByRole('button', { name: 'Выставить счёт' })).toBeDisabled();
  // the reason both papers share is said once
  expect(
    screen.getAllByText('Выбраны резервы разных покупателей: счёт и УПД составляются на одного покупателя'),
  ).toHaveLength(1);

  await userEvent.click(screen.getByRole('checkbox', { name: 'Выбрать строку 43' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Выбрать строку 42' }));
  // active reserves: invoiced, but no УПД yet
  expect(screen.getByRole('button', { name: 'Сформировать УПД' })).toBeDisabled();
  expect(screen.getByText('УПД составляется по завершённым резервам')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Выставить счёт' }));
  expect(
    await screen.findByText('Резерв №42 уже в счёте № 2/2026: отмените тот счёт, чтобы выставить новый'),
  ).toBeInTheDocument();
  expect(sent).toEqual([{ reserve_ids: [41, 42] }]);
  await userEvent.click(screen.getByRole('button', { name: 'Выставить счёт' }));
  expect(await screen.findByRole('heading', { name: 'Счёт на оплату № 3 от 05.12.2026' })).toBeInTheDocument();
  expect(sent).toEqual([{ reserve_ids: [41, 42] }, { reserve_ids: [41, 42] }]);
});

const reserveCard = (status: string) => ({
  id: 90,
  offer_id: 12,
  status,
  product: { id: 3, name: 'Кешью' },
  amount: '20.00',
  packs_amount: '2.0',
  unit_price: '300.00',
  unit_selling_price: '400.00',
  total_selling_sum: '8000.00',
  estimated_date_implementation: '2026-11-20',
  actual_date_implementation: status === 'completed' ? '2026-11-20' : null,
  buyer_id: 3,
  buyer: romashka,
  buyer_name: romashka.name,
  buyer_phone: '79120001122',
  city_id: 5,
  delivery_address: 'Казань, ул. Баумана, 5',
  delivery_cost: '15.00',
  delivery_days: 3,
  responsible_id: 7,
  created_at: '2026-11-18T10:00:00Z',
  can_update: false,
  version: 4,
  offer: {
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
  },
});

test.each([
  ['active', ['Выставить счёт']],
  ['completed', ['Выставить счёт', 'Сформировать УПД']],
])("a reserve's card, %s: offers %j of its papers", async (status, offered) => {
  const sent: unknown[] = [];
  mockServer(
    ...signedInHandlers(admin, me({ employee_id: null, role_id: null })),
    route('GET', '/api/reserves/90', () => json(reserveCard(status))),
    route('GET', '/api/reserves/90/comments', () => json([])),
    route('GET', '/api/reserves/90/payments', () => json({ payments: [], left: '8000.00' })),
    route('POST', '/api/settings', () => json({ delivery_cost_default: '15', costs_per_kg: '12' })),
    route('GET', '/api/lists/cities/items', () => json([{ id: 5, name: 'Казань' }])),
    route('GET', '/api/lists/employees/items', () => json([{ id: 7, name: 'Тихонов Олег Юрьевич' }])),
    route('POST', '/api/invoices', async (request) => {
      sent.push(await request.json());
      return json({ messages: ['Заполните реквизиты компании в настройках: БИК'] }, 400);
    }),
  );
  renderApp('/reserves/90', { token: 't' });
  const invoiceButton = await screen.findByRole('button', { name: 'Выставить счёт' });
  const papers = invoiceButton.parentElement!;
  expect(
    within(papers)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(offered);
  await userEvent.click(invoiceButton);
  expect(await screen.findByText('Заполните реквизиты компании в настройках: БИК')).toBeInTheDocument();
  expect(sent).toEqual([{ reserve_ids: [90] }]);
});

test("'Счета': the rows with their payment status, filters sent to the server, the filtered list as a spreadsheet", async () => {
  const asked: string[] = [];
  mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/lists/buyers/items', () => json([romashka])),
    route('GET', '/api/invoices', (request) => {
      asked.push(new URL(request.url).search);
      return json({
        data: [invoice(), invoice({ id: 6, number: 2, payment: 'cancelled', status: 'cancelled', paid_sum: '0.00' })],
      });
    }),
    route('GET', '/api/invoices/export', (request) => {
      asked.push(`xlsx${new URL(request.url).search}`);
      return new Response('PK', { status: 200 });
    }),
  );
  renderApp('/invoices?buyer_id=3', { token: 't' });
  const table = await screen.findByRole('table', { name: 'Счета' });
  const live = within(table).getByText('3').closest('tr')!;
  expect(within(live).getByText('05.12.2026')).toBeInTheDocument();
  expect(within(live).getByText('19.12.2026')).toBeInTheDocument();
  expect(within(live).getByText('ООО «Ромашка»')).toBeInTheDocument();
  expect(live.querySelector('[data-field=total]')).toHaveTextContent(/^13\s193,75\s₽$/);
  expect(live.querySelector('[data-field=paid_sum]')).toHaveTextContent(/^5\s000,00\s₽$/);
  expect(within(live).getByText('Оплачен частично')).toBeInTheDocument();
  expect(within(within(table).getByText('2').closest('tr')!).getByText('Отменён')).toBeInTheDocument();
  expect(asked).toEqual(['?buyer_id=3']);
  expect(await screen.findByDisplayValue('ООО «Ромашка»')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('combobox', { name: 'Статус' }));
  const options = await screen.findAllByRole('option');
  expect(options.map((o) => o.textContent)).toEqual([
    'Все',
    'Не оплачен',
    'Оплачен частично',
    'Оплачен',
    'Просрочен',
    'Отменён',
  ]);
  await userEvent.click(screen.getByRole('option', { name: 'Просрочен' }));
  await waitFor(() => expect(asked).toEqual(['?buyer_id=3', '?buyer_id=3&payment=overdue']));

  await userEvent.click(screen.getByRole('button', { name: 'Выгрузить в Excel' }));
  await waitFor(() => expect(clicked).toEqual([{ href: 'blob:invoice-1', download: 'Счета.xlsx' }]));
  expect(asked[2]).toBe('xlsx?buyer_id=3&payment=overdue');
});

const buyerCard = {
  id: 3,
  name: 'ООО «Ромашка»',
  status: 'active',
  inn: '7728168971',
  kpp: '772801001',
  city_id: null,
  delivery_address: null,
  legal_address: null,
  contact_person: null,
  phone: null,
  email: null,
  responsible_id: null,
  payment_terms: 'prepay',
  deferral_days: null,
  credit_limit: null,
  balance: '0.00',
  overdue: '0.00',
  created_at: '2026-11-01T10:00:00Z',
  can_update: true,
  version: 1,
};
const buyerServer = (perms: ReturnType<typeof permissions>) =>
  mockServer(
    ...signedInHandlers(perms),
    route('GET', '/api/buyers/3', () => json(buyerCard)),
    route('GET', '/api/buyers/3/comments', () => json([])),
    route('GET', '/api/reserves', () => json({ data: [], pagination: pagination(0) })),
    route('GET', '/api/lists/cities/items', () => json([])),
    route('GET', '/api/lists/employees/items', () => json([])),
    route('GET', '/api/invoices', () => json({ data: [invoice()] })),
    route('GET', '/api/invoices/7', () => json(invoice())),
    route('GET', '/api/invoices/7/history', () => json({ data: [] })),
    route('GET', '/api/upd', () =>
      json({
        data: [
          {
            id: 5,
            number: 17,
            year: 2026,
            date: '2026-12-06',
            buyer_id: 3,
            buyer_name: 'ООО «Ромашка»',
            sum_with_vat: '13193.75',
            status: 'cancelled',
          },
        ],
      }),
    ),
  );

test("the buyer card's 'Счета и УПД': its invoices and УПД, each row opening its card", async () => {
  const fetchMock = buyerServer(admin);
  const { router } = renderApp('/buyers/3', { token: 't' });
  await userEvent.click(await screen.findByRole('tab', { name: 'Счета и УПД' }));
  const invoices = await screen.findByRole('table', { name: 'Счета' });
  const row = within(invoices).getByText('3').closest('tr')!;
  expect(within(row).getByText('05.12.2026')).toBeInTheDocument();
  expect(within(row).getByText('Оплачен частично')).toBeInTheDocument();
  const upds = await screen.findByRole('table', { name: 'УПД' });
  expect(within(upds).getByText('06.12.2026')).toBeInTheDocument();
  expect(within(upds).getByText('Отменён')).toBeInTheDocument();
  const asked = fetchMock.mock.calls.map(([r]) => new URL((r as Request).url));
  expect(asked.filter((u) => ['/api/invoices', '/api/upd'].includes(u.pathname)).map((u) => u.search)).toEqual([
    '?buyer_id=3',
    '?buyer_id=3',
  ]);
  await userEvent.click(within(invoices).getByText('3'));
  await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/7'));
});

test("role 8 (no selling prices): no 'Счета' in the menu, no papers on the buyer card", async () => {
  buyerServer(role8);
  renderApp('/buyers/3', { token: 't' });
  expect(await screen.findByDisplayValue('7728168971')).toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'Счета и УПД' })).not.toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Счета' })).not.toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Основная навигация' });
  await within(nav).findByText('Выйти');
  expect(within(nav).queryByRole('link', { name: 'Счета' })).not.toBeInTheDocument();
});
