// The checks a tax paper's requisites must pass before they are printed on an invoice or sent in a УПД: the ОГРН's
// and ОГРНИП's check digit, the БИК's shape, the settlement and correspondent accounts' control key (the Bank of
// Russia's algorithm over the БИК and the account), the КПП's shape. The ИНН's checksum is domain/inn.ts's.
import { isValidInn } from './inn';

export const REQUISITE_MSG = {
  innLength: 'ИНН состоит из 10 или 12 цифр',
  innCheck: 'Неверное контрольное число ИНН',
  kpp: 'КПП состоит из 9 символов: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры',
  ogrnLength: 'ОГРН состоит из 13 цифр, ОГРНИП из 15',
  ogrnCheck: 'Неверное контрольное число ОГРН',
  bik: 'БИК состоит из 9 цифр',
  account: 'Расчётный счёт состоит из 20 цифр',
  accountKey: 'Расчётный счёт не сходится с БИК: проверьте оба номера',
  corrAccount: 'Корреспондентский счёт состоит из 20 цифр',
  corrAccountKey: 'Корреспондентский счёт не сходится с БИК: проверьте оба номера',
} as const;

/** The ИНН's own rule: 10 digits for a company, 12 for an entrepreneur, with their check digits; empty is none. */
export function innError(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!/^(\d{10}|\d{12})$/.test(value)) return REQUISITE_MSG.innLength;
  return isValidInn(value) ? null : REQUISITE_MSG.innCheck;
}

/** A КПП: 4 digits (the tax office), 2 digits or capital Latin letters (the reason), 3 digits; empty is none. */
export function kppError(value: string | null | undefined): string | null {
  return !value || /^\d{4}[\dA-Z]{2}\d{3}$/.test(value) ? null : REQUISITE_MSG.kpp;
}

/** An ОГРН (13 digits: the first 12 mod 11, its last digit) or an ОГРНИП (15: the first 14 mod 13); empty is none. */
export function ogrnError(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!/^(\d{13}|\d{15})$/.test(value)) return REQUISITE_MSG.ogrnLength;
  const body = BigInt(value.slice(0, -1));
  const check = (body % (value.length === 13 ? 11n : 13n)) % 10n;
  return check === BigInt(value.slice(-1)) ? null : REQUISITE_MSG.ogrnCheck;
}

/** A БИК: 9 digits; empty is none. */
export function bikError(value: string | null | undefined): string | null {
  return !value || /^\d{9}$/.test(value) ? null : REQUISITE_MSG.bik;
}

const KEY_WEIGHTS = [7, 1, 3];

/** The Bank of Russia's control key over 23 digits: each digit times 7, 1, 3, 7, 1, 3 …, the last digits of the
 * products summed; the sum's last digit is 0 when the account is right. */
export function keyHolds(digits23: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits23.length; i++) sum += (Number(digits23[i]) * KEY_WEIGHTS[i % 3]) % 10;
  return sum % 10 === 0;
}

/** A settlement account (р/с) at the bank of this БИК: 20 digits, its key checked over the БИК's last 3 digits and the
 * account. With no valid БИК only the length is checked (the БИК's own message says what is wrong). */
export function accountError(account: string | null | undefined, bik: string | null | undefined): string | null {
  if (!account) return null;
  if (!/^\d{20}$/.test(account)) return REQUISITE_MSG.account;
  if (!bik || bikError(bik)) return null;
  return keyHolds(bik.slice(-3) + account) ? null : REQUISITE_MSG.accountKey;
}

/** A correspondent account (к/с) of the bank of this БИК: 20 digits, its key over '0', the БИК's 5th and 6th digits
 * and the account. */
export function corrAccountError(account: string | null | undefined, bik: string | null | undefined): string | null {
  if (!account) return null;
  if (!/^\d{20}$/.test(account)) return REQUISITE_MSG.corrAccount;
  if (!bik || bikError(bik)) return null;
  return keyHolds(`0${bik.slice(4, 6)}${account}`) ? null : REQUISITE_MSG.corrAccountKey;
}
