// A container's landed cost per kg worked by hand (the pistachios of the currency issue), a second lot split by weight, value and
// quantity, import VAT in and out, estimate then actual, refusals that name the lot, and two properties.
import fc from 'fast-check';
import { landedCost, LandedCostError, type LotBasis, type RatedLine } from '../shipments/landedCost';
import type { CostLine } from '../shipments/costLines';

const line = (l: Partial<CostLine> & Pick<CostLine, 'kind' | 'amount'>, unit_rate = '1'): RatedLine => ({
  currency: l.currency ?? (unit_rate === '1' ? 'RUB' : 'USD'),
  status: 'actual',
  ...l,
  unit_rate,
});

const pistachios: LotBasis = {
  offer_id: 11,
  product_id: 1,
  weight_kg: '20000.000',
  value: '180000.00',
  quantity: '20000',
};
/** 9,00 USD/kg, 30 % prepaid at 85,50 and 70 % at 90,00; freight 6 000 USD at 88,00; duty 5 % of 186 000 USD at 89,00
 * (9 300 USD); broker 45 000, Russian freight 110 000 and lab 30 000 ₽ (185 000 ₽ in all). */
const container: RatedLine[] = [
  line({ kind: 'goods', amount: '54000', rate_date: '2026-09-01' }, '85.50'),
  line({ kind: 'goods', amount: '126000', rate_date: '2026-10-15' }, '90.00'),
  line({ kind: 'freight_abroad', amount: '6000' }, '88.00'),
  line({ kind: 'duty', amount: '9300', product_id: 1 }, '89.00'),
  line({ kind: 'broker', amount: '45000' }),
  line({ kind: 'freight_rf', amount: '110000' }),
  line({ kind: 'lab', amount: '30000' }),
];
const general = { vatRecovered: true };

describe('the landed cost of one lot, by hand', () => {
  const { lots, lines } = landedCost([pistachios], container, general);

  test('the prepaid goods make one ruble cost: 54 000 × 85,50 + 126 000 × 90,00 = 15 957 000,00 ₽', () => {
    expect(lots[0].totals.goods).toBe('15957000.00');
    expect(lines.slice(0, 2).map((l) => l.rubles)).toEqual(['4617000.00', '11340000.00']);
  });

  test('freight 528 000,00 ₽, duty 827 700,00 ₽, broker, Russian freight and lab 185 000,00 ₽', () => {
    expect(lots[0].totals.freight_abroad).toBe('528000.00');
    expect(lots[0].totals.duty).toBe('827700.00');
    expect(Number(lots[0].totals.broker) + Number(lots[0].totals.freight_rf) + Number(lots[0].totals.lab)).toBe(185000);
  });

  test('17 497 700,00 ₽ over 20 000 kg = 874,885 → 874,89 ₽/kg', () => {
    expect(lots[0].total).toBe('17497700.00');
    expect(lots[0].landed_kg_cost).toBe('874.89');
  });

  test("the waterfall's steps add up to the landed cost: 797,85 + 26,40 + 5,50 + 41,39 + 2,25 + 1,50", () => {
    const b = lots[0].breakdown;
    expect([b.goods, b.freight_abroad, b.freight_rf, b.insurance, b.duty, b.broker, b.lab, b.storage]).toEqual([
      '797.85',
      '26.40',
      '5.50',
      '0.00',
      '41.39',
      '2.25',
      '1.50',
      '0.00',
    ]);
  });
});

describe('a second lot in the same container', () => {
  // almonds, 200 bags of 25 kg at 7,00 USD/kg = 35 000 USD; the goods paid for both lots: 215 000 USD, 30 % at 85,50
  const almonds: LotBasis = { offer_id: 12, product_id: 2, weight_kg: '5000', value: '35000.00', quantity: '200' };
  const lines: RatedLine[] = [
    line({ kind: 'goods', amount: '64500' }, '85.50'),
    line({ kind: 'goods', amount: '150500' }, '90.00'),
    line({ kind: 'freight_abroad', amount: '6000' }, '88.00'),
    line({ kind: 'duty', amount: '9300', product_id: 1 }, '89.00'),
    line({ kind: 'broker', amount: '45000', allocation: 'value' }),
    line({ kind: 'freight_rf', amount: '110000' }),
    line({ kind: 'lab', amount: '30000', allocation: 'quantity' }),
  ];
  const result = landedCost([pistachios, almonds], lines, general);
  const [p, a] = result.lots;

  test('goods by value 180 000 : 35 000: each lot at its own blend of the two rates (88,65 ₽/USD)', () => {
    expect([p.totals.goods, a.totals.goods]).toEqual(['15957000.00', '3102750.00']);
  });

  test('freight by weight 20 000 : 5 000 kg: 422 400,00 and 105 600,00; Russian freight 88 000,00 and 22 000,00', () => {
    expect([p.totals.freight_abroad, a.totals.freight_abroad]).toEqual(['422400.00', '105600.00']);
    expect([p.totals.freight_rf, a.totals.freight_rf]).toEqual(['88000.00', '22000.00']);
  });

  test("the pistachios' duty stays on the pistachios", () => {
    expect([p.totals.duty, a.totals.duty]).toEqual(['827700.00', '0.00']);
  });

  test('broker by value: 45 000 × 180/215 = 37 674,418… → 37 674,42, the last lot the remainder 7 325,58', () => {
    expect([p.totals.broker, a.totals.broker]).toEqual(['37674.42', '7325.58']);
  });

  test('lab by quantity 20 000 : 200: 29 702,970… → 29 702,97 and 297,03', () => {
    expect([p.totals.lab, a.totals.lab]).toEqual(['29702.97', '297.03']);
  });

  test('17 362 477,39 / 20 000 = 868,12 ₽/kg and 3 237 972,61 / 5 000 = 647,59 ₽/kg; together every ruble of the lines', () => {
    expect([p.total, p.landed_kg_cost]).toEqual(['17362477.39', '868.12']);
    expect([a.total, a.landed_kg_cost]).toEqual(['3237972.61', '647.59']);
    expect((Math.round(Number(p.total) * 100) + Math.round(Number(a.total) * 100)) / 100).toBe(20600450);
  });
});

