// Issue 40: how a short arrival is shared among a lot's reserves, each case worked out by hand, and the dates a
// reserve on a lot on its way may take.
import { cutTotal, leftForReserves, resizedFigures, shareShortfall } from '../offers/logistics';
import { defaultReservedUntil, reservedUntilError, reserveSchema } from '../reserves/schema';

const held = (...amounts: string[]) => amounts.map((amount, i) => ({ id: i + 1, amount }));

describe('first come, first served: the latest reserves are cut first', () => {
  test('100 held (50, 30, 20), 75 came: the 20 goes, the 30 gives 5', () => {
    expect(shareShortfall(held('50', '30', '20'), '75', 'fifo', 'шт')).toEqual([
      { reserve_id: 2, from: '30.00', to: '25.00' },
      { reserve_id: 3, from: '20.00', to: '0.00' },
    ]);
  });
  test('to the hundredth of a kilogram: 12.5 + 7.25 held, 15.4 came, the later gives 4.35', () => {
    expect(shareShortfall(held('12.5', '7.25'), '15.4', 'fifo', 'кг')).toEqual([
      { reserve_id: 2, from: '7.25', to: '2.90' },
    ]);
  });
  test('enough for all, or exactly enough: nothing is cut', () => {
    expect(shareShortfall(held('50', '30'), '80', 'fifo', 'шт')).toEqual([]);
    expect(shareShortfall(held('50', '30'), '95', 'proportional', 'шт')).toEqual([]);
  });
  test('nothing left for the reserves: every one is cut to nothing', () => {
    expect(shareShortfall(held('5', '3'), '0', 'fifo', 'кг').map((c) => c.to)).toEqual(['0.00', '0.00']);
  });
});

describe('in proportion: shares rounded down to a piece or 0.01 kg, the rest to the largest remainders, the earlier first', () => {
  test('50, 30, 20 pieces, 75 came: 37.5, 22.5, 15 → 37, 22, 15 and the piece left to the first tie: 38, 22, 15', () => {
    expect(shareShortfall(held('50', '30', '20'), '75', 'proportional', 'шт').map((c) => c.to)).toEqual([
      '38.00',
      '22.00',
      '15.00',
    ]);
  });
  test('10, 10, 10 kg, 20 came: 6.666… each → 6.66 × 3 = 19.98 and 0.01 each to the first two', () => {
    expect(shareShortfall(held('10', '10', '10'), '20', 'proportional', 'кг').map((c) => c.to)).toEqual([
      '6.67',
      '6.67',
      '6.66',
    ]);
  });
  test('7, 5, 1 pieces, 10 came: 5.38, 3.85, 0.77 → 5, 3, 0 and the two pieces left to 0.85 and 0.77 (not 0.38): 5, 4, 1', () => {
    // 7 × 10 / 13 = 5.384…, 5 × 10 / 13 = 3.846…, 1 × 10 / 13 = 0.769…
    expect(shareShortfall(held('7', '5', '1'), '10', 'proportional', 'шт')).toEqual([
      { reserve_id: 1, from: '7.00', to: '5.00' },
      { reserve_id: 2, from: '5.00', to: '4.00' },
    ]);
  });
  test('the shares always add up to what came and none is above what its reserve held', () => {
    for (const [amounts, came] of [
      [['3', '3', '3', '3'], '10'],
      [['100', '1', '1'], '51'],
      [['0.01', '0.02', '9.99'], '5.55'],
    ] as const) {
      const reserves = held(...amounts);
      const cut = shareShortfall(reserves, came, 'proportional', amounts[0].includes('.') ? 'кг' : 'шт');
      const kept = reserves.map((r) => Number(cut.find((c) => c.reserve_id === r.id)?.to ?? r.amount));
      expect(Math.round(kept.reduce((a, b) => a + b, 0) * 100)).toBe(Math.round(Number(came) * 100));
      kept.forEach((k, i) => expect(k).toBeLessThanOrEqual(Number(reserves[i].amount)));
    }
  });
});

test('what is left for the reserves, what the cuts took, the figures of a cut reserve', () => {
  expect(leftForReserves('60', '40')).toBe('20.00');
  expect(leftForReserves('39', '40')).toBeNull();
  expect(
    cutTotal([
      { reserve_id: 1, from: '30.00', to: '25.00' },
      { reserve_id: 2, from: '20.00', to: '0.00' },
    ]),
  ).toBe('25.00');
  // 6.67 kg at 300 ₽ and at 400 ₽, in packs of 10
  expect(resizedFigures('6.67', { unit_price: '300', unit_selling_price: '400' }, '10')).toEqual({
    amount: '6.67',
    total_sum: '2001.00',
    total_selling_sum: '2668.00',
    packs_amount: '0.7',
  });
});

describe('a reserve on a lot on its way', () => {
  test("'Резерв до' not before the lot is expected; by default the hold days run from the day it comes (issue 51)", () => {
    expect(reservedUntilError('2026-12-10', '2026-12-20', '2026-11-27', '2026-12-12')).toBe(
      'Резерв не может закончиться раньше ожидаемого поступления 12.12.2026',
    );
    expect(reservedUntilError('2026-12-12', '2026-12-20', '2026-11-27', '2026-12-12')).toBeNull();
    // lot 406 arrives on 15.12, the reserve is made on 05.12: 15.12 + 5 days = 20.12, not 15.12
    expect(defaultReservedUntil('2026-12-05', 5, '2026-12-31', '2026-12-15')).toBe('2026-12-20');
    expect(defaultReservedUntil('2026-11-27', 5, '2026-12-20', '2026-12-12')).toBe('2026-12-17');
    // never past the date of implementation, never before the arrival
    expect(defaultReservedUntil('2026-11-27', 5, '2026-12-14', '2026-12-12')).toBe('2026-12-14');
    expect(defaultReservedUntil('2026-11-27', 5, '2026-12-12', '2026-12-12')).toBe('2026-12-12');
    expect(defaultReservedUntil('2026-11-27', 5, '2026-12-20', null)).toBe('2026-12-02');
  });
  test('its date of implementation not before the lot is expected', async () => {
    const offer = {
      available_amount: '100',
      kg_price: '300',
      unit_weight: '1',
      units_per_pack: '10',
      unit_measure: 'кг',
      logistics_state: 'in_transit',
      expected_arrival: '2026-12-12',
    };
    const schema = reserveSchema(
      offer,
      { delivery_cost_default: 15, costs_per_kg: 12, min_markup: 0.1, max_markup: 0.35 },
      '2026-11-27',
    );
    await expect(
      schema.validateAt('estimated_date_implementation', { estimated_date_implementation: '2026-12-11' }),
    ).rejects.toThrow('Дата реализации не может быть раньше ожидаемого поступления 12.12.2026');
    await expect(
      schema.validateAt('estimated_date_implementation', { estimated_date_implementation: '2026-12-12' }),
    ).resolves.toBe('2026-12-12');
    // on stock, the expected day bounds nothing
    const onStock = reserveSchema(
      { ...offer, logistics_state: 'stock' },
      { delivery_cost_default: 15, costs_per_kg: 12, min_markup: 0.1, max_markup: 0.35 },
      '2026-11-27',
    );
    await expect(
      onStock.validateAt('estimated_date_implementation', { estimated_date_implementation: '2026-12-01' }),
    ).resolves.toBe('2026-12-01');
  });
});
