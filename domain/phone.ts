// The phone field of spec point 5: digits only, a leading 8 read as 7, shown in the spec's mask as +7 (910) 596-46-98,
// at most 11 digits; the stored value keeps the digits only.
import * as yup from 'yup';
import { MSG } from './messages';

export const PHONE_PREFIX = '+7';
export const PHONE_FORMAT_MSG = 'Неверный формат';

/** The digits to store: non-digits dropped, a leading 8 read as 7, a missing 7 added, cut at 11. */
export function phoneDigits(input: string | null | undefined): string {
  let digits = String(input ?? '').replace(/\D/g, '');
  if (!digits) return '';
  if (digits[0] === '8') digits = `7${digits.slice(1)}`;
  else if (digits[0] !== '7') digits = `7${digits}`;
  return digits.slice(0, 11);
}

/** The spec's mask, +7 (910) 596-46-98, partially filled while typing. */
export function formatPhone(input: string | null | undefined): string {
  const digits = phoneDigits(input);
  if (!digits) return '';
  const rest = digits.slice(1);
  let out = PHONE_PREFIX;
  if (rest.length > 0) out += ` (${rest.slice(0, 3)}`;
  if (rest.length >= 3) out += ')';
  if (rest.length > 3) out += ` ${rest.slice(3, 6)}`;
  if (rest.length > 6) out += `-${rest.slice(6, 8)}`;
  if (rest.length > 8) out += `-${rest.slice(8, 10)}`;
  return out;
}

/** A required phone: 'Обязательное поле', then exactly 11 digits or 'Неверный формат'. */
export const requiredPhone = () =>
  yup
    .string()
    .transform((value) => (value ? phoneDigits(value) : value))
    .required(MSG.required)
    .test('phone-format', PHONE_FORMAT_MSG, (value) => !value || value.replace(/\D/g, '').length === 11);

/** An optional phone: empty is fine, anything else must be complete. */
export const optionalPhone = () =>
  yup
    .string()
    .transform((value) => (value ? phoneDigits(value) : ''))
    .test('phone-format', PHONE_FORMAT_MSG, (value) => !value || value.length === 11);
