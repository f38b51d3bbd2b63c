import { money, perUnit, round1, round2, times, toNumber } from '../numbers';

describe('numbers as forms and the database give them', () => {
  it('reads a decimal comma and spaces between thousands', () => {
    expect(toNumber('1 150,50')).toBe(1150.5);
    expect(toNumber('')).toBeNull();
    expect(toNumber('abc')).toBeNull();
  });

  it('rounds half away from zero without float drift', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round1(2.25)).toBe(2.3);
    expect(money(2)).toBe('2.00');
  });

  it('multiplies a price by an amount to kopecks, empty when either is missing', () => {
    expect(times('250,50', 12)).toBe(3006);
    expect(times('0.1', '0.2')).toBe(0.02);
    expect(times(null, 3)).toBeNull();
  });

  it('divides by a positive number only', () => {
    expect(perUnit(7, 3)).toBeCloseTo(2.3333, 4);
    expect(perUnit(7, 0)).toBeNull();
    expect(perUnit(7, -1)).toBeNull();
    expect(perUnit('', 3)).toBeNull();
  });
});
