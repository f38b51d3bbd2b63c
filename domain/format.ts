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
export const formatFigure = (v: unknown): string =>
  blank(v) || !Number.isFinite(Number(v)) ? '' : moneyFormat.format(Number(v));
/** 1 234,50 ₽ */
export const formatMoney = (v: unknown): string => (blank(v) ? '' : `${moneyFormat.format(Number(v))} ₽`);

/** A stored number as an editable field shows it: the Russian decimal comma, no trailing zeros and no
 * digit grouping, so the text is edited as typed: '3533.42' → '3533,42', '12.50' → '12,5', '1200.00' → '1200'.
 * Text that is no number is shown as it is. */
export function editableNumber(value: unknown): string {
  if (blank(value)) return '';
  const text = String(value).trim();
  if (!/^[+-]?\d+([.,]\d*)?$/.test(text)) return text;
  const [whole, fraction = ''] = text.split(/[.,]/);
  const kept = fraction.replace(/0+$/, '');
  const digits = whole.replace(/^([+-]?)0+(?=\d)/, '$1');
  return kept ? `${digits},${kept}` : digits;
}

/** A number typed in an editable field, comma or point ('1 200,5', '1200.5'), as the form's payload and the API
 * take it: '1200.5'. Text that is no number is sent as typed, for the schema to refuse in its own words. */
export function typedNumber(value: unknown): string {
  if (blank(value)) return '';
  const text = String(value).trim();
  const clean = text.replace(/\s/g, '').replace(',', '.');
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(clean) ? clean.replace(/\.$/, '').replace(/^([+-]?)\./, '$10.') : text;
}
