// The one line of "a plain field is one line in its resource plus its migration": a text field declared in a
// section's resource (domain/<section>/resource.ts) with its column, filter, bulk edit and import rules, named in the
// resource's orders as a declaration there would name it. resource-field-sections.test.ts puts it in every section's
// resource through defineResource itself, so everything derived from a resource at load (cards, lists, schemas, SQL,
// routes) sees it as if it were written there.
import type { FieldSpec, ResourceSpec } from '../../domain/resource';

export const PLAIN_KEY = 'inner_code';

export const PLAIN_FIELD: FieldSpec = {
  label: 'Внутренний код',
  kind: 'text',
  column: { width: 160 },
  filter: true,
  bulk: 'set',
  import: { example: 'КОД-1', note: 'можно оставить пустым' },
};

/** The resource as it reads with the line added (once: a resource defined from another keeps it). */
export function withPlainField<K extends string>(spec: ResourceSpec<K>): ResourceSpec<K> {
  if (PLAIN_KEY in spec.fields) return spec;
  const key = PLAIN_KEY as K;
  return {
    ...spec,
    fields: { ...spec.fields, [key]: PLAIN_FIELD },
    columns: [...spec.columns, key],
    filters: [...spec.filters, key],
    ...(spec.bulk && { bulk: { ...spec.bulk, order: [...spec.bulk.order, key] } }),
    ...(spec.importOrder && { importOrder: [...spec.importOrder, key] }),
  };
}
