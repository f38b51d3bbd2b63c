// The {id, name} lists behind selects and filter options, as the reader may see them: a list of a section's
// records follows the reader's read scope of that section (none: refused, own: only its own records, all: all), and
// a list that names a hidden field (an employee's position for role 1) is refused like the field. Written once for
// GET /api/lists/*/items and the filter configs' options.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import { isRefVisible, type FieldRef, type Resource } from '../../domain/permissions';
import type { Section } from '../../domain/sections';
import { forbidden } from '../errors';
import { alias as aliased, type PgTable } from 'drizzle-orm/pg-core';
import { columnsOf, select, selectRows, type Selection } from '../db/rows';
import { documentTypes, packing, positions, products, varieties } from '../db/schema';
import type { SectionSpec } from '../contract/section';
import { SECTION_TABLES, type TableOf } from '../contract/tables';
import { scopeCondition } from './access';

export type ScopeSpecs = Record<Section, Pick<SectionSpec, 'section' | 'alias' | 'from' | 'own'>>;

export interface ReferenceItem {
  id: number;
  name: string;
  product_id?: number | null;
  /** The option's title in a filter, when it says more than the name (a variety with its product). */
  title?: string;
  /** A document type's documents must say until when they are valid. */
  expires?: boolean;
}

interface Reference {
  /** The section whose read scope governs the list. */
  resource: Resource;
  /** The field the list's values are (an employee's position), hidden with it. */
  field?: FieldRef;
  /** The rows, typed by what they select (`items`) and the rest of the SELECT: `scope` limits the section's own table
   * (under its spec's `alias`), `live` leaves out what may not be chosen. */
  query: (alias: string, scope: SQL, live: SQL) => { items: Selection<ReferenceItem>; rest: SQL };
}

/** The records of a section, named by one of its table's columns: the section's own table under its spec's alias. */
const records = <S extends Section & Resource>(
  section: S,
  name: keyof TableOf<S>['_']['columns'] & string,
): Reference => ({
  resource: section,
  query: (alias, scope, live) => {
    const table: PgTable = SECTION_TABLES[section];
    const columns = getTableColumns(aliased(table, alias));
    return {
      items: select({ id: sql<number>`${columns.id}`, name: sql<string>`${columns[name]}` }),
      rest: sql`FROM ${table} ${sql.identifier(alias)} WHERE ${live} AND ${scope} ORDER BY 2`,
    };
  },
});

const v = aliased(varieties, 'v');
const p = aliased(products, 'p');

export const REFERENCES = {
  cities: records('cities', 'name'),
  employees: records('employees', 'full_name'),
  suppliers: records('suppliers', 'name'),
  buyers: records('buyers', 'name'),
  products: records('products', 'name'),
  // names that describe records rather than being records: read with the section they describe
  positions: {
    resource: 'employees',
    field: 'employees.position_id',
    query: () => ({
      items: select(columnsOf(positions, 'id', 'name')),
      rest: sql`FROM ${positions} ORDER BY ${positions.name}`,
    }),
  },
  varieties: {
    resource: 'products',
    query: () => ({
      items: select({
        ...columnsOf(v, 'id', 'name', 'product_id'),
        title: sql<string>`${v.name} || coalesce(' (' || ${p.name} || ')', '')`,
      }),
      rest: sql`FROM ${varieties} ${v} LEFT JOIN ${products} ${p} ON ${p.id} = ${v.product_id} ORDER BY ${v.name}`,
    }),
  },
  packing: {
    resource: 'products',
    query: () => ({
      items: select(columnsOf(packing, 'id', 'name')),
      rest: sql`FROM ${packing} ORDER BY ${packing.name}`,
    }),
  },
  // the types of lot documents, read with the offers they describe; `expires`: a valid-until is required
  document_types: {
    resource: 'offers',
    query: () => ({
      items: select(columnsOf(documentTypes, 'id', 'name', 'expires')),
      rest: sql`FROM ${documentTypes} ORDER BY ${documentTypes.id}`,
    }),
  },
} satisfies Record<string, Reference>;

export type ReferenceName = keyof typeof REFERENCES;
export const REFERENCE_NAMES = Object.keys(REFERENCES) as ReferenceName[];

/** The list as the reader may see it; 403 when it may not read the section or see the field. `activeOnly`: what a
 * select offers (active records); otherwise what a filter may pick (all but deleted). */
export async function referenceItems(
  db: Database,
  specs: ScopeSpecs,
  auth: AuthenticatedUser,
  name: ReferenceName,
  activeOnly: boolean,
): Promise<ReferenceItem[]> {
  const reference: Reference = REFERENCES[name];
  const spec = specs[reference.resource];
  const scope = scopeCondition(spec, auth, 'read');
  if (reference.field && !isRefVisible(auth.permissions, reference.field)) throw forbidden();
  const status = sql.raw(`${spec.alias}.status`);
  const live = activeOnly ? sql`${status} = 'active'` : sql`${status} <> 'deleted'`;
  const { items, rest } = reference.query(spec.alias, scope, live);
  return selectRows(db, items, rest);
}
