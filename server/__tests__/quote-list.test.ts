// 'Котировки' (issue 38): the saved quotes as a list of their own, filtered by the status a quote has on the
// business day (Действует / Истекла / Принята), by buyer, city and dates, paged and sorted with the lists' own
// query string and its Russian 400s; each caller sees the quotes it may read.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { firstRow, rowsOf } from '../db/rows';
import { kilogramTrade, today, type Trade } from './trade';
import { addDays } from '../../domain/businessDay';

let ctx: DemoContext;
let trade: Trade;
let kazan: number;
let productId: number;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
  kazan = firstRow<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM cities WHERE name = 'Казань'`))!.id;
  productId = (await ctx.call('POST', '/api/products', 'admin', { name: 'Миндаль сладкий' })).body.id;
  await ctx.db
    .execute(sql`INSERT INTO city_delivery (from_city_id, to_city_id, cost, days) VALUES (${trade.cityIds[0]}, ${kazan}, 7.5, 4)
    ON CONFLICT (from_city_id, to_city_id) DO UPDATE SET cost = 7.5, days = 4`);
}, 120_000);

afterAll(() => ctx?.close());

const lot = async () => (await trade.newOffer('500', { product_id: productId })).id;
// 300 ₽/kg + 12 + 7.50 to Kazan: the band 351.45 … 431.33; + 12 + 15 (no route) to the second city: 359.70 … 441.45
const save = async (
  cityId: number,
  buyer: string,
  kg: number,
  who: 'admin' | 'manager' = 'admin',
  extra: Record<string, unknown> = {},
) => {
  const res = await ctx.call('POST', '/api/quotes', who, {
    city_id: cityId,
    buyer_name: buyer,
    lines: [{ offers: [{ offer_id: await lot(), amount: kg }], unit_price: 400 }],
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; version: number };
};
const ids = async (query: string, who: 'admin' | 'manager' = 'admin') => {
  const res = await ctx.call('GET', `/api/quotes${query ? `?${query}` : ''}`, who);
  expect(res.status).toBe(200);
  return (res.body.data as { id: number }[]).map((r) => r.id);
};
const refused = async (query: string) => {
  const res = await ctx.call('GET', `/api/quotes?${query}`);
  return [res.status, res.body.messages];
};

test("'Котировки': by status on the business day, buyer, city and dates; paged and sorted; a bad value is a 400 in Russian", async () => {
  const nut = await save(kazan, 'ООО «Орех»', 10);
  const hazel = await save(kazan, 'ИП Фундук', 30);
  // the reserved one is saved for its buyer's card (issue 49: a quote's reserve needs its buyer)
  const kedr = firstRow<{ id: number }>(
    await ctx.db.execute(sql`INSERT INTO buyers (name, city_id, delivery_address, phone, payment_terms, responsible_id)
    VALUES ('ООО «Кедр»', ${trade.cityIds[1]}, 'Казань, ул. Баумана, 5', '79123456780', 'prepay', ${trade.employeeId}) RETURNING id`),
  )!.id;
  const other = await save(trade.cityIds[1], 'ООО «Кедр»', 20, 'admin', { buyer_id: kedr });
  // the hazel quote's date has passed (yesterday on the business day); the other is reserved
  await ctx.db.execute(sql`UPDATE quotes SET valid_until = ${addDays(today, -1)} WHERE id = ${hazel.id}`);
  const reserved = await ctx.call('POST', `/api/quotes/${other.id}/reserve`, 'admin', {
    delivery_address: 'Казань, ул. Баумана, 5',
    buyer_phone: '+7 (912) 345-67-89',
    responsible_id: trade.employeeId,
  });
  expect(reserved.status).toBe(201);

  const all = await ctx.call('GET', '/api/quotes');
  expect(
    all.body.data.map((r: { id: number; status: string; total_sum: string }) => [r.id, r.status, r.total_sum]),
  ).toEqual([
    [other.id, 'accepted', '8000.00'],
    [hazel.id, 'expired', '12000.00'],
    [nut.id, 'active', '4000.00'],
  ]);
  expect(all.body.data[2]).toMatchObject({
    number: nut.id,
    buyer_name: 'ООО «Орех»',
    city: { id: kazan, name: 'Казань' },
    product: 'Миндаль сладкий',
  });
  expect(all.body.pagination).toMatchObject({
    totalItems: 3,
    currentPage: 1,
    pageCount: 1,
    perPage: 20,
    nextPage: null,
    pageURI: '/api/quotes?page=1',
  });

  expect(await ids('statuses_ids=active')).toEqual([nut.id]);
  expect(await ids('statuses_ids=expired')).toEqual([hazel.id]);
  expect(await ids('statuses_ids=accepted')).toEqual([other.id]);
  expect(await ids('statuses_ids=active,expired')).toEqual([hazel.id, nut.id]);
  expect(await ids('buyer=Фундук')).toEqual([hazel.id]);
  expect(await ids(`cities_ids=${kazan}`)).toEqual([hazel.id, nut.id]);
  expect(await ids(`cities_ids=${trade.cityIds[1]}&statuses_ids=active`)).toEqual([]);
  expect(await ids(`valid_until_to=${addDays(today, -1)}`)).toEqual([hazel.id]);
  expect(await ids(`valid_until_from=${today}`)).toEqual([other.id, nut.id]);
  expect(await ids(`created_at_from=${today}&created_at_to=${today}`)).toEqual([other.id, hazel.id, nut.id]);
  expect(await ids(`created_at_to=${addDays(today, -1)}`)).toEqual([]);
  expect(await ids('sort=total_sum&order=asc')).toEqual([nut.id, other.id, hazel.id]);
  expect(await ids('sort=buyer_name&order=asc')).toEqual([hazel.id, other.id, nut.id]);
  expect(await ids('sort=status&order=asc')).toEqual([other.id, nut.id, hazel.id]);

  const second = await ctx.call('GET', '/api/quotes?perPage=20&page=1&sort=valid_until&order=desc');
  // the same date: the newer first
  expect(second.body.data.map((r: { id: number }) => r.id)).toEqual([other.id, nut.id, hazel.id]);

  expect(await refused('statuses_ids=lost')).toEqual([400, ['Фильтр «Статус»: неверное значение']]);
  expect(await refused('statuses_ids=deleted')).toEqual([400, ['Фильтр «Статус»: неверное значение']]);
  expect(await refused('cities_ids=Казань')).toEqual([400, ['Фильтр «Город»: неверное значение']]);
  expect(await refused('valid_until_from=2026-13-01')).toEqual([
    400,
    ['Фильтр «Действует до»: введите дату в формате ГГГГ-ММ-ДД'],
  ]);
  expect(await refused('created_at_to=вчера')).toEqual([
    400,
    ['Фильтр «Дата создания»: введите дату в формате ГГГГ-ММ-ДД'],
  ]);
  expect(await refused('perPage=7')).toEqual([400, ['Размер страницы может быть только 20, 50, 100, 200']]);
  expect(await refused('page=2')).toEqual([400, ['Страницы 2 нет: всего страниц 1']]);
  expect(await refused('sort=margin')).toEqual([400, ['Нельзя сортировать по полю «margin»']]);
  expect(await refused('supplier=1')).toEqual([400, ['Неизвестный фильтр: supplier']]);
});

test("who reads every reserve (role 1 as the administrator) lists every quote; one that reads its own reserves, the quotes it made; role 8 and a supplier's user none", async () => {
  const own = await save(kazan, 'ООО «Свой»', 5, 'manager');
  expect(await ids('buyer=Свой', 'manager')).toEqual([own.id]);
  expect(await ids('', 'manager')).toEqual(await ids(''));
  // role 1 narrowed to its own reserves: the quotes it made alone
  const scope = (to: string) =>
    ctx.db.execute(
      sql`UPDATE role_permissions SET scope = ${to} WHERE role_id = 1 AND resource = 'reserves' AND action = 'read'`,
    );
  await scope('own');
  try {
    expect(await ids('', 'manager')).toEqual([own.id]);
  } finally {
    await scope('all');
  }
  for (const who of ['warehouse', 'supplier'] as const) {
    const res = await ctx.call('GET', '/api/quotes', who);
    expect(res.status).toBe(403);
  }
});

test("comments on a quote: written by who reads it, listed oldest first; their authors and the history's users shown as offer comments show them (not to role 1); empty or too long refused in Russian", async () => {
  const q = await save(kazan, 'ООО «Комментарий»', 10);
  const byAdmin = await ctx.call('POST', `/api/quotes/${q.id}/comments`, 'admin', {
    text: '  Перезвонить в пятницу  ',
  });
  expect(byAdmin.status).toBe(201);
  const adminName = firstRow<{ name: string }>(
    await ctx.db.execute(sql`SELECT coalesce(name, email) AS name FROM users WHERE id = ${byAdmin.body.author_id}`),
  )!.name;
  expect(byAdmin.body).toMatchObject({ text: 'Перезвонить в пятницу', author_name: adminName });
  const byManager = await ctx.call('POST', `/api/quotes/${q.id}/comments`, 'manager', {
    text: 'Покупатель просит скидку 2 %',
  });
  expect(byManager.status).toBe(201);
  expect(byManager.body).toMatchObject({ text: 'Покупатель просит скидку 2 %', author_id: null, author_name: null });

  const stored = rowsOf<{ entity_type: string; text: string; author_id: number }>(
    await ctx.db.execute(
      sql`SELECT entity_type, text, author_id FROM comments WHERE entity_type = 'quotes' AND entity_id = ${q.id} ORDER BY id`,
    ),
  );
  expect(stored.map((r) => [r.entity_type, r.text])).toEqual([
    ['quotes', 'Перезвонить в пятницу'],
    ['quotes', 'Покупатель просит скидку 2 %'],
  ]);
  expect(stored[0].author_id).toBe(byAdmin.body.author_id);
  expect(stored[1].author_id).not.toBeNull();
  expect(stored[1].author_id).not.toBe(stored[0].author_id);

  const asAdmin = await ctx.call('GET', `/api/quotes/${q.id}/comments`, 'admin');
  expect(asAdmin.body.map((c: { text: string; author_name: string }) => [c.text, c.author_name])).toEqual([
    ['Перезвонить в пятницу', adminName],
    ['Покупатель просит скидку 2 %', expect.any(String)],
  ]);
  // role 1 sees no author, as on an offer's comments
  const asManager = await ctx.call('GET', `/api/quotes/${q.id}/comments`, 'manager');
  expect(
    asManager.body.map((c: { text: string; author_id: null; author_name: null }) => [
      c.text,
      c.author_id,
      c.author_name,
    ]),
  ).toEqual([
    ['Перезвонить в пятницу', null, null],
    ['Покупатель просит скидку 2 %', null, null],
  ]);
  const offer = await lot();
  await ctx.call('POST', `/api/offers/${offer}/comments`, 'admin', { text: 'Лот на складе' });
  expect((await ctx.call('GET', `/api/offers/${offer}/comments`, 'manager')).body[0]).toMatchObject({
    author_id: null,
    author_name: null,
  });
  // the history's users follow the same rule
  expect((await ctx.call('GET', `/api/quotes/${q.id}/history`, 'admin')).body[0].user).toBe(adminName);
  expect((await ctx.call('GET', `/api/quotes/${q.id}/history`, 'manager')).body[0].user).toBeNull();

  for (const [body, message] of [
    [{ text: '   ' }, 'Введите текст комментария'],
    [{}, 'Введите текст комментария'],
    [{ text: 'я'.repeat(2001) }, 'Комментарий длиннее 2000 символов'],
  ] as const) {
    const res = await ctx.call('POST', `/api/quotes/${q.id}/comments`, 'admin', body);
    expect([res.status, res.body.messages]).toEqual([400, [message]]);
  }
  const missing = await ctx.call('POST', '/api/quotes/999999/comments', 'admin', { text: 'Есть?' });
  expect([missing.status, missing.body.message]).toEqual([404, 'Котировка не найдена']);
  expect((await ctx.call('GET', `/api/quotes/${q.id}/comments`, 'warehouse')).status).toBe(403);
  expect((await ctx.call('POST', `/api/quotes/${q.id}/comments`, 'supplier', { text: 'Мой' })).status).toBe(403);
  // nothing written by the refused ones
  expect(
    firstRow<{ n: number }>(
      await ctx.db.execute(sql`SELECT count(*)::int AS n FROM comments WHERE entity_type = 'quotes'`),
    )!.n,
  ).toBe(2);
});

test("a valid quote's buyer changed from 'Покупатели': one in the quote's city, its name on the card, the public page and the history; another city, no city, a gone buyer, an expired quote refused in Russian, nothing changed", async () => {
  const buyerIn = async (name: string, cityId: number | null) =>
    firstRow<{ id: number }>(
      await ctx.db.execute(sql`INSERT INTO buyers (name, city_id, payment_terms)
    VALUES (${name}, ${cityId}, 'prepay') RETURNING id`),
    )!.id;
  const kazanBuyer = await buyerIn('ООО «Казанский орех»', kazan);
  const elsewhere = await buyerIn('ООО «Столичный»', trade.cityIds[1]);
  const nowhere = await buyerIn('ИП Без города', null);
  const otherCity = firstRow<{ name: string }>(
    await ctx.db.execute(sql`SELECT name FROM cities WHERE id = ${trade.cityIds[1]}`),
  )!.name;
  const q = await save(kazan, 'ООО «Орех»', 10);
  const stored = async () =>
    firstRow<{ buyer_id: number | null; buyer_name: string; version: number }>(
      await ctx.db.execute(sql`SELECT buyer_id, buyer_name, version FROM quotes WHERE id = ${q.id}`),
    );
  const change = (body: Record<string, unknown>) =>
    ctx.call('PATCH', `/api/quotes/${q.id}`, 'admin', { version: q.version, ...body });

  for (const [buyerId, message] of [
    [
      elsewhere,
      `Покупатель из другого города (${otherCity}): котировка рассчитана с доставкой в Казань, сохраните новое предложение`,
    ],
    [nowhere, 'У покупателя не указан город: котировка рассчитана с доставкой в Казань'],
    [999999, 'Покупатель не найден'],
  ] as const) {
    const res = await change({ buyer_id: buyerId });
    expect([res.status, res.body.messages]).toEqual([400, [message]]);
  }
  expect((await change({ buyer_id: 'ООО' })).body.messages).toEqual(['Покупатель: номер из справочника «Покупатели»']);
  expect(await stored()).toEqual({ buyer_id: null, buyer_name: 'ООО «Орех»', version: q.version });

  const moved = await change({ buyer_id: kazanBuyer });
  expect(moved.status).toBe(200);
  expect(moved.body).toMatchObject({
    buyer_id: kazanBuyer,
    buyer_name: 'ООО «Казанский орех»',
    version: q.version + 1,
    city: { id: kazan, name: 'Казань' },
  });
  expect(await stored()).toEqual({ buyer_id: kazanBuyer, buyer_name: 'ООО «Казанский орех»', version: q.version + 1 });
  expect((await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${moved.body.token}` })).json().buyer).toBe(
    'ООО «Казанский орех»',
  );
  const history = (await ctx.call('GET', `/api/quotes/${q.id}/history`, 'admin')).body;
  expect(history.at(-1)).toMatchObject({
    action: 'update',
    changes: [
      { field: 'buyer_id', old: null, new: kazanBuyer },
      { field: 'buyer_name', old: 'ООО «Орех»', new: 'ООО «Казанский орех»' },
    ],
  });
  // on the version seen only
  expect((await change({ buyer_id: kazanBuyer })).status).toBe(409);
  // the link dropped: the name stays as it was typed
  const unlinked = await ctx.call('PATCH', `/api/quotes/${q.id}`, 'admin', { version: q.version + 1, buyer_id: null });
  expect(unlinked.body).toMatchObject({ buyer_id: null, buyer_name: 'ООО «Казанский орех»', version: q.version + 2 });

  // past its date the buyer stays
  await ctx.db.execute(sql`UPDATE quotes SET valid_until = ${addDays(today, -1)} WHERE id = ${q.id}`);
  const late = await ctx.call('PATCH', `/api/quotes/${q.id}`, 'admin', {
    version: q.version + 2,
    buyer_id: kazanBuyer,
  });
  expect([late.status, late.body.messages]).toEqual([
    400,
    ['Котировка истекла: покупателя меняют только у действующей'],
  ]);
  expect(await stored()).toEqual({ buyer_id: null, buyer_name: 'ООО «Казанский орех»', version: q.version + 2 });
});
