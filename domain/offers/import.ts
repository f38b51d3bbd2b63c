// The offers' import template (issue 12): one column per field of the offer card, titled as the card labels it,
// the references by name (the supplier also by INN). The server reads a file by these titles, the template
// download writes them, and the report names a row's problem by them.
import type { ImportColumn } from '../import';
import { OFFER_FIELDS, OFFER_IMPORT_ORDER } from './fields';

/** Template columns, in order: the offer's fields (fields.ts) titled as the card labels them, then its comment.
 * `key` is the card's form field (a reference's id field for a name). */
export const OFFER_IMPORT_COLUMNS: ImportColumn[] = [
  ...OFFER_IMPORT_ORDER.map((key) => {
    const field = OFFER_FIELDS.find((f) => f.key === key)!;
    return { key, title: field.label, ...field.import } as ImportColumn;
  }),
  { key: 'comments', title: 'Комментарий', aliases: ['Комментарии'], example: 'Партия после сортировки', note: 'можно оставить пустым' },
];

/** Titles of the offers list's columns an import reads past: an exported list loads back, its computed columns
 * (number, status, sums, stock) are the server's to fill. */
export const OFFER_IMPORT_IGNORED = [
  '№', 'Фото', 'Статус', 'Цена за кг', 'Сумма', 'В резерве', 'Сумма резервов', 'Выкуплено', 'Доступно', 'Доступно на сумму',
  'Мин. цена продажи', 'Макс. цена продажи', 'Создал', 'Дата создания',
];

/** Unit measure as a file may write it: the value or the card's label. */
export const UNIT_MEASURE_NAMES: Record<string, string> = { шт: 'шт', штуки: 'шт', 'шт.': 'шт', кг: 'кг', килограммы: 'кг', 'кг.': 'кг' };
