// The navigation's strip shows today's Central Bank rates of USD, EUR, CNY, TRY and AED with the change from
// the previous rate, and a currency opens its history.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';

afterEach(() => localStorage.clear());

const rate = (
  code: string,
  nominal: number,
  value: string,
  unit_rate: string,
  previous_unit_rate: string | null,
  date = '2025-04-01',
) => ({ code, nominal, value, unit_rate, date, source: 'cbr', previous_unit_rate });

test("today's USD, EUR, CNY, TRY and AED with the change from the previous rate; USD opens its history", async () => {
  mockServer(
    ...signedInHandlers(permissions({}, { offers: 'all' })),
    route('GET', '/api/profile', () =>
      json({
        user_id: 5,
        email: 'manager@nutdesk.demo',
        name: 'Тихонов Олег Юрьевич',
        user_type: 'employee',
        is_admin: false,
        role: 'Менеджер',
        supplier: null,
        editable: ['name'],
      }),
    ),
    route('GET', '/api/profile/sessions', () => json([])),
    route('GET', '/api/currency-rates', () =>
      json({
        date: '2025-04-01',
        rates: [
          rate('USD', 1, '84.4217', '84.4217', '84.0851'),
          rate('EUR', 1, '91.2456', '91.2456', '91.2456'),
          rate('CNY', 1, '11.6038', '11.6038', '11.7'),
          rate('TRY', 10, '22.3055', '2.23055', '2.21487'),
          rate('AED', 1, '22.9876', '22.9876', null),
          rate('UZS', 10000, '65.2233', '0.00652233', '0.00649918'),
        ],
      }),
    ),
    route('GET', '/api/currency-rates/history', (request) => {
      expect(new URL(request.url).searchParams.get('code')).toBe('USD');
      return json({
        date: '2025-04-01',
        rates: [
          { code: 'USD', nominal: 1, value: '90', unit_rate: '90', date: '2025-04-02', source: 'manual' },
          { code: 'USD', nominal: 1, value: '84.4217', unit_rate: '84.4217', date: '2025-04-01', source: 'cbr' },
        ],
      });
    }),
  );
  renderApp('/profile', { token: 't' });
  const strip = await screen.findByRole('group', { name: 'Курсы ЦБ' });
  expect(within(strip).getByText('Курсы ЦБ на 01.04.2025')).toBeInTheDocument();
  const items = within(strip)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));
  expect(items).toEqual([
    'Курс USD 84,4217, изменение +0,3366',
    'Курс EUR 91,2456, изменение 0,00',
    'Курс CNY 11,6038, изменение −0,0962',
    'Курс TRY 2,23055, изменение +0,0157',
    'Курс AED 22,9876',
  ]);

  await userEvent.setup().click(within(strip).getByRole('button', { name: /^Курс USD/ }));
  const history = await screen.findByRole('table', { name: 'История курса USD' });
  expect(screen.getByRole('dialog')).toHaveTextContent('Курс USD: Доллар США');
  const rows = within(history)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  expect(rows).toEqual([
    ['02.04.2025', '90,00', 'вручную'],
    ['01.04.2025', '84,4217', 'ЦБ'],
  ]);
});
