// Live updates that scale with screens (issue 36): a write of many records reaches an open list as a burst of
// change events, and the list reads the changed rows it shows in ONE request (?offers_ids=a,b,…), replacing them
// in place; a burst with a record created or deleted reads the page again, once. A change that carries its row (the
// stream watches what the cached pages show) is put in place with no request at all.
import { makeStore } from '../src/app/store';
import { listsApi } from '../src/api/lists';
import { applyChanges, watchPages } from '../src/api/live';
import { changeBuffer, parseFrames, type ChangeEvent, type Frame } from '../src/api/liveFrames';
import type { RootState } from '../src/api/rootReducer';
import { json, mockServer, route } from './support/render';

const row = (id: number, price: string) => ({ id, status: 'active', unit_price: price });
const page = (rows: object[], perPage: number) => ({
  data: rows,
  pagination: {
    totalItems: rows.length,
    totalExact: true,
    currentPage: 1,
    firstPage: 1,
    lastPage: 1,
    pageCount: 1,
    perPage,
    nextPage: null,
    previousPage: null,
    pageURI: '/api/offers?page=1',
  },
});

/** A server whose offers 1…100 cost `price` now; answers the list and the rows asked for by id. */
function server(state: { price: string }) {
  return mockServer(
    route('GET', '/api/offers', (request) => {
      const url = new URL(request.url);
      const ids = url.searchParams.getAll('offers_ids').join(',');
      const perPage = Number(url.searchParams.get('perPage') ?? 20);
      if (ids)
        return json(
          page(
            ids.split(',').map((id) => row(Number(id), state.price)),
            perPage,
          ),
        );
      return json(
        page(
          Array.from({ length: perPage }, (_, i) => row(i + 1, state.price)),
          perPage,
        ),
      );
    }),
  );
}

const requested = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.map(([input]) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    return decodeURIComponent(url.pathname + url.search);
  });

const updates = (ids: number[]): ChangeEvent[] =>
  ids.map((id) => ({ section: 'offers', id, version: 2, kind: 'update' }));

/** A store with one list page of offers open (and kept), over the server; the requests after it are counted. */
async function openPage(query: string) {
  const state = { price: '100.00' };
  const fetchMock = server(state);
  const store = makeStore();
  // the shell's slices (api, live) join lazily: the whole state once they have
  const getState = store.getState as unknown as () => RootState;
  const subscription = store.dispatch(listsApi.endpoints.list.initiate({ section: 'offers', query }));
  await subscription;
  fetchMock.mockClear();
  return { state, fetchMock, store, getState, subscription };
}

test('1 000 offers changed, 50 of them on the open page: one request reads those 50, and they are replaced in place', async () => {
  const { state, fetchMock, store, getState, subscription } = await openPage('page=1&perPage=50');

  state.price = '105.00';
  const changed = Array.from({ length: 1000 }, (_, i) => i + 1);
  await applyChanges(store.dispatch, getState, updates(changed));

  // the ids comma-joined, each parameter within the 100 characters the server takes
  const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i).join(',');
  expect(requested(fetchMock)).toEqual([`/api/offers?offers_ids=${ids(1, 36)}&offers_ids=${ids(37, 50)}&perPage=50`]);
  const cached = Object.values(getState().api.queries).find((q) => q?.endpointName === 'list')!.data as {
    data: { unit_price: string }[];
  };
  expect(cached.data.map((r) => r.unit_price)).toEqual(Array(50).fill('105.00'));
  subscription.unsubscribe();
});

test('a change to rows the page does not show costs nothing; a burst with a deletion reads the page again once', async () => {
  const { fetchMock, store, getState, subscription } = await openPage('page=1');

  await applyChanges(store.dispatch, getState, updates([500, 501, 502]));
  expect(requested(fetchMock)).toEqual([]);

  await applyChanges(store.dispatch, getState, [
    ...updates([1, 2, 3]),
    { section: 'offers', id: 4, version: 3, kind: 'delete' },
  ]);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(requested(fetchMock)).toEqual(['/api/offers?page=1']);
  subscription.unsubscribe();
});

