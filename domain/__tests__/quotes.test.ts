// The quote's ranking (issue 38 'Подбор'), every figure worked by hand from the lots, the routes and the settings:
// delivery 15 ₽/kg by default, own costs 12 ₽/kg, markups 10 % … 35 %.
import { canQuote, canReserveFromQuote } from '../quotes/access';
import { earliestDelivery, lotPrice, marginBounds, QUOTE_LINES_MAX, rankLots, type QuoteLot } from '../quotes/ranking';
import { permissionsOf, type Permissions } from '../permissions';

const settings = { delivery_cost_default: 15, costs_per_kg: 12, min_markup: 0.1, max_markup: 0.35 };
// by the kg at 300 ₽, 500 kg, a route of 7.50 ₽/kg and 4 days
const A: QuoteLot = {
  offer_id: 1,
  unit_measure: 'кг',
  kg_price: '300.00',
  unit_weight: '1.000',
  available_amount: '500.00',
  route_cost: '7.50',
  route_days: 4,
};
// by the piece: 0.25 kg at 400 ₽/kg, 240 pieces, no route (the default 15 ₽/kg, days unknown)
const B: QuoteLot = {
  offer_id: 2,
  unit_measure: 'шт',
  kg_price: '400.00',
  unit_weight: '0.250',
  available_amount: '240.00',
  route_cost: null,
  route_days: null,
};
// by the kg at 310 ₽, 200 kg, 5.00 ₽/kg and 2 days
const C: QuoteLot = {
  offer_id: 3,
  unit_measure: 'кг',
  kg_price: '310.00',
  unit_weight: '1.000',
  available_amount: '200.00',
  route_cost: '5.00',
  route_days: 2,
};

const parts = (lines: ReturnType<typeof rankLots>) =>
  lines.map((l) => l.parts.map((p) => [p.lot.offer_id, p.amount, p.kg]));

test('each lot that holds the amount is a line, cheapest delivered kg first, priced to the kopeck', () => {
  const lines = rankLots([B, C, A], settings, { amount: 100, unit: 'кг', level: 'middle' });
  // B: 100 kg = 400 pieces of 0.25 kg, it has 240: not alone
  expect(parts(lines)).toEqual([[[1, 100, 100]], [[3, 100, 100]]]);
  const [a, c] = lines;
  // A: delivered 300.00 + 12 + 7.50 = 319.50 ₽/kg, a unit (1 kg) the same; band 319.50 × 1.10 = 351.45 …
  // 319.50 × 1.35 = 431.325 → 431.33; middle (351.45 + 431.33) / 2 = 391.39; margin (391.39 − 319.50) / 391.39
  // = 18.367… → 18.37 %
  expect(a.parts[0].price).toMatchObject({
    delivery_cost: 7.5,
    default_delivery: false,
    route_days: 4,
    delivered_kg_price: 319.5,
    delivered_unit_price: 319.5,
    band: { min: 351.45, max: 431.33 },
    unit_price: 391.39,
    price_kg: 391.39,
    margin: 18.37,
  });
  expect(a).toMatchObject({
    delivered_kg_price: 319.5,
    total_sum: 39139,
    total_kg: 100,
    route_days: 4,
    available: 500,
  });
  // C: 310.00 + 12 + 5.00 = 327.00; band 359.70 … 441.45; middle 801.15 / 2 = 400.575 → 400.58
  expect(c.parts[0].price).toMatchObject({
    delivered_kg_price: 327,
    band: { min: 359.7, max: 441.45 },
    unit_price: 400.58,
  });
  expect(c.route_days).toBe(2);
});

test('a lot by the piece: delivered per kg and per unit, the default delivery where there is no route', () => {
  const [line] = rankLots([A, B], settings, { amount: 100, unit: 'шт', level: 'min' });
  // only B counts pieces; 400.00 + 12 + 15 = 427.00 ₽/kg; a unit 427 × 0.25 = 106.75; band 117.425 → 117.43 …
  // 144.1125 → 144.11; per kg 117.43 / 0.25 = 469.72; margin (117.43 − 106.75) / 117.43 = 9.094… → 9.09 %
  expect(parts([line])).toEqual([[[2, 100, 25]]]);
  expect(line.parts[0].price).toMatchObject({
    delivery_cost: 15,
    default_delivery: true,
    route_days: null,
    delivered_kg_price: 427,
    delivered_unit_price: 106.75,
    band: { min: 117.43, max: 144.11 },
    unit_price: 117.43,
    price_kg: 469.72,
    margin: 9.09,
  });
  expect(line).toMatchObject({ total_sum: 11743, total_kg: 25, route_days: null, available: 240 });
});

