import {
  kgPrice,
  totalSum,
  packWeight,
  packsAmount,
  offerFigures,
  unitWeightFor,
  reservationFigures,
} from '../offers/figures';
import { offerSchema } from '../offers/schema';
import { money } from '../numbers';

describe('offer derived values (spec point 5), worked by hand', () => {
  test('kg_price: the price itself for кг, price ÷ unit weight for шт', () => {
    expect(kgPrice('кг', '950', '1')).toBe(950);
    expect(kgPrice('шт', '2500', '25')).toBe(100); // a 25 kg sack at 2 500 ₽ → 100 ₽/кг
    expect(kgPrice('шт', '1000', '3')).toBe(333.33);
    expect(kgPrice('шт', '1000', '0')).toBeNull(); // infinite → empty
    expect(kgPrice('шт', '0', '10')).toBeNull(); // zero → empty
    expect(kgPrice('шт', 'abc', '10')).toBeNull(); // invalid → empty
    expect(kgPrice('шт', '100', '')).toBeNull();
  });

  test('a unit weight counts to the gram, as stored', () => {
    // 0.125 kg at 10 ₽: 10 / 0.125 = 80.00 ₽/kg; a pack of 3 weighs 0.375 kg
    expect(kgPrice('шт', '10', '0.125')).toBe(80);
    expect(packWeight('0.125', '3')).toBe(0.375);
    // 1 ₽ for 0.3 kg: 3.3333… → 3.33; 0.5 ₽ for 0.08 kg: 6.25 exactly
    expect(kgPrice('шт', '1', '0.3')).toBe(3.33);
    expect(kgPrice('шт', '0.5', '0.08')).toBe(6.25);
    expect(kgPrice('шт', '10', '0.0004')).toBeNull(); // 0 g once stored: no kg price
  });

  test('total_sum = unit_price × unit_amount', () => {
    expect(totalSum('1150.50', '2000')).toBe(2301000);
    expect(totalSum('0.01', '3')).toBe(0.03);
    expect(totalSum('', '3')).toBeNull();
  });

  test('pack_weight = unit_weight × units_per_pack, empty when not positive', () => {
    expect(packWeight('12.5', '4')).toBe(50);
    expect(packWeight('0', '4')).toBeNull();
    expect(packWeight('-1', '4')).toBeNull();
  });

  test('packs_amount = unit_amount ÷ units_per_pack', () => {
    expect(packsAmount('1000', '40')).toBe(25);
    expect(packsAmount('100', '3')).toBe(33.33);
    expect(packsAmount('100', '0')).toBeNull();
  });

  test('кг uses a unit weight of 1 for every figure', () => {
    expect(offerFigures({ unit_measure: 'кг', unit_price: '820', unit_amount: '500', units_per_pack: '25' })).toEqual({
      kg_price: 820,
      total_sum: 410000,
      pack_weight: 25,
      packs_amount: 20,
    });
  });

  test('switching the unit clears the weight for шт and sets 1 for кг', () => {
    expect(unitWeightFor('шт')).toBe('');
    expect(unitWeightFor('кг')).toBe('1');
  });

  test("reservation figures: available = amount − reserved − purchased at the unit price; reserved sum = the reserves' own sums", () => {
    // 200 reserved: 120 made at 150 ₽ (18 000,00) and 80 made at 140.55 ₽ before the price moved (11 244,00): 29 244,00,
    // not 200 × 150 = 30 000
    expect(reservationFigures('1000', '150.00', '200', '300.5', ['18000.00', '11244.00'])).toEqual({
      reserved_amount: 200,
      reserved_sum: 29244,
      purchased_amount: 300.5,
      available_amount: 499.5,
      available_sum: 74925,
    });
    expect(money(1.005)).toBe('1.01');
  });
});

