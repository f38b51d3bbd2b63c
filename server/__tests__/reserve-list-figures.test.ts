// Issue 33 "As the spec says": the reserves' list carries the columns spec point 3 names in its column config,
// min_selling_price, max_selling_price and available_packs, off by default, each worked out here by hand from the
// stored inputs to the kopeck, and hidden from a role that does not see the selling band (role 8).
import { columns } from '../../domain/reserves/resource';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';

let ctx: DemoContext;
let trade: Trade;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
}, 120_000);

afterAll(() => ctx?.close());

test('the three columns are declared, titled and off by default', () => {
  const of = (key: string) => columns.find((c) => c.key === key);
  expect(of('min_selling_price')).toMatchObject({ title: 'Мин. цена продажи', type: 'money', hiddenByDefault: true });
  expect(of('max_selling_price')).toMatchObject({ title: 'Макс. цена продажи', type: 'money', hiddenByDefault: true });
  expect(of('available_packs')).toMatchObject({ title: 'Доступно упаковок', type: 'number', hiddenByDefault: true });
});

test("the list gives the band the reserve was judged by and the offer's packs left, to the kopeck and to a tenth", async () => {
  // 105 kg of cashew at 300 ₽/kg in packs of 10 kg, 1 kg a unit
  const offer = await trade.newOffer('105');
  const created = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { packs_amount: '2', unit_selling_price: '400' }),
  );
  expect(created.status).toBe(201);
  const list = await ctx.call('GET', `/api/reserves?reserves_ids=${created.body.id}`);
  expect(list.status).toBe(200);
  expect(list.body.data).toHaveLength(1);
  // cost per unit (delivery 15 + 300 + own costs 12) × 1 kg = 327 ₽; the band 327 × 1.10 = 359.70 and
  // 327 × 1.35 = 441.45; left in the offer 105 − 20 = 85 kg, in packs of 10: 8.5
  expect(list.body.data[0]).toMatchObject({
    min_selling_price: '359.70',
    max_selling_price: '441.45',
    available_packs: '8.5',
  });

  // sorted by the packs left: the list reads the same figure it sorts by
  const sorted = await ctx.call('GET', `/api/reserves?reserves_ids=${created.body.id}&sort=available_packs&order=desc`);
  expect([sorted.status, sorted.body.data[0].available_packs]).toEqual([200, '8.5']);
});

test('an offer whose pack is no whole number of its units: the packs left are rounded half up to a tenth', async () => {
  // 100 kg in packs of 3 kg; reserved 10 kg (3.3 packs of 3): 90 kg left = 30.0 packs; then 91 → 30.33… → 30.3
  const offer = await trade.newOffer('101', { units_per_pack: '3' });
  const created = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { amount: '10', packs_amount: '3.3', unit_selling_price: '400' }),
  );
  expect(created.status).toBe(201);
  const row = (await ctx.call('GET', `/api/reserves?reserves_ids=${created.body.id}`)).body.data[0];
  // 101 − 10 = 91 kg / 3 = 30.333… → 30.3; the band as above (the same terms): 359.70 … 441.45
  expect(row).toMatchObject({ available_packs: '30.3', min_selling_price: '359.70', max_selling_price: '441.45' });
});

test('role 8, which does not see the selling band, gets no band in the list, nor a sort or filter by it; it keeps the packs', async () => {
  const offer = await trade.newOffer('50');
  const created = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { packs_amount: '2', unit_selling_price: '400' }),
  );
  expect(created.status).toBe(201);
  const list = await ctx.call('GET', `/api/reserves?reserves_ids=${created.body.id}`, 'warehouse');
  expect(list.status).toBe(200);
  const row = list.body.data[0];
  expect('min_selling_price' in row).toBe(false);
  expect('max_selling_price' in row).toBe(false);
  // 50 − 20 = 30 kg in packs of 10
  expect(row.available_packs).toBe('3.0');
  expect((await ctx.call('GET', '/api/reserves?sort=min_selling_price', 'warehouse')).status).toBe(400);
  expect((await ctx.call('GET', '/api/reserves?sort=max_selling_price', 'warehouse')).status).toBe(400);
  // the administrator sees both
  const admin = (await ctx.call('GET', `/api/reserves?reserves_ids=${created.body.id}`)).body.data[0];
  expect(admin).toMatchObject({ min_selling_price: '359.70', max_selling_price: '441.45', available_packs: '3.0' });
});
