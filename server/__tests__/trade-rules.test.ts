// The trade's numbers (issue 19): a reserve judged by the terms it was made on until it is re-priced on purpose,
// and 'Завершить' on the day the buyer took the goods. Figures worked by hand in the comments.
import { eq, sql } from 'drizzle-orm';
import { addDays } from '../../domain/businessDay';
import { createDemoApp, tableChecksum, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, today, type Trade } from './trade';
import { reserves, users } from '../db/schema';
import { firstRow, rowsOf } from '../db/rows';
import { runReserveExpiry } from '../sections/reserves/expiry';

let ctx: DemoContext;
let trade: Trade;

beforeAll(async () => {
  ctx = await createDemoApp();
  // delivery 15 ₽/kg, own costs 12 ₽/kg, markups 10 % … 35 %; offers by the kilogram at 300 ₽ in packs of 10
  trade = await kilogramTrade(ctx, 1990);
}, 120_000);

afterAll(() => ctx?.close());

const setSettings = async (values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) {
    await ctx.db.execute(sql`UPDATE business_settings SET value = ${value} WHERE name = ${name}`);
  }
};
const DEMO_SETTINGS = { costs_per_kg: '12', min_markup: '0.1', max_markup: '0.35' };

/** A reserve of 20 kg at 400 ₽ delivered at 15 ₽/kg: cost (15 + 300 + 12) × 1 = 327, band 359.70 … 441.45. */
const newReserve = async (offerId: number, patch: Record<string, unknown> = {}) => {
  const res = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offerId, { packs_amount: '2', unit_selling_price: '400', ...patch }),
  );
  expect(res.status).toBe(201);
  return res.body as Record<string, unknown> & { id: number };
};
const reserveRow = async (id: number) => (await ctx.db.select().from(reserves).where(eq(reserves.id, id)))[0];
const history = async (id: number) =>
  (await ctx.call('GET', `/api/reserves/${id}/history`)).body as {
    changes: { field: string; old: unknown; new: unknown }[];
  }[];

