// The cities list's columns (spec point 2 "Generic data table"): the table shows them, the server builds rows
// and sorts by them.
import { col, recordColumns, type ColumnDef } from '../lists';

export const columns: ColumnDef[] = [
  recordColumns.id(),
  col('name', 'Название', 'text', { width: 240 }),
  recordColumns.status(140),
  recordColumns.createdAt(140),
  col('deleted_at', 'Дата удаления', 'date', { width: 140, hiddenByDefault: true }),
  recordColumns.comments({ width: 260 }),
];
