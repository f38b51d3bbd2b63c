// The suppliers list's columns (spec point 2 "Generic data table"): the table shows them, the server builds rows
// and sorts by them.
import { col, type ColumnDef } from '../lists';

export const columns: ColumnDef[] = [
  col('id', '№', 'id_link', { width: 80 }),
  col('name', 'Название', 'text', { width: 220 }),
  col('inn', 'ИНН', 'text', { width: 130 }),
  col('contact_name', 'Контактное лицо', 'text', { width: 180 }),
  col('phone', 'Телефон', 'phone', { width: 170 }),
  col('email', 'Email', 'text', { width: 200 }),
  col('city', 'Город', 'entity_link', { entity: 'cities', width: 150 }),
  col('location', 'Адрес', 'text', { width: 220, hiddenByDefault: true }),
  col('status', 'Статус', 'status', { width: 120 }),
  col('total_offers_created', 'Предложений', 'number', { width: 120 }),
  col('reserve_total_created', 'Резервов', 'number', { width: 110 }),
  col('reserve_purchased_count', 'Выкуплено резервов', 'number', { width: 150, hiddenByDefault: true }),
  col('reserve_purchased_sum', 'Сумма выкупленных', 'money', { width: 160 }),
  col('reserve_cancelled_count', 'Отменено резервов', 'number', { width: 150, hiddenByDefault: true }),
  col('available_amount', 'Доступно', 'number', { width: 120, hiddenByDefault: true }),
  col('min_selling_price', 'Мин. цена', 'money', { width: 120, hiddenByDefault: true }),
  col('max_selling_price', 'Макс. цена', 'money', { width: 120, hiddenByDefault: true }),
  col('created_at', 'Дата создания', 'date', { width: 130 }),
  col('comments', 'Комментарии', 'comments', { width: 220, hiddenByDefault: true }),
];
