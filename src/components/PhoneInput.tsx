// The phone field of spec point 5: shown in the spec's mask as +7 (910) 596-46-98, the +7 prefix cannot be deleted or typed
// over, an empty field gets +7 on focus, a leading 8 of a pasted number is read as 7, and the value handed
// on keeps the digits only (domain/phone.ts formats and checks them).
import { useState, type KeyboardEvent } from 'react';
import TextField from '@mui/material/TextField';
import { formatPhone, phoneDigits, PHONE_PREFIX } from '../../domain/phone';

/** The digits the user means, from what the input now holds and what it showed before. */
export function phoneFromTyping(raw: string, previous: string): string {
  // everything but the prefix is the subscriber's part
  const at = raw.indexOf(PHONE_PREFIX);
  let rest = (at >= 0 ? raw.slice(0, at) + raw.slice(at + PHONE_PREFIX.length) : raw).replace(/\D/g, '');
  const before = phoneDigits(previous).slice(1);
  // a whole number pasted or typed out with its own 8 or 7 (8 912 345-67-89): once it has eleven digits, that
  // first one was the country code. Until then an 8 after +7 may be an area code (+7 (812) …).
  if (rest.length >= 11 && /^[78]/.test(rest)) rest = rest.slice(1);
  // a formatting character was deleted: the digit before it goes
  if (raw.length < previous.length && rest === before) rest = rest.slice(0, -1);
  return rest ? `7${rest}`.slice(0, 11) : '';
}

export interface PhoneInputProps {
  name: string;
  label: string;
  /** Digits only ('79123456789'), or ''. */
  value: string;
  onChange(digits: string): void;
  onBlur?(): void;
  error?: string;
  disabled?: boolean;
}

export function PhoneInput({ name, label, value, onChange, onBlur, error, disabled }: PhoneInputProps) {
  const [focused, setFocused] = useState(false);
  const shown = value ? formatPhone(value) : focused ? PHONE_PREFIX : '';
  const keepPrefix = (e: KeyboardEvent<HTMLDivElement>) => {
    const input = e.target as HTMLInputElement;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    const inPrefix = start < PHONE_PREFIX.length;
    if (e.key === 'Backspace' && start === end && start <= PHONE_PREFIX.length) e.preventDefault();
    else if (e.key === 'Delete' && start === end && inPrefix) e.preventDefault();
    // typing inside the prefix goes after it
    else if (e.key.length === 1 && inPrefix && start === end)
      input.setSelectionRange(input.value.length, input.value.length);
  };
  return (
    <TextField
      name={name}
      label={label}
      value={shown}
      type="tel"
      size="small"
      disabled={disabled}
      error={Boolean(error)}
      helperText={error}
      placeholder="+7 (___) ___-__-__"
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        onBlur?.();
      }}
      onKeyDown={keepPrefix}
      onChange={(e) => onChange(phoneFromTyping(e.target.value, shown))}
      slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel' } }}
    />
  );
}
