// A section's list SQL derived from its resource (domain/resource.ts): the own table's columns (texts as stored,
// amounts and money with 2 decimals), each reference's join, {id, name} column, export name and sort, and every
// filter that compares a column: a field's, a reference's ids, the record's number, status, author and date. What
// is no plain column (sums, photos, stock questions) the section's list.ts adds by hand.
import { sql, type SQL } from 'drizzle-orm';
import type { Resource, ResourceField } from '../../domain/resource';
import type { FilterCompiler } from '../contract/section';
import type { Section } from '../../domain/sections';
import { createdBy, digitsContain, exists, money2, ownColumns, ownFilters, references } from './engine';

const isNumeric = (field: ResourceField) => field.kind === 'amount' || field.kind === 'money';

export interface ResourceSqlOptions {
  /** Expressions of the computed fields (`computed: true`), over the section's SQL. */
  computed?: Record<string, SQL>;
  /** A reference joined through another table than the section's own ('o.product_id' for a reserve's product). */
  joinedOn?: Record<string, string>;
  /** Stored fields list.ts selects and sorts itself (another rounding, another place among the row's keys). */
  own?: string[];
}

/** What a section's list spec takes from its resource as it is: the section, its columns and filters, the alias its
 * SQL reads its own table by. */
export const resourceSection = <S extends Section>(resource: Resource & { section: S }, alias: string) => ({
  section: resource.section,
  columnDefs: resource.columns,
  filterDefs: resource.filters,
  alias,
});

/** The list SQL of a section's resource over its own table's alias. */
export function resourceSql(resource: Resource, alias: string, options: ResourceSqlOptions = {}) {
  const a = sql.raw(alias);
  const stored = resource.stored.filter((f) => !f.reference && f.select !== false && !options.own?.includes(f.key));
  // a field the section's own order does not name is selected after it: a new field needs no second line there
  const asStored = stored.filter((f) => !isNumeric(f)).map((f) => f.key);
  const own = ownColumns(
    alias,
    resource.spec.selectOrder
      ? [...resource.spec.selectOrder, ...asStored.filter((key) => !resource.spec.selectOrder!.includes(key))]
      : ['id', 'status', ...asStored, 'created_at', 'deleted_at'],
    stored.filter(isNumeric).map((f) => f.key),
  );
  const linked = resource.all.filter((f) => f.reference && f.reference.shown !== 'name');
  const named = resource.all.filter((f) => f.reference?.shown === 'name');
  const refs = references(
    Object.fromEntries(
      resource.all.flatMap((f) =>
        f.reference
          ? [
              [
                f.reference.as,
                {
                  table: f.reference.list,
                  alias: f.reference.alias,
                  on: options.joinedOn?.[f.key] ?? `${alias}.${f.key}`,
                  name: f.reference.name,
                },
              ],
            ]
          : [],
      ),
    ),
  );
  // a reference shown by its name alone: the joined name is the row's column, its export and its sort
  const names = Object.fromEntries(named.map((f) => [f.reference!.as, refs.names[f.reference!.as]]));
  const links = (source: Record<string, SQL>) =>
    Object.fromEntries(linked.map((f) => [f.reference!.as, source[f.reference!.as]]));
  const computed = options.computed ?? {};
  // who created the record, where its list shows it
  const author = resource.columns.some((c) => c.key === 'created_by')
    ? createdBy(alias)
    : { join: sql``, columns: {}, sortable: {} };

  // the filters that compare a column: the field's own (by the column its definition names), a reference's by its
  // id column, a computed field's by its expression, the record's number, status, author and creation date
  const keys: string[] = [];
  const columns: Record<string, string | SQL> = {};
  const phones: Record<string, FilterCompiler> = {};
  for (const def of resource.filters) {
    const field = resource.fieldOfFilter(def.key);
    if (field?.reference)
      columns[def.key] = options.joinedOn?.[field.key] ? sql.raw(options.joinedOn[field.key]) : field.key;
    else if (field?.computed) columns[def.key] = computed[field.key];
    else if (field?.kind === 'phone') phones[def.key] = digitsContain(sql.raw(`${alias}.${field.key}`));
    else if (field) columns[def.key] = field.key;
    else if (['statuses_ids', 'creators_ids', 'created_at'].includes(def.key)) keys.push(def.key);
    else if (def.key === `${resource.section}_ids`) columns[def.key] = 'id';
  }
  const filters: Record<string, FilterCompiler> = {
    ...ownFilters(alias, resource.filters, keys, columns),
    ...phones,
    ...(resource.filters.some((f) => f.key === 'with_comments') && {
      with_comments: exists(
        sql`SELECT 1 FROM comments cm WHERE cm.entity_type = ${sql.raw(`'${resource.section}'`)} AND cm.entity_id = ${a}.id`,
      ),
    }),
  };
  const computedColumns = Object.fromEntries(Object.entries(computed).map(([key, expr]) => [key, money2(expr)]));
  return {
    /** The joins of the references and the author. */
    joins: sql`${refs.joins} ${author.join}`,
    columns: { ...own.columns, ...computedColumns, ...links(refs.columns), ...names, ...author.columns } as Record<
      string,
      SQL
    >,
    /** The same in parts, for a list whose row puts its own columns elsewhere among them. */
    parts: {
      own: own.columns,
      computed: computedColumns,
      refs: { ...links(refs.columns), ...names },
      author: author.columns,
    },
    /** The references' joins alone. */
    refJoins: refs.joins,
    /** The export's reading of a reference: its name alone. */
    exportColumns: links(refs.names),
    sortable: { ...own.sortable, ...computed, ...refs.sortable, ...author.sortable } as Record<string, SQL>,
    filters,
  };
}
