// Each section's own table, typed: the record pipeline reads and writes a section's record by its key
// (the table is named as the section), and the row it passes is typed from that table's drizzle columns, so a
// renamed or misspelled column fails the typecheck where the pipeline or a section's hook reads it.
//
// The map is typed by the registry's keys (domain/sections.ts): a section added there fails the typecheck until
// its table is named here, as it does in server/sections/index.ts.
import { getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import { buyers, cities, employees, offers, products, reserves, shipments, suppliers } from '../db/schema';
import type { Section } from '../../domain/sections';

/** Every section's own table, by the section's key. */
export const SECTION_TABLES = {
  offers,
  reserves,
  employees,
  suppliers,
  products,
  cities,
  buyers,
  shipments,
} as const satisfies Record<Section, PgTable>;

/** The drizzle table of section `S`. */
export type TableOf<S extends Section> = (typeof SECTION_TABLES)[S];

/** A column's value in a row read as JSON (`to_jsonb(t)`, how the pipeline locks and compares a record): numerics
 * are JSON numbers, timestamps and dates their text, integers, booleans, texts and json as drizzle types them;
 * null unless the column is NOT NULL. */
export type JsonValue<C extends Column> =
  | (C['_']['columnType'] extends 'PgNumeric' | 'PgBigInt53' | 'PgBigInt64'
      ? number
      : C['_']['data'] extends Date
        ? string
        : C['_']['data'])
  | (C['_']['notNull'] extends true ? never : null);

/** A table's row as `to_jsonb(t)` answers it (every column, or the keys named). */
export type JsonRow<T extends PgTable, K extends keyof T['_']['columns'] = keyof T['_']['columns']> = {
  [P in K]: T['_']['columns'][P] extends Column ? JsonValue<T['_']['columns'][P]> : never;
};

/** The columns every section's table has (schema.ts's record() with the id and the author): what the generic
 * record code reads of a record whose section it does not know. */
export type RecordColumn = 'id' | 'status' | 'version' | 'created_at' | 'deleted_at' | 'deleted_from' | 'created_by';

/** The shared columns of any section's record as stored, read as JSON. */
export type RecordBase = { [K in RecordColumn]: JsonValue<TableOf<Section>['_']['columns'][K]> };

/** A section's record as stored, read as JSON (`to_jsonb(t)`): the record the pipeline locks, hands to a change's
 * hook as `before`, compares for the history and restores. For one section (`StoredRecord<'offers'>`) every column
 * of its table, typed; for a section not named (the default, the wide `Section`), the shared columns typed and the
 * rest unknown by name. */
export type StoredRecord<S extends Section = Section> = RecordBase &
  ([Section] extends [S] ? Record<string, unknown> : JsonRow<TableOf<S>>);

/** `to_jsonb(<alias>)` for a selection: the section's record as stored, typed. */
export const storedRecordOf = <S extends Section>(_section: S, alias: SQL): SQL<StoredRecord<S>> =>
  sql<StoredRecord<S>>`to_jsonb(${alias})`;

/** The shared columns of a section's table (RecordColumn) as drizzle columns. */
export type RecordColumns = { [K in RecordColumn]: TableOf<Section>['_']['columns'][K] };

/** The shared columns of a section's table under the alias its spec reads it by (`"o"."id"`), for a typed selection
 * over the spec's FROM by code that does not know the section. */
export function recordColumnsOf(spec: { section: Section; alias: string }): RecordColumns {
  return getTableColumns(alias(SECTION_TABLES[spec.section] as PgTable, spec.alias)) as unknown as RecordColumns;
}

/** The shared columns of a section's table by the table's own name (`"cities"."id"`): FROM the table itself, not
 * aliased (an INSERT's RETURNING, a lookup by the section's key). */
export function tableColumnsOf(section: Section): RecordColumns {
  return getTableColumns(SECTION_TABLES[section] as PgTable) as unknown as RecordColumns;
}
