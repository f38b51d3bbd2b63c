// Who wrote it (issue 34): a comment's author follows the created_by rule (roles 1 and 8 see neither), and a list of
// people (created_by, the 'Создатель' filter's options, the history's author) follows the read right on employees,
// so a supplier's user reads no names of the trader's staff.
import { createDemoApp, type DemoContext } from './testApp';

let ctx: DemoContext;
let offerId: number;

beforeAll(async () => {
  ctx = await createDemoApp();
  // an offer of the supplier's own, which every demo role reads
  const own = await ctx.call('GET', '/api/offers?perPage=20&sort=id&order=asc', 'supplier');
  if (!own.body.data) throw new Error(JSON.stringify(own));
  offerId = own.body.data[0].id;
  expect(
    (await ctx.call('POST', `/api/offers/${offerId}/comments`, 'admin', { text: 'Проверить влажность партии' })).status,
  ).toBe(201);
  expect(
    (await ctx.call('POST', `/api/offers/${offerId}/comments`, 'supplier', { text: 'Отгрузка в пятницу' })).status,
  ).toBe(201);
}, 120_000);

afterAll(() => ctx?.close());

const authors = (list: { text: string; author_id: number | null; author_name: string | null }[]) =>
  list
    .filter((c) => ['Проверить влажность партии', 'Отгрузка в пятницу'].includes(c.text))
    .map((c) => [c.text, c.author_name, c.author_id === null]);

test("a comment's author is shown only to a role that sees who created the record: the card's comments and the list's cell", async () => {
  const read = async (who: 'admin' | 'manager' | 'warehouse' | 'supplier') => {
    const card = await ctx.call('GET', `/api/offers/${offerId}/comments`, who);
    expect(card.status).toBe(200);
    const list = await ctx.call('GET', `/api/offers?perPage=200&sort=id&order=asc`, who);
    const row = (list.body.data as { id: number; comments?: [] }[]).find((r) => r.id === offerId)!;
    return { card: authors(card.body), cell: authors(row.comments ?? []) };
  };
  const admin = await read('admin');
  expect(admin.card).toEqual([
    ['Проверить влажность партии', 'Администратор', false],
    ['Отгрузка в пятницу', expect.any(String), false],
  ]);
  expect(admin.card[1][1]).not.toBe('');
  const hidden = [
    ['Проверить влажность партии', null, true],
    ['Отгрузка в пятницу', null, true],
  ];
  for (const who of ['manager', 'warehouse', 'supplier'] as const) {
    const seen = await read(who);
    expect([who, seen.card]).toEqual([who, hidden]);
    // the list's cell holds the latest three, newest first
    expect([who, seen.cell]).toEqual([who, [...hidden].reverse()]);
  }
});

test("a supplier's user, with no right to employees, reads no staff names: no created_by, no 'Создатель' options, no history author", async () => {
  const list = await ctx.call('GET', '/api/offers?perPage=20', 'supplier');
  expect(list.status).toBe(200);
  expect(list.body.data.every((r: Record<string, unknown>) => !('created_by' in r))).toBe(true);
  const config = await ctx.call('GET', '/api/offers/filter_config', 'supplier');
  expect(config.body.creators_ids).toEqual({ title: expect.any(String), type: 'multiple', isForbidden: true });
  // sorting or filtering by it is refused like any hidden field
  expect((await ctx.call('GET', '/api/offers?sort=created_by', 'supplier')).status).toBe(400);
  const history = await ctx.call('GET', `/api/offers/${offerId}/history`, 'supplier');
  expect(history.status).toBe(200);
  expect(JSON.stringify(history.body)).not.toMatch(/Администратор|Менеджер|"author/);
  // the administrator still reads them all
  const asAdmin = await ctx.call('GET', '/api/offers/filter_config');
  expect(asAdmin.body.creators_ids.options.length).toBeGreaterThan(0);
});
