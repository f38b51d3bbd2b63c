// How history keeps one field: apart from domain/history.ts, so a resource (domain/resource.ts) declares its
// history extras without importing the history that derives from resources.
import type { ReadsFields } from './fieldRefs';

/** The reference lists a recorded id names: the server answers the name beside the id. */
export type HistoryRef =
  'products' | 'varieties' | 'packing' | 'cities' | 'suppliers' | 'employees' | 'positions' | 'buyers';

/** How a recorded value is shown. 'item': a named item of a list the record keeps (a product's varieties), told as
 * added, renamed or removed. */
export type HistoryFormat = 'text' | 'money' | 'number' | 'date' | 'status' | 'phone' | 'ref' | 'delivery' | 'item';

/** One field of a record as the history keeps it: `key` is the database column; what hides it from a role is
 * every name it goes by (the column's key, its field and what it reads), as for the list column it shows in. */
export interface HistoryField extends ReadsFields {
  key: string;
  title: string;
  format: HistoryFormat;
  ref?: HistoryRef;
  /** A stored value's title, as its list column shows it (an offer's logistics state 'in_transit' is 'В пути'). */
  titles?: Readonly<Record<string, string>>;
}
