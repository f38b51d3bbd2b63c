// What a column, a filter, a response key or a figure reads, as '<section>.<field>': the vocabulary the permission
// model (permissions.ts) judges and the resources (domain/<section>/resource.ts) declare. A file of its own, so the
// resources and the permission model, which reads the resources' hiding rules, do not import each other.
import type { Section } from './sectionKeys';

type Resource = Section;

/** Per resource, the fields the caller's role may neither see nor edit. */
export type HiddenFields = Partial<Record<Resource, string[]>>;

/** A field of a section, as 'offers.warehouse_cost': what a column, filter or figure reads, in its own section or
 * another (the reserves list's 'Доставка на склад' filters on the offer's warehouse_cost). */
export type FieldRef = `${Resource}.${string}`;

/** What a column, a filter, a response key or a figure is made of: its own key, the field it shows under another
 * name, and the fields of this or another section it is computed from (declared on the column and filter defs). */
export interface ReadsFields {
  key: string;
  field?: string;
  reads?: readonly FieldRef[];
}

export function splitFieldRef(ref: FieldRef): [Resource, string] {
  const dot = ref.indexOf('.');
  return [ref.slice(0, dot) as Resource, ref.slice(dot + 1)];
}

/** Every field a column, filter or response key of `resource` reads; the record's own id is no secret. */
export function fieldsRead(resource: Resource, def: ReadsFields): FieldRef[] {
  const own = [def.key, def.field ?? def.key]
    .filter((name) => name !== 'id')
    .map((name): FieldRef => `${resource}.${name}`);
  return [...new Set([...own, ...(def.reads ?? [])])];
}
