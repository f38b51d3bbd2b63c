// Issue 33, references that stay true: an offer's reserves and purchases count in its unit, so its unit and unit
// weight stay while anything is reserved or purchased (refused with the count); an offer that completed itself
// and gets more goods is 'Активный' again.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { firstRow } from '../db/rows';

let ctx: DemoContext;
let trade: Trade;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
});
afterAll(() => ctx.close());

const storedOffer = async (id: number) =>
  firstRow<{
    status: string;
    unit_measure: string;
    unit_weight: string;
    unit_amount: string;
    available: string;
    reserved: string;
  }>(
    await ctx.db
      .execute(sql`SELECT status, unit_measure, unit_weight::text AS unit_weight, round(unit_amount, 2)::text AS unit_amount,
    round(available_amount, 2)::text AS available, round(reserved_amount, 2)::text AS reserved FROM offers WHERE id = ${id}`),
  )!;

test('50 kg reserved: a change to pieces of 25 kg, or of the unit weight, is refused with the count and changes nothing', async () => {
  const offer = await trade.newOffer('100');
  const made = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { amount: '50', unit_selling_price: '400' }),
  );
  expect(made.status).toBe(201);
  const message = 'Нельзя изменить единицу измерения или вес единицы: резервов и покупок по предложению — 1';
  const toPieces = await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', {
    unit_measure: 'шт',
    unit_weight: '25',
  });
  expect([toPieces.status, toPieces.body.messages]).toEqual([400, [message]]);
  // pieces of 0.25 kg with 8 reserved and 4 bought: 0.5 kg a piece would make 2 kg of 1 kg sold
  const pieces = await trade.newOffer('40', { unit_measure: 'шт', unit_weight: '0.25', units_per_pack: '4' });
  const held = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, pieces.id, { amount: '8', unit_selling_price: '350' }),
  );
  const sold = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, pieces.id, { amount: '4', unit_selling_price: '350' }),
  );
  expect([held.status, sold.status]).toEqual([201, 201]);
  expect((await ctx.change('POST', `/api/reserves/${sold.body.id}/complete`, 'admin', {})).status).toBe(200);
  const heavier = await ctx.change('PATCH', `/api/offers/${pieces.id}`, 'admin', { unit_weight: '0.5' });
  expect([heavier.status, heavier.body.messages]).toEqual([
    400,
    ['Нельзя изменить единицу измерения или вес единицы: резервов и покупок по предложению — 2'],
  ]);
  expect(await storedOffer(pieces.id)).toMatchObject({ unit_measure: 'шт', unit_weight: '0.250' });
  expect(await storedOffer(offer.id)).toMatchObject({ unit_measure: 'кг', unit_weight: '1.000', reserved: '50.00' });
  // the price still changes; and with the reserve cancelled the unit is free again
  expect((await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', { unit_price: '310' })).status).toBe(200);
  expect((await ctx.change('POST', `/api/reserves/${made.body.id}/cancel`, 'admin', {})).status).toBe(200);
  const free = await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', { unit_measure: 'шт', unit_weight: '25' });
  expect(free.status).toBe(200);
  expect(await storedOffer(offer.id)).toMatchObject({ unit_measure: 'шт', unit_weight: '25.000' });
});

test("an offer that completed itself is 'Активный' again when its quantity is raised: 20 of 20 bought, raised to 30, 10 free", async () => {
  const offer = await trade.newOffer('20');
  const made = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { amount: '20', unit_selling_price: '400' }),
  );
  expect((await ctx.change('POST', `/api/reserves/${made.body.id}/complete`, 'admin', {})).status).toBe(200);
  expect((await storedOffer(offer.id)).status).toBe('completed');
  const raised = await ctx.change('PATCH', `/api/offers/${offer.id}`, 'admin', { unit_amount: '30' });
  expect([raised.status, raised.body.status]).toEqual([200, 'active']);
  expect(await storedOffer(offer.id)).toMatchObject({ status: 'active', unit_amount: '30.00', available: '10.00' });
  // and it can be reserved again
  expect(
    (
      await ctx.call(
        'POST',
        '/api/reserves',
        'admin',
        reserveForm(trade, offer.id, { amount: '10', unit_selling_price: '400' }),
      )
    ).status,
  ).toBe(201);
});
