// The reserve calculations of spec point 5, with numbers worked by hand.
import { amountOf, deliveryTerms, marginality, maxPacks, packsStep, reserveFigures } from '../reserves/figures';
import { costPerUnit, offerSellingBand, packsOf, sellingBounds, totalSellingSum } from '../offers/figures';
import { reserveSchema } from '../reserves/schema';

const settings = { delivery_cost_default: 15, costs_per_kg: 12, min_markup: 0.1, max_markup: 0.35 };

describe('reserve calculations', () => {
  test('cost per unit = (delivery cost + price per kg + costs_per_kg) × unit weight', () => {
    expect(costPerUnit(15, 300, 12, 1)).toBe(327); // a kilogram of cashew at 300 ₽
    expect(costPerUnit('20', '400', '12', '0.5')).toBe(216); // a 0.5 kg pack: (20 + 400 + 12) × 0.5
    expect(costPerUnit('', 300, 12, 1)).toBeNull();
  });

  test('selling bounds: cost × (1 + markup), 2 decimals', () => {
    expect(sellingBounds(327, settings)).toEqual({ min_selling_price: 359.7, max_selling_price: 441.45 });
    expect(sellingBounds(216, settings)).toEqual({ min_selling_price: 237.6, max_selling_price: 291.6 });
    expect(sellingBounds(null, settings)).toEqual({ min_selling_price: null, max_selling_price: null });
  });

  test('margin = (price − cost) / price × 100, 0 when the price is 0 or less', () => {
    expect(marginality(250, 216)).toBe(13.6);
    expect(marginality('359.70', 327)).toBe(9.09); // 32.7 / 359.7 = 9.0909…%
    expect(marginality(0, 216)).toBe(0);
    expect(marginality(-5, 216)).toBe(0);
  });

  test('total selling sum, packs and amount', () => {
    expect(totalSellingSum(12, '250.50')).toBe(3006);
    expect(packsOf(25, 10)).toBe(2.5);
    expect(packsOf(7, 3)).toBe(2.3); // 2.333… to 1 decimal
    expect(amountOf(2.5, 10)).toBe(25);
    expect(packsOf(5, 0)).toBeNull();
  });

  test('pieces are whole: packs give whole pieces and step by packs that hold whole pieces; kilograms need not', () => {
    expect(amountOf('0.3', '24', 'шт')).toBe(7); // 0.3 × 24 = 7.2 pieces → 7
    expect(amountOf('0.5', '24', 'шт')).toBe(12);
    expect(amountOf('0.35', '10', 'кг')).toBe(3.5);
    expect(packsStep('24', 'шт')).toBe(0.5); // 0.1 … 0.4 of 24 are 2.4 … 9.6 pieces; 0.5 is 12
    expect(packsStep('7', 'шт')).toBe(1);
    expect(packsStep('10', 'шт')).toBe(0.1);
    expect(packsStep('4', 'шт')).toBe(0.5);
    expect(packsStep('25', 'кг')).toBe(0.1);
  });

  test('a cost from a weight kept to the gram, and bounds rounded half up once from the exact cost', () => {
    // 0.125 kg at 80 ₽/kg, delivery 15, costs 12: (15 + 80 + 12) × 0.125 = 13.375; × 1.1 = 14.7125; × 1.35 = 18.05625
    expect(costPerUnit('15', '80.00', 12, '0.125')).toBe(13.375);
    expect(sellingBounds(13.375, settings)).toEqual({ min_selling_price: 14.71, max_selling_price: 18.06 });
    // 1.90 × 1.15 = 2.185 exactly → 2.19 (in floats 2.1849999999999996, which rounded to 2.18)
    expect(sellingBounds(1.9, { min_markup: 0.15, max_markup: 0.15 })).toEqual({
      min_selling_price: 2.19,
      max_selling_price: 2.19,
    });
  });

  test('the packs maximum is available / units per pack to 1 decimal, so the whole stock can be reserved', () => {
    expect(maxPacks(37, 10)).toBe(3.7);
    expect(maxPacks(38, 3)).toBe(12.7); // 12.66… packs; 38 units are 12.7 packs as packsOf shows them
    expect(packsOf(38, 3)).toBe(maxPacks(38, 3));
  });

  test('a looked-up delivery is used only when greater than 0; otherwise delivery_cost_default', () => {
    expect(deliveryTerms({ cost: '22.50', days: 3 }, 15)).toEqual({ delivery_cost: 22.5, delivery_days: 3 });
    expect(deliveryTerms({ cost: '0', days: '0' }, 15)).toEqual({ delivery_cost: 15, delivery_days: null });
    expect(deliveryTerms(null, 15)).toEqual({ delivery_cost: 15, delivery_days: null });
    // a route cost below the reserve's minimum of 1 ₽/kg would be refused: the default is prefilled instead
    expect(deliveryTerms({ cost: '0.50', days: 2 }, 15)).toEqual({ delivery_cost: 15, delivery_days: 2 });
  });

  test('every figure of a reserve at once', () => {
    const figures = reserveFigures(
      {
        amount: 10,
        unit_selling_price: 400,
        delivery_cost: 15,
        unit_price: 300,
        kg_price: 300,
        unit_weight: 1,
        units_per_pack: 4,
      },
      settings,
    );
    expect(figures).toEqual({
      cost_per_unit: 327,
      min_selling_price: 359.7,
      max_selling_price: 441.45,
      marginality: 18.25, // 73 / 400
      total_sum: 3000,
      total_selling_sum: 4000,
      packs_amount: 2.5,
    });
  });
});

