// Issue 33, references that stay true: a supplier, product or loading city stays while active offers use it (a
// single delete and a bulk delete refuse it with the count, per record), and no offer is put on one that is gone
// (a new offer, an edit, a bulk edit, a restore).
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, type Trade } from './trade';
import { firstRow } from '../db/rows';

let ctx: DemoContext;
let trade: Trade;
let kazan: number;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
  kazan = firstRow<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM cities WHERE name = 'Казань'`))!.id;
}, 120_000);
afterAll(() => ctx?.close());

const statusOf = async (table: string, id: number) =>
  firstRow<{ status: string }>(await ctx.db.execute(sql`SELECT status FROM ${sql.identifier(table)} WHERE id = ${id}`))!
    .status;
const offerRow = async (id: number) =>
  firstRow<{ status: string; city_id: number; supplier_id: number; product_id: number; version: number }>(
    await ctx.db.execute(sql`SELECT status, city_id, supplier_id, product_id, version FROM offers WHERE id = ${id}`),
  )!;

let inn = 7701100000;
async function newSupplier(name: string): Promise<number> {
  const res = await ctx.call('POST', '/api/suppliers', 'admin', {
    name,
    email: 'sales@yadro.ru',
    phone: '8 843 200-10-20',
    contact_name: 'Гарипов Ильдар',
    inn: String(inn++),
    city_id: kazan,
    location: 'Казань, ул. Складская, 7',
  });
  expect(res.status).toBe(201);
  return res.body.id;
}
async function newCity(name: string): Promise<number> {
  const res = await ctx.call('POST', '/api/cities', 'admin', { name });
  expect(res.status).toBe(201);
  return res.body.id;
}
async function newProduct(name: string): Promise<number> {
  const res = await ctx.call('POST', '/api/products', 'admin', { name });
  expect(res.status).toBe(201);
  return res.body.id;
}
const remove = (section: string, ids: number[]) => ctx.call('DELETE', `/api/${section}`, 'admin', { ids });

test('a supplier with 3 active offers is not deleted, alone or with others; a completed or deleted offer does not hold it', async () => {
  const held = await newSupplier('ООО «Три предложения»');
  const free = await newSupplier('ООО «Без предложений»');
  const offers = [];
  for (let i = 0; i < 3; i++) offers.push(await trade.newOffer('10', { supplier_id: held }));
  const message = 'Нельзя удалить поставщика: активных предложений — 3';
  const single = await remove('suppliers', [held]);
  expect(single).toEqual({
    status: 200,
    body: {
      status: 'success',
      deleted: 0,
      notDeleted: 1,
      reasons: { kept: 1, forbidden: 0, deleted: 0, missing: 0 },
      message,
      refused: [{ id: held, reason: message }],
    },
  });
  expect(await statusOf('suppliers', held)).toBe('active');
  // a bulk delete takes the free one and reports the held one per row
  const bulk = await remove('suppliers', [held, free]);
  expect(bulk.body).toEqual({
    status: 'success',
    deleted: 1,
    notDeleted: 1,
    reasons: { kept: 1, forbidden: 0, deleted: 0, missing: 0 },
    warning: 'Успешно удалено: 1 поставщик из 2. Не удалось удалить: 1 поставщик.',
    refused: [{ id: held, reason: message }],
  });
  expect([await statusOf('suppliers', held), await statusOf('suppliers', free)]).toEqual(['active', 'deleted']);
  // one offer deleted, one completed: one active offer still holds it
  expect((await remove('offers', [offers[0].id])).body.deleted).toBe(1);
  expect((await ctx.change('PATCH', `/api/offers/${offers[1].id}`, 'admin', { status: 'completed' })).status).toBe(200);
  expect((await remove('suppliers', [held])).body.message).toBe('Нельзя удалить поставщика: активных предложений — 1');
  expect((await remove('offers', [offers[2].id])).body.deleted).toBe(1);
  expect((await remove('suppliers', [held])).body).toEqual({ status: 'success', deleted: 1, notDeleted: 0 });
  expect(await statusOf('suppliers', held)).toBe('deleted');
});

test('a product and a loading city in use: refused in their own words, each record with its own count', async () => {
  const product = await newProduct('Фисташка тестовая');
  const city = await newCity('Орехово-Тестовое');
  const otherCity = await newCity('Миндальск');
  await trade.newOffer('10', { product_id: product, city_id: city });
  await trade.newOffer('10', { product_id: product, city_id: otherCity });
  await trade.newOffer('10', { city_id: otherCity });
  expect((await remove('products', [product])).body.message).toBe('Нельзя удалить товар: активных предложений — 2');
  const cities = await remove('cities', [otherCity, city]);
  expect(cities.body).toMatchObject({
    deleted: 0,
    notDeleted: 2,
    message: `№ ${city}: Нельзя удалить город: активных предложений — 1; № ${otherCity}: Нельзя удалить город: активных предложений — 2`,
    refused: [
      { id: city, reason: 'Нельзя удалить город: активных предложений — 1' },
      { id: otherCity, reason: 'Нельзя удалить город: активных предложений — 2' },
    ],
  });
  expect([
    await statusOf('products', product),
    await statusOf('cities', city),
    await statusOf('cities', otherCity),
  ]).toEqual(['active', 'active', 'active']);
});

test('no new offer, edit, bulk edit or restore puts an offer on a deleted supplier, city or product', async () => {
  const goneSupplier = await newSupplier('ООО «Ушедший»');
  const goneCity = await newCity('Исчезнувший');
  const goneProduct = await newProduct('Орех ушедший');
  expect((await remove('suppliers', [goneSupplier])).body.deleted).toBe(1);
  expect((await remove('cities', [goneCity])).body.deleted).toBe(1);
  expect((await remove('products', [goneProduct])).body.deleted).toBe(1);
  const count = async () =>
    firstRow<{ n: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM offers`))!.n;
  const { product_id: productId } = await offerRow((await trade.newOffer('10')).id);
  const before = await count();
  const post = (patch: Record<string, unknown>) =>
    ctx.call('POST', '/api/offers', 'admin', {
      packing_id: 1,
      city_id: trade.cityIds[0],
      supplier_id: 1,
      origin_country: 'Иран',
      unit_measure: 'кг',
      unit_weight: '1',
      units_per_pack: '10',
      warehouse_cost: '0',
      loading_address: 'Москва, ул. Складская, 9',
      harvest_year: '2010',
      unit_amount: '10',
      unit_price: '300',
      product_id: productId,
      ...patch,
    });
  expect((await post({ supplier_id: goneSupplier })).body.messages).toEqual(['Поставщик удален: выберите другого']);
  expect((await post({ city_id: goneCity })).body.messages).toEqual(['Город погрузки удален: выберите другой']);
  expect((await post({ product_id: goneProduct })).body.messages).toEqual([
    'Товар деактивирован или удален: выберите другой',
  ]);
  expect(await count()).toBe(before);

  // an edit moving an offer onto them: 400, nothing changes
  const offer = await trade.newOffer('10');
  const stored = await offerRow(offer.id);
  const moved = await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', { city_id: goneCity });
  expect([moved.status, moved.body.messages]).toEqual([400, ['Город погрузки удален: выберите другой']]);
  const toSupplier = await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', { supplier_id: goneSupplier });
  expect([toSupplier.status, toSupplier.body.messages]).toEqual([400, ['Поставщик удален: выберите другого']]);
  expect(await offerRow(offer.id)).toEqual(stored);

  // a bulk edit of the city: each offer refused with the same words
  const other = await trade.newOffer('10');
  const bulk = await ctx.call('PATCH', '/api/offers', 'admin', {
    ids: [offer.id, other.id],
    set: { city_id: goneCity },
  });
  expect(bulk.body).toMatchObject({
    changed: 0,
    refused: [
      { id: offer.id, reason: 'Город погрузки удален: выберите другой' },
      { id: other.id, reason: 'Город погрузки удален: выберите другой' },
    ],
  });
  expect((await offerRow(other.id)).city_id).toBe(trade.cityIds[0]);

  // an offer deleted, its supplier deleted after it: it does not come back onto the deleted supplier
  const supplier = await newSupplier('ООО «Временный»');
  const lone = await trade.newOffer('10', { supplier_id: supplier });
  expect((await remove('offers', [lone.id])).body.deleted).toBe(1);
  expect((await remove('suppliers', [supplier])).body.deleted).toBe(1);
  const restored = await ctx.call('POST', `/api/offers/${lone.id}/restore`);
  expect([restored.status, restored.body.messages]).toEqual([400, ['Поставщик удален: выберите другого']]);
  expect(await statusOf('offers', lone.id)).toBe('deleted');
});
