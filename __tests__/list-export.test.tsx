// 'Экспорт' on a list page: shown only with the export right, it asks for the list as it stands (filter, sort,
// the visible columns in their order, no paging) with the bearer token, shows the bytes received, saves the file
// under the server's name, and 'Отменить' aborts the request.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';
import type { Permissions } from '../domain/permissions';
import { columns as offerColumns } from '../domain/offers/resource';

const pagination = {
  totalItems: 1,
  currentPage: 1,
  firstPage: 1,
  lastPage: 1,
  perPage: 20,
  pageCount: 1,
  nextPage: null,
  previousPage: null,
  pageURI: '/api/offers?page=1',
};
const row = {
  id: 1,
  status: 'active',
  product: { id: 3, name: 'Кешью' },
  unit_amount: '10.00',
  available_amount: '800.00',
  images: [],
  comments: [],
};

/** The export's body, fed by the test; an aborted request errors it as a browser would. */
function controlledBody(request: Request) {
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      feed = c;
    },
  });
  request.signal.addEventListener('abort', () =>
    feed.error(new DOMException('The operation was aborted.', 'AbortError')),
  );
  return { body, feed: () => feed };
}

function server(perms: Permissions, onExport?: (request: Request) => Response) {
  return mockServer(
    ...signedInHandlers(perms),
    route('GET', '/api/offers/summary', () =>
      json({ placed_reserves: { count: 0, sum: '0' }, realized_reserves: { count: 0, sum: '0' }, realized_value: '0' }),
    ),
    route('GET', '/api/filters/offers', () => json({})),
    // the user's layout: 'Цена за единицу' moved first, 'Сорт' hidden, 'Цена за кг' shown
    route('GET', '/api/settings', () =>
      json({
        'table:offers': {
          unit_price: { position: 0, is_visible: true },
          id: { position: 1, is_visible: true },
          product: { position: 2, is_visible: true },
          variety: { position: 3, is_visible: false },
          kg_price: { position: 4, is_visible: true },
        },
      }),
    ),
    route('GET', '/api/offers', () => json({ data: [row], pagination })),
    ...(onExport ? [route('GET', '/api/offers/export', onExport)] : []),
  );
}

let clicked: { href: string; download: string }[];
beforeEach(() => {
  clicked = [];
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:export-1'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

test("no export right, no 'Экспорт'", async () => {
  const perms = permissions({}, { offers: 'all' });
  perms.role_permissions.offers.export = 'none';
  server(perms);
  renderApp('/offers', { token: 't' });
  expect(await screen.findByRole('row', { name: /Выбрать строку 1/ })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Экспорт' })).not.toBeInTheDocument();
});

test('the list as it stands is asked for with the token, the progress shown, the file saved under its Russian name', async () => {
  const perms = permissions({}, { offers: 'all' });
  perms.role_permissions.offers.export = 'own';
  let sent: Request | undefined;
  let feed!: () => ReadableStreamDefaultController<Uint8Array>;
  server(perms, (request) => {
    sent = request;
    const body = controlledBody(request);
    feed = body.feed;
    return new Response(body.body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition':
          'attachment; filename="___________ 2026-11-23.csv"; filename*=UTF-8\'\'%D0%9F%D1%80%D0%B5%D0%B4%D0%BB%D0%BE%D0%B6%D0%B5%D0%BD%D0%B8%D1%8F%202026-11-23.csv',
        'X-Total-Count': '1234',
      },
    });
  });
  renderApp('/offers?statuses_ids=active&unit_price_from=100&sort=unit_price&order=asc&page=2&perPage=50', {
    token: 'tok-export',
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Экспорт' }));
  await user.click(screen.getByRole('menuitem', { name: 'CSV' }));

  await waitFor(() => expect(sent).toBeDefined());
  const url = new URL(sent!.url);
  expect(sent!.headers.get('Authorization')).toBe('Bearer tok-export');
  expect(url.searchParams.get('format')).toBe('csv');
  expect(url.searchParams.getAll('statuses_ids')).toEqual(['active']);
  expect(url.searchParams.get('unit_price_from')).toBe('100');
  expect(url.searchParams.get('sort')).toBe('unit_price');
  expect(url.searchParams.get('order')).toBe('asc');
  expect(url.searchParams.has('page')).toBe(false);
  expect(url.searchParams.has('perPage')).toBe(false);
  // the table's columns, in the table's order
  const shown = screen
    .getAllByRole('columnheader')
    .map((th) => offerColumns.find((c) => c.title === th.textContent)?.key)
    .filter(Boolean);
  const columns = url.searchParams.getAll('columns');
  expect(columns).toEqual(shown);
  expect(columns.slice(0, 2)).toEqual(['unit_price', 'id']);
  expect(columns).toContain('kg_price');
  expect(columns).not.toContain('variety');
  expect(columns).not.toContain('unit_weight'); // hidden by default, never shown

  feed().enqueue(new Uint8Array(3000));
  expect(await screen.findByText('Выгрузка CSV, строк: 1 234: получено 3 КБ')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Экспорт' })).toBeDisabled();
  feed().enqueue(new Uint8Array(2000));
  expect(await screen.findByText('Выгрузка CSV, строк: 1 234: получено 5 КБ')).toBeInTheDocument();
  feed().close();

  expect(await screen.findByText('Файл «Предложения 2026-11-23.csv» сохранён')).toBeInTheDocument();
  expect(clicked).toEqual([{ href: 'blob:export-1', download: 'Предложения 2026-11-23.csv' }]);
  expect(screen.queryByText(/Выгрузка CSV/)).not.toBeInTheDocument();
});

test("'Отменить' aborts the download and saves nothing", async () => {
  let sent: Request | undefined;
  let feed!: () => ReadableStreamDefaultController<Uint8Array>;
  server(permissions({ is_admin: true, user_type: 'admin', role_id: null }), (request) => {
    sent = request;
    const body = controlledBody(request);
    feed = body.feed;
    return new Response(body.body, {
      headers: { 'Content-Type': 'application/octet-stream', 'X-Total-Count': '100000' },
    });
  });
  renderApp('/offers', { token: 't' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Экспорт' }));
  await user.click(screen.getByRole('menuitem', { name: 'Excel (XLSX)' }));
  await waitFor(() => expect(sent).toBeDefined());
  expect(new URL(sent!.url).searchParams.get('format')).toBe('xlsx');
  feed().enqueue(new Uint8Array(2 * 1024 * 1024));
  expect(await screen.findByText('Выгрузка XLSX, строк: 100 000: получено 2,0 МБ')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Отменить' }));
  expect(await screen.findByText('Выгрузка отменена')).toBeInTheDocument();
  expect(sent!.signal.aborted).toBe(true);
  expect(clicked).toEqual([]);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('a refusal shows the server message', async () => {
  server(permissions({ is_admin: true, user_type: 'admin', role_id: null }), () =>
    json({ status: 'error', error: 'forbidden', message: 'Недостаточно прав для экспорта этого списка' }, 403),
  );
  renderApp('/offers', { token: 't' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Экспорт' }));
  await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
  expect(await screen.findByText('Недостаточно прав для экспорта этого списка')).toBeInTheDocument();
  expect(clicked).toEqual([]);
});