describe("an offer's selling band at the warehouse", () => {
  test('the delivery to the warehouse spread over the lot, per kg', () => {
    // 1000 kg of almonds at 300 ₽/kg, 3000 ₽ to bring them: 3 ₽/kg → cost 315
    expect(
      offerSellingBand({ unit_measure: 'кг', unit_amount: '1000', kg_price: '300', warehouse_cost: '3000' }, settings),
    ).toEqual({ min_unit_price: 346.5, max_unit_price: 425.25 });
    // 40 sacks of 25 kg at 100 ₽/kg, 2000 ₽ delivery: 2 ₽/kg → (2 + 100 + 12) × 25 = 2850 per sack
    expect(
      offerSellingBand(
        { unit_measure: 'шт', unit_weight: '25', unit_amount: '40', kg_price: '100', warehouse_cost: '2000' },
        settings,
      ),
    ).toEqual({ min_unit_price: 3135, max_unit_price: 3847.5 });
  });

  test('a lot of a shipment: its landed cost per kg replaces the kg price and the delivery, typed or default', () => {
    // 874,89 ₽/kg landed: (874,89 + 12) × 1,1 = 975,579 and × 1,35 = 1 197,3015
    expect(
      offerSellingBand(
        {
          unit_measure: 'кг',
          unit_amount: '20000',
          kg_price: '797.85',
          warehouse_cost: '3000',
          landed_kg_cost: '874.89',
        },
        settings,
      ),
    ).toEqual({ min_unit_price: 975.58, max_unit_price: 1197.3 });
    // a sack of 25 kg at 647,59 ₽/kg landed: (647,59 + 12) × 25 = 16 489,75 → 18 138,725 and 22 261,1625
    expect(
      offerSellingBand(
        { unit_measure: 'шт', unit_weight: '25', unit_amount: '200', kg_price: '620.55', landed_kg_cost: '647.59' },
        settings,
      ),
    ).toEqual({ min_unit_price: 18138.73, max_unit_price: 22261.16 });
    // no landed cost (a lot in no shipment): the delivery as before
    expect(
      offerSellingBand({ unit_measure: 'кг', unit_amount: '10', kg_price: '300', landed_kg_cost: null }, settings),
    ).toEqual({ min_unit_price: 359.7, max_unit_price: 441.45 });
  });

  test('without a delivery cost the default delivery applies', () => {
    expect(
      offerSellingBand({ unit_measure: 'кг', unit_amount: '10', kg_price: '300', warehouse_cost: null }, settings),
    ).toEqual({ min_unit_price: 359.7, max_unit_price: 441.45 });
  });
});

