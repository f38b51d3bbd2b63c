// The papers' facts and arithmetic worked by hand: the requisites' checks with their Russian messages, one
// invoice's lines at 10 % and 22 % to the kopeck, the totals as the sums of the lines, the sum in words.
import { accountError, bikError, corrAccountError, keyHolds, kppError, ogrnError, REQUISITE_MSG } from '../requisites';
import { OKEI, paperLine, paperTotals, lineVatRate, vatInside } from '../papers/lines';
import { numberInWords, sumInWords } from '../papers/words';
import { companySettingsSchema } from '../settingsSchema';

test('ОГРН: the first 12 digits mod 11, its last digit; ОГРНИП: the first 14 mod 13', () => {
  // 102770013219 mod 11 = 5 → 5
  expect(ogrnError('1027700132195')).toBeNull();
  expect(ogrnError('1027700132194')).toBe(REQUISITE_MSG.ogrnCheck);
  // 30450011600015 mod 13 = 7 → 7
  expect(ogrnError('304500116000157')).toBeNull();
  expect(ogrnError('304500116000158')).toBe('Неверное контрольное число ОГРН');
  expect(ogrnError('12345')).toBe('ОГРН состоит из 13 цифр, ОГРНИП из 15');
  expect(ogrnError('')).toBeNull();
});

test('БИК of 9 digits, КПП of 9 characters (the reason code may be two capital letters)', () => {
  expect(bikError('044525225')).toBeNull();
  expect(bikError('04452522')).toBe('БИК состоит из 9 цифр');
  expect(kppError('773601001')).toBeNull();
  expect(kppError('7736AB001')).toBeNull();
  expect(kppError('77360100')).toBe(REQUISITE_MSG.kpp);
  expect(kppError('7736ab001')).toBe(REQUISITE_MSG.kpp);
});

test("the account's key by the Bank of Russia's weights 7 1 3 over the БИК's last 3 digits and the account", () => {
  // 225 40702810938000012345: the products' last digits 4+2+5+8+0+1+0+2+4+7+0+7+1+8+0+0+0+0+7+2+9+8+5 = 80, ends in 0;
  // the key digit (the account's 9th) 0 instead of 9 takes 7 off (9 × 3 = 27 → 7): 73, refused
  expect(keyHolds('22540702810938000012345')).toBe(true);
  expect(accountError('40702810938000012345', '044525225')).toBeNull();
  expect(accountError('40702810038000012345', '044525225')).toBe(
    'Расчётный счёт не сходится с БИК: проверьте оба номера',
  );
  expect(accountError('4070281093800001234', '044525225')).toBe('Расчётный счёт состоит из 20 цифр');
  // a wrong БИК is the БИК's own message: the account is only measured
  expect(accountError('40702810038000012345', '0445')).toBeNull();
  // the correspondent account: '0', the БИК's 5th and 6th digits ('25'), the account (Sberbank's, published)
  expect(corrAccountError('30101810400000000225', '044525225')).toBeNull();
  expect(corrAccountError('30101810500000000225', '044525225')).toBe(REQUISITE_MSG.corrAccountKey);
});

test("the company settings' schema says what is wrong with each requisite, the account judged with its БИК", async () => {
  const messages = (values: Record<string, unknown>) =>
    companySettingsSchema.validate(values, { abortEarly: false }).then(
      () => [],
      (e: { errors: string[] }) => e.errors,
    );
  expect(
    await messages({
      company_inn: '7707083894',
      company_bik: '044525225',
      company_account: '40702810038000012345',
      vat_regime: 'barter',
    }),
  ).toEqual([
    'Неверное контрольное число ИНН',
    'Расчётный счёт не сходится с БИК: проверьте оба номера',
    'Выберите систему налогообложения',
  ]);
  const valid = await companySettingsSchema.validate({
    company_inn: '7707 083 893',
    company_kpp: '773601001',
    company_ogrn: '1027700132195',
    company_bik: '044525225',
    company_account: '4070 2810 9380 0001 2345',
    company_corr_account: '30101810400000000225',
    vat_regime: 'general',
  });
  expect([valid.company_inn, valid.company_account]).toEqual(['7707083893', '40702810938000012345']);
});

