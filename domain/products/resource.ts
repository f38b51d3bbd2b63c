// The products section, declared once (domain/resource.ts): a named record (its name is the card's header), its
// list's columns (spec point 2) and filter keys (point 3) and its history derived from it.
import { f, recordColumns, recordFilters, type ColumnDef, type FilterDef } from '../lists';
import { defineResource } from '../resource';
import { VAT_RATES, VAT_RATE_TITLE } from '../papers/lines';

/** The rates a product's card chooses from, by the titles papers print. */
export const VAT_RATE_CHOICES = VAT_RATES.map((value) => ({ value, title: VAT_RATE_TITLE[value] }));

export const productsResource = defineResource({
  section: 'products',
  fields: {
    name: { label: 'Название', required: true, kind: 'text', column: { width: 260 }, filter: { key: 'products' } },
    // stored as '22' | '10' | '0' | 'none', shown (list, export, history) by the title papers print
    vat_rate: { label: 'Ставка НДС', kind: 'choice', column: { width: 130, titles: VAT_RATE_TITLE } },
  },
  columns: [
    recordColumns.id(),
    'name',
    'vat_rate',
    recordColumns.status(140),
    recordColumns.createdAt(140),
    recordColumns.comments({ width: 260 }),
  ],
  filters: [
    f('products_ids', '№ товара', 'multiple', { options: 'products', field: 'id' }),
    'name',
    recordFilters.status(),
    recordFilters.createdAt(),
    recordFilters.withComments(),
  ],
  bulk: {
    status: [
      { value: 'active', title: 'Активный' },
      { value: 'deactivated', title: 'Деактивирован' },
    ],
    order: [],
  },
  historyExtra: {
    // the product's varieties: the list the offer card's 'Сорт' offers, each added, renamed or removed
    varieties: { key: 'varieties', title: 'Сорта', format: 'item' },
    // the document types its lots need, by name
    document_types: { key: 'document_types', title: 'Документы для партий', format: 'text' },
  },
});

export const columns: ColumnDef[] = productsResource.columns;
export const filters: FilterDef[] = productsResource.filters;
