// The phone field of spec point 5: digits only, shown as +7 (XXX) XXX-XX-XX while typing; the +7 prefix cannot be
// deleted or typed over, an empty field gets +7 on focus (and loses it again if nothing follows), and a whole
// number pasted with a leading 8 is read as 7. The form keeps what is shown; domain/phone.ts stores the digits.
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { formatPhone, PHONE_PREFIX } from '../../domain/phone';

/** The shown value after an edit: what follows the prefix, as digits after 7. */
export function nextPhoneValue(input: string): string {
  // '+…' is the field edited around its prefix; anything else is a number typed or pasted over the whole field
  const edited = input.startsWith('+');
  let digits = (input.startsWith(PHONE_PREFIX) ? input.slice(PHONE_PREFIX.length) : input).replace(/\D/g, '');
  // a whole number's own country digit (7, or 8 read as 7) is not part of the ten that follow +7: typed first
  // after the prefix, or leading a number typed or pasted whole
  if ((!edited || digits.length === 11 || digits.length === 1) && /^[78]/.test(digits)) digits = digits.slice(1);
  return formatPhone(`7${digits.slice(0, 10)}`);
}

export type PhoneInputProps = Omit<TextFieldProps, 'value' | 'onChange'> & { value: string; onChange(value: string): void };

export function PhoneInput({ value, onChange, onFocus, onBlur, ...props }: PhoneInputProps) {
  return (
    <TextField
      {...props}
      value={value}
      type="tel"
      onChange={(e) => onChange(nextPhoneValue(e.target.value))}
      onFocus={(e) => {
        if (!value) onChange(PHONE_PREFIX);
        onFocus?.(e);
      }}
      onBlur={(e) => {
        if (value === PHONE_PREFIX) onChange('');
        onBlur?.(e);
      }}
      slotProps={{ ...props.slotProps, htmlInput: { inputMode: 'tel', maxLength: 18 } }}
    />
  );
}
