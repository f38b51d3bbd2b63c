// The business settings as people read and type them: markups stored as fractions (the spec's 0.1) are percent on
// the settings page and in the change log; rubles keep a decimal comma.
import { markupFraction, markupPercent, settingShown } from '../settingsSchema';

test('a stored markup reads as percent and a typed percent is stored as the fraction', () => {
  expect(markupPercent('0.1')).toBe('10');
  expect(markupPercent('0.125')).toBe('12,5');
  expect(markupPercent('0.0001')).toBe('0,01');
  expect(markupFraction('12,5')).toBe('0.125');
  expect(markupFraction('10')).toBe('0.1');
  expect(markupFraction('десять')).toBe('десять');
});

test('the change log names a setting the way the settings page shows it', () => {
  expect(settingShown('min_markup', '0.1')).toBe('10 %');
  expect(settingShown('max_markup', 0.125)).toBe('12,5 %');
  expect(settingShown('delivery_cost_default', '12.5')).toBe('12,5 ₽/кг');
  expect(settingShown('costs_per_kg', 3)).toBe('3 ₽/кг');
  expect(settingShown('reserve_hold_days', 7)).toBe('7 дн.');
});
