// The fields an administrator may hide from a role (settings page, 'Роли'), chosen by the titles users know from
// the lists. One title stands for every name the field travels by: the column's key, the field it shows
// (position_name shows position_id) and the filter keys on it (suppliers_ids filters the offer's supplier), so
// hiding 'Поставщик' hides it under each (the rules stay data: role_hidden_fields).
import type { ColumnDef, FilterDef } from './lists';
import type { Resource } from './permissions';
import type { FieldChoice } from './admin';
import { bySection } from './resources';

/** What is no secret: the record's number, its name and its status identify it to whoever reads the section. */
const ALWAYS_SHOWN = new Set(['id', 'name', 'status']);

/** A section's choices from its list's columns and filters (its resource's). */
export function choicesFor({
  columns,
  filters,
}: {
  columns: readonly ColumnDef[];
  filters: readonly FilterDef[];
}): FieldChoice[] {
  const byTitle = new Map<string, Set<string>>();
  const add = (title: string, names: string[]) => {
    const set = byTitle.get(title) ?? new Set<string>();
    for (const name of names) set.add(name);
    byTitle.set(title, set);
  };
  for (const column of columns) {
    if (ALWAYS_SHOWN.has(column.key)) continue;
    const filterKeys = filters.filter((f) => (f.field ?? f.key) === column.key).map((f) => f.key);
    add(column.title, [column.field ?? column.key, column.key, ...filterKeys]);
  }
  for (const filter of filters) {
    const field = filter.field ?? filter.key;
    if (ALWAYS_SHOWN.has(field) || columns.some((c) => c.key === field)) continue;
    add(filter.title, [field, filter.key]);
  }
  return [...byTitle].map(([title, names]) => ({ title, fields: [...names] }));
}

export const FIELD_CHOICES: Record<Resource, FieldChoice[]> = bySection(choicesFor);

/** The titles of the choices a role's stored hidden fields hide (any of a choice's names hides it). */
export function hiddenTitles(resource: Resource, hiddenFields: readonly string[]): string[] {
  const hidden = new Set(hiddenFields);
  return FIELD_CHOICES[resource].filter((c) => c.fields.some((f) => hidden.has(f))).map((c) => c.title);
}
