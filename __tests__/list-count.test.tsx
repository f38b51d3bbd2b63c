// A list whose count stopped at the cap (pagination.totalExact false): the toolbar says 'Записей: более 10 000',
// the pager 'из более 10 000' with 'next' open and 'last' shut (the last page is not known), and 'next' asks for it.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';

afterEach(() => localStorage.clear());

const row = (id: number) => ({
  id,
  status: 'active',
  product: { id: 3, name: 'Кешью' },
  unit_price: '950.00',
  images: [],
  comments: [],
});

function server() {
  return mockServer(
    ...signedInHandlers(permissions({ is_admin: true, user_type: 'admin' })),
    route('GET', '/api/offers/summary', () => json({})),
    route('GET', '/api/filters/offers', () => json({})),
    route('GET', '/api/settings', () => json({ 'table:offers': null })),
    route('PUT', '/api/settings', () => json({ status: 'success' })),
    route('GET', '/api/offers', (request) => {
      const p = Number(new URL(request.url).searchParams.get('page'));
      return json({
        data: Array.from({ length: 20 }, (_, i) => row((p - 1) * 20 + i + 1)),
        pagination: {
          totalItems: 10_000,
          totalExact: false,
          currentPage: p,
          firstPage: 1,
          lastPage: 501,
          pageCount: 501,
          perPage: 20,
          nextPage: `/api/offers?page=${p + 1}`,
          previousPage: p > 1 ? `/api/offers?page=${p - 1}` : null,
          pageURI: `/api/offers?page=${p}`,
        },
      });
    }),
  );
}

test("a capped count reads 'более 10 000'; the pager goes on to the next page and knows no last one", async () => {
  const fetchMock = server();
  renderApp('/offers', { token: 't' });
  expect(await screen.findByRole('heading', { name: 'Предложения' })).toBeInTheDocument();
  expect(await screen.findByText('Записей: более 10 000')).toBeInTheDocument();
  expect(screen.getByText('1–20 из более 10 000')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Перейти на последнюю страницу' })).toBeDisabled();
  const next = screen.getByRole('button', { name: 'Перейти на следующую страницу' });
  expect(next).toBeEnabled();
  await userEvent.click(next);
  expect(await screen.findByText('21–40 из более 10 000')).toBeInTheDocument();
  await waitFor(() => {
    const pages = fetchMock.mock.calls
      .map(([r]) => new URL((r as Request).url))
      .filter((u) => u.pathname === '/api/offers')
      .map((u) => u.searchParams.get('page'));
    expect(pages).toContain('2');
  });
});
