// A named reference section's list (products, cities): alike but for their filter keys and extra filters.
import { resourceSection } from './resource';
import { sql } from 'drizzle-orm';
import type { Resource } from '../../domain/resource';
import { byIds, byValues, contains, dateRange, exists, latestComments, ownColumns } from './engine';
import type { FilterCompiler, SectionSpec } from '../contract/section';
import type { Section } from '../../domain/sections';

/** A named record's list: id, name, status, dates and comments, filtered by ids, name, status, dates, comments. */
export function namedSection<S extends Section>(resource: Resource & { section: S }, alias: string, extraFilters: Record<string, FilterCompiler> = {}): SectionSpec<S> {
  const section = resource.section;
  const a = sql.raw(alias);
  // the filter keys: the ids' `<section>_ids`, the name's as its resource declares it
  const keys = { ids: `${section}_ids`, name: resource.filters.find((f) => resource.fieldOfFilter(f.key)?.key === 'name')!.key };
  const own = ownColumns(alias, ['id', 'name', 'status', 'created_at', 'deleted_at'], []);
  return {
    ...resourceSection(resource, alias),
    from: sql`FROM ${sql.raw(section)} ${a}`,
    columns: { ...own.columns, comments: latestComments(section, sql`${a}.id`) },
    sortable: own.sortable,
    filters: {
      [keys.ids]: byIds(sql`${a}.id`),
      [keys.name]: contains(sql`${a}.name`),
      statuses_ids: byValues(sql`${a}.status`),
      created_at: dateRange(sql`${a}.created_at`, true),
      with_comments: exists(sql`SELECT 1 FROM comments cm WHERE cm.entity_type = ${section} AND cm.entity_id = ${a}.id`),
      ...extraFilters,
    },
    own: ({ user }) => sql`${a}.created_by = ${user.id}`,
  };
}

