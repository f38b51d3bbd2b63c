// Russian taxpayer numbers (ИНН) with the Federal Tax Service checksums: 10 digits for a company, 12 for an
// individual entrepreneur (ИП). The buyer card and the server check them here; the demo seed makes its INNs
// with the same check digits (server/db/seed/inn.ts).

const WEIGHTS_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
export const INN_WEIGHTS = { company: WEIGHTS_10, person11: WEIGHTS_11, person12: WEIGHTS_12 } as const;

/** The check digit of the first `weights.length` digits. */
export function innCheckDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * weights[i];
  return (sum % 11) % 10;
}

/** True when the INN has 10 or 12 digits and its check digits are right. */
export function isValidInn(inn: string): boolean {
  if (/^\d{10}$/.test(inn)) return innCheckDigit(inn, WEIGHTS_10) === Number(inn[9]);
  if (/^\d{12}$/.test(inn)) {
    return innCheckDigit(inn, WEIGHTS_11) === Number(inn[10]) && innCheckDigit(inn, WEIGHTS_12) === Number(inn[11]);
  }
  return false;
}
