// A section declared once (DESIGN.md "The field is the unit"): each field of its records with its labels, kind,
// reference, hiding, list column, filter, history, bulk edit and import rules, in domain/<section>/resource.ts.
// The card's form fields, the list's columns and filters, the history's fields, the bulk dialog's fields, the
// import template, the roles tab's choices, the server's body schema and its SQL columns, joins, sorts and filter
// compilers are derived from it here and in server/lists/resource.ts. How to declare one: notes in README.md,
// "Adding a field".
import type { FieldKind, FormField } from './fields';
import type { HistoryField } from './historyField';
import type { ImportColumn } from './import';
import { col, f, type CellType, type ColumnDef, type FilterDef, type FilterType, type OptionSource } from './lists';
import type { Section } from './sectionKeys';

/** The reference lists a field may point to: the table joined for its name, the list its select and filter offer,
 * the list a history entry names it from. */
export type ReferenceList =
  'products' | 'varieties' | 'packing' | 'cities' | 'suppliers' | 'employees' | 'positions' | 'offers' | 'buyers';

export interface ReferenceSpec {
  /** The table it points to and the list its select, filter and history name it from. */
  list: ReferenceList;
  /** The key the record's {id, name} travels by ('product' beside 'product_id'): the list column's key and the
   * name the field's hiding goes by (spec point 6 names the reference, the form its id). */
  as: string;
  /** The joined table's alias in the section's SQL. */
  alias: string;
  /** The joined table's column shown as the name; 'name' if absent. */
  name?: string;
  /** The section its link opens and its filter needs read rights to; absent for a list that is no section. */
  section?: Section;
  /** 'name': the row shows the name alone (an employee's 'position_name'), not an {id, name} link. */
  shown?: 'name';
}

/** How the list shows a field; every key defaults from the field (title from its label, type from its kind). */
export type ColumnSpec = Partial<Omit<ColumnDef, 'key'>> & { key?: string };

/** How the filter panel filters by a field: its key defaults to the field's (a reference's to `<list>_ids`). */
export type FilterSpec = Partial<Omit<FilterDef, 'key' | 'type'>> & { key?: string; type?: FilterType };

export interface FieldSpec {
  /** The card's label; every other label defaults to it. */
  label: string;
  /** What the field holds; a field with a kind that is not `form: false` is one of the card's form fields. */
  kind: FieldKind;
  /** The card is not saved without it: the section's shared schema requires it (a domain test holds the two
   * together); a role that does not see it cannot create in the section (domain/requiredFields.ts), and the import
   * template's column is required unless its `import` says otherwise. */
  required?: true;
  /** The shortest text the card takes, trimmed ('Минимум 5 символов'): the section's schema reads it
   * (domain/schemas/plainText.ts). */
  minLength?: number;
  /** Not typed on the card: computed or moved by the server (sums, stock). */
  form?: false;
  /** Not a column of the section's own table: list.ts computes it (sums over other columns). */
  computed?: true;
  /** A column of the own table the list does not select (the card or history alone reads it). */
  select?: false;
  /** The field whose hiding by role hides this one too, besides its reference's `as`. */
  visibleAs?: string;
  /** Who does not see it (spec point 6): roles '1' and '8' by the rules the seed stores for them (an administrator
   * may change those on the roles tab), 'supplier' an account of a supplier's, whatever its role (permissions.ts). */
  hiddenFrom?: readonly HiddenFrom[];
  /** The other names those rules hide it by (its filter's key, the spec's word), stored beside its own. */
  hiddenAs?: readonly string[];
  reference?: ReferenceSpec;
  /** The list column; false: none (the card alone shows it). */
  column?: ColumnSpec | false;
  /** The filter; absent: none; true: the default for its kind. */
  filter?: FilterSpec | true;
  /** Whether history records its changes (default: stored fields do). */
  history?: false;
  /** Whether 'Изменить выбранные' may set it, or move it by a percentage (money). */
  bulk?: 'set' | 'adjust';
  /** The import template's column: whether a row must fill it, an example value and a hint, other titles read. */
  import?: Omit<ImportColumn, 'key' | 'title'>;
  /** Part of the lot a buyer is quoted (an offer's: domain/offers/lot.ts derives the lot's type, title, schemas,
   * SQL and columns from these marks). */
  lot?: LotSpec;
}

/** A field's part in the lot: the name the lot's code calls it by, the key its text travels by where it is not the
 * reference's `as` or the field's own, and the title the price list and the quote give it where not the label. */
export interface LotSpec {
  part: string;
  as?: string;
  title?: string;
}

/** Spec point 6's roles that hide fields by default, and the supplier's account kind. */
export type HiddenFrom = '1' | '8' | 'supplier';