describe('the reserve form (spec point 5 "Reserve form")', () => {
  // 37 units available in packs of 10, 300 ₽/kg, 1 kg units
  const offer = { available_amount: '37.00', kg_price: '300.00', unit_weight: '1', units_per_pack: '10' };
  const schema = reserveSchema(offer, settings, '2026-11-23');
  const valid = {
    amount: '20',
    packs_amount: '2',
    unit_selling_price: '400',
    estimated_date_implementation: '2026-12-01',
    buyer_name: 'ООО Орех',
    buyer_phone: '8 912 345-67-89',
    city_id: '3',
    delivery_address: 'ул. Ленина, 5',
    delivery_cost: '15',
    delivery_days: '2',
    responsible_id: '4',
  };
  const errorsOf = async (values: Record<string, unknown>) => {
    try {
      await schema.validate(values, { abortEarly: false });
      return [];
    } catch (error) {
      return (error as { errors: string[] }).errors;
    }
  };

  test('a complete form passes, the phone stored as digits', async () => {
    const result = (await schema.validate(valid)) as Record<string, unknown>;
    expect(result.buyer_phone).toBe('79123456789');
  });

  test('every required field says so', async () => {
    const errors = await errorsOf({});
    expect(errors).toEqual(
      expect.arrayContaining([
        'Обязательное поле',
        'Выберите дату реализации',
        'Выберите город доставки',
        'Выберите ответственного',
      ]),
    );
  });

  test('amount between 1 and the available amount; packs between 0.2 and available / units per pack', async () => {
    expect(await errorsOf({ ...valid, amount: '0' })).toEqual(['Минимум 1']);
    expect(await errorsOf({ ...valid, amount: '38' })).toEqual(['Максимум 37']);
    // issue 51: the message names its field and what 0,2 of a pack is: 2 kg of a pack of 10 kg
    expect(await errorsOf({ ...valid, packs_amount: '0.1' })).toEqual(['Количество упаковок: минимум 0,2 (2 кг)']);
    expect(await errorsOf({ ...valid, packs_amount: '3.8' })).toEqual(['Максимум 3,7']);
  });

  test("2 pieces of mango, 20 to a box, are 0,1 of a box: 'Количество упаковок: минимум 0,2 (4 шт.)' (issue 51)", async () => {
    const mango = reserveSchema(
      { ...offer, unit_measure: 'шт', units_per_pack: '20', available_amount: '100' },
      settings,
      '2026-11-23',
    );
    const refused = await mango.validate({ ...valid, amount: '2', packs_amount: '0.1' }, { abortEarly: false }).then(
      () => [],
      (e: { errors: string[] }) => e.errors,
    );
    expect(refused).toEqual(['Количество упаковок: минимум 0,2 (4 шт.)']);
  });

  test('the selling price between the bounds computed from the delivery cost typed', async () => {
    // delivery 15: cost 327, bounds 359.7 … 441.45
    expect(await errorsOf({ ...valid, unit_selling_price: '359.69' })).toEqual(['Минимум 359,7']);
    expect(await errorsOf({ ...valid, unit_selling_price: '441.46' })).toEqual(['Максимум 441,45']);
    // delivery 25: cost 337, bounds 370.7 … 454.95
    expect(await errorsOf({ ...valid, delivery_cost: '25', unit_selling_price: '365' })).toEqual(['Минимум 370,7']);
  });

  test('a reserve of pieces takes whole pieces; of kilograms, part of one', async () => {
    const pieces = reserveSchema({ ...offer, unit_measure: 'шт' }, settings, '2026-11-23');
    const kilograms = reserveSchema({ ...offer, unit_measure: 'кг' }, settings, '2026-11-23');
    await expect(pieces.validate({ ...valid, amount: '20.5', packs_amount: '2.1' })).rejects.toThrow(
      'Только целое число',
    );
    await expect(kilograms.validate({ ...valid, amount: '20.5', packs_amount: '2.1' })).resolves.toBeDefined();
    // amounts and prices are stored to 2 decimals: a 3rd is refused, not rounded away
    await expect(kilograms.validate({ ...valid, amount: '20.125', packs_amount: '2' })).rejects.toThrow(
      'Не больше 2 знаков после запятой',
    );
    expect(await errorsOf({ ...valid, unit_selling_price: '400.005' })).toEqual(['Не больше 2 знаков после запятой']);
    expect(await errorsOf({ ...valid, delivery_cost: '15.125' })).toEqual(['Не больше 2 знаков после запятой']);
  });

  test('no date before today, no impossible date', async () => {
    expect(await errorsOf({ ...valid, estimated_date_implementation: '2026-11-22' })).toEqual([
      'Дата реализации не может быть раньше сегодняшней',
    ]);
    expect(await errorsOf({ ...valid, estimated_date_implementation: '2026-11-23' })).toEqual([]);
    expect(await errorsOf({ ...valid, estimated_date_implementation: '2027-02-30' })).toEqual([
      'Выберите дату реализации',
    ]);
  });

  test('buyer, address, delivery cost and days', async () => {
    expect(await errorsOf({ ...valid, buyer_name: 'О' })).toEqual(['Минимум 2 символа']);
    expect(await errorsOf({ ...valid, buyer_phone: '+7 (912) 345' })).toEqual(['Неверный формат']);
    expect(await errorsOf({ ...valid, delivery_address: 'ул.' })).toEqual(['Минимум 5 символов']);
    expect(await errorsOf({ ...valid, delivery_cost: '0.5' })).toEqual(expect.arrayContaining(['Минимум 1']));
    expect(await errorsOf({ ...valid, delivery_days: '-1' })).toEqual(['Минимум 0']);
  });
});
