// An invoice's card: its lines, totals with the VAT and in words, its payments, history and 'Скачать PDF';
// 'Отменить' confirmed keeps its number; and the open card follows a cancel made elsewhere, heard on the live stream
// (the card and its history read again, the newer version shown).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyChanges } from '../src/api/live';
import type { RootState } from '../src/api/rootReducer';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';
import { invoice } from './support/invoice';

const admin = permissions({ is_admin: true, user_type: 'admin', role_id: null });

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

const made = { at: '2026-12-05T09:30:00.000Z', user: 'Менеджер Петров', action: 'create', changes: [] };
const cancelledEntry = {
  at: '2026-12-05T10:00:00.000Z',
  user: 'Администратор',
  action: 'update',
  changes: [{ field: 'status', old: 'active', new: 'cancelled' }],
};
const cancelledInvoice = () =>
  invoice({
    status: 'cancelled',
    payment: 'cancelled',
    version: 2,
    payments: [],
    paid_sum: '0.00',
    cancelled_at: '2026-12-05T10:00:00.000Z',
    cancelled_by_name: 'Администратор',
  });

test("the card: lines, totals with the VAT and in words, its payments, history, 'Скачать PDF'; 'Отменить' confirmed", async () => {
  const sent: unknown[] = [];
  let history = 0;
  mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/invoices/7', () => json(invoice())),
    route('GET', '/api/invoices/7/pdf', () => new Response('%PDF', { status: 200 })),
    route('GET', '/api/invoices/7/history', () => {
      history += 1;
      return json({ data: history === 1 ? [made] : [made, cancelledEntry] });
    }),
    route('POST', '/api/invoices/7/cancel', async (request) => {
      sent.push(await request.json());
      return json(cancelledInvoice());
    }),
  );
  renderApp('/invoices/7', { token: 't' });
  expect(await screen.findByRole('heading', { name: 'Счёт на оплату № 3 от 05.12.2026' })).toBeInTheDocument();
  const lines = screen.getByRole('table', { name: 'Строки счёта' });
  const cashew = within(lines).getByText('Кешью, W320, коробка 22,68 кг').closest('tr')!;
  expect(within(cashew).getByText('22 %')).toBeInTheDocument();
  expect(cashew.querySelector('[data-field=vat_sum]')).toHaveTextContent(/^936,58\s₽$/);
  expect(within(lines).getByText('10 %')).toBeInTheDocument();
  const totals = screen.getByTestId('invoice-totals');
  expect(totals).toHaveTextContent(/Итого: 13\s193,75\s₽/);
  expect(totals).toHaveTextContent(/В т.ч. НДС: 1\s663,85\s₽/);
  expect(totals).toHaveTextContent(/Оплачено: 5\s000,00\s₽/);
  // 13 193,75 − 5 000,00
  expect(totals).toHaveTextContent(/Осталось оплатить: 8\s193,75\s₽/);
  expect(totals).toHaveTextContent('Тринадцать тысяч сто девяносто три рубля 75 копеек');
  const payments = screen.getByRole('table', { name: 'Оплаты по счёту' });
  expect(within(payments).getByRole('link', { name: '№ 41' })).toHaveAttribute('href', '/reserves/41');
  expect(within(payments).getByText('Платёжное поручение 12')).toBeInTheDocument();
  const log = await screen.findByRole('list', { name: 'История' });
  expect(within(log).getByText('Выставлен')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Скачать PDF' }));
  await waitFor(() => expect(clicked).toEqual([{ href: 'blob:invoice-1', download: 'Счёт 3 от 05.12.2026.pdf' }]));

  await userEvent.click(screen.getByRole('button', { name: 'Отменить' }));
  const dialog = await screen.findByRole('dialog', { name: 'Отменить счёт?' });
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Отменить счёт' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent).toEqual([{ version: 1 }]);
  expect(await screen.findByText('Оплат по счёту нет')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Отменить' })).not.toBeInTheDocument();
  expect(await within(screen.getByRole('list', { name: 'История' })).findByText('Отменён')).toBeInTheDocument();
});

test('the open card follows a cancel made elsewhere: the live event reads it and its history again', async () => {
  const server = { cancelled: false };
  mockServer(
    ...signedInHandlers(admin),
    route('GET', '/api/invoices/7', () => json(server.cancelled ? cancelledInvoice() : invoice())),
    route('GET', '/api/invoices/7/history', () => json({ data: server.cancelled ? [made, cancelledEntry] : [made] })),
  );
  const { store } = renderApp('/invoices/7', { token: 't' });
  expect(await screen.findByRole('heading', { name: 'Счёт на оплату № 3 от 05.12.2026' })).toBeInTheDocument();
  const log = await screen.findByRole('list', { name: 'История' });
  expect(await within(log).findByText('Выставлен')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Отменить' })).toBeInTheDocument();

  // the administrator cancels it on another screen: the stream tells of the invoice's version 2
  server.cancelled = true;
  await act(() =>
    applyChanges(store.dispatch, store.getState as unknown as () => RootState, [
      { section: 'invoices', id: 7, version: 2, kind: 'update' },
    ]),
  );
  expect(await screen.findByText('Оплат по счёту нет')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Отменить' })).not.toBeInTheDocument());
  expect(screen.getByText(/^Отменён: Администратор/)).toBeInTheDocument();
  const entries = within(screen.getByRole('list', { name: 'История' }));
  expect(await entries.findByText('Отменён')).toBeInTheDocument();
  expect(entries.getByText(/Администратор/)).toBeInTheDocument();
});
