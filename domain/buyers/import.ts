// The buyers' import template: one column per field of the buyer card, titled as the card labels it (the
// list's titles read too, so an exported list loads back), the city and the responsible by name, the terms by title.
import type { ImportColumn } from '../import';
import { buyersResource, PAYMENT_TERMS } from './resource';

export const BUYER_IMPORT_COLUMNS: ImportColumn[] = [
  ...buyersResource.importColumns,
  {
    key: 'comments',
    title: 'Комментарий',
    aliases: ['Комментарии'],
    example: 'Платят в срок',
    note: 'можно оставить пустым',
  },
];

const imported = new Set(BUYER_IMPORT_COLUMNS.flatMap((c) => [c.title, ...(c.aliases ?? [])]));

/** Titles of the buyers list's columns an import reads past: number, status, debt and the like are the server's. */
export const BUYER_IMPORT_IGNORED = buyersResource.columns.map((c) => c.title).filter((title) => !imported.has(title));

/** Payment terms as a file writes them: the title ('Отсрочка') or the value ('deferral'), any case; empty: prepayment. */
export function paymentTermsOf(cell: string): string {
  const text = cell.trim().toLocaleLowerCase('ru');
  if (!text) return 'prepay';
  return PAYMENT_TERMS.find((t) => t.value === text || t.title.toLocaleLowerCase('ru') === text)?.value ?? cell;
}
