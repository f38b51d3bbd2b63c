// The reserves list's columns (spec point 2 "Generic data table"): the table shows them, the server builds rows
// and sorts by them.
import { col, recordColumns, type ColumnDef } from '../lists';

export const columns: ColumnDef[] = [
  recordColumns.id(),
  col('offer_id', 'Предложение', 'entity_link', { entity: 'offers', width: 120 }),
  col('product', 'Товар', 'entity_link', { entity: 'products', width: 170 }),
  recordColumns.status(),
  col('amount', 'Количество', 'number', { width: 110 }),
  col('packs_amount', 'Упаковок', 'number', { width: 100 }),
  col('unit_price', 'Цена закупки', 'money', { width: 130 }),
  col('total_sum', 'Сумма закупки', 'money'),
  col('unit_selling_price', 'Цена продажи', 'money', { width: 130 }),
  col('total_selling_sum', 'Сумма продажи', 'money'),
  col('marginality', 'Маржинальность, %', 'number', { width: 150 }),
  col('buyer_name', 'Покупатель', 'text', { width: 200 }),
  col('buyer_phone', 'Телефон покупателя', 'text', { width: 170, hiddenByDefault: true }),
  col('city', 'Город доставки', 'entity_link', { entity: 'cities', width: 150 }),
  col('delivery_address', 'Адрес доставки', 'text', { width: 220, hiddenByDefault: true }),
  col('delivery_cost', 'Стоимость доставки', 'money', { width: 150, hiddenByDefault: true }),
  col('delivery_days', 'Дней доставки', 'number', { hiddenByDefault: true }),
  col('estimated_date_implementation', 'Дата реализации', 'date', { width: 140 }),
  col('reserved_until', 'Резерв до', 'date', { width: 130 }),
  col('actual_date_implementation', 'Фактическая дата', 'date', { width: 140, hiddenByDefault: true }),
  col('responsible', 'Ответственный', 'entity_link', { entity: 'employees', width: 180, field: 'responsible_id' }),
  recordColumns.createdBy(),
  recordColumns.createdAt(),
  recordColumns.comments(),
];
