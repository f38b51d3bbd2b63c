// The buyer's page /p/{token} reads its list a page at a time (issue 34) with the staff lists' pager (MUI, ruRU): it
// asks for page 1 of 100 first, 'next' asks for page 2 and shows it, a smaller page size asks for page 1 of it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, renderApp, route } from './support/render';

const token = 'p'.repeat(43);
const base = `/api/public/price-list/${token}`;
const TOTAL = 230;

function server() {
  return mockServer(
    route('GET', base, (request) => {
      const params = new URL(request.url).searchParams;
      const perPage = Number(params.get('perPage'));
      const pageCount = Math.ceil(TOTAL / perPage);
      const page = Math.min(Number(params.get('page')), pageCount);
      const from = (page - 1) * perPage;
      return json({
        company: 'NutDesk',
        city: 'Казань',
        date: '2026-11-28',
        valid_until: null,
        lines: Array.from({ length: Math.min(perPage, TOTAL - from) }, (_, i) => ({
          product: 'Кешью',
          variety: `W${from + i + 1}`,
          harvest_year: '2025',
          origin_country: 'Вьетнам',
          packing: null,
          unit_measure: 'кг',
          available_amount: '10.00',
          available_packs: null,
          price: '400.00',
          price_per_kg: '400.00',
          delivery_days: 3,
          logistics_state: 'stock',
          expected_arrival: null,
          documents: [],
        })),
        pagination: { totalItems: TOTAL, currentPage: page, firstPage: 1, lastPage: pageCount, perPage, pageCount },
      });
    }),
  );
}

const asked = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost'))
    .filter((u) => u.pathname === base)
    .map((u) => `${u.searchParams.get('page')}/${u.searchParams.get('perPage')}`);

test("the buyer's page asks for a page of 100, and the pager's 'next' and page size ask the server for theirs", async () => {
  const fetchMock = server();
  renderApp(`/p/${token}`);
  const table = await screen.findByRole('table', { name: 'Прайс-лист' });
  expect(within(table).getByText('W1')).toBeInTheDocument();
  expect(within(table).getByText('W100')).toBeInTheDocument();
  expect(within(table).queryByText('W101')).toBeNull();
  expect(screen.getByText('1–100 из 230')).toBeInTheDocument();
  expect(asked(fetchMock)).toEqual(['1/100']);
  expect(screen.getByRole('button', { name: 'Перейти на предыдущую страницу' })).toBeDisabled();

  await userEvent.click(screen.getByRole('button', { name: 'Перейти на следующую страницу' }));
  expect(await screen.findByText('101–200 из 230')).toBeInTheDocument();
  expect(screen.getByText('W101')).toBeInTheDocument();
  expect(screen.queryByText('W100')).toBeNull();
  expect(asked(fetchMock)).toEqual(['1/100', '2/100']);

  await userEvent.click(screen.getByRole('button', { name: 'Перейти на последнюю страницу' }));
  expect(await screen.findByText('201–230 из 230')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Перейти на следующую страницу' })).toBeDisabled();

  // 'Строк на странице:' 20: back to the first page, of 20
  await userEvent.click(screen.getByRole('combobox'));
  await userEvent.click(await screen.findByRole('option', { name: '20' }));
  expect(await screen.findByText('1–20 из 230')).toBeInTheDocument();
  expect(screen.queryByText('W21')).toBeNull();
  await waitFor(() => expect(asked(fetchMock)).toEqual(['1/100', '2/100', '3/100', '1/20']));
});

test("a held line whose lot can no longer be bought (issue 51) keeps its price and says so in 'Наличие'", async () => {
  const line = (variety: string, unavailable?: string) => ({
    product: 'Сушёная вишня',
    variety,
    harvest_year: '2025',
    origin_country: 'Узбекистан',
    packing: 'Коробка 10 кг',
    unit_measure: 'кг',
    available_amount: unavailable ? '0.00' : '120.00',
    available_packs: unavailable ? null : '12.0',
    price: '1012.00',
    price_per_kg: '1012.00',
    delivery_days: 3,
    logistics_state: 'stock',
    expected_arrival: null,
    documents: [],
    ...(unavailable ? { unavailable } : {}),
  });
  mockServer(
    route('GET', base, () =>
      json({
        company: 'NutDesk',
        city: 'Казань',
        date: '2026-12-05',
        valid_until: '2026-12-20',
        lines: [line('Монморанси'), line('Шпанка', 'распродано'), line('Любская', 'снято')],
        pagination: { totalItems: 3, currentPage: 1, firstPage: 1, lastPage: 1, perPage: 100, pageCount: 1 },
      }),
    ),
  );
  renderApp(`/p/${token}`);
  const table = await screen.findByRole('table', { name: 'Прайс-лист' });
  const row = (variety: string) => within(table).getByText(variety).closest('tr')!;
  expect(row('Монморанси')).toHaveTextContent(/1\s012,00/);
  expect(row('Монморанси')).not.toHaveAttribute('data-unavailable');
  expect(row('Шпанка')).toHaveTextContent(/1\s012,00/);
  expect(row('Шпанка')).toHaveTextContent('распродано');
  expect(row('Любская')).toHaveTextContent('снято');
  expect(row('Любская')).toHaveAttribute('data-unavailable', 'снято');
});
