// A named reference section's list (products, cities): its columns, sorts and filters are its resource's
// (lists/resource.ts), the name first after the number; a section adds the filters that read other tables.
import { resourceSection, resourceSql } from './resource';
import { sql } from 'drizzle-orm';
import type { Resource } from '../../domain/resource';
import { latestComments } from './engine';
import type { FilterCompiler, SectionSpec } from '../contract/section';
import type { Section } from '../../domain/sections';

/** A named record's list: id, name, status, its other fields, dates and comments, filtered by ids, its fields, status,
 * dates, comments. */
export function namedSection<S extends Section>(
  resource: Resource & { section: S },
  alias: string,
  extraFilters: Record<string, FilterCompiler> = {},
): SectionSpec<S> {
  const section = resource.section;
  const a = sql.raw(alias);
  const fields = resourceSql(resource, alias);
  const { id, name, status, ...rest } = fields.columns;
  return {
    ...resourceSection(resource, alias),
    from: sql`FROM ${sql.raw(section)} ${a} ${fields.joins}`,
    columns: { id, name, status, ...rest, comments: latestComments(section, sql`${a}.id`) },
    sortable: fields.sortable,
    filters: { ...fields.filters, ...extraFilters },
    own: ({ user }) => sql`${a}.created_by = ${user.id}`,
  };
}
