import { offerSchema } from '../offers/schema';
import { purchaseText, rateText, rublePrice, PURCHASE_FIELDS } from '../offers/purchase';
import { hiddenFieldsOf, isColumnVisible, isFieldVisible, permissionsOf, type Permissions } from '../permissions';
import { SPEC_HIDDEN_FIELDS } from '../hiddenFields';
import { offersResource } from '../offers/resource';

const LOT = {
  product_id: 3,
  packing_id: 2,
  city_id: 1,
  supplier_id: 9,
  harvest_year: '2025',
  origin_country: 'Иран',
  unit_measure: 'кг',
  unit_weight: '1',
  units_per_pack: '1',
  unit_amount: '1000',
  unit_price: '811.11',
  loading_address: 'Москва, ул. Складская, 1',
};

async function check(values: Record<string, unknown>) {
  try {
    return {
      value: (await offerSchema('2026-12-05').validate(values, { abortEarly: false })) as Record<string, unknown>,
    };
  } catch (e) {
    const errors: Record<string, string> = {};
    for (const inner of (e as { inner: { path: string; message: string }[] }).inner)
      errors[inner.path] ??= inner.message;
    return { errors };
  }
}

describe('a lot bought in a currency: the ruble price, worked by hand', () => {
  test('currency price × rate, half up to the kopeck, exact', () => {
    // 9,00 × 90,1234 = 811,1106 → 811,11
    expect(rublePrice('9.00', '90.1234')).toBe('811.11');
    // 9,00 × 88,6601 = 797,9409 → 797,94 (never a float's 797,9408999…)
    expect(rublePrice('9.00', '88.6601')).toBe('797.94');
    // 2,50 × 12,345 = 30,8625 → 30,86; 1,50 × 0,01 = 0,015 → 0,02 (half up)
    expect(rublePrice('2.50', '12.345')).toBe('30.86');
    expect(rublePrice('1.50', '0.01')).toBe('0.02');
    // 1 000 000 UZS × 0,00656543 = 6 565,43
    expect(rublePrice('1000000', '0.00656543')).toBe('6565.43');
  });

  test('the card shows both figures and the rate with its day', () => {
    const lot = { purchase_currency: 'USD', purchase_price: '9.00', purchase_rate: '90.1234' };
    expect(purchaseText({ ...lot, rate_policy: 'daily', purchase_rate_date: '2026-12-05' })).toBe(
      '9,00 USD × 90,1234 (ЦБ на 05.12.2026)',
    );
    expect(purchaseText({ ...lot, rate_policy: 'fixed', purchase_rate_date: '2026-12-01' })).toBe(
      '9,00 USD × 90,1234 (фиксированный на 01.12.2026)',
    );
    expect(purchaseText({ ...lot, purchase_currency: 'RUB' })).toBe('');
  });

  test('a rate as typed keeps its digits', () => {
    expect(rateText('90,1234')).toBe('90.1234');
    expect(rateText('0.00656543')).toBe('0.00656543');
    expect(rateText('0')).toBeNull();
    expect(rateText('1.12345678901')).toBeNull();
    expect(rateText('abc')).toBeNull();
  });
});

describe('the purchase rules of the offer form', () => {
  test('a lot with no currency is a ruble one and keeps no currency terms', async () => {
    const { value } = await check({ ...LOT, purchase_price: '9', rate_policy: 'fixed', fixed_rate: '90' });
    expect(value).toMatchObject({
      purchase_currency: 'RUB',
      purchase_price: null,
      rate_policy: null,
      fixed_rate: null,
    });
  });

  test('a foreign currency needs its price; its rate is the Bank’s of the day unless fixed', async () => {
    expect((await check({ ...LOT, purchase_currency: 'USD' })).errors).toEqual({
      purchase_price: 'Укажите цену закупки в валюте',
    });
    const { value } = await check({ ...LOT, purchase_currency: 'usd', purchase_price: '9,00' });
    expect(value).toMatchObject({
      purchase_currency: 'USD',
      purchase_price: 9,
      rate_policy: 'daily',
    });
    expect((await check({ ...LOT, purchase_currency: 'GBP', purchase_price: '9' })).errors).toEqual({
      purchase_currency: 'Валюта закупки: одна из RUB, USD, EUR, CNY, TRY, AED, KZT, UZS',
    });
    expect((await check({ ...LOT, purchase_currency: 'USD', purchase_price: '9.001' })).errors).toEqual({
      purchase_price: 'Цена закупки: не больше 2 знаков после запятой',
    });
  });

  test('a fixed rate needs the rate and its day', async () => {
    const fixed = { ...LOT, purchase_currency: 'USD', purchase_price: '9', rate_policy: 'fixed' };
    expect((await check(fixed)).errors).toEqual({
      fixed_rate: 'Укажите фиксированный курс',
      fixed_rate_date: 'Укажите дату фиксированного курса',
    });
    expect((await check({ ...fixed, fixed_rate: '-1', fixed_rate_date: '2026-02-30' })).errors).toEqual({
      fixed_rate: 'Фиксированный курс: положительное число до 1 000 000, не больше 10 знаков после запятой',
      fixed_rate_date: 'Дата фиксированного курса: дд.мм.гггг',
    });
    const { value } = await check({ ...fixed, fixed_rate: '88,50', fixed_rate_date: '2026-12-01' });
    expect(value).toMatchObject({ rate_policy: 'fixed', fixed_rate: '88.50', fixed_rate_date: '2026-12-01' });
    expect((await check({ ...fixed, rate_policy: 'weekly' })).errors).toEqual({
      rate_policy: 'Курс: по курсу ЦБ на день или фиксированный',
    });
  });
});

describe('who sees the purchase in a currency', () => {
  const role = (hidden: Record<string, string[]>): Permissions => ({
    user_type: 'employee',
    user_id: 7,
    is_admin: false,
    role_id: 5,
    role_permissions: permissionsOf('all'),
    hidden_fields: hiddenFieldsOf('employee', hidden),
  });

  test('role 8 sees none of its fields, by their own names', () => {
    const eight = role(SPEC_HIDDEN_FIELDS['8']);
    for (const field of PURCHASE_FIELDS) expect(isFieldVisible(eight, 'offers', field)).toBe(false);
    // nor their columns or filters (the currency's filter goes by its column)
    for (const key of ['purchase_currency', 'rate_policy', 'fixed_rate', 'purchase_rate'])
      expect(isColumnVisible(eight, 'offers', offersResource.columnOf(key as 'purchase_currency'))).toBe(false);
    const filter = offersResource.filters.find((f) => f.key === 'purchase_currencies_ids')!;
    expect(isColumnVisible(eight, 'offers', filter)).toBe(false);
  });

  test('a role whose price is hidden sees none of them either; one that sees the price sees them', () => {
    const noPrice = role({ offers: ['unit_price'] });
    for (const field of PURCHASE_FIELDS) expect(isFieldVisible(noPrice, 'offers', field)).toBe(false);
    expect(noPrice.hidden_fields.offers).toEqual(expect.arrayContaining([...PURCHASE_FIELDS]));
    const manager = role({});
    for (const field of PURCHASE_FIELDS) expect(isFieldVisible(manager, 'offers', field)).toBe(true);
  });
});