describe('a reserve keeps the terms it was made on', () => {
  test("stored at creation; an edit after prices and settings moved is checked against its own band; re-pricing takes today's", async () => {
    const offerId = (await trade.newOffer('100')).id;
    const { id } = await newReserve(offerId);
    expect(await reserveRow(id)).toMatchObject({
      unit_price: '300.00',
      offer_price_kg: '300.00',
      unit_weight: '1.000',
      costs_per_kg: '12.0000',
      min_markup: '0.1000',
      max_markup: '0.3500',
      min_selling_price: '359.70',
      max_selling_price: '441.45',
      marginality: '18.25',
    });

    // the offer goes up to 350 ₽/kg, own costs to 20 ₽/kg, markups to 20 % … 50 %: today's band at delivery 15 is
    // (15 + 350 + 20) × 1.2 = 462.00 … × 1.5 = 577.50, which 400 ₽ is far below
    expect((await ctx.change('PATCH', `/api/offers/${offerId}`, 'admin', { unit_price: '350' })).status).toBe(200);
    await setSettings({ costs_per_kg: '20', min_markup: '0.2', max_markup: '0.5' });
    try {
      const edited = await ctx.change('PATCH', `/api/reserves/${id}`, 'admin', {
        buyer_name: 'ИП Смирнов',
        amount: '15',
        packs_amount: '1.5',
      });
      expect(edited.status).toBe(200);
      // its own terms: purchase 15 × 300 = 4500, selling 15 × 400 = 6000, band and margin as made
      expect(edited.body).toMatchObject({
        buyer_name: 'ИП Смирнов',
        unit_price: '300.00',
        total_sum: '4500.00',
        total_selling_sum: '6000.00',
        min_selling_price: '359.70',
        max_selling_price: '441.45',
        marginality: '18.25',
        costs_per_kg: '12.0000',
        min_markup: '0.1000',
      });
      // its own band's edges, not today's
      expect(
        (await ctx.change('PATCH', `/api/reserves/${id}`, 'admin', { unit_selling_price: '441.46' })).body.messages,
      ).toEqual(['Максимум 441,45']);
      expect(
        (await ctx.change('PATCH', `/api/reserves/${id}`, 'admin', { unit_selling_price: '359.69' })).body.messages,
      ).toEqual(['Минимум 359,7']);

      // what a re-pricing would take, read from the database for the card's preview
      const terms = (await ctx.call('GET', `/api/reserves/${id}/reprice`)).body;
      expect(terms).toEqual({
        unit_price: '350.00',
        offer_price_kg: '350.00',
        unit_weight: '1.000',
        costs_per_kg: '20',
        min_markup: '0.2',
        max_markup: '0.5',
      });

      // re-pricing at the reserve's price of 400 is refused by today's band, and changes nothing; so is a
      // re-pricing confirmed on terms that moved since the preview (own costs 12 → 20)
      const before = await tableChecksum(ctx.db);
      expect(
        (
          await ctx.change('PATCH', `/api/reserves/${id}`, 'admin', {
            reprice: true,
            reprice_terms: { ...terms, costs_per_kg: '12' },
            unit_selling_price: '500',
          })
        ).body.messages,
      ).toEqual(['Цены или настройки изменились после расчета: проверьте новый расчет']);
      expect(
        (await ctx.change('PATCH', `/api/reserves/${id}`, 'admin', { reprice: true, reprice_terms: terms })).body
          .messages,
      ).toEqual(['Минимум 462']);
      expect(await tableChecksum(ctx.db)).toBe(before);

      // re-priced at 500 ₽: cost 385, band 462.00 … 577.50, margin (500 − 385) / 500 = 23 %, purchase 15 × 350 = 5250
      const repriced = await ctx.change('PATCH', `/api/reserves/${id}`, 'admin', {
        reprice: true,
        reprice_terms: terms,
        unit_selling_price: '500',
      });
      expect(repriced.status).toBe(200);
      expect(repriced.body).toMatchObject({
        unit_price: '350.00',
        total_sum: '5250.00',
        unit_selling_price: '500.00',
        total_selling_sum: '7500.00',
        min_selling_price: '462.00',
        max_selling_price: '577.50',
        marginality: '23.00',
        offer_price_kg: '350.00',
        costs_per_kg: '20.0000',
        min_markup: '0.2000',
        max_markup: '0.5000',
      });
      const [last] = await history(id);
      expect(last.changes).toEqual(
        expect.arrayContaining([
          { field: 'unit_price', old: 300, new: 350 },
          { field: 'offer_price_kg', old: 300, new: 350 },
          { field: 'costs_per_kg', old: 12, new: 20 },
          { field: 'min_markup', old: 0.1, new: 0.2 },
          { field: 'max_markup', old: 0.35, new: 0.5 },
          { field: 'min_selling_price', old: 359.7, new: 462 },
        ]),
      );
    } finally {
      await setSettings(DEMO_SETTINGS);
    }
    // the settings are back, the reserve keeps the terms it was re-priced on
    expect(
      (await ctx.change('PATCH', `/api/reserves/${id}`, 'admin', { unit_selling_price: '462' })).body.min_selling_price,
    ).toBe('462.00');
  });

  test('only a role that sees the selling band re-prices, and only an active reserve', async () => {
    const offerId = (await trade.newOffer('100')).id;
    const { id } = await newReserve(offerId);
    const storekeeper = (await ctx.db.select().from(users).where(eq(users.email, 'warehouse@nutdesk.demo')))[0];
    await ctx.db.update(reserves).set({ responsible_id: storekeeper.employee_id }).where(eq(reserves.id, id));
    expect(await ctx.change('PATCH', `/api/reserves/${id}`, 'warehouse', { reprice: true })).toEqual({
      status: 403,
      body: expect.objectContaining({ message: 'Пересчет по текущим ценам недоступен для вашей роли' }),
    });
    expect((await ctx.call('GET', `/api/reserves/${id}/reprice`, 'warehouse')).body.message).toBe(
      'Пересчет по текущим ценам недоступен для вашей роли',
    );
    // role 8 sees neither its own costs nor its markups
    const seen = (await ctx.call('GET', `/api/reserves/${id}`, 'warehouse')).body;
    for (const field of ['costs_per_kg', 'min_markup', 'max_markup'])
      expect([field, field in seen]).toEqual([field, false]);

    expect((await ctx.change('POST', `/api/reserves/${id}/cancel`)).status).toBe(200);
    expect((await ctx.change('PATCH', `/api/reserves/${id}`, 'admin', { reprice: true })).body.messages).toEqual([
      'Резерв в статусе «Отменен» нельзя изменить',
    ]);
    expect((await ctx.call('GET', `/api/reserves/${id}/reprice`)).body.messages).toEqual([
      'Резерв в статусе «Отменен» нельзя изменить',
    ]);
  });
});