describe('offer schema messages', () => {
  const errorsOf = async (values: Record<string, unknown>, hidden?: Set<string>) => {
    try {
      await offerSchema('2026-11-28', hidden).validate(values, { abortEarly: false });
      return {};
    } catch (e) {
      const out: Record<string, string> = {};
      for (const inner of (e as { inner: { path: string; message: string }[] }).inner)
        out[inner.path] ??= inner.message;
      return out;
    }
  };

  test('an empty form names every required field', async () => {
    expect(await errorsOf({ unit_measure: 'шт' })).toEqual({
      product_id: 'Выберите товар',
      unit_price: 'Обязательное поле',
      unit_amount: 'Обязательное поле',
      unit_weight: 'Укажите вес одной единицы в кг',
      units_per_pack: 'Укажите количество',
      harvest_year: 'Обязательное поле',
      origin_country: 'Обязательное поле',
      packing_id: 'Выберите тип упаковки',
      supplier_id: 'Выберите поставщика',
      city_id: 'Выберите город погрузки',
      loading_address: 'Обязательное поле',
    });
    expect((await errorsOf({})).unit_measure).toBe('Выберите единицу измерения');
  });

  test('minimums', async () => {
    const errors = await errorsOf({
      unit_measure: 'шт',
      unit_price: '0',
      unit_amount: '0',
      unit_weight: '0',
      units_per_pack: '0',
      harvest_year: '202',
      origin_country: 'И',
      loading_address: 'ул.',
      product_id: 1,
      packing_id: 1,
      supplier_id: 1,
      city_id: 1,
    });
    expect(errors).toEqual({
      unit_price: 'Минимум 0,01',
      unit_amount: 'Минимум 1',
      unit_weight: 'Вес должен быть больше 0',
      units_per_pack: 'Минимум 1',
      harvest_year: 'Минимум 4 символа',
      origin_country: 'Минимум 2 символа',
      loading_address: 'Минимум 5 символов',
    });
  });

  test('a weight with more than 3 decimals, or one that is 0 g, is refused; pieces are whole, kilograms not', async () => {
    const valid = {
      unit_measure: 'шт',
      unit_price: '10',
      unit_amount: '800',
      unit_weight: '0.125',
      units_per_pack: '8',
      harvest_year: '2025',
      origin_country: 'Иран',
      loading_address: 'ул. Складская, 4',
      product_id: 1,
      packing_id: 1,
      supplier_id: 1,
      city_id: 1,
    };
    expect(await errorsOf(valid)).toEqual({});
    expect(await errorsOf({ ...valid, unit_weight: '0,1254' })).toEqual({
      unit_weight: 'Не больше 3 знаков после запятой',
    });
    expect(await errorsOf({ ...valid, unit_weight: '0.0004' })).toEqual({ unit_weight: 'Вес должен быть больше 0' });
    expect(await errorsOf({ ...valid, unit_weight: '0.1250' })).toEqual({});
    expect(await errorsOf({ ...valid, unit_amount: '10.5', units_per_pack: '1.5' })).toEqual({
      unit_amount: 'Только целое число',
      units_per_pack: 'Только целое число',
    });
    expect(await errorsOf({ ...valid, unit_measure: 'кг', unit_amount: '10.5', units_per_pack: '2.5' })).toEqual({});
    // prices and amounts are stored to the kopeck: a 3rd decimal is refused, not rounded away
    expect(await errorsOf({ ...valid, unit_price: '10,005', warehouse_cost: '1.001' })).toEqual({
      unit_price: 'Не больше 2 знаков после запятой',
      warehouse_cost: 'Не больше 2 знаков после запятой',
    });
    expect(await errorsOf({ ...valid, unit_measure: 'кг', unit_amount: '10.125' })).toEqual({
      unit_amount: 'Не больше 2 знаков после запятой',
    });
  });

  test('кг needs no unit weight; a role that cannot see the supplier is not asked for one', async () => {
    const errors = await errorsOf(
      {
        unit_measure: 'кг',
        unit_price: '10',
        unit_amount: '5',
        units_per_pack: '1',
        harvest_year: '2025',
        origin_country: 'Иран',
        packing_id: 2,
        product_id: 3,
      },
      new Set(['supplier', 'city', 'loading_address']),
    );
    expect(errors).toEqual({});
  });
});
