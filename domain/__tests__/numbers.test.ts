import {
  decimalPlaces,
  money,
  product,
  ratio,
  round1,
  round2,
  round3,
  roundHalfUp,
  sum,
  times,
  toNumber,
  weightText,
} from '../numbers';

describe('numbers as forms and the database give them', () => {
  it('reads a decimal comma and spaces between thousands', () => {
    expect(toNumber('1 150,50')).toBe(1150.5);
    expect(toNumber('')).toBeNull();
    expect(toNumber('abc')).toBeNull();
  });

  it("reads no number in '0x10', '1e3' or 'Infinity' (issue 33): a form's amount of them is refused, not 16 or 1 000", () => {
    expect([toNumber('0x10'), toNumber('1e3'), toNumber('Infinity'), toNumber('1.5.2')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect([toNumber('-12,5'), toNumber('.5'), toNumber('7.'), toNumber(1e3)]).toEqual([-12.5, 0.5, 7, 1000]);
  });

  it('rounds half away from zero to the kopeck, as PostgreSQL rounds a numeric', () => {
    // 10.075 is 10.07499999… as a float: a float trick gives 10.07, the kopeck half-up is 10.08
    expect(round2(10.075)).toBe(10.08);
    expect(money(10.075)).toBe('10.08');
    expect(money('10.075')).toBe('10.08');
    expect(round2(-10.075)).toBe(-10.08);
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(1.0049999)).toBe(1);
    expect(round1(2.25)).toBe(2.3);
    expect(round3(0.1255)).toBe(0.126);
    expect(money(2)).toBe('2.00');
    expect(money(-0.001)).toBe('0.00'); // no '-0.00'
    expect(money(1e21)).toBe('1000000000000000000000.00');
    expect(money(5e-7)).toBe('0.00');
    expect(roundHalfUp('12,345', 2)).toBe('12.35');
    expect(money(null)).toBeNull();
    expect(money('abc')).toBeNull();
  });

  it('multiplies exactly and rounds once', () => {
    expect(times('250,50', 12)).toBe(3006);
    expect(times('0.1', '0.2')).toBe(0.02);
    // 1.15 × 3 is 3.4499999999999997 in floats; 1.15 × 3 = 3.45 exactly
    expect(product(2, '1.15', 3)).toBe(3.45);
    // 0.125 kg × 80.5 ₽/kg = 10.0625 ₽ → 10.06; 0.35 × 1.1 = 0.385 → 0.39 (a float gives 0.38500000000000006 or below)
    expect(times('0.125', '80.5')).toBe(10.06);
    expect(times('0.35', '1.1')).toBe(0.39);
    // 702 189.95 ₽ × 7 650.7 = 5 372 244 650.465 → …650.47 (a float product gives …650.4649…, rounded to …650.46)
    expect(money(times('702189.95', '7650.7'))).toBe('5372244650.47');
    expect(times(null, 3)).toBeNull();
    expect(sum('0.1', '0.2', -0.3)).toBe(0);
  });

  it('divides by a positive number only, rounding the exact quotient half up', () => {
    expect(ratio(7, 3, 4)).toBe(2.3333);
    expect(ratio(10, '0.125', 2)).toBe(80); // 10 ₽ for 0.125 kg: 80.00 ₽/kg
    expect(ratio(1, 8, 2)).toBe(0.13); // 0.125 → 0.13
    expect(ratio(-1, 8, 2)).toBe(-0.13);
    expect(ratio(7, 0, 2)).toBeNull();
    expect(ratio(7, -1, 2)).toBeNull();
    expect(ratio('', 3, 2)).toBeNull();
  });

  it('counts the digits after the point, and writes a weight to the gram', () => {
    expect(decimalPlaces('0.125')).toBe(3);
    expect(decimalPlaces('0.1250')).toBe(3);
    expect(decimalPlaces(0.1254)).toBe(4);
    expect(decimalPlaces('12')).toBe(0);
    expect(weightText('0.125')).toBe('0.125');
    expect(weightText(2)).toBe('2.000');
  });
});
