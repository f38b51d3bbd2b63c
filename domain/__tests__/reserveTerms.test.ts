// A reserve's terms, the actual date of 'Завершить' and why a bulk delete deleted none, with numbers worked by hand.
import { completionDateError } from '../reserves/completion';
import { canReprice, currentTerms, keptTerms, pricedBy, repricePreview, sameTerms } from '../reserves/terms';
import { reserveSchema } from '../reserves/schema';
import { noneDeletedText } from '../lists';

const today = { delivery_cost_default: 15, costs_per_kg: 20, min_markup: 0.2, max_markup: 0.5 };

describe('reserve terms', () => {
  // made on a 350 g pack at 35 ₽ (100 ₽/kg) with own costs 12 ₽/kg and markups 10 % … 35 %
  const stored = {
    unit_price: '35.00',
    offer_price_kg: '100.00',
    unit_weight: '0.350',
    costs_per_kg: '12.0000',
    min_markup: '0.1000',
    max_markup: '0.3500',
  };
  const offerNow = {
    unit_price: '42.00',
    kg_price: '120.00',
    unit_weight: '0.350',
    units_per_pack: '20',
    available_amount: '100',
  };

  test("a saved reserve's schema checks its own band: cost (15 + 100 + 12) × 0.35 = 44.45, band 48.90 … 60.01", () => {
    const basis = pricedBy(keptTerms(stored, currentTerms(offerNow, today)), offerNow, today);
    const schema = reserveSchema(
      basis.offer,
      basis.settings,
      '2026-01-01',
      new Set([
        'estimated_date_implementation',
        'buyer_name',
        'buyer_phone',
        'city_id',
        'delivery_address',
        'responsible_id',
      ]),
    );
    const check = (price: string) =>
      schema
        .validate({
          amount: '20',
          packs_amount: '1',
          unit_selling_price: price,
          delivery_cost: '15',
          delivery_days: '1',
        })
        .then(
          () => 'ok',
          (e: Error) => e.message,
        );
    return Promise.all([check('48.89'), check('48.90'), check('60.01'), check('60.02')]).then((results) => {
      // 44.45 × 1.1 = 48.895 → 48.90 (half-up); 44.45 × 1.35 = 60.0075 → 60.01
      expect(results).toEqual(['Минимум 48,9', 'ok', 'ok', 'Максимум 60,01']);
    });
  });

  test("the preview: today's cost (15 + 120 + 20) × 0.35 = 54.25, band 65.10 … 81.38, margin at 60 ₽ (60 − 54.25) / 60 = 9.58 %", () => {
    const preview = repricePreview(
      { amount: '20', unit_selling_price: '60', delivery_cost: '15', units_per_pack: '20' },
      stored,
      currentTerms(offerNow, today),
      today,
    );
    expect(preview.stored).toMatchObject({
      unit_price: 35,
      cost_per_unit: 44.45,
      min_selling_price: 48.9,
      max_selling_price: 60.01,
      marginality: 25.92,
      total_sum: 700,
      inBand: true,
    });
    // 54.25 × 1.5 = 81.375 → 81.38
    expect(preview.today).toMatchObject({
      unit_price: 42,
      cost_per_unit: 54.25,
      min_selling_price: 65.1,
      max_selling_price: 81.38,
      marginality: 9.58,
      total_sum: 840,
      inBand: false,
    });
  });

  test('terms compare as numbers; only a role that sees the selling band re-prices', () => {
    expect(sameTerms({ ...stored, costs_per_kg: '12' }, stored)).toBe(true);
    expect(sameTerms({ ...stored, costs_per_kg: '12.5' }, stored)).toBe(false);
    expect(canReprice({ is_admin: true } as never)).toBe(true);
  });
});

test("the actual date of implementation: from the reserve's day to today", () => {
  expect(completionDateError('2026-11-25', '2026-11-20', '2026-11-25')).toBeNull();
  expect(completionDateError('2026-11-20', '2026-11-20', '2026-11-25')).toBeNull();
  expect(completionDateError('2026-11-26', '2026-11-20', '2026-11-25')).toBe('Дата не может быть позже сегодняшней');
  expect(completionDateError('2026-11-19', '2026-11-20', '2026-11-25')).toBe(
    'Дата не может быть раньше создания резерва',
  );
  expect(completionDateError('2026-02-30', '2026-01-20', '2026-11-25')).toBe('Укажите фактическую дату реализации');
  expect(completionDateError('', '2026-11-20', '2026-11-25')).toBe('Укажите фактическую дату реализации');
});

test('a bulk delete of none says why', () => {
  const none = { kept: 0, forbidden: 0, deleted: 0, missing: 0 };
  expect(noneDeletedText('offers', { ...none, kept: 2 })).toBe('Нельзя удалять предложение с активными резервами');
  expect(noneDeletedText('cities', { ...none, forbidden: 1 })).toBe('Нет прав на удаление выбранных записей');
  expect(noneDeletedText('products', { ...none, deleted: 1, missing: 1 })).toBe(
    'Выбранные записи уже удалены. Выбранные записи не найдены',
  );
});
