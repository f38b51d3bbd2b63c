// A sum in Russian words as invoices and УПД print it under their totals: 'Сто двадцать тысяч рублей 00 копеек'. The
// rubles in words (thousands are feminine: 'одна тысяча', 'две тысячи'), the kopecks in two digits.
import { plural, type NounForms } from '../plural';

const UNITS_M = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const UNITS_F = ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
];
const HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
];

/** The scales above the units, each with its gender and noun forms. */
const SCALES: { feminine: boolean; forms: NounForms }[] = [
  { feminine: true, forms: ['тысяча', 'тысячи', 'тысяч'] },
  { feminine: false, forms: ['миллион', 'миллиона', 'миллионов'] },
  { feminine: false, forms: ['миллиард', 'миллиарда', 'миллиардов'] },
  { feminine: false, forms: ['триллион', 'триллиона', 'триллионов'] },
];

const RUBLES: NounForms = ['рубль', 'рубля', 'рублей'];
const KOPECKS: NounForms = ['копейка', 'копейки', 'копеек'];

/** 1…999 in words. */
function triad(n: number, feminine: boolean): string[] {
  const words = [HUNDREDS[Math.floor(n / 100)]];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]);
  else words.push(TENS[Math.floor(rest / 10)], (feminine ? UNITS_F : UNITS_M)[rest % 10]);
  return words.filter(Boolean);
}

/** A whole number of rubles in words, masculine ('двадцать один'), 'ноль' for none. */
export function numberInWords(whole: bigint): string {
  if (whole === 0n) return 'ноль';
  const groups: number[] = [];
  for (let n = whole; n > 0n; n /= 1000n) groups.push(Number(n % 1000n));
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    if (!groups[i]) continue;
    if (i === 0) words.push(...triad(groups[i], false));
    else {
      const scale = SCALES[i - 1];
      words.push(...triad(groups[i], scale.feminine), plural(groups[i], scale.forms));
    }
  }
  return words.join(' ');
}

/** Kopecks (an integer, bigint) as the sum in words: 12000000n → 'Сто двадцать тысяч рублей 00 копеек'. */
export function sumInWords(kopecks: bigint): string {
  const negative = kopecks < 0n;
  const all = negative ? -kopecks : kopecks;
  const rubles = all / 100n;
  const kop = Number(all % 100n);
  const words = `${negative ? 'минус ' : ''}${numberInWords(rubles)} ${plural(Number(rubles % 100n), RUBLES)} ${String(kop).padStart(2, '0')} ${plural(kop, KOPECKS)}`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}
