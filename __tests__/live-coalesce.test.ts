// Live updates that scale with screens (issue 36): a write of many records reaches an open list as a burst of
// change events, and the list reads the changed rows it shows in ONE request (?offers_ids=a,b,…), replacing them
// in place; a burst with a record created or deleted reads the page again, once.
import { makeStore } from '../src/app/store';
import { listsApi } from '../src/api/lists';
import { applyChanges } from '../src/api/live';
import { changeBuffer, type ChangeEvent } from '../src/api/liveFrames';
import type { RootState } from '../src/api/rootReducer';
import { json, mockServer, route } from './support/render';

const row = (id: number, price: string) => ({ id, status: 'active', unit_price: price });
const page = (rows: object[], perPage: number) => ({
  data: rows,
  pagination: {
    totalItems: rows.length, totalExact: true, currentPage: 1, firstPage: 1, lastPage: 1, pageCount: 1, perPage,
    nextPage: null, previousPage: null, pageURI: '/api/offers?page=1',
  },
});

/** A server whose offers 1…100 cost `price` now; answers the list and the rows asked for by id. */
function server(state: { price: string }) {
  return mockServer(route('GET', '/api/offers', (request) => {
    const url = new URL(request.url);
    const ids = url.searchParams.getAll('offers_ids').join(',');
    const perPage = Number(url.searchParams.get('perPage') ?? 20);
    if (ids) return json(page(ids.split(',').map((id) => row(Number(id), state.price)), perPage));
    return json(page(Array.from({ length: perPage }, (_, i) => row(i + 1, state.price)), perPage));
  }));
}

const requested = (fetchMock: jest.Mock) => fetchMock.mock.calls.map(([input]) => {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
  return decodeURIComponent(url.pathname + url.search);
});

const updates = (ids: number[]): ChangeEvent[] => ids.map((id) => ({ section: 'offers', id, version: 2, kind: 'update' }));

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
  const cached = Object.values(getState().api.queries).find((q) => q?.endpointName === 'list')!.data as { data: { unit_price: string }[] };
  expect(cached.data.map((r) => r.unit_price)).toEqual(Array(50).fill('105.00'));
  subscription.unsubscribe();
});

test('a change to rows the page does not show costs nothing; a burst with a deletion reads the page again once', async () => {
  const { fetchMock, store, getState, subscription } = await openPage('page=1');

  await applyChanges(store.dispatch, getState, updates([500, 501, 502]));
  expect(requested(fetchMock)).toEqual([]);

  await applyChanges(store.dispatch, getState, [...updates([1, 2, 3]), { section: 'offers', id: 4, version: 3, kind: 'delete' }]);
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
