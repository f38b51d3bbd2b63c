// The shipments section, declared once (domain/resource.ts): a container or truck with its customs
// declaration. Its lots (offer_ids) and cost lines (costs) are parts of the card the section writes itself
// (server/sections/shipments); the plain fields below give the card, list, filters, export and history.
import { col, f, recordColumns, recordFilters, type ColumnDef, type FilterDef } from '../lists';
import { defineResource } from '../resource';

export const shipmentsResource = defineResource({
  section: 'shipments',
  fields: {
    name: { label: 'Название', required: true, kind: 'text', column: { width: 220 }, filter: true },
    // the supplier is hidden where offers hide it (roles 1 and 8)
    supplier_id: {
      label: 'Поставщик',
      hiddenFrom: ['1', '8'],
      kind: 'reference',
      reference: { list: 'suppliers', as: 'supplier', alias: 's', section: 'suppliers' },
      column: { width: 200 },
      filter: true,
    },
    dt_number: { label: 'Номер ДТ', kind: 'text', column: { width: 200 }, filter: true },
    dt_date: { label: 'Дата ДТ', kind: 'date', column: { width: 120 }, filter: true },
    lots_count: { label: 'Лотов', kind: 'count', form: false, computed: true, history: false, column: { width: 90 } },
  },
  columns: [
    recordColumns.id(),
    'name',
    'supplier_id',
    'dt_number',
    'dt_date',
    'lots_count',
    recordColumns.status(120),
    recordColumns.createdAt(140),
    col('deleted_at', 'Дата удаления', 'date', { width: 140, hiddenByDefault: true }),
    recordColumns.comments({ hiddenByDefault: true }),
  ],
  filters: [
    f('shipments_ids', '№ поставки', 'multiple', { field: 'id' }),
    'name',
    'supplier_id',
    'dt_number',
    'dt_date',
    recordFilters.status(),
    recordFilters.createdAt(),
  ],
  historyExtra: {
    // the card's two parts, told in the shipment's history; a lot's landed cost moves in the lot's own history too
    offer_ids: { key: 'offer_ids', title: 'Лоты', format: 'text' },
    costs: { key: 'costs', title: 'Расходы', format: 'text' },
    landed_kg_cost: { key: 'landed_kg_cost', title: 'Себестоимость за кг', format: 'text' },
  },
});

export const SHIPMENT_FIELDS = shipmentsResource.formFields;
export const columns: ColumnDef[] = shipmentsResource.columns;
export const filters: FilterDef[] = shipmentsResource.filters;
