// The УПД's screens: the list with its filters and 'Скачать для ЭДО' (one document's XML named by its ИдФайл, the
// filtered list's ZIP), the card with its lines, 'Отменить' and 'Сформировать заново', and 'Сформировать УПД' in
// the reserves list's bulk bar (disabled with the reason when buyers differ) and on a completed reserve's card;
// role 8 gets none of it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SPEC_HIDDEN_FIELDS } from '../domain/hiddenFields';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';

const admin = permissions({ is_admin: true, user_type: 'admin', role_id: null });
const FILE_ID = 'ON_NSCHFDOPPR_7728168971772801001_7707083893773601001_20261205_6b1f3c2a-1111-4222-8333-944455556666';

const upd = (patch: Record<string, unknown> = {}) => ({
  id: 5,
  number: 17,
  year: 2026,
  date: '2026-12-05',
  shipment_date: '2026-12-04',
  buyer_id: 3,
  buyer_name: 'ООО «Ромашка»',
  file_id: FILE_ID,
  sum_without_vat: '11529.90',
  vat_sum: '1663.85',
  sum_with_vat: '13193.75',
  status: 'active',
  version: 1,
  created_at: '2026-12-05T09:30:00.000Z',
  cancelled_at: null,
  created_by_name: 'Администратор',
  cancelled_by_name: null,
  seller: {},
  buyer: {},
  lines: [
    {
      n: 1,
      reserve_id: 41,
      name: 'Миндаль, Нонпарель, мешок 25 кг',
      okei: '166',
      unit_name: 'кг',
      quantity: '20.000',
      price: '363.64',
      sum_without_vat: '7272.73',
      vat_rate: '10',
      vat_sum: '727.27',
      sum_with_vat: '8000.00',
      origin_code: null,
      origin_short: null,
      declaration: null,
    },
    {
      n: 2,
      reserve_id: 42,
      name: 'Кешью, W320, коробка 22,68 кг',
      okei: '166',
      unit_name: 'кг',
      quantity: '12.500',
      price: '340.57',
      sum_without_vat: '4257.17',
      vat_rate: '22',
      vat_sum: '936.58',
      sum_with_vat: '5193.75',
      origin_code: '704',
      origin_short: 'ВЬЕТНАМ',
      declaration: '10702070/051226/3001234',
    },
  ],
  ...patch,
});