test('an invoice worked by hand: a 10 % line and a 22 % line, each half up to the kopeck, totals the sums of the lines', () => {
  // 120.5 kg × 385.40 = 46 440.70; VAT 46 440.70 × 10 / 110 = 4 221.8818… → 4 221.88; without 42 218.82
  const almonds = paperLine({ amount: '120.500', price: '385.40', vat_rate: '10' });
  expect(almonds).toEqual({
    amount: '120.500',
    price: '385.40',
    vat_rate: '10',
    total: '46440.70',
    vat_sum: '4221.88',
    total_without_vat: '42218.82',
  });
  // 33.333 kg × 999.99 = 33 332.66667 → 33 332.67; VAT 33 332.67 × 22 / 122 = 6 010.8093… → 6 010.81; without 27 321.86
  const cashews = paperLine({ amount: '33.333', price: '999.99', vat_rate: '22' });
  expect(cashews).toMatchObject({ total: '33332.67', vat_sum: '6010.81', total_without_vat: '27321.86' });
  // 7 pieces × 0.05 = 0.35; VAT 0.35 × 22 / 122 = 0.0631… → 0.06
  const bags = paperLine({ amount: '7', price: '0.05', vat_rate: '22' });
  expect(bags).toMatchObject({ total: '0.35', vat_sum: '0.06', total_without_vat: '0.29' });
  const totals = paperTotals([almonds, cashews, bags]);
  // 46 440.70 + 33 332.67 + 0.35 = 79 773.72; VAT 4 221.88 + 6 010.81 + 0.06 = 10 232.75; without 69 540.97
  expect(totals).toEqual({
    total: '79773.72',
    vat_sum: '10232.75',
    total_without_vat: '69540.97',
    total_kopecks: 7977372n,
  });
  expect(sumInWords(totals.total_kopecks)).toBe('Семьдесят девять тысяч семьсот семьдесят три рубля 72 копейки');
});

test('half up at the half kopeck; none at 0 % and without VAT; the simplified regime charges none', () => {
  // 0.5 kg × 0.01 = 0.005 → 0.01
  expect(paperLine({ amount: '0.5', price: '0.01', vat_rate: 'none' })).toMatchObject({
    total: '0.01',
    vat_sum: '0.00',
    total_without_vat: '0.01',
  });
  // 1 100 kopecks × 10 / 110 = 100 exactly; 61 kopecks × 22 / 122 = 11 exactly; 183 × 22 / 122 = 33
  expect([vatInside(1100n, '10'), vatInside(61n, '22'), vatInside(183n, '22'), vatInside(183n, '0')]).toEqual([
    100n,
    11n,
    33n,
    0n,
  ]);
  expect([lineVatRate('simplified', '22'), lineVatRate('general', '10')]).toEqual(['none', '10']);
  expect([OKEI['кг'].code, OKEI['шт'].code]).toEqual(['166', '796']);
});

test("sums in words: the rubles' and the thousands' genders and plurals, kopecks in two digits", () => {
  expect(sumInWords(12_000_000n)).toBe('Сто двадцать тысяч рублей 00 копеек');
  expect(sumInWords(2_101n)).toBe('Двадцать один рубль 01 копейка');
  expect(sumInWords(100_200_302n)).toBe('Один миллион две тысячи три рубля 02 копейки');
  expect(sumInWords(211_211_111n)).toBe('Два миллиона сто двенадцать тысяч сто одиннадцать рублей 11 копеек');
  expect(sumInWords(0n)).toBe('Ноль рублей 00 копеек');
  expect(numberInWords(1_000_000_000n)).toBe('один миллиард');
  expect(numberInWords(21_001n)).toBe('двадцать одна тысяча один');
});
