// Reserves from the form to the end of their life, through the API: every refusal of the form in Russian,
// stock moved exactly by create, amount edits, complete, cancel and delete, the offer sold out becoming
// 'Выполнен', role scopes and hidden fields, the delivery lookup, and 100 requests racing for 37 units.
import { eq, sql } from 'drizzle-orm';
import { addDays } from '../../domain/businessDay';
import { createDemoApp, type DemoContext, type DemoUser } from './testApp';
import { kilogramTrade, reserveForm, today, tomorrow, type Trade } from './trade';
import { offers, reserves, users } from '../db/schema';
import { firstRow, rowsOf } from '../db/rows';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let ctx: DemoContext;
let employeeId: number; // an active seller, for the admin (who has no employee) to name as responsible
let trade: Trade;

beforeAll(async () => {
  ctx = await createDemoApp();
  // the settings the demo runs on, written here so the numbers below are worked by hand against them
  trade = await kilogramTrade(ctx, 1990);
  ({ employeeId } = trade);
}, 120_000);

afterAll(() => ctx?.close());

/** A fresh offer of cashew by the kilogram at 300 ₽/kg in packs of 10: bounds at delivery 15 are 359.7 … 441.45. */
const newOffer = async (unitAmount: string, patch: Record<string, unknown> = {}): Promise<number> =>
  (await trade.newOffer(unitAmount, patch)).id;

const form = (offerId: number, patch: Record<string, unknown> = {}) =>
  reserveForm(trade, offerId, { packs_amount: '2', unit_selling_price: '400', ...patch });

const post = (body: unknown, who: DemoUser = 'admin') => ctx.call('POST', '/api/reserves', who, body);
const stock = async (offerId: number) => {
  const [o] = await ctx.db.select().from(offers).where(eq(offers.id, offerId));
  return {
    reserved: o.reserved_amount,
    purchased: o.purchased_amount,
    available: o.available_amount,
    status: o.status,
  };
};

