// An offer's harvest year (issue 33): a year from 1990 to the business day's next year, or a season 'YYYY/YY'.
import { cropAge } from '../analytics';
import { harvestStart, harvestYearMessage, isHarvestYear } from '../offers/harvestYear';
import { offerSchema } from '../offers/schema';

const TODAY = '2026-11-28';

describe('the rule', () => {
  test('a whole year from 1990 to next year', () => {
    for (const year of ['1990', '2000', '2025', '2026', '2027', ' 2025 '])
      expect([year, isHarvestYear(year, TODAY)]).toEqual([year, true]);
    for (const year of ['1989', '2028', '8817', '0000', '202', '20255', '2025.0', '２０２５', ''])
      expect([year, isHarvestYear(year, TODAY)]).toEqual([year, false]);
  });

  test("a season: its first year in the same bounds, then the next year's last two digits", () => {
    for (const season of ['2025/26', '1990/91', '1999/00', '2027/28', ' 2024/25 '])
      expect([season, isHarvestYear(season, TODAY)]).toEqual([season, true]);
    for (const season of [
      '2025/27',
      '2025/25',
      '1989/90',
      '2028/29',
      '2025/2026',
      '2025-26',
      '2025/6',
      '2025 / 26',
      'Pwe8281',
      '2025/26/27',
    ])
      expect([season, isHarvestYear(season, TODAY)]).toEqual([season, false]);
  });

  test("next year is the business day's: on 1 January it moves", () => {
    expect(isHarvestYear('2028', '2026-12-31')).toBe(false);
    expect(isHarvestYear('2028', '2027-01-01')).toBe(true);
    expect(isHarvestYear('2028/29', '2027-01-01')).toBe(true);
  });

  test('the message names the bounds and a season of the business year', () => {
    expect(harvestYearMessage(TODAY)).toBe('Укажите год (1990–2027) или сезон (2025/26)');
    expect(harvestYearMessage('2027-01-01')).toBe('Укажите год (1990–2028) или сезон (2026/27)');
    expect(harvestYearMessage('2100-06-01')).toBe('Укажите год (1990–2101) или сезон (2099/00)');
  });
});

describe('a season sorts and ages by its first year', () => {
  test('the first year of a year, a season, and of values that name none', () => {
    expect([harvestStart('2025'), harvestStart('2025/26'), harvestStart(' 1999/00 ')]).toEqual([2025, 2025, 1999]);
    expect([harvestStart('Pwe8281'), harvestStart(''), harvestStart(null), harvestStart(undefined)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  test("a crop's age on the business day: a season counts from its first year; an old value that names no year it could be has none", () => {
    expect([
      cropAge('2026', TODAY),
      cropAge('2025/26', TODAY),
      cropAge('2025', TODAY),
      cropAge('2023/24', TODAY),
    ]).toEqual([0, 1, 1, 3]);
    expect(cropAge('2025/26', '2027-01-01')).toBe(2);
    expect([cropAge('8817', TODAY), cropAge('Pwe8281', TODAY), cropAge(null, TODAY), cropAge('1850', TODAY)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('the offer form', () => {
  const valid = {
    unit_measure: 'кг',
    unit_price: '10',
    unit_amount: '800',
    units_per_pack: '8',
    harvest_year: '2025',
    origin_country: 'Иран',
    loading_address: 'ул. Складская, 4',
    product_id: 1,
    packing_id: 1,
    supplier_id: 1,
    city_id: 1,
  };
  const errorOf = async (harvest_year: string, keptYear?: string | null) => {
    try {
      await offerSchema(TODAY, new Set(), keptYear).validate({ ...valid, harvest_year }, { abortEarly: false });
      return null;
    } catch (e) {
      return (e as { errors: string[] }).errors;
    }
  };

  test("'Минимум 4 символа' first, then the rule; a year and a season pass", async () => {
    expect(await errorOf('202')).toEqual(['Минимум 4 символа']);
    expect(await errorOf('Pwe8281')).toEqual(['Укажите год (1990–2027) или сезон (2025/26)']);
    expect(await errorOf('8817')).toEqual(['Укажите год (1990–2027) или сезон (2025/26)']);
    expect(await errorOf('2025/26')).toBeNull();
    expect(await errorOf(' 2027 ')).toBeNull();
  });

  test("an edited offer's stored value stays while unchanged; another bad one is still refused", async () => {
    expect(await errorOf('Pwe8281', 'Pwe8281')).toBeNull();
    expect(await errorOf(' Pwe8281 ', 'Pwe8281')).toBeNull();
    expect(await errorOf('8817', 'Pwe8281')).toEqual(['Укажите год (1990–2027) или сезон (2025/26)']);
    expect(await errorOf('202', '202')).toEqual(['Минимум 4 символа']);
  });
});
