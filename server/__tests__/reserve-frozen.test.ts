// A reserve keeps what it was made on: the lot's landed cost per kg as it stood at creation, told in its first
// history entry like its other terms, and never written again (the lot's cost moves, the reserve is changed and
// re-priced, and it keeps its own).
import { eq, sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { reserves } from '../db/schema';
import { entryLines, type HistoryEntry } from '../../domain/history';

let ctx: DemoContext;
let trade: Trade;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
}, 120_000);
afterAll(() => ctx?.close());

const frozenOf = async (id: number) =>
  (
    await ctx.db
      .select({ landed: reserves.landed_kg_cost, version: reserves.version })
      .from(reserves)
      .where(eq(reserves.id, id))
  )[0];

test("a reserve freezes its lot's landed cost per kg at creation, tells it in its history, and never rewrites it", async () => {
  const offer = await trade.newOffer('100');
  // the lot's shipment stored its landed cost per kg
  await ctx.db.execute(sql`UPDATE offers SET landed_kg_cost = 287.45 WHERE id = ${offer.id}`);
  const made = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { packs_amount: '2', unit_selling_price: '400' }),
  );
  expect(made.status).toBe(201);
  const id = made.body.id as number;
  expect((await frozenOf(id)).landed).toBe('287.45');

  const [created] = (await ctx.call('GET', `/api/reserves/${id}/history`, 'admin')).body as HistoryEntry[];
  expect(created.action).toBe('create');
  expect(entryLines('reserves', created)).toEqual(['Создано', 'Себестоимость за кг при резерве: — → 287,45 ₽']);

  // the shipment's actual costs move the lot's landed cost; the reserve is changed and keeps its own
  await ctx.db.execute(sql`UPDATE offers SET landed_kg_cost = 301.10 WHERE id = ${offer.id}`);
  const changed = await ctx.change('PATCH', `/api/reserves/${id}`, 'admin', { amount: '10', packs_amount: '1' });
  expect(changed.status).toBe(200);
  expect((await frozenOf(id)).landed).toBe('287.45');

  // the warehouse role, which does not see the margin, reads none of it
  const history = JSON.stringify((await ctx.call('GET', `/api/reserves/${id}/history`, 'warehouse')).body);
  expect(history).not.toContain('landed_kg_cost');

  // a lot with no shipment freezes nothing and tells nothing of it
  const plain = await trade.newOffer('100');
  const other = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, plain.id, { packs_amount: '2', unit_selling_price: '400' }),
  );
  expect((await frozenOf(other.body.id)).landed).toBeNull();
  const [first] = (await ctx.call('GET', `/api/reserves/${other.body.id}/history`, 'admin')).body as HistoryEntry[];
  expect(first.changes).toEqual([]);
});
