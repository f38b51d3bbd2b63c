// The product card through the API on the demo data: create, rename, deactivate and reactivate (a
// deactivated product cannot start a new offer, existing offers keep it), varieties, duplicates and scopes.
import { and, eq, sql } from 'drizzle-orm';
import { createDemoApp, tableChecksum, type DemoContext } from './testApp';
import { entryLines } from '../../domain/history';
import { comments, products, varieties } from '../db/schema';

let ctx: DemoContext;
let ref: { packing: number; city: number; supplier: number };

const one = async (q: ReturnType<typeof sql>) =>
  ((await ctx.db.execute(q)) as unknown as { rows: { id: number }[] }).rows[0].id;

beforeAll(async () => {
  ctx = await createDemoApp();
  ref = {
    packing: await one(sql`SELECT id FROM packing ORDER BY id LIMIT 1`),
    city: await one(sql`SELECT id FROM cities WHERE name = 'Москва'`),
    supplier: await one(sql`SELECT id FROM suppliers WHERE status = 'active' ORDER BY id LIMIT 1`),
  };
}, 120_000);
afterAll(() => ctx?.close());

const call: DemoContext['call'] = (...args) => ctx.call(...args);
const change: DemoContext['change'] = (...args) => ctx.change(...args);
const offerForm = (product_id: number, patch: Record<string, unknown> = {}) => ({
  product_id,
  packing_id: ref.packing,
  city_id: ref.city,
  supplier_id: ref.supplier,
  harvest_year: '2025',
  origin_country: 'Иран',
  unit_measure: 'кг',
  unit_weight: '1',
  units_per_pack: '10',
  unit_amount: '100',
  unit_price: '900',
  loading_address: 'Москва, ул. Складская, 4',
  ...patch,
});

test('create: 201 with the product, its varieties and comments saved; the name is trimmed', async () => {
  const res = await call('POST', '/api/products', 'admin', {
    name: ' Инжир сушеный ',
    varieties: ['Смирна', ' Бурса '],
    comments: [{ text: 'Из Турции, калибр 5' }],
  });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ name: 'Инжир сушеный', status: 'active', can_update: true });
  const saved = await ctx.db
    .select()
    .from(comments)
    .where(and(eq(comments.entity_type, 'products'), eq(comments.entity_id, res.body.id)));
  expect(saved.map((c) => c.text)).toEqual(['Из Турции, калибр 5']);
  expect((await call('GET', `/api/products/${res.body.id}`)).body).toMatchObject({
    id: res.body.id,
    name: 'Инжир сушеный',
  });
  expect(
    (await call('GET', `/api/products/${res.body.id}/varieties`)).body.map((v: { name: string }) => v.name),
  ).toEqual(['Бурса', 'Смирна']);
});

test('every 400 message: the name and a status a user cannot set', async () => {
  expect((await call('POST', '/api/products', 'admin', {})).body.messages).toEqual(['Название обязательно']);
  expect((await call('POST', '/api/products', 'admin', { name: 'Я' })).body.messages).toEqual(['Минимум 2 символа']);
  expect(
    (await call('POST', '/api/products', 'admin', { name: 'Финики', varieties: ['Меджул', 'меджул'] })).body.messages,
  ).toEqual(['Такой сорт у товара уже есть']);
  expect((await call('POST', '/api/products', 'admin', { name: 'Финики', varieties: [''] })).body.messages).toEqual([
    'Введите название сорта',
  ]);
  const { body: product } = await call('POST', '/api/products', 'admin', { name: 'Финики Меджул' });
  const bad = await change('PATCH', `/api/products/${product.id}`, 'admin', { status: 'deleted' });
  expect([bad.status, bad.body.messages]).toEqual([400, ['Статус может быть только «Активный» или «Деактивирован»']]);
});

