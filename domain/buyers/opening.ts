// A buyer's opening balance ('Начальное сальдо'): what he owed on a day by the books kept before the ledger,
// entered or imported by the finance right (POST /api/buyers/opening-balances: an XLSX of ИНН, balance and as-of
// date). Each row is read here, the same for the server and the dialog: a refused row names its line and why, and a
// file with any refused row writes nothing.
import type { ImportColumn } from '../import';
import { decimalPlaces, roundHalfUp, toNumber } from '../numbers';
import { formatDate } from '../format';

export const OPENING_COLUMNS: ImportColumn[] = [
  { key: 'inn', title: 'ИНН', required: true, example: '7707083893', note: 'ИНН карточки покупателя' },
  {
    key: 'amount',
    title: 'Сальдо, ₽',
    aliases: ['Сальдо', 'Долг', 'Долг, ₽', 'Остаток', 'balance'],
    required: true,
    example: 125000.5,
    note: 'долг покупателя на дату; ниже нуля — его предоплата',
  },
  {
    key: 'as_of',
    title: 'На дату',
    aliases: ['Дата', 'as of', 'as_of'],
    required: true,
    example: '01.12.2026',
    note: 'дд.мм.гггг, не позже сегодняшней',
  },
];

export const OPENING_TEXTS = {
  title: 'Начальное сальдо',
  button: 'Начальное сальдо',
  hint: 'Файл XLSX: ИНН покупателя, сальдо (долг на дату; ниже нуля — предоплата) и дата. Сальдо покупателя заменяет прежнее и входит в его долг, просрочку и кредитный лимит.',
  template: 'Скачать шаблон',
  choose: 'Выбрать файл',
  upload: 'Загрузить',
  uploading: 'Загружаем...',
  done: (n: number) => `Начальное сальдо загружено: ${n}`,
  templateName: 'Шаблон начального сальдо.xlsx',
  cancel: 'Отмена',
} as const;

export const OPENING_MSG = {
  forbidden: 'Начальное сальдо покупателей вносит только роль с правом «Финансы»',
  row: (line: number, message: string) => `Строка ${line}: ${message}`,
  inn: 'не указан ИНН',
  innDigits: 'ИНН должен состоять из 10 или 12 цифр',
  buyer: (inn: string) => `покупатель с ИНН ${inn} не найден`,
  twice: (inn: string, first: number) => `ИНН ${inn} уже есть в строке ${first}`,
  amount: 'сальдо должно быть числом в рублях, не больше 2 знаков после запятой',
  date: 'дата должна быть в виде дд.мм.гггг',
  future: 'дата не может быть позже сегодняшней',
  empty: 'В файле нет ни одной строки сальдо',
} as const;

/** A date as a file writes it: dd.mm.yyyy (as the sheet reader gives a date cell) or yyyy-mm-dd; null if none. */
export function openingDate(text: string): string | null {
  const t = text.trim();
  const ru = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const parts = ru ? [ru[3], ru[2], ru[1]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!parts) return null;
  const [y, m, d] = parts;
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const check = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== day ? null : day;
}

export interface OpeningRow {
  line: number;
  inn: string;
  amount: string;
  as_of: string;
}

/** One row read: its values, or the reasons it is refused (without its line). */
export function readOpeningRow(
  cells: { inn?: unknown; amount?: unknown; as_of?: unknown },
  today: string,
): { row?: Omit<OpeningRow, 'line'>; problems: string[] } {
  const problems: string[] = [];
  const inn = String(cells.inn ?? '').replace(/\s/g, '');
  if (!inn) problems.push(OPENING_MSG.inn);
  else if (!/^(\d{10}|\d{12})$/.test(inn)) problems.push(OPENING_MSG.innDigits);
  const amountText = String(cells.amount ?? '').trim();
  const amount = toNumber(amountText);
  if (amount === null || decimalPlaces(amountText.replace(',', '.').replace(/\s/g, '')) > 2 || Math.abs(amount) >= 1e12)
    problems.push(OPENING_MSG.amount);
  const asOf = openingDate(String(cells.as_of ?? ''));
  if (!asOf) problems.push(OPENING_MSG.date);
  else if (asOf > today) problems.push(OPENING_MSG.future);
  return problems.length ? { problems } : { row: { inn, amount: roundHalfUp(amount, 2)!, as_of: asOf! }, problems };
}

/** The history's and the notice's words of an opening balance. */
export const openingChange = (amount: string, asOf: string) => `${amount} на ${formatDate(asOf)}`;
