// The products list's columns (spec point 2 "Generic data table"): the table shows them, the server builds rows
// and sorts by them.
import { col, recordColumns, type ColumnDef } from '../lists';

export const columns: ColumnDef[] = [
  recordColumns.id(),
  col('name', 'Название', 'text', { width: 260 }),
  recordColumns.status(140),
  recordColumns.createdAt(140),
  recordColumns.comments({ width: 260 }),
];
