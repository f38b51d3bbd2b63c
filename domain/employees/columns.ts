// The employees list's columns (spec point 2 "Generic data table"): the table shows them, the server builds rows
// and sorts by them.
import { col, recordColumns, type ColumnDef } from '../lists';
import type { FieldRef } from '../permissions';

// counted over every reserve by its responsible: needs the responsible and all reserves readable
const BY_RESPONSIBLE: FieldRef[] = ['reserves.responsible_id', 'reserves.*'];

export const columns: ColumnDef[] = [
  recordColumns.id(),
  col('full_name', 'ФИО', 'text', { width: 220 }),
  col('position_name', 'Должность', 'text', { width: 180, field: 'position_id' }),
  col('phone', 'Телефон', 'phone', { width: 170 }),
  col('email', 'Email', 'text', { width: 200 }),
  recordColumns.status(),
  // reserve statistics count the reserves each employee is responsible for: they read reserves.responsible_id
  col('reserve_total_created', 'Создано резервов', 'number', { width: 140, reads: BY_RESPONSIBLE }),
  col('reserve_purchased_count', 'Выкуплено резервов', 'number', { width: 150, reads: BY_RESPONSIBLE }),
  col('reserve_purchased_sum', 'Сумма выкупленных', 'money', { width: 160, reads: [...BY_RESPONSIBLE, 'reserves.total_selling_sum'] }),
  col('reserve_cancelled_count', 'Отменено резервов', 'number', { width: 150, reads: BY_RESPONSIBLE }),
  col('marginality', 'Маржинальность, %', 'number', { width: 150, reads: [...BY_RESPONSIBLE, 'reserves.marginality'] }),
  recordColumns.createdAt(),
  recordColumns.comments({ hiddenByDefault: true }),
];
