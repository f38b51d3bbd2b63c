// A buyer's pages (issue 39): the price list's /p/{token} and the quote's /q/{token} list each lot's documents
// marked 'Можно показывать покупателю' as download links through the page's token, and nothing for a lot without.
import { screen, within } from '@testing-library/react';
import { json, mockServer, renderApp, route } from './support/render';

const token = 'c'.repeat(43);
const docs = (base: string) => [
  {
    type: 'Фитосанитарный сертификат',
    number: 'ФС-1',
    valid_until: '2026-12-07',
    name: 'фито.pdf',
    url: `${base}/documents/5`,
  },
  { type: 'Протокол испытаний', number: null, valid_until: null, name: 'протокол.pdf', url: `${base}/documents/6` },
];
const lot = {
  variety: 'W320',
  packing: 'Коробка 10 кг',
  harvest_year: '2024',
  origin_country: 'Вьетнам',
  unit_measure: 'кг',
  delivery_days: 4,
};

test("the price list's buyer page lists a lot's documents for buyers, each a download through the token", async () => {
  const base = `/api/public/price-list/${token}`;
  mockServer(
    route('GET', base, () =>
      json({
        company: 'NutDesk',
        city: 'Казань',
        date: '2026-11-27',
        valid_until: null,
        lines: [
          {
            ...lot,
            product: 'Кешью',
            available_amount: '100.00',
            available_packs: '10.0',
            price: '391.39',
            price_per_kg: '391.39',
            documents: docs(base),
          },
          {
            ...lot,
            product: 'Кешью',
            variety: 'W240',
            available_amount: '50.00',
            available_packs: '5.0',
            price: '420.00',
            price_per_kg: '420.00',
            documents: [],
          },
        ],
      }),
    ),
  );
  renderApp(`/p/${token}`);
  const table = await screen.findByRole('table', { name: 'Прайс-лист' });
  expect(within(table).getByRole('columnheader', { name: 'Документы' })).toBeInTheDocument();
  const rows = within(table).getAllByRole('row');
  const links = within(rows[2]).getAllByRole('link');
  expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('download')])).toEqual([
    ['Фитосанитарный сертификат № ФС-1, до 07.12.2026', `${base}/documents/5`, 'фито.pdf'],
    ['Протокол испытаний', `${base}/documents/6`, 'протокол.pdf'],
  ]);
  expect(within(rows[3]).queryAllByRole('link')).toHaveLength(0);
});

test("the quote's buyer page lists its lots' documents for buyers the same way", async () => {
  const base = `/api/public/quotes/${token}`;
  mockServer(
    route('GET', base, () =>
      json({
        number: 31,
        company: 'NutDesk',
        phone: null,
        city: 'Казань',
        valid_until: '2026-12-02',
        status: 'active',
        total_sum: '3913.90',
        text: '',
        lines: [
          {
            ...lot,
            product: 'Кешью',
            amount: '10.00',
            kg: '10.000',
            price: '391.39',
            price_per_kg: '391.39',
            documents: docs(base),
          },
        ],
      }),
    ),
  );
  renderApp(`/q/${token}`);
  const table = await screen.findByRole('table', { name: 'Предложение № 31' });
  expect(within(table).getByRole('columnheader', { name: 'Документы' })).toBeInTheDocument();
  const links = within(within(table).getAllByRole('row')[1]).getAllByRole('link');
  expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['Фитосанитарный сертификат № ФС-1, до 07.12.2026', `${base}/documents/5`],
    ['Протокол испытаний', `${base}/documents/6`],
  ]);
});
