// Russian taxpayer numbers (ИНН) with the Federal Tax Service checksums (domain/inn.ts): 10 digits for a company,
// 12 for an individual entrepreneur (ИП). The demo suppliers and buyers must pass any real-world INN validator.
import { INN_WEIGHTS, innCheckDigit } from '../../../domain/inn';
import type { Random } from './random';

export { isValidInn } from '../../../domain/inn';

/** A company INN: region code (2 digits), tax office (2), record number (5), check digit. */
export function companyInn(random: Random, regionCode: string): string {
  const body = regionCode + String(random.int(1, 51)).padStart(2, '0') + random.digits(5);
  return body + innCheckDigit(body, INN_WEIGHTS.company);
}

/** An individual's INN: region code (2 digits), tax office (2), record number (6), two check digits. */
export function personInn(random: Random, regionCode: string): string {
  const body = regionCode + String(random.int(1, 51)).padStart(2, '0') + random.digits(6);
  const eleventh = body + innCheckDigit(body, INN_WEIGHTS.person11);
  return eleventh + innCheckDigit(eleventh, INN_WEIGHTS.person12);
}
