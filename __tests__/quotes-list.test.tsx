// 'Котировки' (issue 38): the saved quotes' list in the navigation next to 'Подбор'; its rows as the server answers
// them; sorting by a column, the filter panel (status, buyer, city, dates) and the pager written into the list's
// request as the lists' query string; the server's Russian refusal of a bad link shown; a row opens its quote.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, me, mockServer, permissions, renderApp, route, signedInHandlers, pagination } from './support/render';

afterEach(() => localStorage.clear());

const admin = permissions({ is_admin: true, user_type: 'admin', role_id: null });
const row = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  number: id,
  status: 'active',
  city: { id: 5, name: 'Казань' },
  buyer_id: null,
  buyer_name: 'ООО «Орех»',
  valid_until: '2026-12-02',
  product: 'Кешью',
  total_sum: '39139.00',
  created_at: '2026-11-27T09:00:00.000Z',
  version: 1,
  ...patch,
});
const page = (data: unknown[], total = data.length) => ({
  data,
  pagination: {
    totalItems: total,
    currentPage: 1,
    firstPage: 1,
    lastPage: Math.max(1, Math.ceil(total / 20)),
    nextPage: null,
    previousPage: null,
    perPage: 20,
    pageCount: 1,
    pageURI: '/api/quotes?page=1',
  },
});

function server(list: (request: Request) => Response, extra: ReturnType<typeof route>[] = []) {
  return mockServer(
    ...extra,
    ...signedInHandlers(admin, me({ is_admin: true, role_id: null })),
    route('GET', '/api/quotes', list),
    route('GET', '/api/lists/cities/items', () =>
      json([
        { id: 2, name: 'Москва' },
        { id: 5, name: 'Казань' },
      ]),
    ),
  );
}

const listRequests = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls
    .map(([r]) => r as Request)
    .filter((r) => new URL(r.url).pathname === '/api/quotes')
    .map((r) => new URL(r.url).search);