describe("issue 33: the offer's reserved sum is the sum of its reserves' own sums", () => {
  const offerRow = async (offerId: number) =>
    (
      (await ctx.call('GET', `/api/offers?offers_ids=${offerId}&perPage=20`)).body.data as Record<string, string>[]
    ).find((o) => Number(o.id) === offerId)!;

  test("a reserve on an old price keeps its sum; growing it takes today's terms first; renewal takes today's", async () => {
    const offerId = (await trade.newOffer('100')).id;
    // A: 20 kg made at 300 ₽/kg, purchase 20 × 300 = 6 000,00
    const a = await newReserve(offerId);
    expect((await ctx.change('PATCH', `/api/offers/${offerId}`, 'admin', { unit_price: '350' })).status).toBe(200);
    // B: 10 kg made at 350 ₽/kg (band (15 + 350 + 12) × 1.1 = 414.70 … × 1.35 = 508.95), purchase 10 × 350 = 3 500,00
    const b = await newReserve(offerId, { amount: '10', packs_amount: '1', unit_selling_price: '450' });
    expect(b.total_sum).toBe('3500.00');
    // the offer's reserved sum: 6 000,00 + 3 500,00 = 9 500,00, not 30 kg × 350 = 10 500,00; the list and the card agree
    expect(await offerRow(offerId)).toMatchObject({ reserved_amount: '30.00', reserved_sum: '9500.00' });
    expect((await ctx.call('GET', `/api/offers/${offerId}`)).body).toMatchObject({ reserved_sum: '9500.00' });

    // A grows from 20 to 25 on its old price: refused, nothing written
    const before = await tableChecksum(ctx.db);
    expect(
      (await ctx.change('PATCH', `/api/reserves/${a.id}`, 'admin', { amount: '25', packs_amount: '2.5' })).body
        .messages,
    ).toEqual([
      'Цена предложения изменилась после расчета резерва: чтобы увеличить количество, сначала нажмите «Пересчитать по текущим ценам»',
    ]);
    // a re-pricing that does not name the terms its preview showed is refused too
    expect(
      (
        await ctx.change('PATCH', `/api/reserves/${a.id}`, 'admin', {
          reprice: true,
          unit_selling_price: '450',
          amount: '25',
        })
      ).body.messages,
    ).toEqual([
      'Пересчет по текущим ценам применяется только к показанному расчету: откройте «Пересчитать по текущим ценам» и проверьте новый расчет',
    ]);
    expect(await tableChecksum(ctx.db)).toBe(before);

    // shrinking keeps its own terms: 15 × 300 = 4 500,00; the offer's sum 4 500,00 + 3 500,00 = 8 000,00
    const shrunk = await ctx.change('PATCH', `/api/reserves/${a.id}`, 'admin', { amount: '15', packs_amount: '1.5' });
    expect(shrunk.body).toMatchObject({ unit_price: '300.00', total_sum: '4500.00' });
    expect(await offerRow(offerId)).toMatchObject({ reserved_sum: '8000.00' });

    // re-priced with the terms shown, growing to 25 at 450: purchase 25 × 350 = 8 750,00, selling 25 × 450 = 11 250,00,
    // margin (450 − 377) / 450 = 16.22 %; the offer's sum 8 750,00 + 3 500,00 = 12 250,00 = 35 × 350
    const terms = (await ctx.call('GET', `/api/reserves/${a.id}/reprice`)).body;
    const grown = await ctx.change('PATCH', `/api/reserves/${a.id}`, 'admin', {
      reprice: true,
      reprice_terms: terms,
      unit_selling_price: '450',
      amount: '25',
      packs_amount: '2.5',
    });
    expect(grown.status).toBe(200);
    expect(grown.body).toMatchObject({
      amount: '25.00',
      unit_price: '350.00',
      total_sum: '8750.00',
      total_selling_sum: '11250.00',
      min_selling_price: '414.70',
      max_selling_price: '508.95',
      marginality: '16.22',
    });
    expect(await offerRow(offerId)).toMatchObject({ reserved_amount: '35.00', reserved_sum: '12250.00' });

    // B expires; the offer goes to 380 ₽/kg; renewed, B takes today's terms: purchase 10 × 380 = 3 800,00, cost
    // 15 + 380 + 12 = 407, band 447.70 … 549.45, margin at 450 (450 − 407) / 450 = 9.56 %
    await ctx.db.execute(sql`UPDATE reserves SET reserved_until = ${addDays(today, -1)}::date WHERE id = ${b.id}`);
    expect(await runReserveExpiry(ctx.db)).toContain(b.id);
    expect((await ctx.change('PATCH', `/api/offers/${offerId}`, 'admin', { unit_price: '380' })).status).toBe(200);
    const renewed = await ctx.call('POST', `/api/reserves/${b.id}/renew`, 'admin', {
      version: (await reserveRow(b.id)).version,
    });
    expect([renewed.status, renewed.body.messages]).toEqual([200, undefined]);
    expect(renewed.body).toMatchObject({
      status: 'active',
      unit_price: '380.00',
      total_sum: '3800.00',
      offer_price_kg: '380.00',
      unit_selling_price: '450.00',
      total_selling_sum: '4500.00',
      min_selling_price: '447.70',
      max_selling_price: '549.45',
      marginality: '9.56',
    });
    const [last] = await history(b.id);
    expect(last.changes).toEqual(
      expect.arrayContaining([
        { field: 'unit_price', old: 350, new: 380 },
        { field: 'total_sum', old: 3500, new: 3800 },
      ]),
    );
    // 8 750,00 + 3 800,00 = 12 550,00
    expect(await offerRow(offerId)).toMatchObject({ reserved_amount: '35.00', reserved_sum: '12550.00' });
  });
});

