// The buyer card's credit limit (issue 35): money shows the Russian decimal comma in its editable field, is typed
// with a comma or a point, and goes to the API with a point.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';

afterEach(() => localStorage.clear());

const manager = permissions({ role_id: 1, employee_id: 7 }, { buyers: 'all' });
const buyer = (patch: Record<string, unknown> = {}) => ({
  id: 31,
  name: 'ООО «Орех и Ко»',
  status: 'active',
  inn: null,
  kpp: null,
  city_id: null,
  delivery_address: null,
  contact_person: null,
  phone: null,
  email: null,
  responsible_id: 7,
  payment_terms: 'prepay',
  deferral_days: null,
  credit_limit: '3533.42',
  balance: '0.00',
  overdue: '0.00',
  created_at: '2026-11-01T10:00:00Z',
  can_update: true,
  version: 3,
  ...patch,
});

test("the credit limit shows '3533,42'; '1200,5' and '1200.5' are both sent as '1200.5'", async () => {
  let current = buyer();
  const patches: Record<string, unknown>[] = [];
  mockServer(
    ...signedInHandlers(manager),
    route('GET', '/api/buyers/31', () => json(current)),
    route('GET', '/api/buyers/31/comments', () => json([])),
    route('GET', '/api/lists/cities/items', () => json([{ id: 2, name: 'Москва' }])),
    route('GET', '/api/lists/employees/items', () => json([{ id: 7, name: 'Тихонов Олег Юрьевич' }])),
    route('PATCH', '/api/buyers/31', async (request) => {
      const body = await request.clone().json();
      patches.push(body);
      current = buyer({ credit_limit: Number(body.credit_limit).toFixed(2), version: current.version + 1 });
      return json(current);
    }),
  );
  const user = userEvent.setup();
  renderApp('/buyers/31', { token: 't' });
  const limit = await screen.findByLabelText('Кредитный лимит, ₽');
  expect(limit).toHaveValue('3533,42');
  expect(limit).toHaveAttribute('type', 'text');
  expect(limit).toHaveAttribute('inputmode', 'decimal');

  await user.clear(limit);
  await user.type(limit, '1200,5');
  expect(limit).toHaveValue('1200,5');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(patches).toHaveLength(1));
  expect(patches[0]).toMatchObject({ credit_limit: '1200.5' });
  await waitFor(() => expect(screen.getByLabelText('Кредитный лимит, ₽')).toHaveValue('1200,5'));

  await user.clear(screen.getByLabelText('Кредитный лимит, ₽'));
  await user.type(screen.getByLabelText('Кредитный лимит, ₽'), '1300.5');
  expect(screen.getByLabelText('Кредитный лимит, ₽')).toHaveValue('1300.5');
  await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(patches).toHaveLength(2));
  expect(patches[1]).toMatchObject({ credit_limit: '1300.5' });
  await waitFor(() => expect(screen.getByLabelText('Кредитный лимит, ₽')).toHaveValue('1300,5'));
});