test('a duplicate name, whatever the case, is a 409 with the existing id, also of a deleted product', async () => {
  const cashew = await one(sql`SELECT id FROM products WHERE name = 'Кешью'`);
  const dup = await call('POST', '/api/products', 'admin', { name: 'КЕШЬЮ' });
  expect(dup.status).toBe(409);
  expect(dup.body).toEqual({
    status: 'error',
    error: 'conflict',
    message: 'Товар с таким названием уже есть',
    info: { text: 'Товар', id: cashew },
  });
  const [gone] = await ctx.db.select().from(products).where(eq(products.status, 'deleted')).limit(1);
  const again = await call('POST', '/api/products', 'admin', { name: gone.name.toLowerCase() });
  expect([again.status, again.body.info]).toEqual([409, { text: 'Товар', id: gone.id }]);
  expect((await call('GET', `/api/products/${gone.id}`)).status).toBe(404);
  expect((await call('GET', `/api/products/${gone.id}?withDeleted`)).body).toMatchObject({
    status: 'deleted',
    can_update: false,
  });
});

test('a deactivated product cannot start a new offer; its offers keep it; reactivated, it can again', async () => {
  const { body: product } = await call('POST', '/api/products', 'admin', { name: 'Пекан Стюарт' });
  const offer = await call('POST', '/api/offers', 'admin', offerForm(product.id));
  expect(offer.status).toBe(201);

  const off = await change('PATCH', `/api/products/${product.id}`, 'admin', { status: 'deactivated' });
  expect(off.body).toMatchObject({ status: 'deactivated', name: 'Пекан Стюарт' });
  const refused = await call('POST', '/api/offers', 'admin', offerForm(product.id, { harvest_year: '2024' }));
  expect([refused.status, refused.body.messages]).toEqual([400, ['Товар деактивирован или удален: выберите другой']]);
  // the select lists only products that can be offered
  expect((await call('GET', '/api/lists/products/items')).body.map((p: { id: number }) => p.id)).not.toContain(
    product.id,
  );
  // the existing offer keeps its product and can still be changed
  const kept = await change('PATCH', `/api/offers/${offer.body.id}`, 'admin', { unit_price: '950' });
  expect([kept.status, kept.body.product]).toEqual([200, { id: product.id, name: 'Пекан Стюарт' }]);

  expect((await change('PATCH', `/api/products/${product.id}`, 'admin', { status: 'active' })).body.status).toBe(
    'active',
  );
  expect((await call('POST', '/api/offers', 'admin', offerForm(product.id, { harvest_year: '2024' }))).status).toBe(
    201,
  );
});

test("varieties: added, renamed, listed for the offer card's select, removed unless an offer names one", async () => {
  const { body: product } = await call('POST', '/api/products', 'admin', { name: 'Мушмула вяленая' });
  const added = await call('POST', `/api/products/${product.id}/varieties`, 'admin', { name: 'Шалах' });
  expect(added.status).toBe(201);
  expect(added.body).toEqual([{ id: expect.any(Number), name: 'Шалах', product_id: product.id, offers: 0 }]);
  await call('POST', `/api/products/${product.id}/varieties`, 'admin', { name: 'Хурмаи' });
  expect(
    (await call('POST', `/api/products/${product.id}/varieties`, 'admin', { name: 'шалах' })).body.messages,
  ).toEqual(['Такой сорт у товара уже есть']);
  expect((await call('POST', `/api/products/${product.id}/varieties`, 'admin', { name: '' })).body.messages).toEqual([
    'Введите название сорта',
  ]);
  const shalah = added.body[0].id;
  const renamed = await change('PATCH', `/api/products/${product.id}/varieties/${shalah}`, 'admin', {
    name: 'Шалах отборный',
  });
  expect(renamed.body.map((v: { name: string }) => v.name)).toEqual(['Хурмаи', 'Шалах отборный']);
  const items = (await call('GET', '/api/lists/varieties/items')).body.filter(
    (v: { product_id: number }) => v.product_id === product.id,
  );
  expect(items.map((v: { name: string }) => v.name)).toEqual(['Хурмаи', 'Шалах отборный']);

  // a variety an offer names stays
  expect((await call('POST', '/api/offers', 'admin', offerForm(product.id, { variety_id: shalah }))).status).toBe(201);
  const inUse = await call('DELETE', `/api/products/${product.id}/varieties/${shalah}`, 'admin');
  expect([inUse.status, inUse.body.messages]).toEqual([400, ['Сорт указан в предложениях: его нельзя удалить']]);
  const other = renamed.body.find((v: { name: string }) => v.name === 'Хурмаи').id;
  const removed = await call('DELETE', `/api/products/${product.id}/varieties/${other}`, 'admin');
  expect(removed.body).toEqual([{ id: shalah, name: 'Шалах отборный', product_id: product.id, offers: 1 }]);
  expect(await ctx.db.select().from(varieties).where(eq(varieties.id, other))).toEqual([]);
  // another product's variety is not reachable through this one
  const cashewVariety = await one(
    sql`SELECT v.id FROM varieties v JOIN products p ON p.id = v.product_id WHERE p.name = 'Кешью' LIMIT 1`,
  );
  expect(
    (await change('PATCH', `/api/products/${product.id}/varieties/${cashewVariety}`, 'admin', { name: 'Чужой' }))
      .status,
  ).toBe(404);
});

