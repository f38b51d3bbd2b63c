// Currency to rubles exact to the kopeck (half up, never a float product), and how a rate is shown.
import { formatRate, formatRateChange, rateCaption, rateMovePercent, toRubles, unitRateOf } from '../currency';

test('a currency amount times the rate, half up to the kopeck, as text', () => {
  expect(toRubles('9.00', '85.50')).toBe('769.50');
  expect(toRubles('180000', '85.50')).toBe('15390000.00');
  // 2.345 × 1 = 2.345 → 2.35 (half up), where a float product would give 2.3449999…
  expect(toRubles('2.345', '1')).toBe('2.35');
  expect(toRubles('1.005', '1')).toBe('1.01');
  // 9.15 × 88.6601 = 811.239915 → 811.24
  expect(toRubles('9.15', '88.6601')).toBe('811.24');
  // 1 000 000 sum at 0.00652233 rubles = 6522.33
  expect(toRubles('1000000', '0.00652233')).toBe('6522.33');
  expect(toRubles(null, '90')).toBeNull();
});

test("the rate of one unit from the Bank's value for its nominal", () => {
  expect(unitRateOf('22.3055', 10)).toBe('2.23055');
  expect(unitRateOf('65.2233', 10000)).toBe('0.00652233');
  expect(unitRateOf('84.4217', 1)).toBe('84.4217');
});

test('a rate shown with a comma and at least the kopecks; the caption of converted prices; the move since frozen', () => {
  expect(formatRate('90')).toBe('90,00');
  expect(formatRate('85.5')).toBe('85,50');
  expect(formatRate('2.2417200000')).toBe('2,24172');
  expect(formatRate('0.00652233')).toBe('0,00652233');
  expect(rateCaption('2025-04-01')).toBe('по курсу ЦБ на 01.04.2025');
  expect(formatRateChange('84.4217', '84.0851')).toBe('+0,3366');
  expect(formatRateChange('84.0851', '84.4217')).toBe('−0,3366');
  expect(formatRateChange('90', '90')).toBe('0,00');
  // 85.50 → 90.00: 4.5 / 85.5 = 5.263… %
  expect(rateMovePercent('90', '85.5')).toBe(5.26);
  expect(rateMovePercent('84', '85.5')).toBe(1.75);
  expect(rateMovePercent('90', null)).toBeNull();
});
