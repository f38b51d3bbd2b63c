// The buyers list's columns (issue 37): the table shows them, the server builds rows and sorts by them. The
// money owed is counted over the buyer's completed reserves and their payments, so it reads their selling sums.
import { col, recordColumns, type ColumnDef } from '../lists';
import type { FieldRef } from '../permissions';

const BY_SALES: FieldRef[] = ['reserves.buyer', 'reserves.*', 'reserves.total_selling_sum'];

export const columns: ColumnDef[] = [
  recordColumns.id(),
  col('name', 'Название', 'text', { width: 220 }),
  col('inn', 'ИНН', 'text', { width: 130 }),
  col('kpp', 'КПП', 'text', { width: 110, hiddenByDefault: true }),
  col('city', 'Город', 'entity_link', { entity: 'cities', width: 150 }),
  col('delivery_address', 'Адрес доставки', 'text', { width: 220, hiddenByDefault: true }),
  col('contact_person', 'Контактное лицо', 'text', { width: 180 }),
  col('phone', 'Телефон', 'phone', { width: 170 }),
  col('email', 'Email', 'text', { width: 200, hiddenByDefault: true }),
  col('responsible', 'Ответственный', 'entity_link', { entity: 'employees', width: 180, field: 'responsible' }),
  col('payment_terms', 'Условия оплаты', 'text', { width: 150 }),
  col('deferral_days', 'Дней отсрочки', 'number', { width: 130 }),
  col('credit_limit', 'Кредитный лимит', 'money', { width: 150 }),
  col('balance', 'Долг', 'money', { width: 140, reads: BY_SALES }),
  col('overdue', 'Просрочено', 'money', { width: 140, reads: BY_SALES }),
  recordColumns.status(),
  recordColumns.createdBy(),
  recordColumns.createdAt(),
  recordColumns.comments({ hiddenByDefault: true }),
];
