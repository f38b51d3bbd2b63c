// The suppliers section, declared once (domain/resource.ts): the card's form fields (spec point 5 "Supplier
// form"; the name is the header's), the list's columns (point 2) and filter keys (point 3), history and bulk edit
// are derived from it; so are the server's body schema, SQL columns, joins, sorts and filters.
import { col, f, rangeFilters, recordColumns, recordFilters, type ColumnDef, type FilterDef } from '../lists';
import type { FieldRef } from '../fieldRefs';
import { defineResource } from '../resource';
import { RESERVE_STATISTICS_FILTERS } from '../reserves/statistics';
import { OFFER_LOADING_ADDRESS } from '../offers/resource';

// A supplier's statistics are counted over its offers (and their reserves): they read which supplier an offer
// has, and a role that may not know an offer's supplier could match an offer to its supplier by them.
// counted over every offer (reserve) of the supplier: needs the offer's supplier and all of them readable
const BY_OFFERS: FieldRef[] = ['offers.supplier', 'offers.*'];
const BY_RESERVES: FieldRef[] = ['offers.supplier', 'offers.*', 'reserves.id', 'reserves.*'];

const statistics = [
  col('total_offers_created', 'Предложений', 'number', { reads: BY_OFFERS }),
  col('reserve_total_created', 'Резервов', 'number', { width: 110, reads: BY_RESERVES }),
  col('reserve_purchased_count', 'Выкуплено резервов', 'number', {
    width: 150,
    hiddenByDefault: true,
    reads: BY_RESERVES,
  }),
  col('reserve_purchased_sum', 'Сумма выкупленных', 'money', {
    width: 160,
    reads: [...BY_RESERVES, 'reserves.total_selling_sum'],
  }),
  col('reserve_cancelled_count', 'Отменено резервов', 'number', {
    width: 150,
    hiddenByDefault: true,
    reads: BY_RESERVES,
  }),
  col('available_amount', 'Доступно', 'number', {
    hiddenByDefault: true,
    reads: [...BY_OFFERS, 'offers.available_amount'],
  }),
  col('min_selling_price', 'Мин. цена', 'money', {
    width: 120,
    hiddenByDefault: true,
    reads: [...BY_OFFERS, 'offers.unit_price'],
  }),
  col('max_selling_price', 'Макс. цена', 'money', {
    width: 120,
    hiddenByDefault: true,
    reads: [...BY_OFFERS, 'offers.unit_price'],
  }),
];

export const suppliersResource = defineResource({
  section: 'suppliers',
  // in the form's order
  fields: {
    name: { label: 'Название', required: true, kind: 'text', column: { width: 220 }, filter: { key: 'suppliers' } },
    email: { label: 'Email', hiddenFrom: ['1'], required: true, kind: 'email', column: { width: 200 }, filter: true },
    phone: { label: 'Телефон', hiddenFrom: ['1'], kind: 'phone', column: { width: 170 }, filter: true },
    contact_name: {
      label: 'Контактное лицо',
      hiddenFrom: ['1'],
      hiddenAs: ['contact_person'],
      required: true,
      kind: 'text',
      column: { width: 180 },
      filter: { key: 'contact_person' },
    },
    inn: { label: 'ИНН', hiddenFrom: ['1'], required: true, kind: 'text', column: { width: 130 }, filter: true },
    // spec point 6 hides a supplier's 'city'
    city_id: {
      label: 'Город',
      hiddenFrom: ['1'],
      required: true,
      kind: 'reference',
      reference: { list: 'cities', as: 'city', alias: 'c', section: 'cities' },
      column: { width: 150 },
      filter: { key: 'cities' },
      bulk: 'set',
    },
    // hidden by the offers' loading address too, the address it gives its offers (spec point 6)
    location: {
      label: 'Адрес',
      hiddenFrom: ['1'],
      hiddenAs: [OFFER_LOADING_ADDRESS],
      required: true,
      kind: 'text',
      column: { width: 220, hiddenByDefault: true },
      filter: { type: 'address' },
    },
  },
  columns: [
    recordColumns.id(),
    'name',
    'inn',
    'contact_name',
    'phone',
    'email',
    'city_id',
    'location',
    recordColumns.status(),
    ...statistics,
    recordColumns.createdAt(),
    recordColumns.comments({ hiddenByDefault: true }),
  ],
  filters: [
    f('suppliers_ids', '№ поставщика', 'multiple', { options: 'suppliers', field: 'id' }),
    'name',
    'inn',
    'contact_name',
    'phone',
    'email',
    'city_id',
    'location',
    recordFilters.status(),
    ...rangeFilters(statistics, { total_offers_created: 'total_offers_created', ...RESERVE_STATISTICS_FILTERS }),
    recordFilters.createdAt(),
  ],
  bulk: { order: ['city_id'] },
  historyOrder: ['name', 'inn', 'contact_name', 'phone', 'email', 'location'],
  selectOrder: [
    'id',
    'name',
    'inn',
    'contact_name',
    'phone',
    'email',
    'location',
    'status',
    'created_at',
    'deleted_at',
  ],
});

/** The supplier card's form fields, in the form's order (the name is the header's, labelled as its column). */
export const SUPPLIER_FIELDS = suppliersResource.formFields;
export const columns: ColumnDef[] = suppliersResource.columns;
export const filters: FilterDef[] = suppliersResource.filters;
