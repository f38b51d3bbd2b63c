// The offers list's columns (spec point 2 "Generic data table"): the table shows them, the server builds rows
// and sorts by them.
import { col, recordColumns, type ColumnDef } from '../lists';

export const columns: ColumnDef[] = [
  recordColumns.id(),
  col('images', 'Фото', 'image', { width: 90 }),
  col('product', 'Товар', 'entity_link', { entity: 'products', width: 180 }),
  col('variety', 'Сорт', 'text', { width: 130 }),
  col('packaging', 'Упаковка', 'text', { width: 150 }),
  recordColumns.status(),
  col('harvest_year', 'Год урожая', 'text', { width: 110 }),
  col('origin_country', 'Страна происхождения', 'text', { width: 160 }),
  col('unit_measure', 'Ед. изм.', 'text', { width: 90 }),
  col('unit_weight', 'Вес единицы, кг', 'number', { width: 130, hiddenByDefault: true }),
  col('units_per_pack', 'Единиц в упаковке', 'number', { width: 140, hiddenByDefault: true }),
  col('unit_amount', 'Количество', 'number'),
  col('unit_price', 'Цена за единицу', 'money'),
  col('kg_price', 'Цена за кг', 'money', { width: 120, hiddenByDefault: true }),
  col('total_sum', 'Сумма', 'money'),
  col('reserved_amount', 'В резерве', 'number'),
  col('reserved_sum', 'Сумма резервов', 'money', { hiddenByDefault: true }),
  col('purchased_amount', 'Выкуплено', 'number'),
  // the offers feature draws the 'Зарезервировать' button beside the amount
  col('available_amount', 'Доступно', 'action', { width: 160 }),
  col('available_sum', 'Доступно на сумму', 'money', { width: 150, hiddenByDefault: true }),
  col('warehouse_cost', 'Доставка на склад', 'money', { width: 150, hiddenByDefault: true }),
  col('min_unit_price', 'Мин. цена продажи', 'money', { width: 150, hiddenByDefault: true }),
  col('max_unit_price', 'Макс. цена продажи', 'money', { width: 150, hiddenByDefault: true }),
  col('city', 'Город погрузки', 'entity_link', { entity: 'cities', width: 150 }),
  col('supplier', 'Поставщик', 'entity_link', { entity: 'suppliers', width: 200 }),
  col('loading_address', 'Адрес погрузки', 'text', { width: 220, hiddenByDefault: true }),
  recordColumns.createdBy(),
  recordColumns.createdAt(),
  recordColumns.comments(),
];