test('the events of one burst are handed on together, once', async () => {
  const flushed: number[][] = [];
  const buffer = changeBuffer((events) => flushed.push(events.map((e) => e.id)), 20);
  for (const event of updates([1, 2, 3])) buffer.add(event);
  await new Promise((resolve) => setTimeout(resolve, 10));
  buffer.add(updates([4])[0]);
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(flushed).toEqual([[1, 2, 3, 4]]);
});

test('1 000 offers changed, the 50 the page shows carried with their rows: put in place, no request; rows not carried are read in one', async () => {
  const { fetchMock, store, getState, subscription } = await openPage('page=1&perPage=50');
  const cachedPrices = () =>
    (
      Object.values(getState().api.queries).find((q) => q?.endpointName === 'list')!.data as {
        data: { unit_price: string }[];
      }
    ).data.map((r) => r.unit_price);

  const changed = updates(Array.from({ length: 1000 }, (_, i) => i + 1)).map((event) =>
    event.id <= 50 ? { ...event, row: row(event.id, '110.00') } : event,
  );
  await applyChanges(store.dispatch, getState, changed);
  expect(requested(fetchMock)).toEqual([]);
  expect(cachedPrices()).toEqual(Array(50).fill('110.00'));

  // 40 carried, 10 not (the watch had not reached the server yet): those 10 in one request
  const partly = updates(Array.from({ length: 50 }, (_, i) => i + 1)).map((event) =>
    event.id <= 40 ? { ...event, row: row(event.id, '120.00') } : event,
  );
  await applyChanges(store.dispatch, getState, partly);
  expect(requested(fetchMock)).toEqual([
    `/api/offers?offers_ids=${Array.from({ length: 10 }, (_, i) => 41 + i).join(',')}`,
  ]);
  expect(cachedPrices()).toEqual([...Array(40).fill('120.00'), ...Array(10).fill('100.00')]);
  subscription.unsubscribe();
});

test('the stream watches what the cached pages show: one PUT per section when it changes, none when it does not', async () => {
  const { fetchMock, store, getState, subscription } = await openPage('page=1');
  const watches: unknown[] = [];
  const inner = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    if (!(input instanceof Request)) return inner(input);
    if (input.method === 'PUT' && new URL(input.url).pathname === '/api/events/s-1/watch') {
      watches.push({ auth: input.headers.get('authorization'), body: await input.json() });
      return json({ status: 'kept' });
    }
    return inner(input);
  });
  const stop = watchPages({ getState, subscribe: store.subscribe }, 'token-1', 's-1');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(watches).toEqual([
    { auth: 'Bearer token-1', body: { section: 'offers', ids: Array.from({ length: 20 }, (_, i) => i + 1) } },
  ]);
  // a second page joins the cache: the section's watch grows
  const more = store.dispatch(listsApi.endpoints.list.initiate({ section: 'offers', query: 'page=1&perPage=50' }));
  await more;
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(watches).toHaveLength(2);
  expect(watches[1]).toEqual({
    auth: 'Bearer token-1',
    body: { section: 'offers', ids: Array.from({ length: 50 }, (_, i) => i + 1) },
  });
  stop();
  more.unsubscribe();
  subscription.unsubscribe();
});

test("the stream's text is split into frames wherever its chunks end: ids, events, data, comments and CRLF", () => {
  const text =
    'retry: 2000\n\nid: a-1\nevent: change\ndata: {"id":1,"row":{"note":"a: b"}}\n\n: heartbeat\n\r\nevent: reset\r\ndata: {}\r\n\r\nevent: notification\ndata:{}\n\n';
  const expected: Frame[] = [
    { event: 'change', id: 'a-1', data: '{"id":1,"row":{"note":"a: b"}}' },
    { event: 'reset', data: '{}' },
    { event: 'notification', data: '{}' },
  ];
  for (let cut = 0; cut <= text.length; cut++) {
    const frames: Frame[] = [];
    const rest = parseFrames(text.slice(0, cut), frames);
    expect(parseFrames(rest + text.slice(cut), frames)).toBe('');
    expect(frames).toEqual(expected);
  }
});
