// Numbers as both sides read them: form inputs hold strings, the database numeric strings, and money and
// amounts travel as strings with 2 decimals (DESIGN.md), never floats in SQL.

export type Num = number | string | null | undefined;

/** A finite number or null. Accepts a decimal comma and spaces between thousands. */
export function toNumber(value: Num): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.').replace(/\s/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** Rounds half away from zero to 2 decimals, avoiding 1.005 → 1.00 float drift. */
export function round2(n: number): number {
  return Math.sign(n) * Math.round((Math.abs(n) + Number.EPSILON) * 100) / 100;
}

/** Rounds half away from zero to 1 decimal (a reserve's packs). */
export function round1(n: number): number {
  return Math.sign(n) * Math.round((Math.abs(n) + Number.EPSILON) * 10) / 10;
}

/** a × b to 2 decimals (a sum from a price and an amount); empty when either is not a number. */
export function times(a: Num, b: Num): number | null {
  const x = toNumber(a);
  const y = toNumber(b);
  return x === null || y === null ? null : round2(x * y);
}

/** a / b unrounded (amounts per pack, price per kg); empty when either is not a number, b is not positive or
 * the result is not finite. */
export function perUnit(a: Num, b: Num): number | null {
  const x = toNumber(a);
  const y = toNumber(b);
  if (x === null || y === null || y <= 0) return null;
  const result = x / y;
  return Number.isFinite(result) ? result : null;
}

/** The wire form of money and amounts: a string with 2 decimals. */
export function money(n: number | null): string | null {
  return n === null ? null : round2(n).toFixed(2);
}