test('where no lot holds the amount, the cheapest two or three together, cheapest first, as one line', () => {
  // 600 kg: A 500 + C 100 (B's 60 kg adds nothing A and C do not already cover)
  const [two] = rankLots([A, B, C], settings, { amount: 600, unit: 'кг', level: 'middle' });
  expect(parts([two])).toEqual([
    [
      [1, 500, 500],
      [3, 100, 100],
    ],
  ]);
  // delivered (500 × 319.50 + 100 × 327.00) / 600 = 192 450 / 600 = 320.75; sold 500 × 391.39 + 100 × 400.58 =
  // 235 753.00, per kg 392.921… → 392.92; margin (235 753 − 192 450) / 235 753 = 18.367… → 18.37
  expect(two).toMatchObject({
    delivered_kg_price: 320.75,
    total_sum: 235753,
    price_kg: 392.92,
    total_kg: 600,
    margin: 18.37,
    route_days: 4,
    available: 700,
  });
  // 740 kg: A 500 + C 200 + 40 kg of B = 160 pieces; delivered (159 750 + 65 400 + 40 × 427) / 740 = 242 230 / 740
  // = 327.337… → 327.34; sold 195 695 + 80 116 + 160 × 130.77 (B's middle: (117.43 + 144.11) / 2) = 296 734.20;
  // B has no route, so the line's days are unknown
  const [three] = rankLots([A, B, C], settings, { amount: 740, unit: 'кг', level: 'middle' });
  expect(parts([three])).toEqual([
    [
      [1, 500, 500],
      [3, 200, 200],
      [2, 160, 40],
    ],
  ]);
  expect(three).toMatchObject({
    delivered_kg_price: 327.34,
    total_sum: 296734.2,
    price_kg: 400.99,
    route_days: null,
    available: 760,
  });
  // more than all three hold: nothing
  expect(rankLots([A, B, C], settings, { amount: 761, unit: 'кг', level: 'middle' })).toEqual([]);
});

test("a margin in percent: cost / (1 − margin), kept inside the band; its bounds are the markups' margins", () => {
  // 10 / 110 = 9.0909… → 9.09; 35 / 135 = 25.925… → 25.93
  expect(marginBounds(settings)).toEqual({ min: 9.09, max: 25.93 });
  // A at 20 %: 319.50 / 0.8 = 399.375 → 399.38
  const [a] = rankLots([A], settings, { amount: 1, unit: 'кг', level: 'margin', margin: 20 });
  expect(a.parts[0].price).toMatchObject({ unit_price: 399.38, margin: 20 });
  // B at 25.93 %: 106.75 / 0.7407 = 144.119… → 144.12, a kopeck over the band's 144.11: 144.11
  const [b] = rankLots([B], settings, { amount: 1, unit: 'шт', level: 'margin', margin: 25.93 });
  expect(b.parts[0].price.unit_price).toBe(144.11);
  // the maximum of the band: A 431.33
  expect(rankLots([A], settings, { amount: 1, unit: 'кг', level: 'max' })[0].parts[0].price.unit_price).toBe(431.33);
});