test("the list: its rows, sorted by a column, filtered by status and city from the panel, each change a request of the lists' query string", async () => {
  const fetchMock = server(() =>
    json(
      page([
        row(33, {
          status: 'accepted',
          buyer_name: 'ООО «Кедр»',
          city: { id: 2, name: 'Москва' },
          total_sum: '8000.00',
        }),
        row(32, { status: 'expired', buyer_name: null, valid_until: '2026-11-26', total_sum: '1234567.50' }),
        row(31),
      ]),
    ),
  );
  renderApp('/quotes', { token: 't' });
  expect(await screen.findByRole('heading', { name: 'Котировки' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Котировки' })).toHaveAttribute('aria-current', 'page');
  const table = await screen.findByRole('table', { name: 'Котировки' });
  const rows = within(table).getAllByRole('row');
  expect(rows[0]).toHaveTextContent('№СтатусПокупательГородТоварСумма, ₽Действует доСоздана');
  expect(rows.slice(1).map((r) => [...r.querySelectorAll('td')].slice(0, 7).map((td) => td.textContent))).toEqual([
    ['33', 'Принята', 'ООО «Кедр»', 'Москва', 'Кешью', '8\u00a0000,00', '02.12.2026'],
    ['32', 'Истекла', '—', 'Казань', 'Кешью', '1\u00a0234\u00a0567,50', '26.11.2026'],
    ['31', 'Действует', 'ООО «Орех»', 'Казань', 'Кешью', '39\u00a0139,00', '02.12.2026'],
  ]);
  expect(screen.getByText('Котировок: 3')).toBeInTheDocument();
  const user = userEvent.setup();
  await user.click(within(table).getByRole('button', { name: 'Сумма, ₽' }));
  await waitFor(() => expect(listRequests(fetchMock).at(-1)).toBe('?page=1&perPage=20&sort=total_sum&order=asc'));
  await user.click(screen.getByRole('button', { name: 'Фильтр' }));
  const panel = await screen.findByRole('dialog', { name: 'Фильтр' });
  await user.click(within(panel).getByRole('checkbox', { name: 'Истекла' }));
  await user.click(within(panel).getByRole('checkbox', { name: 'Действует' }));
  await user.click(within(within(panel).getByRole('group', { name: 'Город' })).getByText('Казань'));
  await user.type(within(panel).getByRole('textbox', { name: 'Покупатель' }), 'Орех');
  // a list without saved filters has no 'Сохранить'
  expect(within(panel).queryByRole('button', { name: 'Сохранить' })).toBeNull();
  await user.click(within(panel).getByRole('button', { name: 'Применить' }));
  await waitFor(() =>
    expect(listRequests(fetchMock).at(-1)).toBe(
      '?statuses_ids=active&statuses_ids=expired&buyer=%D0%9E%D1%80%D0%B5%D1%85&cities_ids=5&page=1&perPage=20&sort=total_sum&order=asc',
    ),
  );
  await user.click(await screen.findByRole('button', { name: 'Сбросить фильтр' }));
  await waitFor(() => expect(listRequests(fetchMock).at(-1)).toBe('?page=1&perPage=20&sort=total_sum&order=asc'));
});

test('a bad link is refused by the server in Russian; a row opens its quote on a page of its own, with its comments', async () => {
  const fetchMock = server(
    (request) =>
      new URL(request.url).searchParams.get('statuses_ids') === 'lost'
        ? json({ status: 'error', error: 'validation', messages: ['Фильтр «Статус»: неверное значение'] }, 400)
        : json(page([row(31)])),
    [
      route('GET', '/api/quotes/31/history', () =>
        json([{ at: '2026-11-27T09:00:00Z', user: 'Иванов Иван', action: 'create', changes: [] }]),
      ),
      route('GET', '/api/quotes/31/comments', () =>
        json([
          {
            id: 1,
            text: 'Перезвонить в пятницу',
            author_id: 4,
            author_name: 'Иванов Иван',
            created_at: '2026-11-27T09:10:00Z',
          },
        ]),
      ),
      route('POST', '/api/quotes/31/comments', () =>
        json(
          {
            id: 2,
            text: 'Просит скидку 2 %',
            author_id: 4,
            author_name: 'Иванов Иван',
            created_at: '2026-11-27T09:20:00Z',
          },
          201,
        ),
      ),
      route('GET', '/api/quotes/31', () =>
        json({
          ...row(31),
          url: 'http://localhost/q/abc',
          token: 'abc',
          public_number: '4821-0937',
          link_revoked: false,
          reserve_ids: [],
          can_change: true,
          lines: [],
          text: 'Предложение № 31\nДействует до 02.12.2026\nNutDesk',
        }),
      ),
    ],
  );
  const first = renderApp('/quotes?statuses_ids=lost', { token: 't' });
  expect(await screen.findByText('Фильтр «Статус»: неверное значение')).toBeInTheDocument();
  expect(listRequests(fetchMock)).toEqual(['?statuses_ids=lost&page=1&perPage=20']);
  first.unmount();
  const { router } = renderApp('/quotes', { token: 't' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('cell', { name: 'ООО «Орех»' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/quotes/31'));
  const card = await screen.findByRole('region', { name: 'Котировка № 31' });
  expect(within(card).getByRole('heading')).toHaveTextContent(
    'Котировка № 31 · Действует · Действует до 02.12.2026 · 39 139,00 ₽',
  );
  expect(await within(card).findByText(/Иванов Иван: Создана/)).toBeInTheDocument();
  const comments = within(card).getByRole('region', { name: 'Комментарии' });
  expect(await within(comments).findByText('Перезвонить в пятницу')).toBeInTheDocument();
  await user.type(within(comments).getByRole('textbox', { name: 'Новый комментарий' }), 'Просит скидку 2 %');
  await user.click(within(comments).getByRole('button', { name: 'Добавить' }));
  expect(await within(comments).findByText('Просит скидку 2 %')).toBeInTheDocument();
  const posted = await Promise.all(
    fetchMock.mock.calls
      .map(([r]) => r as Request)
      .filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/quotes/31/comments')
      .map((r) => r.clone().json()),
  );
  expect(posted).toEqual([{ text: 'Просит скидку 2 %' }]);
  const shown = within(comments)
    .getAllByTestId('comment')
    .map((c) => c.textContent);
  expect(shown).toHaveLength(2);
  expect(shown[0]).toMatch(/^Иванов Иван · 27\.11\.2026 \d\d:10Перезвонить в пятницу$/);
  expect(shown[1]).toMatch(/^Иванов Иван · 27\.11\.2026 \d\d:20Просит скидку 2 %$/);
  await user.click(screen.getByRole('link', { name: 'Все котировки' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/quotes'));
});

test("'Сменить покупателя' on a valid quote: the buyer picked from 'Покупатели' sent with the version seen; the server's refusal of another city shown in Russian; the new buyer on the card", async () => {
  const buyer = (id: number, name: string, city: { id: number; name: string }) => ({
    id,
    name,
    inn: null,
    phone: null,
    city,
    delivery_address: null,
    status: 'active',
  });
  const quote = {
    ...row(31),
    url: 'http://localhost/q/abc',
    token: 'abc',
    public_number: '4821-0937',
    link_revoked: false,
    reserve_ids: [],
    can_change: true,
    lines: [],
    text: 'Предложение № 31',
  };
  const fetchMock = server(
    () => json(page([row(31)])),
    [
      route('GET', '/api/quotes/31/history', () => json([])),
      route('GET', '/api/quotes/31/comments', () => json([])),
      route('GET', '/api/quotes/31', () => json(quote)),
      route('GET', '/api/buyers', () =>
        json({
          data: [
            buyer(7, 'ООО «Казанский орех»', { id: 5, name: 'Казань' }),
            buyer(8, 'ООО «Столичный»', { id: 2, name: 'Москва' }),
          ],
          pagination: pagination(2),
        }),
      ),
      route('PATCH', '/api/quotes/31', async (request) =>
        (await request.clone().json()).buyer_id === 8
          ? json(
              {
                status: 'error',
                error: 'validation',
                messages: [
                  'Покупатель из другого города (Москва): котировка рассчитана с доставкой в Казань, сохраните новое предложение',
                ],
              },
              400,
            )
          : json({ ...quote, buyer_id: 7, buyer_name: 'ООО «Казанский орех»', version: 2 }),
      ),
    ],
  );
  renderApp('/quotes/31', { token: 't' });
  const card = await screen.findByRole('region', { name: 'Котировка № 31' });
  const user = userEvent.setup();
  const pick = async (name: string) => {
    await user.click(within(card).getByRole('combobox', { name: 'Новый покупатель котировки' }));
    await user.click(await screen.findByRole('option', { name: new RegExp(name) }));
  };
  await pick('Столичный');
  await user.click(within(card).getByRole('button', { name: 'Сменить покупателя' }));
  expect(
    await within(card).findByText(
      'Покупатель из другого города (Москва): котировка рассчитана с доставкой в Казань, сохраните новое предложение',
    ),
  ).toBeInTheDocument();
  await pick('Казанский орех');
  await user.click(within(card).getByRole('button', { name: 'Сменить покупателя' }));
  expect(await within(card).findByText('Покупатель изменён: ООО «Казанский орех»')).toBeInTheDocument();
  const patched = await Promise.all(
    fetchMock.mock.calls
      .map(([r]) => r as Request)
      .filter((r) => r.method === 'PATCH')
      .map((r) => r.clone().json()),
  );
  expect(patched).toEqual([
    { version: 1, buyer_id: 8 },
    { version: 1, buyer_id: 7 },
  ]);
  // the reserve goes to the new buyer
  expect(within(card).getByRole('textbox', { name: 'Покупатель' })).toHaveValue('ООО «Казанский орех»');
});

test("another user's quote (issue 50): the card shows it and its PDF, without revoking its link, changing its buyer or reserving, and says who may", async () => {
  const quote = {
    ...row(31),
    url: 'http://localhost/q/abc',
    token: 'abc',
    public_number: '4821-0937',
    link_revoked: false,
    reserve_ids: [],
    can_change: false,
    lines: [],
    text: 'Предложение № 31',
  };
  server(
    () => json(page([row(31)])),
    [
      route('GET', '/api/quotes/31/history', () => json([])),
      route('GET', '/api/quotes/31/comments', () => json([])),
      route('GET', '/api/quotes/31', () => json(quote)),
    ],
  );
  renderApp('/quotes/31', { token: 't' });
  const card = await screen.findByRole('region', { name: 'Котировка № 31' });
  expect(
    within(card).getByText(
      'Котировка другого пользователя: менять, отзывать ссылку и резервировать по ней может её автор или роль с правом изменять все резервы',
    ),
  ).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Скачать PDF' })).toBeInTheDocument();
  for (const name of ['Отозвать ссылку', 'Сменить покупателя', 'Зарезервировать'])
    expect(within(card).queryByRole('button', { name })).toBeNull();
});