let clicked: { href: string; download: string }[];
beforeEach(() => {
  clicked = [];
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:upd-1'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

const listServer = (asked: string[]) =>
  mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/lists/buyers/items', () => json([{ id: 3, name: 'ООО «Ромашка»' }])),
    route('GET', '/api/upd', (request) => {
      asked.push(new URL(request.url).search);
      return json({ data: [upd(), upd({ id: 4, number: 16, status: 'cancelled', version: 2 })] });
    }),
    route('GET', '/api/upd/5/xml', () => new Response('<Файл/>', { status: 200 })),
    route('GET', '/api/upd/edo.zip', (request) => {
      asked.push(`zip${new URL(request.url).search}`);
      return new Response('PK', { status: 200 });
    }),
  );

test("the list: filters go to the server, 'Скачать для ЭДО' gives a document's XML by its ИдФайл and the list's ZIP", async () => {
  const asked: string[] = [];
  listServer(asked);
  renderApp('/upd?buyer_id=3', { token: 't' });
  const table = await screen.findByRole('table', { name: 'УПД' });
  const live = within(table).getByText('17').closest('tr')!;
  expect(within(live).getByText('05.12.2026')).toBeInTheDocument();
  expect(within(live).getByText('ООО «Ромашка»')).toBeInTheDocument();
  expect(within(live).getByText('Действует')).toBeInTheDocument();
  expect(within(within(table).getByText('16').closest('tr')!).getByText('Отменён')).toBeInTheDocument();
  expect(asked).toEqual(['?buyer_id=3']);
  expect(await screen.findByDisplayValue('ООО «Ромашка»')).toBeInTheDocument();

  // one document: only a live one offers it
  const buttons = within(table).getAllByRole('button', { name: 'Скачать для ЭДО' });
  expect(buttons).toHaveLength(1);
  await userEvent.click(buttons[0]);
  await waitFor(() => expect(clicked).toEqual([{ href: 'blob:upd-1', download: `${FILE_ID}.xml` }]));

  await userEvent.click(screen.getByRole('combobox', { name: 'Статус' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Отменён' }));
  await waitFor(() => expect(asked).toEqual(['?buyer_id=3', '?buyer_id=3&status=cancelled']));

  // the filtered list as one ZIP
  const zip = screen.getAllByRole('button', { name: 'Скачать для ЭДО' }).find((b) => !table.contains(b))!;
  await userEvent.click(zip);
  await waitFor(() => expect(clicked[1]).toEqual({ href: 'blob:upd-1', download: 'УПД для ЭДО.zip' }));
  expect(asked[2]).toBe('zip?buyer_id=3&status=cancelled');
});

const made = { at: '2026-12-05T09:30:00.000Z', user: 'Менеджер Петров', action: 'create', changes: [] };
const cancelledEntry = {
  at: '2026-12-05T10:00:00.000Z',
  user: 'Администратор',
  action: 'update',
  changes: [{ field: 'status', old: 'active', new: 'cancelled' }],
};

test("the card: its lines, totals and history; 'Отменить' confirmed keeps the number, then 'Сформировать заново' opens the new one", async () => {
  const sent: { url: string; body: unknown }[] = [];
  let cancelled = false;
  mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/upd/5', () => json(upd())),
    route('GET', '/api/upd/6', () => json(upd({ id: 6, number: 18 }))),
    route('GET', '/api/upd/5/history', () => json({ data: cancelled ? [made, cancelledEntry] : [made] })),
    route('GET', '/api/upd/6/history', () => json({ data: [made] })),
    route('POST', '/api/upd/5/cancel', async (request) => {
      sent.push({ url: request.url, body: await request.json() });
      cancelled = true;
      return json(
        upd({
          status: 'cancelled',
          version: 2,
          cancelled_at: '2026-12-05T10:00:00.000Z',
          cancelled_by_name: 'Администратор',
        }),
      );
    }),
    route('POST', '/api/upd', async (request) => {
      sent.push({ url: request.url, body: await request.json() });
      return json(upd({ id: 6, number: 18 }), 201);
    }),
  );
  renderApp('/upd/5', { token: 't' });
  expect(await screen.findByRole('heading', { name: 'УПД № 17 от 05.12.2026' })).toBeInTheDocument();
  const lines = screen.getByRole('table', { name: 'Строки' });
  const imported = within(lines).getByText('Кешью, W320, коробка 22,68 кг').closest('tr')!;
  expect(within(imported).getByText('22 %')).toBeInTheDocument();
  expect(within(imported).getByText('ВЬЕТНАМ, 10702070/051226/3001234')).toBeInTheDocument();
  expect(within(lines).getByText('10 %')).toBeInTheDocument();
  expect(screen.getByTestId('upd-total')).toHaveTextContent(/Всего к оплате: 13\s193,75\s₽/);
  expect(screen.queryByRole('button', { name: 'Сформировать заново' })).not.toBeInTheDocument();
  const log = await screen.findByRole('list', { name: 'История' });
  expect(await within(log).findByText('Сформирован')).toBeInTheDocument();
  expect(within(log).getByText(/Менеджер Петров/)).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Отменить' }));
  const dialog = await screen.findByRole('dialog', { name: 'Отменить УПД?' });
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Отменить УПД' }));
  expect(await screen.findByText(/^Отменён: Администратор/)).toBeInTheDocument();
  // the dialog closes (the page is hidden from the accessibility tree until it has)
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // the history read again: the cancel by the person who did it
  const entries = within(screen.getByRole('list', { name: 'История' }));
  expect(await entries.findByText('Отменён')).toBeInTheDocument();
  expect(entries.getByText(/Администратор/)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'УПД № 17 от 05.12.2026' })).toBeInTheDocument();
  expect(sent[0]).toEqual({ url: 'http://localhost/api/upd/5/cancel', body: { version: 1 } });
  expect(screen.queryByRole('button', { name: 'Скачать для ЭДО' })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Сформировать заново' }));
  expect(await screen.findByRole('heading', { name: 'УПД № 18 от 05.12.2026' })).toBeInTheDocument();
  expect(sent[1]).toEqual({ url: 'http://localhost/api/upd', body: { reserve_ids: [41, 42] } });
});

const pagination = (total: number) => ({
  totalItems: total,
  currentPage: 1,
  firstPage: 1,
  lastPage: 1,
  perPage: 20,
  pageCount: 1,
  nextPage: null,
  previousPage: null,
  pageURI: '/api/reserves?page=1',
});
const reserveRow = (id: number, buyer: { id: number; name: string }) => ({
  id,
  status: 'completed',
  buyer,
  buyer_id: buyer.id,
  buyer_name: buyer.name,
  amount: '10.00',
  comments: [],
});

test("the reserves' bulk bar: buyers differ, 'Сформировать УПД' is off with the reason; one buyer's make it and open it", async () => {
  const sent: unknown[] = [];
  const romashka = { id: 3, name: 'ООО «Ромашка»' };
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
    route('POST', '/api/upd', async (request) => {
      sent.push(await request.json());
      return sent.length === 1
        ? json({ messages: ['Резерв №42 уже в УПД № 16/2026: отмените тот УПД, чтобы составить новый'] }, 400)
        : json(upd({ id: 6, number: 18 }), 201);
    }),
    route('GET', '/api/upd/6', () => json(upd({ id: 6, number: 18 }))),
    route('GET', '/api/upd/6/history', () => json({ data: [] })),
  );
  renderApp('/reserves', { token: 't' });
  expect(screen.queryByRole('button', { name: 'Сформировать УПД' })).not.toBeInTheDocument();
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Выбрать строку 41' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Выбрать строку 43' }));
  expect(screen.getByRole('button', { name: 'Сформировать УПД' })).toBeDisabled();
  expect(
    screen.getByText('Выбраны резервы разных покупателей: счёт и УПД составляются на одного покупателя'),
  ).toBeInTheDocument();

  await userEvent.click(screen.getByRole('checkbox', { name: 'Выбрать строку 43' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Выбрать строку 42' }));
  await userEvent.click(screen.getByRole('button', { name: 'Сформировать УПД' }));
  expect(
    await screen.findByText('Резерв №42 уже в УПД № 16/2026: отмените тот УПД, чтобы составить новый'),
  ).toBeInTheDocument();
  expect(sent).toEqual([{ reserve_ids: [41, 42] }]);
  // the other document cancelled, the same choice makes one and opens it
  await userEvent.click(screen.getByRole('button', { name: 'Сформировать УПД' }));
  expect(await screen.findByRole('heading', { name: 'УПД № 18 от 05.12.2026' })).toBeInTheDocument();
  expect(sent).toEqual([{ reserve_ids: [41, 42] }, { reserve_ids: [41, 42] }]);
});

test("role 8 (no selling prices) gets no 'УПД' in the menu, no 'Сформировать УПД' and no 'Выставить счёт'", async () => {
  const role8 = permissions(
    { role_id: 8, employee_id: 7, hidden_fields: SPEC_HIDDEN_FIELDS['8'] },
    { reserves: 'all', offers: 'all' },
  );
  mockServer(
    ...signedInHandlers(role8),
    route('GET', '/api/filters/reserves', () => json({})),
    route('GET', '/api/settings', () => json({ 'table:reserves': null })),
    route('GET', '/api/reserves', () =>
      json({ data: [reserveRow(41, { id: 3, name: 'ООО «Ромашка»' })], pagination: pagination(1) }),
    ),
  );
  renderApp('/reserves', { token: 't' });
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Выбрать строку 41' }));
  expect(screen.queryByRole('button', { name: 'Сформировать УПД' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Выставить счёт' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'УПД' })).not.toBeInTheDocument();
});
