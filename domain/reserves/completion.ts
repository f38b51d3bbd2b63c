// 'Завершить' asks for the day the buyer actually took the goods: the card's dialog checks it as it is typed and
// the server checks it again before the reserve is completed, with the same Russian messages.
import { isCalendarDate } from '../businessDay';

export const COMPLETION_MSG = {
  date: 'Укажите фактическую дату реализации',
  future: 'Дата не может быть позже сегодняшней',
  beforeCreated: 'Дата не может быть раньше создания резерва',
} as const;

/** The actual date of implementation (YYYY-MM-DD) is a real day, not after today and not before the day the
 * reserve was made (`createdDay`, YYYY-MM-DD, the office's day): the message that refuses it, or null. */
export function completionDateError(date: string | null | undefined, createdDay: string, today: string): string | null {
  if (!date || !isCalendarDate(date)) return COMPLETION_MSG.date;
  if (date > today) return COMPLETION_MSG.future;
  if (date < createdDay) return COMPLETION_MSG.beforeCreated;
  return null;
}
