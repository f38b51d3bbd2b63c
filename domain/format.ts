// How values are shown to a person, written once: dates as dd.MM.yyyy (spec point 1), money with 2 decimals
// and the rouble sign, numbers with Russian digit grouping, phones in the spec's mask, +7 (910) 596-46-98.
import dayjs from 'dayjs';

export { formatPhone } from './phone';

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

const numberFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });
const moneyFormat = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const blank = (v: unknown) => v === null || v === undefined || v === '';

/** 1 234,5 */
export const formatNumber = (v: unknown): string => (blank(v) ? '' : numberFormat.format(Number(v)));
/** A card's computed figure (spec point 5: 2 decimals), its unit in its label: 28 000,00 */
export const formatFigure = (v: unknown): string => (blank(v) || !Number.isFinite(Number(v)) ? '' : moneyFormat.format(Number(v)));
/** 1 234,50 ₽ */
export const formatMoney = (v: unknown): string => (blank(v) ? '' : `${moneyFormat.format(Number(v))} ₽`);