export interface ResourceSpec<K extends string = string> {
  section: Section;
  /** In the form's order; fields not in the form anywhere between (their order among the stored fields is the
   * order the list's SQL selects them in). */
  fields: { readonly [P in K]: FieldSpec };
  /** The list's columns in order: a field's key, or a column that is no field (the number, photos, comments). */
  columns: readonly (K | ColumnDef)[];
  /** The filter panel's filters in order: a field's key, or a filter that is no field's (record, exists, …). */
  filters: readonly (K | FilterDef)[];
  /** The bulk dialog's fields in order (each with `bulk`), after a status entry the section's own. */
  bulk?: { status?: readonly { value: string; title: string }[]; order: readonly K[] };
  /** The import template's columns in order (each with `import`). */
  importOrder?: readonly K[];
  /** What the history records besides the fields, by key: the section's own (a reserve's payments). */
  historyExtra?: Readonly<Record<string, HistoryField>>;
  /** The order history records the plain fields in, where it is not the declaration's (the references follow). */
  historyOrder?: readonly K[];
  /** The own table's columns the list selects as stored, in order, where it is not 'id', 'status', the plain fields
   * that are no amount or money in declaration order, 'created_at', 'deleted_at' (the JSON keys' order). */
  selectOrder?: readonly string[];
}

const CELL_OF_KIND: Record<FieldKind, CellType> = {
  reference: 'text',
  text: 'text',
  choice: 'text',
  amount: 'number',
  money: 'money',
  count: 'number',
  date: 'date',
  phone: 'phone',
  email: 'text',
};
const FILTER_OF_KIND: Record<FieldKind, FilterType> = {
  reference: 'multiple',
  text: 'string',
  choice: 'string',
  amount: 'number',
  money: 'currency',
  count: 'number',
  date: 'date',
  phone: 'string',
  email: 'string',
};

/** A field with its key. */
export type ResourceField<K extends string = string> = FieldSpec & { key: K };

/** The keys of a resource's form fields (those not `form: false`). */
export type FormKey<F extends Record<string, FieldSpec>> = {
  [P in keyof F & string]: F[P] extends { form: false } ? never : P;
}[keyof F & string];

export interface Resource<K extends string = string> {
  section: Section;
  spec: ResourceSpec<K>;
  /** Every field, in declaration order. */
  all: readonly ResourceField<K>[];
  field(key: K): ResourceField<K>;
  /** The card's form fields, in the form's order. */
  formFields: readonly FormField<K>[];
  /** The list's columns. */
  columns: ColumnDef[];
  /** The filter panel's filters. */
  filters: FilterDef[];
  /** Each field's column as it would show in a list (the key it travels by, its title and cell type), listed or not:
   * what the history titles and formats its changes by. */
  columnOf(key: K): ColumnDef;
  /** The field a filter of the panel filters by (absent: a filter of no field's). */
  fieldOfFilter(filterKey: string): ResourceField<K> | undefined;
  /** Stored fields of the section's own table (not references' names, not computed). */
  stored: readonly ResourceField<K>[];
  /** The fields the card is not saved without, in the form's order. */
  required: readonly ResourceField<K>[];
  /** The import template's fields in order, titled as the card labels them, read by their column's title too. */
  importColumns: ImportColumn[];
  /** The names the fields hidden from a role or an account kind go by (their hiding name, then `hiddenAs`). */
  hiddenNames(from: HiddenFrom): string[];
}

/** The column a field shows in: its reference's `as` (or the field's key), titled by its label. */
function fieldColumn(key: string, field: FieldSpec): ColumnDef {
  const spec = field.column || {};
  const ref = field.reference;
  const type = spec.type ?? (ref?.section ? 'entity_link' : CELL_OF_KIND[field.kind]);
  const { key: columnKey, title, ...extra } = spec;
  return col(columnKey ?? ref?.as ?? key, title ?? field.label, type, {
    ...(type === 'entity_link' && ref?.section ? { entity: ref.section } : {}),
    ...extra,
  });
}

/** A field's filter: its key (a reference's `<list>_ids`), titled by its column's title, typed by its kind. */
function fieldFilter(key: string, field: FieldSpec, column: ColumnDef): FilterDef {
  const spec = field.filter === true || field.filter === undefined ? {} : field.filter;
  const ref = field.reference;
  const { key: filterKey, type, title, ...extra } = spec;
  const filterType = type ?? FILTER_OF_KIND[field.kind];
  const base: Partial<FilterDef> = ref
    ? {
        options: ref.list as OptionSource,
        ...(ref.section ? { needs: ref.section } : {}),
        field: column.field ?? column.key,
      }
    : filterKey && filterKey !== column.key
      ? { field: column.key }
      : {};
  return f(filterKey ?? (ref ? `${ref.list}_ids` : column.key), title ?? column.title, filterType, {
    ...base,
    ...extra,
  });
}

