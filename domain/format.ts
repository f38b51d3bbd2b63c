import dayjs from 'dayjs';

/** Dates display as dd.MM.yyyy (spec point 1). */
export const DATE_FORMAT = 'DD.MM.YYYY';

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_FORMAT) : '';
}

/** A comment's created_at: date, space, time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(`${DATE_FORMAT} HH:mm`) : '';
}
