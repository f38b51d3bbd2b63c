// A day field that keeps what is being typed. MUI's field reports a "valid" date at every digit of the year
// (0002, 0020, 0202, 2026); a parent that stored each one (in the URL, in a form) and gave it back as the value
// reset the field mid-typing: '0202-12-07' read back by dayjs is 1902, and 07122026 typed at 30 ms a key ended
// as 07.12.0202. Here the field holds its own value: a day leaves it only when it is whole (a four-digit year),
// after the typing rests (`pause`, for a field that asks the server) or at once, and on blur; the parent's value
// is taken back only when it is another day than the one typed (a reset, the back button, a reload).
import { useEffect, useRef, useState } from 'react';
import { DatePicker, type DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the field holds as the parent stores it: 'YYYY-MM-DD', '' when empty, null while it is not (yet) a day. */
export function typedDay(date: Dayjs | null): string | null {
  if (date === null) return '';
  return date.isValid() && date.year() >= 1000 ? date.format('YYYY-MM-DD') : null;
}

const toDayjs = (day: string | null | undefined): Dayjs | null => (day && DAY.test(day) ? dayjs(day) : null);

export interface DayPickerProps extends Omit<DatePickerProps, 'value' | 'onChange' | 'format'> {
  /** The stored day, 'YYYY-MM-DD' ('' or anything else: none). */
  value: string | null | undefined;
  /** A whole day typed or picked ('YYYY-MM-DD'), '' when the field is emptied, null when what is typed is no day. */
  onDay(day: string | null): void;
  /** Milliseconds the typing rests before the day is given (0: at once). Blur gives it at once. */
  pause?: number;
  /** Why a whole day is refused (it is not given), or null: shown under the field; on blur the field goes back to
   * the stored day, so what the field shows and what the page uses never part. */
  refuse?(day: string): string | null;
  name?: string;
  onBlur?(): void;
  error?: boolean;
  helperText?: string | null | false;
  size?: 'small' | 'medium';
  width?: number;
}

export function DayPicker({
  value,
  onDay,
  pause = 0,
  refuse,
  name,
  onBlur,
  error,
  helperText,
  size = 'small',
  width,
  slotProps,
  ...picker
}: DayPickerProps) {
  const [local, setLocal] = useState<Dayjs | null>(() => toDayjs(value));
  const [seen, setSeen] = useState(value);
  const [refused, setRefused] = useState<string | null>(null);
  if (value !== seen) {
    setSeen(value);
    // the parent's day changed: taken when it is another day than the one typed (a day of its own, or emptied)
    if (
      (value === '' || value === null || value === undefined || DAY.test(value)) &&
      (value ?? '') !== typedDay(local)
    ) {
      setLocal(toDayjs(value));
      setRefused(null);
    }
  }
  const pending = useRef<{ day: string | null; timer: ReturnType<typeof setTimeout> } | null>(null);
  const give = useRef(onDay);
  give.current = onDay;
  const flush = () => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    const { day } = pending.current;
    pending.current = null;
    give.current(day);
  };
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current.timer);
    },
    [],
  );

  const change = (date: Dayjs | null) => {
    setLocal(date);
    const day = typedDay(date);
    const why = day ? (refuse?.(day) ?? null) : null;
    setRefused(why);
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    if (why) return;
    if (pause > 0 && day !== null) {
      pending.current = { day, timer: setTimeout(flush, pause) };
    } else {
      give.current(day);
    }
  };
  const blur = () => {
    flush();
    // a refused day does not stay in the field: it goes back to the day in use; the reason stays under it
    if (refused) setLocal(toDayjs(value));
    onBlur?.();
  };
  const shownError = Boolean(refused) || error;
  const text = refused ?? helperText;
  return (
    <DatePicker
      {...picker}
      format="DD.MM.YYYY"
      value={local}
      onChange={change}
      onClose={flush}
      slotProps={{
        ...slotProps,
        textField: {
          size,
          name,
          onBlur: blur,
          error: shownError,
          helperText: text || undefined,
          ...(width ? { sx: { width } } : {}),
        },
      }}
    />
  );
}
