// The offers' import template: one column per field of the offer card, titled as the card labels it,
// the references by name (the supplier also by INN). The server reads a file by these titles, the template
// download writes them, and the report names a row's problem by them.
import type { ImportColumn } from '../import';
import { offersResource } from './resource';
import { LOGISTICS_STATES } from './logistics';

/** Template columns, in order: the offer's fields (resource.ts importOrder) titled as the card labels them, then
 * its comment. `key` is the card's form field (a reference's id field for a name). */
export const OFFER_IMPORT_COLUMNS: ImportColumn[] = [
  ...offersResource.importColumns,
  {
    key: 'comments',
    title: 'Комментарий',
    aliases: ['Комментарии'],
    example: 'Партия после сортировки',
    note: 'можно оставить пустым',
  },
];

const imported = new Set(OFFER_IMPORT_COLUMNS.flatMap((c) => [c.title, ...(c.aliases ?? [])]));

/** Titles of the offers list's columns an import reads past: an exported list loads back, its computed columns
 * (number, status, sums, stock) are the server's to fill. */
export const OFFER_IMPORT_IGNORED = offersResource.columns.map((c) => c.title).filter((title) => !imported.has(title));

/** A logistics state as a file may write it: its title ('В пути') or its value ('in_transit'), any case. */
export const logisticsStateOf = (cell: string): string => {
  const text = cell.trim().toLocaleLowerCase('ru').replace(/ё/g, 'е');
  return (
    LOGISTICS_STATES.find((s) => s.value === text || s.title.toLocaleLowerCase('ru').replace(/ё/g, 'е') === text)
      ?.value ?? cell
  );
};

/** A day as a file writes it (dd.mm.yyyy, as the export and a spreadsheet's date cell read) as the card sends it. */
export const dayOf = (cell: string): string => {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(cell.trim());
  return match ? `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}` : cell.trim();
};

/** Unit measure as a file may write it: the value or the card's label. */
export const UNIT_MEASURE_NAMES: Record<string, string> = {
  шт: 'шт',
  штуки: 'шт',
  'шт.': 'шт',
  кг: 'кг',
  килограммы: 'кг',
  'кг.': 'кг',
};
