// Russian taxpayer numbers (ИНН) with the Federal Tax Service checksums: 10 digits for a company,
// 12 for an individual entrepreneur (ИП). The demo suppliers must pass any real-world INN validator.
import type { Random } from './random';

const WEIGHTS_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function checkDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * weights[i];
  return (sum % 11) % 10;
}

/** True when the INN has 10 or 12 digits and its check digits are right. */
export function isValidInn(inn: string): boolean {
  if (/^\d{10}$/.test(inn)) return checkDigit(inn, WEIGHTS_10) === Number(inn[9]);
  if (/^\d{12}$/.test(inn)) {
    return checkDigit(inn, WEIGHTS_11) === Number(inn[10]) && checkDigit(inn, WEIGHTS_12) === Number(inn[11]);
  }
  return false;
}

/** A company INN: region code (2 digits), tax office (2), record number (5), check digit. */
export function companyInn(random: Random, regionCode: string): string {
  const body = regionCode + String(random.int(1, 51)).padStart(2, '0') + random.digits(5);
  return body + checkDigit(body, WEIGHTS_10);
}

/** An individual's INN: region code (2 digits), tax office (2), record number (6), two check digits. */
export function personInn(random: Random, regionCode: string): string {
  const body = regionCode + String(random.int(1, 51)).padStart(2, '0') + random.digits(6);
  const eleventh = body + checkDigit(body, WEIGHTS_11);
  return eleventh + checkDigit(eleventh, WEIGHTS_12);
}
