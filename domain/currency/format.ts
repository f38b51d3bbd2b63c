// How a rate is shown: rubles for one unit with a decimal comma, at least the kopecks ('90,00', '2,24172',
// '0,00656543'), and the caption of prices converted at the Bank's rate of a day.
import { formatDate } from '../format';

/** A unit rate as a person reads it: '90.0000' → '90,00', '2.2417200000' → '2,24172'. */
export function formatRate(unitRate: string | number | null | undefined): string {
  if (unitRate === null || unitRate === undefined || unitRate === '') return '';
  const [whole, fraction = ''] = String(unitRate).split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${whole},${kept}`;
}

/** 'по курсу ЦБ на 01.04.2025': under prices shown in rubles at the Bank's rate of that day. */
export const rateCaption = (isoDate: string) => `по курсу ЦБ на ${formatDate(isoDate)}`;

/** The change of a rate from the previous one, signed, with the kopecks: '+0,45', '−1,20', '0,00'. */
export function formatRateChange(now: string, previous: string | null | undefined): string {
  if (!previous) return '';
  const delta = Math.round((Number(now) - Number(previous)) * 1e4) / 1e4;
  const text = formatRate(Math.abs(delta).toFixed(4));
  return delta > 0 ? `+${text}` : delta < 0 ? `−${text}` : text;
}
