// The products list's columns (spec point 2 "Generic data table"): the table shows them, the server builds rows
// and sorts by them.
import { col, type ColumnDef } from '../lists';

export const columns: ColumnDef[] = [
  col('id', '№', 'id_link', { width: 80 }),
  col('name', 'Название', 'text', { width: 260 }),
  col('status', 'Статус', 'status', { width: 140 }),
  col('created_at', 'Дата создания', 'date', { width: 140 }),
  col('comments', 'Комментарии', 'comments', { width: 260 }),
];