describe('import VAT, estimates and refusals', () => {
  // 20 % of (186 000 USD × 89,00 + 827 700) = 3 476 340,00 ₽
  const vat = line({ kind: 'import_vat', amount: '3476340' });

  test('VAT recovered (the general regime) stays out of the cost; not recovered it goes in: 20 974 040 / 20 000 = 1 048,70', () => {
    expect(landedCost([pistachios], [...container, vat], { vatRecovered: true }).lots[0].landed_kg_cost).toBe('874.89');
    const inCost = landedCost([pistachios], [...container, vat], { vatRecovered: false }).lots[0];
    expect([inCost.totals.import_vat, inCost.landed_kg_cost]).toEqual(['3476340.00', '1048.70']);
  });

  test('an actual line replaces the estimate of its kind: estimate 6 500 USD at 92,00 gives 878,39, the actual 874,89', () => {
    const estimate = line({ kind: 'freight_abroad', amount: '6500', status: 'estimate' }, '92.00');
    const lines = [...container, estimate];
    expect(landedCost([pistachios], lines, general).lots[0].landed_kg_cost).toBe('874.89');
    expect(landedCost([pistachios], lines, { ...general, prefer: 'estimate' }).lots[0].landed_kg_cost).toBe('878.39');
    const onTheWay = container.map((l, i) => (i === 2 ? estimate : l));
    expect(landedCost([pistachios], onTheWay, general).basis).toBe('mixed');
  });

  test('a lot with no weight is refused, named; a zero value under "value" too; never spread evenly', () => {
    const empty: LotBasis = { offer_id: 77, product_id: 1, weight_kg: '0', value: '0', quantity: '0' };
    expect(() => landedCost([pistachios, empty], container, general)).toThrow(
      'У лота № 77 нет веса: себестоимость за кг не считается',
    );
    const noValue = { ...empty, weight_kg: '100' };
    expect(() => landedCost([pistachios, noValue], container, general)).toThrow(
      new LandedCostError('Нельзя распределить «Товар (оплата поставщику)» по стоимости: у лота № 77 стоимость 0'),
    );
  });

  test('duty limited to a product the shipment does not carry is refused', () => {
    expect(() => landedCost([pistachios], [line({ kind: 'duty', amount: '1', product_id: 5 })], general)).toThrow(
      '«Пошлина»: в поставке нет лотов этого товара',
    );
  });

  test("a shipment without goods lines carries each lot's purchase in rubles: (1 000 000 + 30 000) / 20 000 = 51,50", () => {
    const lot = { ...pistachios, purchase_rub: '1000000.00' };
    expect(landedCost([lot], [line({ kind: 'lab', amount: '30000' })], general).lots[0].landed_kg_cost).toBe('51.50');
  });
});

describe('properties', () => {
  const lotArb = fc.record({
    weight: fc.integer({ min: 1, max: 5_000_000 }),
    value: fc.integer({ min: 1, max: 10_000_000 }),
    quantity: fc.integer({ min: 1, max: 100_000 }),
  });
  const lotsArb = fc.array(lotArb, { minLength: 1, maxLength: 9 }).map((ls) =>
    ls.map((l, i): LotBasis => ({
      offer_id: i + 1,
      product_id: 1,
      weight_kg: (l.weight / 1000).toFixed(3),
      value: (l.value / 100).toFixed(2),
      quantity: String(l.quantity),
      purchase_rub: '0',
    })),
  );
  const kopecks = fc.integer({ min: 0, max: 2_000_000_000 }).map((k) => (k / 100).toFixed(2));
  const rate = fc.integer({ min: 1, max: 2_000_000 }).map((r) => (r / 10000).toFixed(4));
  const allocation = fc.constantFrom('weight' as const, 'value' as const, 'quantity' as const);

  test("every line's shares add up to the line exactly", () => {
    fc.assert(
      fc.property(lotsArb, kopecks, rate, allocation, (lots, amount, unitRate, alloc) => {
        const { lines } = landedCost(
          lots,
          [line({ kind: 'freight_abroad', amount, allocation: alloc }, unitRate)],
          general,
        );
        const sum = lines[0].shares.reduce((s, x) => s + BigInt(x.rubles.replace('.', '')), 0n);
        expect(sum).toBe(BigInt(lines[0].rubles.replace('.', '')));
      }),
    );
  });

  test('changing a later rate never changes a prepaid share', () => {
    fc.assert(
      fc.property(lotsArb, kopecks, rate, kopecks, rate, rate, (lots, paid, paidRate, rest, before, after) => {
        const prepaid = line({ kind: 'goods', amount: paid }, paidRate);
        const first = landedCost(
          lots,
          [prepaid, line({ kind: 'goods', amount: rest, status: 'estimate' }, before)],
          general,
        );
        const second = landedCost(
          lots,
          [prepaid, line({ kind: 'goods', amount: rest, status: 'estimate' }, after)],
          general,
        );
        expect(second.lines[0]).toEqual(first.lines[0]);
      }),
    );
  });
});