describe('issue 55: the reserved sum is stored on the offer, kept by the database in the same transaction', () => {
  const stored = async (offerId: number, db: DemoContext['db'] = ctx.db) =>
    firstRow<{ reserved_sum: string; version: number }>(
      await db.execute(sql`SELECT reserved_sum::text, version FROM offers WHERE id = ${offerId}`),
    )!;

  test('every demo offer holds the sum of its active reserves', async () => {
    const off = rowsOf(
      await ctx.db.execute(sql`SELECT o.id FROM offers o
      WHERE o.reserved_sum <> (SELECT coalesce(sum(r.total_sum), 0) FROM reserves r WHERE r.offer_id = o.id AND r.status = 'active')`),
    );
    expect(off).toEqual([]);
    const held = firstRow<{ n: number }>(
      await ctx.db.execute(sql`SELECT count(*)::int AS n FROM offers WHERE reserved_sum > 0`),
    )!.n;
    expect(held).toBeGreaterThan(0);
  });

  test("any statement on reserves moves it, the offer's version kept when nothing else of it moved; a rollback leaves it", async () => {
    const offerId = (await trade.newOffer('100')).id;
    // two reserves of 20 kg at 300 ₽/kg: 6 000,00 each, 12 000,00 in all
    const a = await newReserve(offerId);
    const b = await newReserve(offerId);
    expect((await stored(offerId)).reserved_sum).toBe('12000.00');
    const { version } = await stored(offerId);
    // a write no app code path makes, straight to the table: A's sum 6 000,00 → 5 000,00: 11 000,00, the version kept
    await ctx.db.execute(sql`UPDATE reserves SET total_sum = 5000 WHERE id = ${a.id}`);
    expect(await stored(offerId)).toEqual({ reserved_sum: '11000.00', version });
    // a statement that touches the reserve but not its sum, status or offer writes nothing on the offer
    await ctx.db.execute(sql`UPDATE reserves SET buyer_name = 'ООО Орех' WHERE id = ${a.id}`);
    expect(await stored(offerId)).toEqual({ reserved_sum: '11000.00', version });
    // rolled back: as it was
    await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE reserves SET total_sum = 1 WHERE offer_id = ${offerId}`);
        expect((await stored(offerId, tx as unknown as DemoContext['db'])).reserved_sum).toBe('2.00');
        tx.rollback();
      })
      .catch(() => undefined);
    expect((await stored(offerId)).reserved_sum).toBe('11000.00');
    // B cancelled: 5 000,00 left, in the list too
    expect((await ctx.change('POST', `/api/reserves/${b.id}/cancel`)).status).toBe(200);
    expect((await stored(offerId)).reserved_sum).toBe('5000.00');
    const listed = (await ctx.call('GET', `/api/offers?offers_ids=${offerId}&perPage=20`)).body.data as Record<
      string,
      string
    >[];
    expect(listed.find((o) => Number(o.id) === offerId)).toMatchObject({ reserved_sum: '5000.00' });
    // the list sorts and filters by the stored column
    const sorted = (await ctx.call('GET', '/api/offers?sort=reserved_sum&order=desc&perPage=20')).body.data as Record<
      string,
      string
    >[];
    expect(sorted.map((o) => Number(o.reserved_sum))).toEqual(
      [...sorted.map((o) => Number(o.reserved_sum))].sort((x, y) => y - x),
    );
  });
});

describe("'Завершить' on the actual date of implementation", () => {
  test('not after today, not before the reserve was made; the day asked is stored', async () => {
    const offerId = (await trade.newOffer('100')).id;
    const { id } = await newReserve(offerId, { amount: '40', packs_amount: '4' });
    const complete = (date: unknown) =>
      ctx.change('POST', `/api/reserves/${id}/complete`, 'admin', { actual_date_implementation: date });
    const tomorrow = addDays(today, 1);
    const yesterday = addDays(today, -1);
    const before = await tableChecksum(ctx.db);
    expect((await complete(tomorrow)).body.messages).toEqual(['Дата не может быть позже сегодняшней']);
    expect((await complete(yesterday)).body.messages).toEqual(['Дата не может быть раньше создания резерва']);
    expect((await complete('25.11.2026')).body.messages).toEqual(['Укажите фактическую дату реализации']);
    expect(await tableChecksum(ctx.db)).toBe(before);

    // made five days ago, taken by the buyer three days ago
    await ctx.db.execute(sql`UPDATE reserves SET created_at = now() - interval '5 days' WHERE id = ${id}`);
    const threeDaysAgo = addDays(today, -3);
    const done = await complete(threeDaysAgo);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', actual_date_implementation: threeDaysAgo });
    expect((await reserveRow(id)).actual_date_implementation).toBe(threeDaysAgo);
    expect(
      firstRow<{ purchased: string }>(
        await ctx.db.execute(sql`SELECT purchased_amount::text AS purchased FROM offers WHERE id = ${offerId}`),
      )!.purchased,
    ).toBe('40.000');
  });

  test('today, the day it was made, is the default', async () => {
    const { id } = await newReserve((await trade.newOffer('100')).id);
    expect((await ctx.change('POST', `/api/reserves/${id}/complete`, 'admin', {})).body).toMatchObject({
      actual_date_implementation: today,
    });
  });
});

test("every demo reserve's stored band follows from its own stored terms (the seed writes the terms it priced on)", async () => {
  const { keptTerms, pricedBy, currentTerms } = await import('../../domain/reserves/terms');
  const { reserveFigures } = await import('../../domain/reserves/figures');
  const rows = rowsOf<Record<string, string>>(
    await ctx.db.execute(sql`SELECT r.id::text, r.amount::text, r.unit_selling_price::text, r.delivery_cost::text,
    r.unit_price::text, r.offer_price_kg::text, r.unit_weight::text, r.costs_per_kg::text, r.min_markup::text, r.max_markup::text,
    r.min_selling_price::text, r.max_selling_price::text FROM reserves r WHERE r.created_by IS NOT NULL AND r.id < 1000 ORDER BY r.id`),
  );
  expect(rows.length).toBeGreaterThan(100);
  const zero = { delivery_cost_default: 0, costs_per_kg: 0, min_markup: 0, max_markup: 0 };
  const wrong = rows.filter((r) => {
    const terms = keptTerms(r, currentTerms({ kg_price: null, unit_weight: null }, zero));
    const { settings } = pricedBy(terms, { kg_price: null, unit_weight: null }, zero);
    const f = reserveFigures(
      {
        amount: r.amount,
        unit_selling_price: r.unit_selling_price,
        delivery_cost: r.delivery_cost,
        unit_price: r.unit_price,
        kg_price: terms.offer_price_kg,
        unit_weight: terms.unit_weight,
        units_per_pack: null,
      },
      settings,
    );
    return (
      f.min_selling_price!.toFixed(2) !== r.min_selling_price || f.max_selling_price!.toFixed(2) !== r.max_selling_price
    );
  });
  expect(wrong.map((r) => r.id)).toEqual([]);
});
