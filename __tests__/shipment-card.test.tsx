import { act, screen, waitFor, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';
import { applyChanges } from '../src/api/live';
import type { RootState } from '../src/api/rootReducer';

afterEach(() => localStorage.clear());

const admin = permissions({ is_admin: true, user_type: 'admin', role_id: null });
const page = (rows: unknown[]) =>
  json({
    data: rows,
    pagination: {
      totalItems: rows.length,
      currentPage: 1,
      firstPage: 1,
      lastPage: 1,
      perPage: 200,
      pageCount: 1,
      nextPage: null,
      previousPage: null,
      pageURI: '/api/offers?page=1',
    },
  });
const offers = [
  { id: 12, product: { name: 'Фисташки' }, unit_amount: '20000', unit_measure: 'кг' },
  { id: 13, product: { name: 'Кешью' }, unit_amount: '5000', unit_measure: 'кг' },
];
const common = [
  ...signedInHandlers(admin),
  route('GET', '/api/lists/suppliers/items', () => json([{ id: 3, name: 'Tehran Nuts' }])),
  route('GET', '/api/lists/products/items', () =>
    json([
      { id: 1, name: 'Фисташки' },
      { id: 2, name: 'Кешью' },
    ]),
  ),
  route('GET', '/api/offers', () => page(offers)),
];
const requests = (fetchMock: jest.Mock, method: string) =>
  fetchMock.mock.calls.map(([r]) => r as Request).filter((r) => r.method === method);
const cell = (n: number, title: string) => screen.getByLabelText(`Строка ${n}: ${title}`);

async function choose(n: number, title: string, option: string) {
  fireEvent.mouseDown(within(cell(n, title).parentElement!).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

test('a new shipment: its lots picked from the offers, its cost lines typed, each line checked in Russian before a request, the body sent, and a refusal that keeps every line', async () => {
  const answers = [
    json({ message: 'Строка расходов 2: нет курса USD на 05.12.2026: укажите курс' }, 400),
    json({ id: 40, name: 'Контейнер MSKU 1', status: 'active', can_update: true, version: 1 }, 201),
  ];
  const fetchMock = mockServer(
    ...common,
    route('POST', '/api/shipments', () => answers.shift()!),
    route('GET', '/api/shipments/40', () =>
      json({ id: 40, name: 'Контейнер MSKU 1', status: 'active', can_update: true, version: 1, offer_ids: [12] }),
    ),
    route('GET', '/api/shipments/40/landed-cost', () =>
      json({ shipment_id: 40, name: 'Контейнер MSKU 1', basis: 'estimate', lots: [] }),
    ),
  );
  const user = userEvent.setup();
  const { router } = renderApp('/shipments/create', { token: 't' });
  await user.type(await screen.findByPlaceholderText('Введите название поставки'), 'Контейнер MSKU 1');
  expect(screen.getByRole('tab', { name: 'Новая поставка' })).toHaveAttribute('aria-selected', 'true');
  await user.type(screen.getByLabelText('Номер ДТ'), '10702070/051226/3001234');

  // the lots: picked by number or product from the active offers
  await user.click(screen.getByLabelText('Лоты поставки'));
  await waitFor(() =>
    expect(screen.queryAllByRole('option').map((o) => o.textContent)).toEqual([
      '№ 12 · Фисташки · 20\u00a0000 кг',
      '№ 13 · Кешью · 5\u00a0000 кг',
    ]),
  );
  await user.click(screen.getByRole('option', { name: /^№ 12 · Фисташки/ }));

  await user.click(screen.getByRole('tab', { name: 'Расходы' }));
  expect(await screen.findByText('Строк расходов нет')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Добавить строку' }));
  await user.click(screen.getByRole('button', { name: 'Добавить строку' }));
  // the first line has no kind: refused on the card in the server's words, nothing sent
  await user.type(cell(1, 'Сумма'), '185000');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Строка расходов 1: выберите вид расхода')).toBeInTheDocument();
  expect(requests(fetchMock, 'POST')).toHaveLength(0);

  await choose(1, 'Вид расхода', 'Брокер');
  await choose(2, 'Вид расхода', 'Фрахт за рубежом');
  await user.type(cell(2, 'Сумма'), '6000,5');
  await choose(2, 'Валюта', 'USD');
  await choose(2, 'Статус', 'Факт');
  await waitFor(() => expect(screen.queryByText(/^Строка расходов 1/)).not.toBeInTheDocument());

  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  // the server's refusal, in its words; every line stays as typed
  expect(await screen.findByText('Строка расходов 2: нет курса USD на 05.12.2026: укажите курс')).toBeInTheDocument();
  expect(await requests(fetchMock, 'POST')[0].clone().json()).toEqual({
    name: 'Контейнер MSKU 1',
    supplier_id: null,
    dt_number: '10702070/051226/3001234',
    dt_date: '',
    offer_ids: [12],
    costs: [
      {
        kind: 'broker',
        amount: '185000',
        currency: 'RUB',
        rate_date: null,
        rate: null,
        allocation: null,
        product_id: null,
        status: 'estimate',
      },
      {
        kind: 'freight_abroad',
        amount: '6000.5',
        currency: 'USD',
        rate_date: null,
        rate: null,
        allocation: null,
        product_id: null,
        status: 'actual',
      },
    ],
    comments: [],
  });
  expect((cell(2, 'Сумма') as HTMLInputElement).value).toBe('6000,5');
  expect((cell(1, 'Сумма') as HTMLInputElement).value).toBe('185000');

  // a rate typed on the line (the prepayment's), and the card saves
  await user.type(cell(2, 'Курс'), '88');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/shipments/40'));
  const sent = await requests(fetchMock, 'POST')[1].clone().json();
  expect(sent.costs[1]).toMatchObject({ kind: 'freight_abroad', amount: '6000.5', currency: 'USD', rate: '88' });
});

test("a saved shipment: its lines as stored, each lot's landed cost per kg with its waterfall, and the move from the estimate per kg", async () => {
  // what a new rate's re-cost of the shipment makes of lot 12 (its duty estimate at today's rate), once announced
  let recosted: object = {};
  mockServer(
    ...common,
    route('GET', '/api/shipments/40', () =>
      json({
        id: 40,
        name: 'Контейнер MSKU 1',
        status: 'active',
        can_update: true,
        version: 3,
        supplier_id: 3,
        supplier: { name: 'Tehran Nuts' },
        dt_number: '10702070/051226/3001234',
        dt_date: '2026-12-05',
        offer_ids: [12, 13],
        costs: [
          { kind: 'freight_abroad', amount: '6000.00', currency: 'USD', rate: '88', status: 'actual' },
          { kind: 'duty', amount: '827700', currency: 'RUB', product_id: 1, status: 'estimate' },
        ],
      }),
    ),
    route('GET', '/api/shipments/40/landed-cost', () =>
      json({
        shipment_id: 40,
        name: 'Контейнер MSKU 1',
        basis: 'mixed',
        lots: [
          {
            offer_id: 12,
            landed_kg_cost: '874.89',
            estimate_kg_cost: '862.49',
            difference_kg: '12.40',
            breakdown: { goods: '797.85', freight_abroad: '26.40', duty: '41.39', broker: '9.25', lab: '0.00' },
            ...recosted,
          },
          {
            offer_id: 13,
            landed_kg_cost: '500.00',
            estimate_kg_cost: '500.00',
            difference_kg: '0.00',
            breakdown: { goods: '500.00' },
          },
        ],
      }),
    ),
  );
  const user = userEvent.setup();
  const { store } = renderApp('/shipments/40', { token: 't' });
  expect(await screen.findByDisplayValue('Контейнер MSKU 1')).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Поставка № 40' })).toBeInTheDocument();
  expect(await screen.findByText('№ 12 · Фисташки · 20 000 кг')).toBeInTheDocument();
  expect(screen.getByText('№ 13 · Кешью · 5 000 кг')).toBeInTheDocument();

  await user.click(screen.getByRole('tab', { name: 'Расходы' }));
  expect((cell(1, 'Сумма') as HTMLInputElement).value).toBe('6000');
  expect((cell(1, 'Курс') as HTMLInputElement).value).toBe('88');
  expect(within(cell(2, 'Товар пошлины').parentElement!).getByRole('combobox')).toHaveTextContent('Фисташки');

  await user.click(screen.getByRole('tab', { name: 'Себестоимость' }));
  expect(await screen.findByText('Часть расходов — оценка, часть — факт')).toBeInTheDocument();
  const lot = screen.getByRole('list', { name: 'Себестоимость за кг: Лот № 12' });
  const steps = within(lot)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(steps).toEqual([
    'Товар (оплата поставщику)797,85 ₽/кг',
    'Фрахт за рубежом26,40 ₽/кг',
    'Пошлина41,39 ₽/кг',
    'Брокер9,25 ₽/кг',
    'Итого себестоимость874,89 ₽/кг',
  ]);
  expect(screen.getByText('+12,40 ₽/кг к оценке')).toBeInTheDocument();
  expect(screen.getByText(/Оценка: 862,49 ₽\/кг/)).toBeInTheDocument();
  // a lot the actuals did not move says nothing of an estimate
  expect(screen.getAllByText(/к оценке/)).toHaveLength(1);
  expect(screen.getByRole('link', { name: 'Лот № 13' })).toHaveAttribute('href', '/offers/13');

  // a new rate re-costs it on the server and announces the shipment (its version stays): the open result reads again
  recosted = {
    landed_kg_cost: '875.49',
    estimate_kg_cost: '863.09',
    breakdown: { goods: '797.85', freight_abroad: '26.40', duty: '41.99', broker: '9.25' },
  };
  await act(() =>
    applyChanges(store.dispatch, store.getState as unknown as () => RootState, [
      { section: 'shipments', id: 40, version: 3, kind: 'update' },
    ]),
  );
  expect(await screen.findByText(/Оценка: 863,09 ₽\/кг/)).toBeInTheDocument();
  expect(
    within(screen.getByRole('list', { name: 'Себестоимость за кг: Лот № 12' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    'Товар (оплата поставщику)797,85 ₽/кг',
    'Фрахт за рубежом26,40 ₽/кг',
    'Пошлина41,99 ₽/кг',
    'Брокер9,25 ₽/кг',
    'Итого себестоимость875,49 ₽/кг',
  ]);
});

test('a role that does not see what a lot costs sees the shipment and its lots, no lines and no result', async () => {
  const manager = permissions({ hidden_fields: { offers: ['landed_kg_cost'] } }, { shipments: 'all', offers: 'all' });
  mockServer(
    ...signedInHandlers(manager),
    ...common.slice(2),
    route('GET', '/api/shipments/40', () =>
      json({ id: 40, name: 'Контейнер MSKU 1', status: 'active', can_update: false, offer_ids: [12] }),
    ),
  );
  renderApp('/shipments/40', { token: 't' });
  expect(await screen.findByDisplayValue('Контейнер MSKU 1')).toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'Расходы' })).not.toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'Себестоимость' })).not.toBeInTheDocument();
});