test('scopes: the warehouse and a supplier read products but change nothing; the manager creates and renames', async () => {
  const cashew = await one(sql`SELECT id FROM products WHERE name = 'Кешью'`);
  for (const who of ['warehouse', 'supplier'] as const) {
    expect((await call('GET', `/api/products/${cashew}`, who)).body).toMatchObject({
      name: 'Кешью',
      can_update: false,
    });
    expect((await call('GET', `/api/products/${cashew}/varieties`, who)).status).toBe(200);
    expect((await call('POST', '/api/products', who, { name: 'Чужой товар' })).status).toBe(403);
    expect((await change('PATCH', `/api/products/${cashew}`, who, { status: 'deactivated' })).status).toBe(403);
    expect((await call('POST', `/api/products/${cashew}/varieties`, who, { name: 'W210' })).status).toBe(403);
  }
  const mine = await call('POST', '/api/products', 'manager', { name: 'Кумкват сушеный' });
  expect(mine.status).toBe(201);
  expect(mine.body).not.toHaveProperty('created_by');
  expect(
    (await change('PATCH', `/api/products/${mine.body.id}`, 'manager', { name: 'Кумкват в сахаре' })).body.name,
  ).toBe('Кумкват в сахаре');
});

describe("a product's varieties are a change of the product (issue 32): on the version the card read, in its history", () => {
  const versionOf = async (id: number) => (await call('GET', `/api/products/${id}`)).body.version as number;
  const lastEntry = async (id: number) => (await call('GET', `/api/products/${id}/history`)).body[0];
  const nameOf = async (email: string) =>
    (
      (await ctx.db.execute(sql`SELECT name FROM users WHERE email = ${email}`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows[0].name;

  test('a fresh add, rename and remove each move the version by one and tell the history the card shows', async () => {
    const { body: product } = await call('POST', '/api/products', 'admin', { name: 'Кешью версионный' });
    expect(product.version).toBe(1);
    const added = await call('POST', `/api/products/${product.id}/varieties?version=1`, 'admin', { name: 'W320' });
    expect(added.status).toBe(201);
    expect(await versionOf(product.id)).toBe(2);
    const entry = await lastEntry(product.id);
    expect(entry).toMatchObject({ action: 'update', changes: [{ field: 'varieties', old: null, new: 'W320' }] });
    expect(entryLines('products', entry)).toEqual(['Сорта: добавлен «W320»']);

    const id = added.body[0].id;
    expect(
      (await call('PATCH', `/api/products/${product.id}/varieties/${id}?version=2`, 'admin', { name: 'W240' })).status,
    ).toBe(200);
    expect(await versionOf(product.id)).toBe(3);
    expect(entryLines('products', await lastEntry(product.id))).toEqual(['Сорта: переименован «W320» → «W240»']);
    expect((await call('DELETE', `/api/products/${product.id}/varieties/${id}?version=3`, 'admin')).status).toBe(200);
    expect(await versionOf(product.id)).toBe(4);
    expect(entryLines('products', await lastEntry(product.id))).toEqual(['Сорта: удален «W240»']);
    // the card's own save goes on from there
    expect(
      (await call('PATCH', `/api/products/${product.id}`, 'admin', { name: 'Кешью версионный 2', version: 4 })).body
        .version,
    ).toBe(5);
  });

  test('a stale add, rename or remove changes no row and answers the 409 the cards show: who, when, what', async () => {
    const { body: product } = await call('POST', '/api/products', 'admin', {
      name: 'Кешью спорный',
      varieties: ['W180'],
    });
    const [w180] = (await call('GET', `/api/products/${product.id}/varieties`)).body;
    // another user added a variety since the card read version 1
    expect(
      (await call('POST', `/api/products/${product.id}/varieties?version=1`, 'manager', { name: 'W450' })).status,
    ).toBe(201);
    const before = await tableChecksum(ctx.db);
    const writes = [
      () => call('POST', `/api/products/${product.id}/varieties?version=1`, 'admin', { name: 'W320' }),
      () => call('PATCH', `/api/products/${product.id}/varieties/${w180.id}?version=1`, 'admin', { name: 'W210' }),
      () => call('DELETE', `/api/products/${product.id}/varieties/${w180.id}?version=1`, 'admin'),
    ];
    for (const write of writes) {
      const res = await write();
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        status: 'error',
        error: 'stale',
        message: 'Запись изменена другим пользователем',
        stale: {
          version: 2,
          by: await nameOf('manager@nutdesk.demo'),
          changes: [{ field: 'varieties', old: null, new: 'W450' }],
          fields: ['Сорта'],
        },
      });
      expect(Date.now() - Date.parse(res.body.stale.at)).toBeLessThan(60_000);
    }
    expect(await tableChecksum(ctx.db)).toBe(before);
    // the card's save made on the version before the variety is stale too, and says so by the variety
    const rename = await call('PATCH', `/api/products/${product.id}`, 'admin', {
      name: 'Кешью бесспорный',
      version: 1,
    });
    expect([rename.status, rename.body.stale?.fields]).toEqual([409, ['Сорта']]);
  });

  test('the document types its lots need are a change of the product too: stale refused with no row changed, fresh told in its history', async () => {
    const { body: product } = await call('POST', '/api/products', 'admin', { name: 'Кешью с документами' });
    const type = (
      (await ctx.db.execute(sql`SELECT id, name FROM document_types ORDER BY id LIMIT 1`)) as unknown as {
        rows: { id: number; name: string }[];
      }
    ).rows[0];
    const saved = await call('PUT', `/api/products/${product.id}/document-types?version=1`, 'admin', {
      type_ids: [type.id],
    });
    expect(saved.body).toEqual([type]);
    expect(await versionOf(product.id)).toBe(2);
    expect(entryLines('products', await lastEntry(product.id))).toEqual([`Документы для партий: — → ${type.name}`]);
    const before = await tableChecksum(ctx.db);
    const stale = await call('PUT', `/api/products/${product.id}/document-types?version=1`, 'admin', { type_ids: [] });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      error: 'stale',
      message: 'Запись изменена другим пользователем',
      stale: { version: 2, fields: ['Документы для партий'] },
    });
    expect(await tableChecksum(ctx.db)).toBe(before);
  });

  test("a bad version is refused in the query's words; none is written over whatever is stored, as before", async () => {
    const { body: product } = await call('POST', '/api/products', 'admin', { name: 'Кешью без версии' });
    const bad = await call('POST', `/api/products/${product.id}/varieties?version=abc`, 'admin', { name: 'W320' });
    expect([bad.status, bad.body.messages]).toEqual([400, ['Параметр «version»: введите число']]);
    expect((await call('POST', `/api/products/${product.id}/varieties`, 'admin', { name: 'W320' })).status).toBe(201);
    expect(await versionOf(product.id)).toBe(2);
  });
});
