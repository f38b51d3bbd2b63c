// A SELECT's column list from named expressions, for the lists and the records alike.
import { sql, type SQL } from 'drizzle-orm';

/** A SELECT's column list: each expression under its key. */
export const selectList = (columns: Record<string, SQL>) =>
  sql.join(
    Object.entries(columns).map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`),
    sql`, `,
  );