test('ranking thousands of lots prices only those that can make the answer, in the order pricing them all gives', () => {
  // 3 000 lots on 4 kg prices and 2 routes (or none: the default), so hundreds share a delivered price per kg
  // (299.99 + 7.50 = 300.00 + 7.49 = …), told apart by the selling price, which differs with the unit's weight of
  // a lot by the piece, then by the lot's number. Priced all exactly, sorted, kept while each holds 100 kg alone,
  // they must give the same 50 lines as the ranking's lazy pricing
  const many: QuoteLot[] = Array.from({ length: 3000 }, (_, i) => ({
    offer_id: i + 1,
    unit_measure: i % 3 === 0 ? 'шт' : 'кг',
    kg_price: ['300.00', '300.01', '299.99', '310.00'][i % 4],
    unit_weight: i % 3 === 0 ? ['0.250', '0.500', '1.000', '0.333', '0.125'][i % 5] : '1.000',
    available_amount: String(100 + ((i * 37) % 1900)),
    route_cost: i % 7 === 0 ? null : ['7.50', '7.49'][i % 2],
    route_days: i % 7 ? 4 : null,
  }));
  const terms = { amount: 100, unit: 'кг' as const, level: 'middle' as const };
  const sorted = many
    .map((lot) => ({ lot, price: lotPrice(lot, settings, terms)! }))
    .sort(
      (a, b) =>
        a.price.delivered_kg_price - b.price.delivered_kg_price ||
        a.price.unit_price - b.price.unit_price ||
        a.lot.offer_id - b.lot.offer_id,
    );
  const all = sorted
    .filter(
      ({ lot, price }) =>
        (lot.unit_measure === 'шт' ? Math.ceil(100 / price.weight) : 100) <= Number(lot.available_amount),
    )
    .slice(0, QUOTE_LINES_MAX)
    .map(({ lot }) => lot.offer_id);
  const lines = rankLots(many, settings, terms);
  expect(lines.map((l) => l.parts[0].lot.offer_id)).toEqual(all);
  expect(all).toHaveLength(50);
  // the first: 299.99 + 12 + 7.50 = 319.49 ₽/kg, a lot of 0.125 kg pieces (the lowest selling price of one unit)
  expect(lines[0].delivered_kg_price).toBe(319.49);
  expect(lines[0].parts[0].lot.unit_weight).toBe('0.125');
  // no single lot holds 3 000 kg: the split is made from the same 200 cheapest lots as pricing all of them gives
  const split = { amount: 3000, unit: 'кг' as const, level: 'min' as const };
  const [line] = rankLots(many, settings, split);
  expect(line.parts.length).toBeGreaterThan(1);
  expect(line.total_kg).toBeGreaterThanOrEqual(3000);
  expect(parts([line])).toEqual(
    parts(
      rankLots(
        sorted.slice(0, 200).map(({ lot }) => lot),
        settings,
        split,
      ),
    ),
  );
});

test("the earliest delivery is the business day plus the route's days", () => {
  expect(earliestDelivery('2026-11-27', 4)).toBe('2026-12-01');
  expect(earliestDelivery('2026-11-27', null)).toBeNull();
  // a lot on its way (issue 40) leaves when it arrives: 5 December + 4 days; one already due leaves today
  expect(earliestDelivery('2026-11-27', 4, '2026-12-05')).toBe('2026-12-09');
  expect(earliestDelivery('2026-11-27', 4, '2026-11-20')).toBe('2026-12-01');
});

test('who quotes: offers read and the band and delivery seen; no supplier; reserving takes reserves create', () => {
  const role = (patch: Partial<Permissions>): Permissions => ({
    user_type: 'employee',
    user_id: 1,
    is_admin: false,
    role_id: 5,
    role_permissions: permissionsOf('all'),
    hidden_fields: {},
    ...patch,
  });
  expect(canQuote(role({}))).toBe(true);
  // role 1 does not see the loading city nor the supplier: it quotes all the same
  expect(canQuote(role({ role_id: 1, hidden_fields: { offers: ['supplier', 'city', 'loading_address'] } }))).toBe(true);
  // role 8 sees no selling band
  expect(
    canQuote(
      role({
        role_id: 8,
        hidden_fields: { reserves: ['min_selling_price', 'max_selling_price', 'delivery_cost', 'marginality'] },
      }),
    ),
  ).toBe(false);
  expect(canQuote(role({ user_type: 'supplier' }))).toBe(false);
  const readOnly = permissionsOf('all');
  readOnly.reserves.create = 'none';
  expect(canQuote(role({ role_permissions: readOnly }))).toBe(true);
  expect(canReserveFromQuote(role({ role_permissions: readOnly }))).toBe(false);
});
