import * as yup from 'yup';
import { ValidationError } from 'yup';
import { fieldwiseValidator } from '../schemas/fieldwise';
import { OFFER_SCHEMA_CONTEXT, offerSchema } from '../offers/schema';

/** What a check answers, as the card and the server read it: the values, or the messages and their fields. */
function outcome(check: () => unknown) {
  try {
    return { value: check() };
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return { errors: e.errors, inner: e.inner.map((i) => [i.path, i.errors[0]]) };
  }
}

/** The business day the forms are checked on. */
const TODAY = '2026-11-28';

// the values offer forms arrive with, good and bad (a price list's rows, an import's, a card's)
const CHOICES: Record<string, unknown[]> = {
  product_id: [3, '7', '', null, 'abc', undefined],
  variety_id: [5, '', null, undefined, 'x'],
  packing_id: [2, '4', '', undefined],
  city_id: [1, '', undefined],
  supplier_id: [9, null, undefined],
  harvest_year: ['2024', ' 2025 ', '2025/26', '202', '8817', 'Pwe8281', '', undefined],
  origin_country: ['Турция', ' Вьетнам ', 'Т', '', undefined],
  unit_measure: ['кг', 'шт', 'т', '', undefined],
  unit_weight: ['22.68', '0.0004', '10.1234', '', null, '0', 'abc', undefined],
  units_per_pack: ['1', '2.5', '0', '', undefined],
  unit_amount: ['5000', '12.5', '0.5', '1.234', '', 'abc', undefined],
  unit_price: ['850.00', '1 200,50', '0', '10.999', '2000000000', '', undefined],
  warehouse_cost: ['', null, '15.50', '-1', undefined],
  loading_address: ['Москва, ул. Складская, 1', 'Мск', '', undefined],
  logistics_state: ['', 'stock', 'transit', 'nowhere', undefined],
  expected_arrival: ['', null, '2026-12-01', '2026-02-30', undefined],
};

/** A deterministic stream of forms mixing the values above (and a field the schema does not know). */
function forms(count: number): Record<string, unknown>[] {
  let seed = 41;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => {
    const form: Record<string, unknown> = { comments: [] };
    for (const [key, values] of Object.entries(CHOICES)) {
      // mostly the first (good) value, so that some forms pass whole
      const v = next() < 0.85 ? values[0] : values[Math.floor(next() * values.length)];
      if (v !== undefined || next() < 0.5) form[key] = v;
    }
    return form;
  });
}

describe('checking many forms field by field (domain/schemas/fieldwise.ts)', () => {
  test.each([
    ['every field shown', new Set<string>()],
    [
      'supplier, city and address hidden (role 8)',
      new Set(['supplier_id', 'supplier', 'city_id', 'city', 'loading_address']),
    ],
  ])('answers exactly what the offer schema answers, values and messages in the same order: %s', (_, hidden) => {
    const schema = offerSchema(TODAY, hidden);
    const validate = fieldwiseValidator(schema, OFFER_SCHEMA_CONTEXT);
    let failed = 0;
    for (const form of forms(3000)) {
      const expected = outcome(() => schema.validateSync(form, { abortEarly: false, stripUnknown: true }));
      expect(outcome(() => validate(form))).toEqual(expected);
      if (expected.errors) failed++;
    }
    // both kinds were met: forms refused and forms passed
    expect(failed).toBeGreaterThan(100);
    expect(failed).toBeLessThan(3000);
  });

  test('a good row of a price list: the values cast as the card stores them', () => {
    const validate = fieldwiseValidator(offerSchema(TODAY), OFFER_SCHEMA_CONTEXT);
    const form = {
      product_id: '3',
      variety_id: '',
      packing_id: 2,
      city_id: 1,
      supplier_id: 9,
      harvest_year: ' 2025 ',
      origin_country: 'Турция',
      unit_measure: 'шт',
      unit_weight: '22.68',
      units_per_pack: '1',
      unit_amount: '40',
      unit_price: '1 200,50',
      loading_address: 'Москва, ул. Складская, 1',
      comments: [],
    };
    expect(validate(form)).toEqual({
      product_id: 3,
      packing_id: 2,
      city_id: 1,
      supplier_id: 9,
      harvest_year: '2025',
      origin_country: 'Турция',
      unit_measure: 'шт',
      unit_weight: 22.68,
      units_per_pack: 1,
      unit_amount: 40,
      unit_price: 1200.5,
      loading_address: 'Москва, ул. Складская, 1',
      logistics_state: 'stock',
      // bought in rubles unless the row says otherwise
      purchase_currency: 'RUB',
    });
    // a piece count of 40.5 is refused with the card's message, the second time from what the first time found
    for (let i = 0; i < 2; i++)
      expect(outcome(() => validate({ ...form, unit_amount: '40.5', unit_weight: '' }))).toEqual({
        errors: ['Только целое число', 'Укажите вес одной единицы в кг'],
        inner: [
          ['unit_amount', 'Только целое число'],
          ['unit_weight', 'Укажите вес одной единицы в кг'],
        ],
      });
  });

  test('a field that reads a field outside its context is refused when the validator is built', () => {
    const schema = yup.object({ a: yup.string(), b: yup.string().when('a', { is: 'x', then: (s) => s.required() }) });
    expect(() => fieldwiseValidator(schema, [])).toThrow('fieldwiseValidator: b reads a, not in its context');
    expect(() => fieldwiseValidator(schema, ['a'])).not.toThrow();
  });
});