describe('POST /api/reserves', () => {
  test('creates an active reserve with the figures computed on the server, taking its amount from the offer', async () => {
    const offerId = await newOffer('100');
    const res = await post({ ...form(offerId), comments: [{ text: 'Покупатель просит мешки по 10 кг' }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      offer_id: offerId,
      status: 'active',
      amount: '20.00',
      packs_amount: '2.0',
      unit_price: '300.00',
      total_sum: '6000.00',
      unit_selling_price: '400.00',
      total_selling_sum: '8000.00',
      // cost (15 + 300 + 12) × 1 = 327; bounds 327 × 1.1 and × 1.35; margin (400 − 327) / 400
      min_selling_price: '359.70',
      max_selling_price: '441.45',
      marginality: '18.25',
      buyer_phone: '79123456789',
      estimated_date_implementation: tomorrow,
      responsible_id: employeeId,
      can_update: true,
      offer: { id: offerId, available_amount: '80.00', kg_price: '300.00' },
    });
    expect(await stock(offerId)).toEqual({
      reserved: '20.000',
      purchased: '0.000',
      available: '80.000',
      status: 'active',
    });
    const comments = await ctx.call('GET', `/api/reserves/${res.body.id}/comments`);
    expect(comments.body.map((c: { text: string }) => c.text)).toEqual(['Покупатель просит мешки по 10 кг']);
  });

  test('every rule of the form answers 400 with its own message, and nothing is reserved', async () => {
    const offerId = await newOffer('100');
    const messages = async (body: unknown) => {
      const res = await post(body);
      expect(res.status).toBe(400);
      return (res.body.messages as string[]).sort();
    };
    expect(await messages({})).toEqual(['Выберите предложение']);
    expect(await messages({ offer_id: offerId })).toEqual(
      expect.arrayContaining([
        'Обязательное поле',
        'Выберите дату реализации',
        'Выберите город доставки',
        'Выберите ответственного',
      ]),
    );
    expect(await messages(form(offerId, { amount: '0' }))).toEqual([
      'Количество упаковок: минимум 0,2 (2 кг)',
      'Минимум 1',
    ]); // and so 0 packs
    expect(await messages(form(offerId, { amount: '1' }))).toEqual(['Количество упаковок: минимум 0,2 (2 кг)']); // 1 unit is 0.1 of a pack of 10
    expect(await messages(form(offerId, { amount: '101' }))).toEqual(['Максимум 10', 'Максимум 100']); // 10.1 packs of 10
    expect(await messages(form(offerId, { amount: 'много' }))).toEqual(['Введите число']);
    expect(await messages(form(offerId, { unit_selling_price: '359.69' }))).toEqual(['Минимум 359,7']);
    expect(await messages(form(offerId, { unit_selling_price: '441.46' }))).toEqual(['Максимум 441,45']);
    // delivery 25: cost 337, bounds 370.7 … 454.95
    expect(await messages(form(offerId, { delivery_cost: '25', unit_selling_price: '365' }))).toEqual([
      'Минимум 370,7',
    ]);
    expect(await messages(form(offerId, { unit_selling_price: '' }))).toEqual(['Обязательное поле']);
    expect(await messages(form(offerId, { estimated_date_implementation: addDays(today, -1) }))).toEqual([
      'Дата реализации не может быть раньше сегодняшней',
    ]);
    expect(await messages(form(offerId, { estimated_date_implementation: '2030-02-30' }))).toEqual([
      'Выберите дату реализации',
    ]);
    expect(await messages(form(offerId, { buyer_name: 'О' }))).toEqual(['Минимум 2 символа']);
    expect(await messages(form(offerId, { buyer_phone: '+7 (912) 345' }))).toEqual(['Неверный формат']);
    expect(await messages(form(offerId, { buyer_phone: '' }))).toEqual(['Обязательное поле']);
    expect(await messages(form(offerId, { city_id: '' }))).toEqual(['Выберите город доставки']);
    expect(await messages(form(offerId, { city_id: 999999 }))).toEqual(['Выберите город доставки']);
    expect(await messages(form(offerId, { delivery_address: 'ул.' }))).toEqual(['Минимум 5 символов']);
    expect(await messages(form(offerId, { delivery_cost: '0.5', unit_selling_price: '350' }))).toEqual(['Минимум 1']);
    expect(await messages(form(offerId, { delivery_days: '-1' }))).toEqual(['Минимум 0']);
    expect(await messages(form(offerId, { responsible_id: 999999 }))).toEqual(['Выберите ответственного']);
    // not a form at all: refused by the route's schema, still in Russian
    expect(await messages({ ...form(offerId), amount: { much: true } })).toEqual([
      'Поле «amount»: неверный тип значения',
    ]);
    expect(await stock(offerId)).toMatchObject({ reserved: '0.000', available: '100.000' });
  });

  test('a reserve of 0.125 kg pieces costs from the stored weight, and takes whole pieces only', async () => {
    // 800 pieces of 0.125 kg at 10 ₽ in packs of 8: kg price 10 / 0.125 = 80.00
    const offerId = await newOffer('800', {
      unit_measure: 'шт',
      unit_weight: '0.125',
      unit_price: '10',
      units_per_pack: '8',
    });
    const refused = await post(form(offerId, { amount: '20.5', unit_selling_price: '16' }));
    expect(refused).toMatchObject({ status: 400, body: { messages: ['Только целое число'] } });
    expect(await stock(offerId)).toMatchObject({ reserved: '0.000', available: '800.000' });
    const res = await post(form(offerId, { amount: '20', unit_selling_price: '16' }));
    expect(res.status).toBe(201);
    // cost (15 + 80 + 12) × 0.125 = 13.375 (with the weight stored as 0.13 it was 13.91, 4 % more);
    // bounds 13.375 × 1.1 = 14.7125 → 14.71 and × 1.35 = 18.05625 → 18.06; margin (16 − 13.375) / 16 = 16.40625 % → 16.41;
    // 20 pieces are 2.5 packs of 8, bought at 20 × 10 = 200.00 and sold at 20 × 16 = 320.00
    expect(res.body).toMatchObject({
      amount: '20.00',
      packs_amount: '2.5',
      min_selling_price: '14.71',
      max_selling_price: '18.06',
      marginality: '16.41',
      total_sum: '200.00',
      total_selling_sum: '320.00',
      offer: { unit_weight: '0.125', kg_price: '80.00' },
    });
    const [row] = await ctx.db.select().from(reserves).where(eq(reserves.id, res.body.id));
    expect([row.min_selling_price, row.max_selling_price, row.marginality]).toEqual(['14.71', '18.06', '16.41']);
  });

  test('the whole available amount can be reserved, one unit more cannot', async () => {
    const offerId = await newOffer('38', { units_per_pack: '3' });
    expect((await post(form(offerId, { amount: '39', packs_amount: '13' }))).body.messages.sort()).toEqual([
      'Максимум 12,7',
      'Максимум 38',
    ]);
    const res = await post(form(offerId, { amount: '38', packs_amount: '12.7' }));
    expect(res.status).toBe(201);
    expect(res.body.packs_amount).toBe('12.7');
    expect(await stock(offerId)).toMatchObject({ reserved: '38.000', available: '0.000' });
    expect((await post(form(offerId, { amount: '1' }))).body.messages).toEqual([
      'Недостаточно свободного количества: доступно 0',
    ]);
  });

  test('a deleted, a completed or an unknown offer cannot be reserved', async () => {
    const deleted = await newOffer('50');
    expect((await ctx.call('DELETE', '/api/offers', 'admin', { ids: [deleted] })).body.deleted).toBe(1);
    expect(await post(form(deleted))).toEqual({
      status: 400,
      body: expect.objectContaining({ messages: ['Предложение удалено: резервировать его нельзя'] }),
    });

    const completed = await newOffer('50');
    await ctx.db.update(offers).set({ status: 'completed' }).where(eq(offers.id, completed));
    expect((await post(form(completed))).body.messages).toEqual(['Резервировать можно только активное предложение']);

    expect((await post(form(2147483000))).body.messages).toEqual(['Предложение не найдено']);
    expect(await stock(deleted)).toMatchObject({ reserved: '0.000' });
  });
});

describe('the lifecycle moves stock exactly', () => {
  test('an amount edit takes more or gives back the difference; beyond what is free it is refused', async () => {
    const offerId = await newOffer('100');
    const { id } = (await post(form(offerId))).body;
    const patch = (body: unknown, who: DemoUser = 'admin') => ctx.change('PATCH', `/api/reserves/${id}`, who, body);

    expect((await patch({ amount: '30' })).body).toMatchObject({
      amount: '30.00',
      packs_amount: '3.0',
      total_selling_sum: '12000.00',
    });
    expect(await stock(offerId)).toMatchObject({ reserved: '30.000', available: '70.000' });
    expect((await patch({ amount: '5' })).body).toMatchObject({
      amount: '5.00',
      packs_amount: '0.5',
      total_sum: '1500.00',
    });
    expect(await stock(offerId)).toMatchObject({ reserved: '5.000', available: '95.000' });
    // this reserve may hold everything that is free plus what it holds: 95 + 5
    expect((await patch({ amount: '101' })).body.messages.sort()).toEqual(['Максимум 10', 'Максимум 100']);
    expect((await patch({ amount: '100', unit_selling_price: '420.50', buyer_name: 'ИП Смирнов' })).body).toMatchObject(
      { amount: '100.00', unit_selling_price: '420.50', buyer_name: 'ИП Смирнов', total_selling_sum: '42050.00' },
    );
    expect(await stock(offerId)).toMatchObject({ reserved: '100.000', available: '0.000' });
    expect((await patch({ offer_id: offerId + 1 })).body.messages).toEqual([
      'Предложение резерва изменить нельзя: создайте новый резерв',
    ]);
  });

  test('complete: the amount becomes purchased, the day is noted; a second step is refused in Russian', async () => {
    const offerId = await newOffer('100');
    const { id } = (await post(form(offerId, { amount: '40', packs_amount: '4' }))).body;
    const done = await ctx.change('POST', `/api/reserves/${id}/complete`, 'admin', {});
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', actual_date_implementation: today, can_update: false });
    expect(await stock(offerId)).toEqual({
      reserved: '0.000',
      purchased: '40.000',
      available: '60.000',
      status: 'active',
    });

    expect((await ctx.change('POST', `/api/reserves/${id}/complete`)).body.messages).toEqual([
      'Резерв в статусе «Завершен» нельзя завершить',
    ]);
    expect((await ctx.change('POST', `/api/reserves/${id}/cancel`)).body.messages).toEqual([
      'Резерв в статусе «Завершен» нельзя отменить',
    ]);
    expect((await ctx.change('PATCH', `/api/reserves/${id}`, 'admin', { amount: '10' })).body.messages).toEqual([
      'Резерв в статусе «Завершен» нельзя изменить',
    ]);
    expect(await stock(offerId)).toMatchObject({ reserved: '0.000', purchased: '40.000' });
  });

  test('cancel: the amount returns to the offer; a cancelled reserve cannot be completed', async () => {
    const offerId = await newOffer('100');
    const { id } = (await post(form(offerId, { amount: '25', packs_amount: '2.5' }))).body;
    expect(await stock(offerId)).toMatchObject({ reserved: '25.000', available: '75.000' });
    const res = await ctx.change('POST', `/api/reserves/${id}/cancel`);
    expect(res.body).toMatchObject({ status: 'cancelled', actual_date_implementation: null });
    expect(await stock(offerId)).toEqual({
      reserved: '0.000',
      purchased: '0.000',
      available: '100.000',
      status: 'active',
    });
    expect((await ctx.change('POST', `/api/reserves/${id}/complete`)).body.messages).toEqual([
      'Резерв в статусе «Отменен» нельзя завершить',
    ]);
    expect((await ctx.change('POST', `/api/reserves/${id}/cancel`)).body.messages).toEqual([
      'Резерв в статусе «Отменен» нельзя отменить',
    ]);
  });

  test('delete: an active reserve gives its amount back; a deleted one opens only with ?withDeleted and takes no step', async () => {
    const offerId = await newOffer('100');
    const { id } = (await post(form(offerId, { amount: '30', packs_amount: '3' }))).body;
    expect((await ctx.call('DELETE', '/api/reserves', 'admin', { ids: [id] })).body).toEqual({
      status: 'success',
      deleted: 1,
      notDeleted: 0,
    });
    expect(await stock(offerId)).toMatchObject({ reserved: '0.000', available: '100.000' });
    expect((await ctx.call('GET', `/api/reserves/${id}`)).body).toEqual({
      status: 'error',
      error: 'not_found',
      message: 'Объект не найден',
    });
    expect((await ctx.call('GET', `/api/reserves/${id}?withDeleted`)).body).toMatchObject({
      id,
      status: 'deleted',
      can_update: false,
    });
    expect((await ctx.change('POST', `/api/reserves/${id}/complete`)).body.messages).toEqual([
      'Резерв в статусе «Удален» нельзя завершить',
    ]);
  });

  test("an offer whose whole amount is purchased becomes 'Выполнен' and cannot be reserved again", async () => {
    const offerId = await newOffer('50');
    const first = (await post(form(offerId, { amount: '30', packs_amount: '3' }))).body.id;
    const second = (await post(form(offerId, { amount: '20', packs_amount: '2' }))).body.id;
    await ctx.change('POST', `/api/reserves/${first}/complete`);
    expect(await stock(offerId)).toMatchObject({ purchased: '30.000', status: 'active' });
    await ctx.change('POST', `/api/reserves/${second}/complete`);
    expect(await stock(offerId)).toEqual({
      reserved: '0.000',
      purchased: '50.000',
      available: '0.000',
      status: 'completed',
    });
    expect((await ctx.call('GET', `/api/offers/${offerId}`)).body.status).toBe('completed');
    expect((await post(form(offerId, { amount: '2' }))).body.messages).toEqual([
      'Резервировать можно только активное предложение',
    ]);
  });
});

describe('scopes and hidden fields', () => {
  const userOf = async (email: string) => (await ctx.db.select().from(users).where(eq(users.email, email)))[0];

  test("a role with reserves 'none' (the supplier) gets 403 on every reserve route", async () => {
    const offerId = await newOffer('10');
    const { id } = (await post(form(offerId, { amount: '2', packs_amount: '0.2' }))).body;
    for (const [method, url, body] of [
      ['GET', `/api/reserves/${id}`],
      ['POST', '/api/reserves', form(offerId)],
      ['PATCH', `/api/reserves/${id}`, { amount: '3' }],
      ['POST', `/api/reserves/${id}/complete`, {}],
      ['POST', `/api/reserves/${id}/cancel`, {}],
    ] as const) {
      expect([method, url, (await ctx.call(method, url, 'supplier', body)).status]).toEqual([method, url, 403]);
    }
    expect(await stock(offerId)).toMatchObject({ reserved: '2.000' });
  });

  test('role 8 never sees the buyer, delivery, margin, date and selling fields, and may not write them', async () => {
    const offerId = await newOffer('100');
    const { id } = (await post(form(offerId))).body;
    const seen = (await ctx.call('GET', `/api/reserves/${id}`, 'warehouse')).body;
    expect(seen).toMatchObject({ id, amount: '20.00', packs_amount: '2.0', status: 'active', can_update: false });
    for (const field of [
      'buyer_name',
      'buyer_phone',
      'city',
      'city_id',
      'delivery_address',
      'delivery_cost',
      'delivery_days',
      'marginality',
      'estimated_date_implementation',
      'actual_date_implementation',
      'unit_selling_price',
      'total_selling_sum',
      'min_selling_price',
      'max_selling_price',
      'responsible',
      'responsible_id',
      'created_by',
    ])
      expect([field, field in seen]).toEqual([field, false]);
    expect(JSON.stringify(seen)).not.toContain('ООО «Орех»');

    // the warehouse updates only reserves its storekeeper is responsible for
    expect((await ctx.change('PATCH', `/api/reserves/${id}`, 'warehouse', { amount: '10' })).status).toBe(403);
    expect((await ctx.call('POST', '/api/reserves', 'warehouse', form(offerId))).status).toBe(403);
    const storekeeper = await userOf('warehouse@nutdesk.demo');
    await ctx.db.update(reserves).set({ responsible_id: storekeeper.employee_id }).where(eq(reserves.id, id));
    expect(await ctx.change('PATCH', `/api/reserves/${id}`, 'warehouse', { buyer_name: 'Кто-то другой' })).toEqual({
      status: 403,
      body: expect.objectContaining({ message: 'Поле «buyer_name» недоступно для вашей роли' }),
    });
    const changed = await ctx.change('PATCH', `/api/reserves/${id}`, 'warehouse', { amount: '10', packs_amount: '1' });
    expect(changed.status).toBe(200);
    expect(changed.body.amount).toBe('10.00');
    expect(changed.body).not.toHaveProperty('total_selling_sum');
    // the hidden fields kept their values, and the selling sum follows the new amount on the server
    const [row] = await ctx.db.select().from(reserves).where(eq(reserves.id, id));
    expect(row).toMatchObject({
      buyer_name: 'ООО «Орех»',
      unit_selling_price: '400.00',
      total_selling_sum: '4000.00',
      delivery_days: 3,
    });
    expect(await stock(offerId)).toMatchObject({ reserved: '10.000', available: '90.000' });
    expect((await ctx.change('POST', `/api/reserves/${id}/complete`, 'warehouse', {})).body.status).toBe('completed');
  });

  test("role 1 is its own reserves' responsible; with reserves 'own' it reaches only those", async () => {
    const manager = await userOf('manager@nutdesk.demo');
    const offerId = await newOffer('100');
    const { responsible_id: _, ...noResponsible } = form(offerId);
    const mine = await post(noResponsible, 'manager');
    expect(mine.status).toBe(201);
    expect(mine.body.responsible_id).toBe(manager.employee_id);
    expect(mine.body).not.toHaveProperty('created_by');
    expect(mine.body.offer).not.toHaveProperty('city_id'); // role 1 does not see an offer's city
    expect(
      (
        await post(
          form(offerId, { responsible_id: employeeId === manager.employee_id ? employeeId + 1 : employeeId }),
          'manager',
        )
      ).body.messages,
    ).toEqual(['Ответственным за резерв можете быть только вы']);
    const theirs = (
      await post(form(offerId, { responsible_id: employeeId === manager.employee_id ? employeeId + 1 : employeeId }))
    ).body.id;

    await ctx.db.execute(
      sql`UPDATE role_permissions SET scope = 'own' WHERE role_id = ${manager.role_id} AND resource = 'reserves'`,
    );
    try {
      expect((await ctx.call('GET', `/api/reserves/${theirs}`, 'manager')).status).toBe(404);
      expect((await ctx.change('POST', `/api/reserves/${theirs}/cancel`, 'manager', {})).status).toBe(404);
      expect((await ctx.change('PATCH', `/api/reserves/${theirs}`, 'manager', { amount: '3' })).status).toBe(404);
      expect((await ctx.call('GET', `/api/reserves/${mine.body.id}`, 'manager')).body.can_update).toBe(true);
      expect((await ctx.change('POST', `/api/reserves/${mine.body.id}/cancel`, 'manager', {})).body.status).toBe(
        'cancelled',
      );
    } finally {
      await ctx.db.execute(
        sql`UPDATE role_permissions SET scope = 'all' WHERE role_id = ${manager.role_id} AND resource = 'reserves' AND action IN ('read', 'create', 'update', 'delete', 'export')`,
      );
    }
    expect(await stock(offerId)).toMatchObject({ reserved: '20.000', available: '80.000' });
  });
});

describe('GET /api/delivery', () => {
  test("the matrix route from a city or from an offer's loading city; none known answers nulls", async () => {
    const route = firstRow<{ from_city_id: number; to_city_id: number; cost: string; days: number }>(
      await ctx.db.execute(sql`
      SELECT from_city_id, to_city_id, cost::text, days FROM city_delivery WHERE cost > 0 ORDER BY from_city_id, to_city_id LIMIT 1`),
    )!;
    const res = await ctx.call('GET', `/api/delivery?from=${route.from_city_id}&to=${route.to_city_id}`, 'admin');
    expect(res).toEqual({
      status: 200,
      body: { to_id: route.to_city_id, cost: Number(route.cost).toFixed(2), days: route.days },
    });
    // role 1 does not see offers' loading city, so not the matrix either (issue 34, derived-fields.test.ts)
    expect(
      (await ctx.call('GET', `/api/delivery?from=${route.from_city_id}&to=${route.to_city_id}`, 'manager')).status,
    ).toBe(403);

    const offerId = await newOffer('10', { city_id: route.from_city_id });
    expect((await ctx.call('GET', `/api/delivery?offer=${offerId}&to=${route.to_city_id}`, 'admin')).body).toEqual({
      to_id: route.to_city_id,
      cost: Number(route.cost).toFixed(2),
      days: route.days,
    });
    expect((await ctx.call('GET', `/api/delivery?from=${route.from_city_id}&to=2147480000`, 'admin')).body).toEqual({
      to_id: 2147480000,
      cost: null,
      days: null,
    });
    for (const query of ['to=1', `from=1&offer=${offerId}&to=1`, 'from=1', 'from=x&to=1']) {
      expect((await ctx.call('GET', `/api/delivery?${query}`, 'manager')).body.messages).toEqual([
        'Укажите город отправления (from) или предложение (offer) и город доставки (to)',
      ]);
    }
  });
});

describe('GET /api/delivery?offer= tells no one what they may not see', () => {
  test("role 1, who does not see an offer's loading city, gets the same 403 for every destination, the city's own included", async () => {
    const [{ from_city_id: city }] = rowsOf<{ from_city_id: number }>(
      await ctx.db.execute(sql`SELECT from_city_id FROM city_delivery GROUP BY 1 ORDER BY 1 LIMIT 1`),
    );
    const offerId = await newOffer('10', { city_id: city });
    const others = rowsOf<{ to_city_id: number }>(
      await ctx.db.execute(sql`SELECT to_city_id FROM city_delivery WHERE from_city_id = ${city} ORDER BY 1 LIMIT 2`),
    );
    const refused = {
      status: 403,
      body: { status: 'error', error: 'forbidden', message: 'Поле «city» недоступно для вашей роли' },
    };
    // the offer's own city was the one destination answered with nulls: now it is answered like any other
    for (const to of [city, ...others.map((r) => r.to_city_id)]) {
      expect(await ctx.call('GET', `/api/delivery?offer=${offerId}&to=${to}`, 'manager')).toEqual(refused);
    }
    // the city's own row is its local delivery (issue 51): the demo's 2,50 ₽/kg, 1 day
    expect((await ctx.call('GET', `/api/delivery?offer=${offerId}&to=${city}`, 'admin')).body).toEqual({
      to_id: city,
      cost: '2.50',
      days: 1,
    });
  });

  test('an offer the caller may not read is not found, as its card', async () => {
    const offerId = await newOffer('10'); // the admin's
    const [manager] = await ctx.db.select().from(users).where(eq(users.email, 'manager@nutdesk.demo'));
    await ctx.db.execute(
      sql`UPDATE role_permissions SET scope = 'own' WHERE role_id = ${manager.role_id} AND resource = 'offers' AND action = 'read'`,
    );
    try {
      expect(await ctx.call('GET', `/api/delivery?offer=${offerId}&to=1`, 'manager')).toEqual({
        status: 404,
        body: expect.objectContaining({ message: 'Объект не найден' }),
      });
      expect((await ctx.call('GET', `/api/offers/${offerId}`, 'manager')).status).toBe(404);
      expect((await ctx.call('GET', '/api/delivery?offer=2147480000&to=1', 'admin')).status).toBe(404);
    } finally {
      await ctx.db.execute(
        sql`UPDATE role_permissions SET scope = 'all' WHERE role_id = ${manager.role_id} AND resource = 'offers' AND action = 'read'`,
      );
    }
  });
});

test('100 reserve requests at once on an offer with stock for 37: exactly 37 succeed, available ends at 0', async () => {
  const offerId = await newOffer('37', { units_per_pack: '1' });
  const results = await Promise.all(
    Array.from({ length: 100 }, () => post(form(offerId, { amount: '1', packs_amount: '1' }))),
  );
  const accepted = results.filter((r) => r.status === 201);
  const refused = results.filter((r) => r.status !== 201);
  expect(accepted).toHaveLength(37);
  expect(new Set(refused.map((r) => r.status))).toEqual(new Set([400]));
  // whether it read the stock before the last unit went (refused by the locked offer) or after, it is told why
  for (const r of refused) expect(r.body.messages).toEqual(['Недостаточно свободного количества: доступно 0']);
  const figures = firstRow<{ unit_amount: string; available: string; active: string; completed: string }>(
    await ctx.db.execute(sql`
    SELECT o.unit_amount::text, o.available_amount::text AS available,
      coalesce((SELECT sum(amount) FROM reserves WHERE offer_id = o.id AND status = 'active'), 0)::text AS active,
      coalesce((SELECT sum(amount) FROM reserves WHERE offer_id = o.id AND status = 'completed'), 0)::text AS completed
    FROM offers o WHERE o.id = ${offerId}`),
  )!;
  expect(Number(figures.available)).toBe(0);
  expect(Number(figures.available)).toBe(
    Number(figures.unit_amount) - Number(figures.active) - Number(figures.completed),
  );
  expect(Number(figures.active)).toBe(37);
}, 120_000);

test("a reserve without delivery days (an older demo's): the refusal names the field; migration 0039 gives it its route's days", async () => {
  const offerId = await newOffer('100');
  const { id } = (await post(form(offerId))).body;
  // its route: from the offer's loading city to the buyer's, 4 days
  const route = firstRow<{ from: number; to: number }>(
    await ctx.db.execute(
      sql`SELECT o.city_id AS from, r.city_id AS to FROM reserves r JOIN offers o ON o.id = r.offer_id WHERE r.id = ${id}`,
    ),
  )!;
  await ctx.db
    .execute(sql`INSERT INTO city_delivery (from_city_id, to_city_id, cost, days) VALUES (${route.from}, ${route.to}, 20, 4)
    ON CONFLICT (from_city_id, to_city_id) DO UPDATE SET cost = 20, days = 4`);
  await ctx.db.execute(sql`UPDATE reserves SET delivery_days = NULL WHERE id = ${id}`);
  const refused = await ctx.change('PATCH', `/api/reserves/${id}`, 'admin', { buyer_name: 'ИП Смирнов' });
  expect(refused.status).toBe(400);
  expect(refused.body.messages).toEqual(['Обязательное поле']);
  expect(refused.body.errors).toEqual([
    { field: 'delivery_days', label: 'Дней доставки', message: 'Обязательное поле' },
  ]);
  const fill = readFileSync(join(__dirname, '../db/migrations/0039_frozen_links_reserve_days.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .find((statement) => statement.includes('SET "delivery_days"'))!;
  await ctx.db.execute(sql.raw(fill));
  const saved = await ctx.change('PATCH', `/api/reserves/${id}`, 'admin', { buyer_name: 'ИП Смирнов' });
  expect([saved.status, saved.body.delivery_days, saved.body.buyer_name]).toEqual([200, 4, 'ИП Смирнов']);
});