/** The keys of a resource's fields of a kind (its `spec.fields` as declared). */
export type KeysOfKind<F, Kind extends FieldKind> = {
  [P in keyof F & string]: F[P] extends { kind: Kind } ? P : never;
}[keyof F & string];

/** A field's value as a record's JSON carries it: an id or a count a number, the others (a numeric's too) text. */
type WireValue<S> = S extends { kind: 'reference' | 'count' } ? number : string;

/** A record's fields as its JSON carries them (`spec.fields` as declared): each null when empty, absent when hidden
 * from the caller's role. */
export type WireFields<F> = { [P in keyof F]?: WireValue<F[P]> | null };

/** A field's value as a write stores it once its section's schema checked it: a reference's id, an amount or a sum
 * as its numeric's text (null when empty), the others text; a field that is not required null when empty, and so is
 * a required one some role does not see by default (it is not asked of that role). */
type StoredValue<S> = S extends { kind: 'amount' | 'money' }
  ? string | null
  : | (S extends { kind: 'reference' | 'count' } ? number : string)
    | (S extends { required: true } ? (S extends { hiddenFrom: readonly unknown[] } ? null : never) : null);

/** The values a write stores for the fields `K` of a resource (`spec.fields` as declared). */
export type StoredValues<F, K extends keyof F = keyof F> = { -readonly [P in K]: StoredValue<F[P]> };

/** The section's resource: its declaration and all that is derived from it. */
export function defineResource<const F extends Record<string, FieldSpec>, const S extends Section = Section>(
  spec: ResourceSpec<keyof F & string> & { section: S; fields: F },
): Omit<Resource<keyof F & string>, 'formFields' | 'spec' | 'section'> & {
  section: S;
  formFields: readonly FormField<FormKey<F>>[];
  spec: ResourceSpec<keyof F & string> & { fields: F };
} {
  type K = keyof F & string;
  const all = (Object.keys(spec.fields) as K[]).map((key) => ({ key, ...spec.fields[key] }) as ResourceField<K>);
  const byKey = new Map(all.map((field) => [field.key, field]));
  const field = (key: K) => {
    const found = byKey.get(key);
    if (!found) throw new Error(`${spec.section}: no field ${key}`);
    return found;
  };
  const columnCache = new Map<K, ColumnDef>();
  const columnOf = (key: K) => {
    let column = columnCache.get(key);
    if (!column) columnCache.set(key, (column = fieldColumn(key, field(key))));
    return column;
  };
  // a file exported from the list is read back: a column titled as the list titles it is the field too
  const importOf = (fd: ResourceField<K>) => {
    const title = columnOf(fd.key).title;
    const aliases = fd.import?.aliases ?? (title !== fd.label ? [title] : undefined);
    if (!fd.import) return undefined;
    const { required = fd.required, ...rest } = fd.import;
    return { ...(aliases && { aliases }), ...(required && { required }), ...rest };
  };
  const formFields = all
    .filter((fd) => fd.form !== false)
    .map((fd) => {
      const { key, label, kind } = fd;
      const imp = importOf(fd);
      const hiddenBy = visibleAsOf(fd, key);
      return {
        key,
        label,
        kind,
        ...(hiddenBy !== key && { visibleAs: hiddenBy }),
        ...(imp && { import: imp }),
      } as FormField<FormKey<F>>;
    });
  const columns = spec.columns.map((entry) => (typeof entry === 'string' ? columnOf(entry as K) : entry));
  const filterFields = new Map<string, ResourceField<K>>();
  const filters = spec.filters.map((entry) => {
    if (typeof entry !== 'string') return entry;
    const def = fieldFilter(entry, field(entry as K), columnOf(entry as K));
    filterFields.set(def.key, field(entry as K));
    return def;
  });
  const importColumns = (spec.importOrder ?? []).map(
    (key) => ({ key, title: field(key).label, ...importOf(field(key)) }) as ImportColumn,
  );
  return {
    section: spec.section,
    spec,
    all,
    field,
    formFields,
    columns,
    filters,
    columnOf,
    fieldOfFilter: (key) => filterFields.get(key),
    // two fields may hide by one name (the margin on the route hides with the margin): each name once
    hiddenNames: (from) => [
      ...new Set(
        all
          .filter((fd) => fd.hiddenFrom?.includes(from))
          .flatMap((fd) => [visibleAsOf(fd, fd.key), ...(fd.hiddenAs ?? [])]),
      ),
    ],
    stored: all.filter((fd) => !fd.computed),
    required: all.filter((fd) => fd.required),
    importColumns,
  };
}

/** The field key a form field's hiding goes by (its reference's `as`, or its own). */
export const visibleAsOf = (field: Pick<FieldSpec, 'visibleAs' | 'reference'>, key: string): string =>
  field.visibleAs ?? field.reference?.as ?? key;
