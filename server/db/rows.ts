// Row helpers: drizzle's execute() answers {rows} on both PGlite and pg; one typed way to read them.
//
// Raw SQL (db.execute) is typed by what it selects: a Selection names each column of the answer by a
// table's column object (`offers.unit_price`, rendered `"offers"."unit_price"`) or by an `sql<T>` expression that
// states its type beside its alias, and the rows read through it are typed from drizzle's schema. A column renamed
// in server/db/schema.ts then fails the typecheck wherever it is read, instead of answering undefined at run time.
import { Column, getTableColumns, sql, SQL, type SQLWrapper, type Table } from 'drizzle-orm';
import type { Database } from './client';

/** The rows of an untyped answer, cast (raw SQL whose columns are not named by the schema: prefer a Selection). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The first row, or undefined. */
export const firstRow = <T>(result: unknown): T | undefined => rowsOf<T>(result)[0];

/** A column's value as raw SQL answers it: the drivers hand timestamps and dates over as their text
 * (server/db/textTypes.ts), numerics as strings, integers, booleans and json as drizzle types them. The query
 * builder maps a timestamp column of mode 'date' to a Date; raw SQL does not. */
export type DriverValue<V> = V extends Date ? string : V;

/** A table column's value in a raw answer: its driver value, null unless the column is NOT NULL. A bigint column
 * comes as node-postgres's text (PGlite: a number) whatever drizzle's mode, so its type says both. */
export type ColumnValue<C extends Column> =
  | (C['_']['columnType'] extends 'PgBigInt53' | 'PgBigInt64' ? string | number : DriverValue<C['_']['data']>)
  | (C['_']['notNull'] extends true ? never : null);

/** `V`, or null where the column may be null. */
export type NullableAs<C extends Column, V> = V | (C['_']['notNull'] extends true ? never : null);

/** A column as its text (`col::text`): a numeric's or a date's exact text, null where it is null. */
export const textOf = <C extends Column>(column: C): SQL<NullableAs<C, string>> =>
  sql<NullableAs<C, string>>`${column}::text`;

/** A numeric column rounded to `places` (2: money, and amounts as the cards show them), as text. */
export const roundedOf = <C extends Column>(column: C, places = 2): SQL<NullableAs<C, string>> =>
  sql<NullableAs<C, string>>`round(${column}, ${sql.raw(String(places))})::text`;

/** Some columns of a table's row as raw SQL answers them (the row of `SELECT t.a, t.b FROM t`). */
export type RawRow<T extends Table, K extends keyof T['_']['columns'] = keyof T['_']['columns']> = {
  [P in K]: T['_']['columns'][P] extends Column ? ColumnValue<T['_']['columns'][P]> : never;
};

/** What a selection may name: a table's column, or an SQL expression typed by `sql<T>`. */
export type Field = Column | SQL<unknown>;
export type Fields = Record<string, Field>;

/** The row a selection's fields answer in raw SQL. */
export type RowOf<F extends Fields> = {
  [K in keyof F]: F[K] extends Column ? ColumnValue<F[K]> : F[K] extends SQL<infer T> ? T : never;
};

/** A raw SELECT's (or RETURNING's) column list, each field under its key, and the row it answers. It stands in
 * an `sql` template as its column list (`sql\`SELECT ${selection} FROM …\``). */
export interface Selection<R> extends SQLWrapper {
  readonly fields: Fields;
  /** The row type only: never set. */
  readonly row?: R;
}

/** The row a selection answers. */
export type SelectedRow<S> = S extends Selection<infer R> ? R : never;

/** A selection of these fields: `select({ id: offers.id, taken: sql<string>\`round(…)::text\` })`. */
export function select<F extends Fields>(fields: F): Selection<RowOf<F>> {
  const list = sql.join(
    Object.entries(fields).map(([key, field]) =>
      field instanceof Column && field.name === key ? sql`${field}` : sql`${field} AS ${sql.identifier(key)}`,
    ),
    sql`, `,
  );
  return { fields, getSQL: () => list, shouldOmitSQLParens: () => true };
}

/** Columns of a table (or of its alias) by key, for a selection: `select(columnsOf(offers, 'id', 'version'))`. */
export function columnsOf<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  ...keys: K[]
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table) as T['_']['columns'];
  return Object.fromEntries(keys.map((key) => [key, all[key]])) as Pick<T['_']['columns'], K>;
}

/** The rows of a raw statement that answers `selection`'s columns (a CTE's final SELECT, a RETURNING). */
export const rowsAs = <R>(selection: Selection<R>, result: unknown): R[] => rowsOf<R>(result);

/** The first row of a raw statement that answers `selection`'s columns, or undefined. */
export const firstAs = <R>(selection: Selection<R>, result: unknown): R | undefined => rowsAs(selection, result)[0];

/** `SELECT <selection> <rest>`: its rows. */
export async function selectRows<R>(db: Database, selection: Selection<R>, rest: SQL = sql``): Promise<R[]> {
  return rowsAs(selection, await db.execute(sql`SELECT ${selection} ${rest}`));
}

/** `SELECT <selection> <rest>`: its first row, or undefined. */
export async function selectFirst<R>(db: Database, selection: Selection<R>, rest: SQL = sql``): Promise<R | undefined> {
  return (await selectRows(db, selection, rest))[0];
}

/** `<statement> RETURNING <selection>`: its rows. */
export async function returningRows<R>(db: Database, statement: SQL, selection: Selection<R>): Promise<R[]> {
  return rowsAs(selection, await db.execute(sql`${statement} RETURNING ${selection}`));
}

/** A column's own name, unqualified: for an UPDATE's SET list written before its table is named (the pipeline's
 * `UPDATE <table> AS t SET <set>`), or after an alias the caller spells. */
export const bare = (column: Column): SQL => sql`${sql.identifier(column.name)}`;

/** Columns' own names, unqualified, for an INSERT's column list: `INSERT INTO t (${namesOf(t.a, t.b)}) …`. */
export const namesOf = (...columns: Column[]): SQL => sql.join(columns.map(bare), sql`, `);

/** `column = value` for an UPDATE's SET list: the column named by its table's object, unqualified as SET wants it. */
export const assign = (column: Column, value: SQL | SQLWrapper): SQL => sql`${bare(column)} = ${value}`;
