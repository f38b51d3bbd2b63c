// The offers list's columns (spec point 2 "Generic data table"): the table shows them, the server builds rows
// and sorts by them.
import { col, type ColumnDef } from '../lists';

export const columns: ColumnDef[] = [
  col('id', '№', 'id_link', { width: 80 }),
  col('images', 'Фото', 'image', { width: 90 }),
  col('product', 'Товар', 'entity_link', { entity: 'products', width: 180 }),
  col('variety', 'Сорт', 'text', { width: 130 }),
  col('packaging', 'Упаковка', 'text', { width: 150 }),
  col('status', 'Статус', 'status', { width: 120 }),
  col('harvest_year', 'Год урожая', 'text', { width: 110 }),
  col('origin_country', 'Страна происхождения', 'text', { width: 160 }),
  col('unit_measure', 'Ед. изм.', 'text', { width: 90 }),
  col('unit_weight', 'Вес единицы, кг', 'number', { width: 130, hiddenByDefault: true }),
  col('units_per_pack', 'Единиц в упаковке', 'number', { width: 140, hiddenByDefault: true }),
  col('unit_amount', 'Количество', 'number', { width: 120 }),
  col('unit_price', 'Цена за единицу', 'money', { width: 140 }),
  col('kg_price', 'Цена за кг', 'money', { width: 120, hiddenByDefault: true }),
  col('total_sum', 'Сумма', 'money', { width: 140 }),
  col('reserved_amount', 'В резерве', 'number', { width: 120 }),
  col('reserved_sum', 'Сумма резервов', 'money', { width: 140, hiddenByDefault: true }),
  col('purchased_amount', 'Выкуплено', 'number', { width: 120 }),
  // the offers feature draws the 'Зарезервировать' button beside the amount
  col('available_amount', 'Доступно', 'action', { width: 160 }),
  col('available_sum', 'Доступно на сумму', 'money', { width: 150, hiddenByDefault: true }),
  col('warehouse_cost', 'Доставка на склад', 'money', { width: 150, hiddenByDefault: true }),
  col('min_unit_price', 'Мин. цена продажи', 'money', { width: 150, hiddenByDefault: true }),
  col('max_unit_price', 'Макс. цена продажи', 'money', { width: 150, hiddenByDefault: true }),
  col('city', 'Город погрузки', 'entity_link', { entity: 'cities', width: 150 }),
  col('supplier', 'Поставщик', 'entity_link', { entity: 'suppliers', width: 200 }),
  col('loading_address', 'Адрес погрузки', 'text', { width: 220, hiddenByDefault: true }),
  col('created_by', 'Создал', 'text', { width: 160, hiddenByDefault: true }),
  col('created_at', 'Дата создания', 'date', { width: 130 }),
  col('comments', 'Комментарии', 'comments', { width: 220 }),
];
