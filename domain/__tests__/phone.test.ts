import { formatPhone, phoneDigits, requiredPhone, optionalPhone } from '../phone';

describe('phone field (spec point 5)', () => {
  test('digits only, a leading 8 is read as 7, at most 11 digits', () => {
    expect(phoneDigits('8 (916) 123-45-67')).toBe('79161234567');
    expect(phoneDigits('+7 916 123 45 67 89')).toBe('79161234567');
    expect(phoneDigits('916')).toBe('7916');
    expect(phoneDigits('')).toBe('');
  });

  test('displays as +7 (XXX) XXX-XX-XX, also while typing', () => {
    expect(formatPhone('79161234567')).toBe('+7 (916) 123-45-67');
    expect(formatPhone('7916')).toBe('+7 (916)');
    expect(formatPhone('791612')).toBe('+7 (916) 12');
    expect(formatPhone('7')).toBe('+7');
    expect(formatPhone(null)).toBe('');
  });

  test('a required phone needs exactly 11 digits', async () => {
    await expect(requiredPhone().validate('')).rejects.toThrow('Обязательное поле');
    await expect(requiredPhone().validate('+7 (916) 123')).rejects.toThrow('Неверный формат');
    await expect(requiredPhone().validate('+7 (916) 123-45-67')).resolves.toBe('79161234567');
    await expect(optionalPhone().validate('')).resolves.toBe('');
    await expect(optionalPhone().validate('7916')).rejects.toThrow('Неверный формат');
  });
});
