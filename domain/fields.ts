// A section's form fields as one table (domain/<section>/fields.ts): the card's labels and values, the form's
// field list, the server's JSON body schema and the import template read their fields from it.
import type { ImportColumn } from './import';

/** What a field holds, which decides how it travels and how the card shows it:
 * - reference: the id of a row of another table (a select); the card holds it as a string, the payload a number;
 * - text: a line of text; choice: one of a fixed list (an offer's шт or кг), a text on the wire;
 * - amount: a quantity or weight; money: a price in roubles. Both are stored with 2 decimals, which the card drops;
 * - count: a whole number (days);
 * - date: a calendar day (YYYY-MM-DD);
 * - phone: a Russian phone, typed with the +7 mask, held as its digits; email: an e-mail address. */
export type FieldKind = 'reference' | 'text' | 'choice' | 'amount' | 'money' | 'count' | 'date' | 'phone' | 'email';

export interface FormField<K extends string = string> {
  key: K;
  /** As the card labels it; an import template's column is titled the same. */
  label: string;
  kind: FieldKind;
  /** The field whose hiding by role hides this one too (domain/permissions.ts isFieldVisible): spec point 6
   * names the reference ('supplier'), the form its id ('supplier_id'). Absent: the field goes by its own key. */
  visibleAs?: string;
  /** The import template's column: whether a row must fill it, an example value and a hint, other titles read. */
  import?: Omit<ImportColumn, 'key' | 'title'>;
}

/** A table of fields with its keys kept as a union of literals (for the card's typed form values). */
export const fieldTable = <const K extends string>(fields: readonly FormField<K>[]) => fields;

/** The fields chosen in a select (sent as a number, or null when none is chosen). */
export const referencesOf = <K extends string>(fields: readonly FormField<K>[]): K[] =>
  fields.filter((f) => f.kind === 'reference').map((f) => f.key);

/** The fields typed as decimal numbers (money, amounts): shown with the Russian comma, sent with a point. */
export const decimalsOf = <K extends string>(fields: readonly FormField<K>[]): K[] =>
  fields.filter((f) => f.kind === 'amount' || f.kind === 'money').map((f) => f.key);

/** Form field → the field its hiding goes by, for the fields that name one. */
export const visibilityOf = (fields: readonly FormField[]): Record<string, string> =>
  Object.fromEntries(fields.flatMap((f) => (f.visibleAs === undefined ? [] : [[f.key, f.visibleAs]])));
