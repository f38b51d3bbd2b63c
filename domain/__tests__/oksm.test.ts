import { matchCountry, normalizeCountry, OKSM, oksmByCode } from '../oksm';

describe("ОКСМ: a lot's country of origin as the classifier's code", () => {
  it('the countries traders meet, by the classifier', () => {
    const codes = Object.fromEntries(
      ['Вьетнам', 'Иран', 'Турция', 'США', 'Узбекистан', 'Китай', 'Чили', 'Россия'].map((name) => [
        name,
        matchCountry(name)?.code,
      ]),
    );
    expect(codes).toEqual({
      Вьетнам: '704',
      Иран: '364',
      Турция: '792',
      США: '840',
      Узбекистан: '860',
      Китай: '156',
      Чили: '152',
      Россия: '643',
    });
    expect(oksmByCode('704')?.short).toBe('ВЬЕТНАМ');
  });

  it('case, ё, punctuation and other spellings do not matter', () => {
    expect(matchCountry('  вьетнам ')?.code).toBe('704');
    expect(matchCountry('Соединённые Штаты Америки')?.code).toBe('840');
    expect(matchCountry('Кот-д’Ивуар')?.code).toBe('384');
    expect(matchCountry('KAZAKHSTAN')?.code).toBe('398');
    expect(normalizeCountry("Кот-д'Ивуар")).toBe('кот д ивуар');
  });

  it('a text no spelling matches waits for an administrator, whose mapping is then used', () => {
    expect(matchCountry('Вьетнам (Хошимин)')).toBeNull();
    expect(matchCountry('')).toBeNull();
    const mapped = new Map([[normalizeCountry('Вьетнам (Хошимин)'), '704']]);
    expect(matchCountry('вьетнам (хошимин)', mapped)?.short).toBe('ВЬЕТНАМ');
  });

  it('codes are three digits and named once', () => {
    expect(OKSM.every((c) => /^\d{3}$/.test(c.code))).toBe(true);
    expect(new Set(OKSM.map((c) => c.code)).size).toBe(OKSM.length);
  });
});
