// How suppliers write what a price list holds: numbers ('1 200,50', '850 руб.'), packings ('мешок 22,68 кг') and
// names ('Кешью W-320'), read into our values and keys. Pure, like the rest of the price list's reading.
import { ratio } from '../numbers';
import { remembered } from '../remembered';

// ---- reading numbers as suppliers write them
/** A number as a supplier writes it: '1 200,50', '1.200,50', '22,68', '850 руб.', '1 200.5 ₽' → '1200.50' (the
 * digits as written, no float); null when it is no number. */
export const parseDecimal = remembered(readDecimal);

function readDecimal(text: string): string | null {
  let t = text
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(/(₽|руб\.?|р\.|rub)$/i, '')
    .replace(/(кг|т|шт\.?)$/i, '');
  if (!t) return null;
  const comma = t.lastIndexOf(',');
  const dot = t.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    // the later one is the decimal point, the other one groups thousands
    t = comma > dot ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  } else if (comma >= 0) {
    t = t.replace(',', '.');
  }
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  // a number cell arrives as JavaScript wrote it: 22.680000000000003 is 22.68 as typed
  return /\.\d{7,}$/.test(t) ? String(Number(Number(t).toFixed(6))) : t;
}

/** Packing words a supplier writes, as the start of our packing's name. */
const PACKING_WORDS: [RegExp, string][] = [
  [/^(мешок|мешки|меш\.?|мешке|bag)$/i, 'мешок'],
  [/^(короб|коробка|коробки|кор\.?|ящик|carton|box)$/i, 'коробка'],
  [/^(пакет|вакуум|вак\.?|вакуумный|вакуумная)$/i, 'вакуумный пакет'],
  [/^(биг-?бэг|бигбег|биг-?бег|big-?bag)$/i, 'биг-бэг'],
];

export interface Packing {
  /** The packing's kind in our words: 'мешок', 'коробка', … (or the supplier's word as written). */
  type: string;
  /** The weight of one, kg, as text. */
  weight: string;
}

/** 'мешок 22,68 кг' → {type: 'мешок', weight: '22.68'}; 'короб 10кг', 'Вак. пакет 1 кг', 'коробка 500 г' (0.5 kg);
 * null when it holds no weight. */
export const parsePacking: (text: string) => Readonly<Packing> | null = remembered(readPacking);

function readPacking(text: string): Packing | null {
  const m = /^(.*?)[\s(]*(\d[\d\s]*(?:[.,]\d+)?)\s*(кг|kg|г|гр|g)\.?\)?\s*$/i.exec(text.trim());
  if (!m) return null;
  const number = parseDecimal(m[2]);
  if (number === null || Number(number) <= 0) return null;
  const grams = /^(г|гр|g)$/i.test(m[3]);
  const weight = grams ? String(ratio(number, 1000, 3)) : number;
  const words = m[1]
    .trim()
    .toLocaleLowerCase('ru')
    .replace(/ё/g, 'е')
    .split(/[\s,]+/)
    .filter(Boolean);
  const ours = words.map((w) => PACKING_WORDS.find(([re]) => re.test(w))?.[1]).find(Boolean);
  return { type: ours ?? words.join(' '), weight };
}

/** A packing the file writes as our list names packings: 'мешок 22.68кг' → 'Мешок 22,68 кг', 'короб 500 г' →
 * 'Коробка 0,5 кг'; null without a kind ('22,68 кг' names no packing to add). */
export function packingName(p: Packing): string | null {
  const type = p.type.trim();
  if (!type) return null;
  return `${type[0].toLocaleUpperCase('ru')}${type.slice(1)} ${String(Number(p.weight)).replace('.', ',')} кг`;
}

/** Our packing's name as its kind and weight, to find 'Мешок 22,68 кг' for 'мешок 22.68кг'. */
const typeKey = remembered((type: string) => type.toLocaleLowerCase('ru').replace(/ё/g, 'е'));
export const packingKey = (p: Packing) => `${typeKey(p.type)}|${Number(p.weight)}`;

// ---- names
/** A name as names are compared: lower case, ё as е, letters and digits only ('Кешью W-320' = 'кешью w320'). */
export const nameKey = remembered((name: string) =>
  name
    .toLocaleLowerCase('ru')
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/(\p{L}) (?=\p{N})/gu, '$1'),
);
