// Issue 40: lots on their way. An offer's logistics state and expected arrival; reserves placed on a lot still on
// its way (due no earlier than it, held until it comes, their dates moving with it); the arrival, where a
// shortfall is shared by the business setting's rule, worked out by hand here, with the responsibles told.
import { sql } from 'drizzle-orm';
import dayjs from 'dayjs';
import { createDemoApp, tableChecksum, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, today, type Trade } from './trade';
import { firstRow, rowsOf } from '../db/rows';

let ctx: DemoContext;
let trade: Trade;
/** Two demo employees with accounts (the manager's and the warehouse's): the reserves' responsibles, told by the bell. */
let people: { user_id: number; employee_id: number }[];
/** A supplier the demo supplier's user is not. */
let otherSupplier: number;

const day = (days: number) => dayjs(today).add(days, 'day').format('YYYY-MM-DD');
const shown = (date: string) => dayjs(date).format('DD.MM.YYYY');

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
  people = rowsOf<{ user_id: number; employee_id: number }>(
    await ctx.db.execute(sql`
    SELECT id AS user_id, employee_id FROM users WHERE email IN ('manager@nutdesk.demo', 'warehouse@nutdesk.demo') ORDER BY email`),
  );
  expect(people).toHaveLength(2);
  otherSupplier = firstRow<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM suppliers WHERE status = 'active'
    AND id <> (SELECT supplier_id FROM users WHERE email = 'supplier@nutdesk.demo') ORDER BY id LIMIT 1`),
  )!.id;
}, 120_000);

afterAll(() => ctx?.close());

const offerRow = async (id: number) =>
  firstRow<Record<string, string>>(
    await ctx.db.execute(sql`
  SELECT unit_amount::text, reserved_amount::text, purchased_amount::text, available_amount::text, logistics_state,
    expected_arrival::text, status, version FROM offers WHERE id = ${id}`),
  )!;
const reserveRow = async (id: number) =>
  firstRow<Record<string, string>>(
    await ctx.db.execute(sql`
  SELECT status, round(amount, 2)::text AS amount, total_sum::text, total_selling_sum::text, round(packs_amount, 1)::text AS packs_amount,
    estimated_date_implementation::text AS estimated,
    reserved_until::text AS until, version FROM reserves WHERE id = ${id}`),
  )!;
const noticesOf = async (recordId: number, kind: string) =>
  rowsOf<{ user_id: number; text: string }>(
    await ctx.db.execute(sql`
  SELECT user_id, text FROM notifications WHERE record_id = ${recordId} AND kind = ${kind} ORDER BY user_id`),
  );
const setRule = async (rule: string) =>
  expect((await ctx.call('PUT', '/api/settings', 'admin', { shortfall_rule: rule })).status).toBe(200);

/** A lot of `amount` on its way, expected in `inDays` days. */
const lotOnTheWay = (amount: string, inDays = 20, patch: Record<string, unknown> = {}) =>
  trade.newOffer(amount, { logistics_state: 'in_transit', expected_arrival: day(inDays), ...patch });

/** A reserve of `amount` on the offer, due 3 days after the lot, the responsible one of the two people. */
async function reserveOn(offerId: number, amount: string, who: number, patch: Record<string, unknown> = {}) {
  const arrival = (await offerRow(offerId)).expected_arrival ?? today;
  const res = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offerId, {
      amount,
      estimated_date_implementation: dayjs(arrival).add(3, 'day').format('YYYY-MM-DD'),
      unit_selling_price: '400',
      responsible_id: people[who].employee_id,
      ...patch,
    }),
  );
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** 'Принять поступление' on the version the offer has now. */
const arrive = async (offerId: number, amount: string, date = today) =>
  ctx.call('POST', `/api/offers/${offerId}/arrival`, 'admin', {
    amount,
    date,
    version: Number((await offerRow(offerId)).version),
  });

test('an offer is on stock unless the card says it is on its way, with the day it is expected; the list filters by both', async () => {
  const plain = await trade.newOffer('10');
  expect([plain.logistics_state, plain.expected_arrival]).toEqual(['stock', null]);

  const missing = await ctx.call('POST', '/api/offers', 'admin', { ...reserveLessOffer(), logistics_state: 'customs' });
  expect(missing).toMatchObject({ status: 400, body: { messages: ['Укажите ожидаемую дату поступления'] } });
  const unknown = await ctx.call('POST', '/api/offers', 'admin', {
    ...reserveLessOffer(),
    logistics_state: 'at_sea',
    expected_arrival: day(5),
  });
  expect(unknown).toMatchObject({ status: 400, body: { messages: ['Выберите логистическое состояние'] } });
  const badDay = await ctx.call('POST', '/api/offers', 'admin', {
    ...reserveLessOffer(),
    logistics_state: 'customs',
    expected_arrival: '2026-02-30',
  });
  expect(badDay).toMatchObject({ status: 400, body: { messages: ['Укажите дату в формате ДД.ММ.ГГГГ'] } });

  const lot = await lotOnTheWay('10', 9, { logistics_state: 'customs' });
  expect([lot.logistics_state, lot.expected_arrival]).toEqual(['customs', day(9)]);
  const ids = async (query: string) => {
    const res = await ctx.call('GET', `/api/offers?perPage=200&${query}`);
    expect([res.status, res.body.messages]).toEqual([200, undefined]);
    return (res.body.data as { id: number }[]).map((r) => r.id);
  };
  expect(
    await ids(`logistics_states_ids=customs&expected_arrival_from=${day(9)}&expected_arrival_to=${day(9)}`),
  ).toEqual([lot.id]);
  expect(
    await ids(`logistics_states_ids=customs&logistics_states_ids=in_transit&expected_arrival_from=${day(10)}`),
  ).not.toContain(lot.id);
  expect(await ids(`logistics_states_ids=stock&offers_ids=${plain.id}&offers_ids=${lot.id}`)).toEqual([plain.id]);
  const config = (await ctx.call('GET', '/api/offers/filter_config')).body;
  expect(config.logistics_states_ids.options).toEqual([
    { title: 'Отгрузка у поставщика', value: 'supplier' },
    { title: 'В пути', value: 'in_transit' },
    { title: 'На таможне', value: 'customs' },
    { title: 'На складе', value: 'stock' },
  ]);
  expect(config.expected_arrival).toMatchObject({ title: 'Ожидаемое поступление', type: 'date' });

  // put on stock by the card: the day is no longer kept; the history tells both changes
  const onStock = await ctx.change('PATCH', `/api/offers/${lot.id}`, 'admin', { logistics_state: 'stock' });
  expect([onStock.body.logistics_state, onStock.body.expected_arrival]).toEqual(['stock', null]);
  const history = (await ctx.call('GET', `/api/offers/${lot.id}/history`)).body;
  expect(JSON.stringify(history)).toContain('"field":"logistics_state","old":"customs","new":"stock"');
});

/** An offer form no other test's offer duplicates. */
let spareYear = 2000;
const reserveLessOffer = () => ({
  product_id: 1,
  packing_id: 1,
  city_id: trade.cityIds[0],
  supplier_id: 1,
  origin_country: 'Иран',
  unit_measure: 'кг',
  units_per_pack: '10',
  unit_weight: '1',
  unit_price: '300',
  warehouse_cost: '0',
  loading_address: 'Москва, ул. Складская, 9',
  harvest_year: String(spareYear++),
  unit_amount: '10',
});

test('a lot in transit is reserved: due no earlier than it arrives, held at least until then', async () => {
  const lot = await lotOnTheWay('100', 20);
  const arrival = day(20);
  const early = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, lot.id, { unit_selling_price: '400', estimated_date_implementation: day(19) }),
  );
  expect(early).toMatchObject({
    status: 400,
    body: { messages: [`Дата реализации не может быть раньше ожидаемого поступления ${shown(arrival)}`] },
  });
  const shortHold = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, lot.id, {
      unit_selling_price: '400',
      estimated_date_implementation: day(25),
      reserved_until: day(19),
    }),
  );
  expect(shortHold).toMatchObject({
    status: 400,
    body: { messages: [`Резерв не может закончиться раньше ожидаемого поступления ${shown(arrival)}`] },
  });

  // without a 'Резерв до', the hold of 5 days runs from the day the lot is expected (issue 51): 20 + 5 = day 25, and
  // no further than the date of implementation, day 23
  const id = await reserveOn(lot.id, '30', 0);
  expect(await reserveRow(id)).toMatchObject({ status: 'active', amount: '30.00', estimated: day(23), until: day(23) });
  const later = await reserveOn(lot.id, '10', 0, { estimated_date_implementation: day(40) });
  expect(await reserveRow(later)).toMatchObject({ estimated: day(40), until: day(25) });
  const card = (await ctx.call('GET', `/api/reserves/${id}`)).body;
  expect(card.offer).toMatchObject({ logistics_state: 'in_transit', expected_arrival: arrival });
  expect(await offerRow(lot.id)).toMatchObject({
    reserved_amount: '40.000',
    available_amount: '60.000',
    logistics_state: 'in_transit',
  });
});

test("the lot expected later: its reserves' dates move with it (versions, history) and each responsible is told the old and new day", async () => {
  const lot = await lotOnTheWay('100', 20);
  const first = await reserveOn(lot.id, '30', 0);
  const second = await reserveOn(lot.id, '20', 1, { reserved_until: day(30), estimated_date_implementation: day(40) });
  const before = [await reserveRow(first), await reserveRow(second)];

  const moved = await ctx.change('PATCH', `/api/offers/${lot.id}`, 'admin', { expected_arrival: day(27) });
  expect(moved.status).toBe(200);
  // seven days later: each date moves by seven days
  expect(await reserveRow(first)).toMatchObject({ estimated: day(30), until: day(30), version: before[0].version + 1 });
  expect(await reserveRow(second)).toMatchObject({
    estimated: day(47),
    until: day(37),
    version: before[1].version + 1,
  });
  const history = (await ctx.call('GET', `/api/reserves/${first}/history`)).body as {
    changes: { field: string; old: string; new: string }[];
  }[];
  expect(history[0].changes).toEqual(
    expect.arrayContaining([
      { field: 'estimated_date_implementation', old: day(23), new: day(30) },
      { field: 'reserved_until', old: day(23), new: day(30) },
    ]),
  );
  expect(await noticesOf(first, 'arrival_moved')).toEqual([
    {
      user_id: people[0].user_id,
      text: `Поступление по предложению № ${lot.id} перенесено с ${shown(day(20))} на ${shown(day(27))}: даты резерва № ${first} сдвинуты`,
    },
  ]);
  expect(await noticesOf(second, 'arrival_moved')).toEqual([
    { user_id: people[1].user_id, text: expect.stringContaining(`резерва № ${second}`) },
  ]);

  // expected sooner: nothing moves, nobody is told
  await ctx.change('PATCH', `/api/offers/${lot.id}`, 'admin', { expected_arrival: day(22) });
  expect(await reserveRow(first)).toMatchObject({ estimated: day(30), until: day(30) });
  expect(await noticesOf(first, 'arrival_moved')).toHaveLength(1);
});

test('a lot on stock put on its way: a hold ending before it comes runs the hold days from its day (issue 51)', async () => {
  const lot = await trade.newOffer('100');
  const id = await reserveOn(lot.id, '10', 0, { estimated_date_implementation: day(40) });
  expect(await reserveRow(id)).toMatchObject({ estimated: day(40), until: day(5) });
  expect(
    (
      await ctx.change('PATCH', `/api/offers/${lot.id}`, 'admin', {
        logistics_state: 'in_transit',
        expected_arrival: day(20),
      })
    ).status,
  ).toBe(200);
  // 20 + 5 hold days = day 25, within the date of implementation (day 40)
  expect(await reserveRow(id)).toMatchObject({ estimated: day(40), until: day(25) });
});

test('a short arrival, first come first served: the latest reserves are cut first, exactly, each responsible told', async () => {
  await setRule('fifo');
  const lot = await lotOnTheWay('100', 20);
  const [a, b, c] = [
    await reserveOn(lot.id, '50', 0),
    await reserveOn(lot.id, '30', 1),
    await reserveOn(lot.id, '20', 0),
  ];
  const res = await arrive(lot.id, '75');
  expect(res.status).toBe(200);
  // 100 reserved, 75 came: 25 short. The latest (20) goes to nothing, the one before it gives 5 of its 30
  expect(res.body.cut).toEqual([
    { reserve_id: b, from: '30.00', to: '25.00' },
    { reserve_id: c, from: '20.00', to: '0.00' },
  ]);
  expect(res.body.offer).toMatchObject({
    id: lot.id,
    logistics_state: 'stock',
    expected_arrival: today,
    unit_amount: '75.00',
    reserved_amount: '75.00',
    available_amount: '0.00',
  });
  expect(await offerRow(lot.id)).toMatchObject({
    unit_amount: '75.000',
    reserved_amount: '75.000',
    available_amount: '0.000',
    logistics_state: 'stock',
  });
  expect(await reserveRow(a)).toMatchObject({ status: 'active', amount: '50.00' });
  // 25 kg at 300 ₽ = 7 500,00; sold at 400 ₽ = 10 000,00; in packs of 10: 2.5
  expect(await reserveRow(b)).toMatchObject({
    status: 'active',
    amount: '25.00',
    total_sum: '7500.00',
    total_selling_sum: '10000.00',
    packs_amount: '2.5',
  });
  expect(await reserveRow(c)).toMatchObject({ status: 'cancelled', amount: '20.00' });
  expect(await noticesOf(b, 'reserve_cut')).toEqual([
    {
      user_id: people[1].user_id,
      text: `Резерв № ${b} сокращен: по предложению № ${lot.id} поступило меньше ожидаемого, теперь 25 вместо 30`,
    },
  ]);
  expect(await noticesOf(c, 'reserve_cut')).toEqual([
    {
      user_id: people[0].user_id,
      text: `Резерв № ${c} отменен: по предложению № ${lot.id} поступило меньше ожидаемого (было 20)`,
    },
  ]);
  expect(await noticesOf(a, 'reserve_cut')).toEqual([]);
  const history = (await ctx.call('GET', `/api/reserves/${b}/history`)).body as {
    changes: { field: string; old: unknown; new: unknown }[];
  }[];
  expect(history[0].changes).toEqual(expect.arrayContaining([{ field: 'amount', old: 30, new: 25 }]));
});

test('a short arrival shared in proportion: whole pieces, what the rounding leaves to the largest remainders, earlier first', async () => {
  await setRule('proportional');
  try {
    // pieces of 1 kg: 50, 30 and 20 reserved, 75 came. Shares 37.5, 22.5, 15: 37 + 22 + 15 = 74, the piece left goes
    // to the largest remainder (0.5 each for the first two: the earlier one), so 38, 22, 15
    const pieces = await lotOnTheWay('100', 20, { unit_measure: 'шт', unit_weight: '1' });
    const [a, b, c] = [
      await reserveOn(pieces.id, '50', 0),
      await reserveOn(pieces.id, '30', 1),
      await reserveOn(pieces.id, '20', 0),
    ];
    const res = await arrive(pieces.id, '75');
    expect(res.body.cut).toEqual([
      { reserve_id: a, from: '50.00', to: '38.00' },
      { reserve_id: b, from: '30.00', to: '22.00' },
      { reserve_id: c, from: '20.00', to: '15.00' },
    ]);
    expect(await offerRow(pieces.id)).toMatchObject({
      unit_amount: '75.000',
      reserved_amount: '75.000',
      available_amount: '0.000',
    });
    expect(await noticesOf(c, 'reserve_cut')).toEqual([
      { user_id: people[0].user_id, text: expect.stringContaining('теперь 15 вместо 20') },
    ]);

    // kilograms to the hundredth: 10, 10 and 10 reserved, 20 came, 5 bought before. 15 shared: 5 each, nothing left
    // over; then 10, 10, 10 and 20 came with none bought: 6.666… each, 6.66 × 3 = 19.98, the two hundredths left
    // go to the first two: 6.67, 6.67, 6.66
    const kg = await lotOnTheWay('30', 20);
    const [x, y, z] = [
      await reserveOn(kg.id, '10', 0),
      await reserveOn(kg.id, '10', 1),
      await reserveOn(kg.id, '10', 0),
    ];
    const cut = (await arrive(kg.id, '20')).body.cut;
    expect(cut).toEqual([
      { reserve_id: x, from: '10.00', to: '6.67' },
      { reserve_id: y, from: '10.00', to: '6.67' },
      { reserve_id: z, from: '10.00', to: '6.66' },
    ]);
    // 6.67 kg at 300 ₽ = 2 001,00; at 400 ₽ = 2 668,00; packs of 10: 0.667 → 0.7
    expect(await reserveRow(x)).toMatchObject({
      amount: '6.67',
      total_sum: '2001.00',
      total_selling_sum: '2668.00',
      packs_amount: '0.7',
    });
    expect(await offerRow(kg.id)).toMatchObject({
      unit_amount: '20.000',
      reserved_amount: '20.000',
      available_amount: '0.000',
    });
  } finally {
    await setRule('fifo');
  }
});

test('an arrival with enough for every reserve cuts nothing; what completed reserves bought is not shared', async () => {
  const lot = await lotOnTheWay('100', 20);
  const bought = await reserveOn(lot.id, '40', 0);
  const held = await reserveOn(lot.id, '30', 1);
  expect((await ctx.change('POST', `/api/reserves/${bought}/complete`, 'admin', {})).status).toBe(200);
  // 40 bought, 30 held: less than 40 cannot come
  expect(await arrive(lot.id, '39')).toMatchObject({
    status: 400,
    body: { messages: ['Получено меньше, чем уже выкуплено: 40'] },
  });
  // 60 came: 20 for the reserve of 30
  expect((await arrive(lot.id, '60')).body.cut).toEqual([{ reserve_id: held, from: '30.00', to: '20.00' }]);
  expect(await offerRow(lot.id)).toMatchObject({
    unit_amount: '60.000',
    reserved_amount: '20.000',
    purchased_amount: '40.000',
    available_amount: '0.000',
  });

  const plenty = await lotOnTheWay('100', 20);
  await reserveOn(plenty.id, '30', 0);
  const res = await arrive(plenty.id, '120');
  expect(res.body.cut).toEqual([]);
  expect(await offerRow(plenty.id)).toMatchObject({
    unit_amount: '120.000',
    reserved_amount: '30.000',
    available_amount: '90.000',
    logistics_state: 'stock',
  });
});

test('an arrival is refused with the reason and changes nothing: on stock already, no amount, a day ahead, a stale version, no right', async () => {
  // of another supplier than the demo supplier's user's
  const lot = await lotOnTheWay('100', 20, { supplier_id: otherSupplier });
  await reserveOn(lot.id, '30', 0);
  const before = await tableChecksum(ctx.db);
  expect(await arrive(lot.id, '', today)).toMatchObject({
    status: 400,
    body: { messages: ['Укажите полученное количество'] },
  });
  expect(await arrive(lot.id, '50', day(1))).toMatchObject({
    status: 400,
    body: { messages: ['Дата поступления не может быть позже сегодняшней'] },
  });
  expect(await arrive(lot.id, '50', '')).toMatchObject({
    status: 400,
    body: { messages: ['Укажите дату поступления'] },
  });
  const version = (await offerRow(lot.id)).version;
  expect(
    (
      await ctx.call('POST', `/api/offers/${lot.id}/arrival`, 'admin', {
        amount: '50',
        date: today,
        version: Number(version) - 1,
      })
    ).status,
  ).toBe(409);
  // the supplier's user changes only its own supplier's offers
  const supplier = await ctx.call('POST', `/api/offers/${lot.id}/arrival`, 'supplier', {
    amount: '50',
    date: today,
    version,
  });
  expect([403, 404]).toContain(supplier.status);
  expect(await tableChecksum(ctx.db)).toBe(before);

  expect((await arrive(lot.id, '100')).status).toBe(200);
  expect(await arrive(lot.id, '100')).toMatchObject({ status: 400, body: { messages: ['Предложение уже на складе'] } });
});

test('an arrival racing new reserves never oversells: the reserves hold no more than came', async () => {
  const lot = await lotOnTheWay('100', 20);
  await reserveOn(lot.id, '40', 0);
  const form = (amount: string) =>
    reserveForm(trade, lot.id, {
      amount,
      unit_selling_price: '400',
      estimated_date_implementation: day(23),
      responsible_id: people[1].employee_id,
    });
  // a reserve placed moves the offer's version: the arrival made on an older one is refused (409) and made again
  // on the new one, as a user would
  const arrival = async () => {
    for (;;) {
      const res = await arrive(lot.id, '50');
      if (res.status !== 409) return res;
    }
  };
  const results = await Promise.all([
    ...Array.from({ length: 4 }, () => ctx.call('POST', '/api/reserves', 'admin', form('15'))),
    arrival(),
    ...Array.from({ length: 4 }, () => ctx.call('POST', '/api/reserves', 'admin', form('15'))),
  ]);
  expect(results[4].status).toBe(200);
  expect(results.map((r) => r.status).filter((s) => ![200, 201, 400].includes(s))).toEqual([]);
  const offer = await offerRow(lot.id);
  const { held } = firstRow<{ held: string }>(
    await ctx.db.execute(sql`
    SELECT coalesce(sum(amount), 0)::text AS held FROM reserves WHERE offer_id = ${lot.id} AND status = 'active'`),
  )!;
  expect(Number(held)).toBe(Number(offer.reserved_amount));
  expect(Number(offer.reserved_amount) + Number(offer.purchased_amount)).toBeLessThanOrEqual(Number(offer.unit_amount));
  expect(Number(offer.available_amount)).toBeGreaterThanOrEqual(0);
  expect(offer.logistics_state).toBe('stock');
  expect(offer.unit_amount).toBe('50.000');
});
