/**
 * The offer's lot: what a buyer is quoted (product, variety, packing, harvest year, origin, and the unit its amounts
 * are counted in). The lot is declared on the offer's fields in domain/offers/resource.ts (`lot: { part, as?,
 * title? }`); everything that names, types, titles, filters or draws a lot derives it from here, so no other file
 * spells a lot's field. What it offers:
 * - `LOT`: each part by its name (`LOT.origin`): `field`, the offer's column and form key; `key`, the key its text
 *   travels by in answers (a reference's name: 'product', 'packing'); `label` (the card's), `title` (the price
 *   list's and the quote's word), `kind`, `reference` (the joined list, its alias and name column).
 * - Orders: `LOT_FIELDS` (the declaration's, a quote's), `PRICE_LIST_LOT` (a price list's line), `LOT_COLUMNS` (the
 *   columns a table of lots draws under its product's heading: no product, no unit), `LOT_FILTERS` (what a price
 *   list or a quote filters lots by, in its filter panel's order).
 * - Types: `LotPart`, `LotKey` and `LotText` (the lot's texts as an answer carries them: the product's always, the
 *   rest string or null), `LotFieldKey` (the offer's keys a lot is made of), `LotFilters` (a query's lists by the
 *   offer's key: ids for a reference, texts otherwise), `LotFieldOf<part>`.
 * - `lotTitle(lot)`: the lot in words. `lotOf(row)`, `priceListLotOf(row)`: a row's lot texts in a quote's or a price
 *   list's order (a JSON answer's keys keep their order). `lotFiltersOf({ part: value })`: a query's lot filters.
 * - JSON schema: `lotProperties(order)` (the texts, nullable but the product), `lotFilterProperties({ ids, texts })`.
 * The SQL that reads a lot (its columns and joins given the offers' alias) is server/priceList/lot.ts: domain imports
 * no server code.
 */
import type { FieldKind } from '../fields';
import type { ReferenceSpec } from '../resource';
import { offersResource } from './resource';

type Fields = typeof offersResource.spec.fields;
type MarkOf<P extends keyof Fields> = Fields[P] extends { lot: infer L } ? L : never;

/** The offer's fields a lot is made of. */
export type LotFieldKey = { [P in keyof Fields & string]: Fields[P] extends { lot: object } ? P : never }[keyof Fields & string];
// distributed over a union of fields (`P extends unknown`), each field's own
type PartOf<P extends LotFieldKey> = P extends unknown ? (MarkOf<P> extends { part: infer X extends string } ? X : never) : never;
type KeyOf<P extends LotFieldKey> = P extends unknown ? (MarkOf<P> extends { as: infer A extends string } ? A
  : Fields[P] extends { reference: { as: infer R extends string } } ? R : P) : never;

/** The lot's parts by the names its code calls them ('product', 'origin', …). */
export type LotPart = { [P in LotFieldKey]: PartOf<P> }[LotFieldKey];
/** The offer's field of a part. */
export type LotFieldOf<X extends LotPart> = { [P in LotFieldKey]: PartOf<P> extends X ? P : never }[LotFieldKey];
/** The keys a lot's texts travel by in answers. */
export type LotKey = { [P in LotFieldKey]: KeyOf<P> }[LotFieldKey];
type KeyOfPart<X extends LotPart> = KeyOf<LotFieldOf<X>>;
/** The lot's texts as a line, a quote's part and their files carry them: the product always, the rest or null. */
export type LotText = { [P in LotFieldKey as KeyOf<P>]: PartOf<P> extends 'product' ? string : string | null };

export interface LotField<X extends LotPart = LotPart> {
  part: X;
  /** The offer's column and form key. */
  field: LotFieldOf<X>;
  /** The key its text travels by. */
  key: KeyOfPart<X>;
  /** The card's label. */
  label: string;
  /** The price list's and the quote's word for it. */
  title: string;
  kind: FieldKind;
  reference?: ReferenceSpec;
}

/** The lot's fields in the declaration's order, which is a quote's (product, variety, packing, year, origin, unit). */
export const LOT_FIELDS: readonly LotField[] = offersResource.all.filter((fd) => fd.lot).map((fd) => ({
  part: fd.lot!.part, field: fd.key, key: fd.lot!.as ?? fd.reference?.as ?? fd.key, label: fd.label,
  title: fd.lot!.title ?? fd.label, kind: fd.kind, ...(fd.reference && { reference: fd.reference }),
}) as LotField);

/** Each part by its name. */
export const LOT = Object.fromEntries(LOT_FIELDS.map((fd) => [fd.part, fd])) as { readonly [X in LotPart]: LotField<X> };

/** Parts in an order: every part named once (a part added to the lot fails the typecheck until each order places it). */
const inOrder = <const O extends readonly LotPart[]>(order: O & ([Exclude<LotPart, O[number]>] extends [never] ? unknown : never)) =>
  order.map((part) => LOT[part]) as readonly LotField[];

/** A price list's line: what the lot is, then how it is packed. */
export const PRICE_LIST_LOT = inOrder(['product', 'variety', 'year', 'origin', 'packing', 'unit']);

/** The parts a table of lots draws a column for under its product's heading (the unit goes beside the amount). */
export type LotColumnPart = Exclude<LotPart, 'product' | 'unit'>;
/** Those columns, in a price list's order. */
export const LOT_COLUMNS = PRICE_LIST_LOT.filter((fd) => fd.part !== 'product' && fd.part !== 'unit') as readonly LotField<LotColumnPart>[];

const FILTER_PARTS = ['product', 'variety', 'year', 'packing', 'origin'] as const satisfies readonly LotPart[];
type FilterPart = (typeof FILTER_PARTS)[number];
/** What a price list or a quote filters lots by, in its filter panel's order (not the unit). */
export const LOT_FILTERS = FILTER_PARTS.map((part) => LOT[part]) as readonly LotField<FilterPart>[];

/** A query's lot filters by the offer's key: ids for a reference, texts otherwise. */
export type LotFilters = {
  [P in LotFieldOf<FilterPart>]?: Fields[P] extends { kind: 'reference' } ? number[] : string[];
};

/** A query's lot filters from values named by part: a list as it is, one value as a list of one, nothing or '' none. */
export function lotFiltersOf(byPart: { [X in FilterPart]?: readonly (number | string)[] | number | string }): LotFilters {
  const out: Record<string, unknown> = {};
  for (const fd of LOT_FILTERS) {
    const v = byPart[fd.part];
    out[fd.field] = v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v];
  }
  return out as LotFilters;
}

const TITLED = LOT_FIELDS.filter((fd) => fd.part !== 'unit');

/** A lot by what it is: product, variety, packing, year, origin (never its supplier or loading city). */
export const lotTitle = (lot: Omit<LotText, KeyOfPart<'unit'>>) =>
  TITLED.map((fd) => (lot as Record<string, string | null>)[fd.key]).filter(Boolean).join(', ');

const pick = (order: readonly LotField[]) => (row: LotText): LotText =>
  Object.fromEntries(order.map((fd) => [fd.key, (row as Record<string, string | null>)[fd.key]])) as LotText;

/** A row's lot texts in a quote's order. */
export const lotOf = pick(LOT_FIELDS);
/** A row's lot texts in a price list's order. */
export const priceListLotOf = pick(PRICE_LIST_LOT);

type TextSchema = { type: 'string' } | { type: ['string', 'null'] };

/** The JSON-schema properties of the lot's texts in an order: a string for the product, else a string or null. */
export const lotProperties = (order: readonly LotField[] = LOT_FIELDS): Record<LotKey, TextSchema> =>
  Object.fromEntries(order.map((fd) => [fd.key, fd.part === 'product' ? { type: 'string' } : { type: ['string', 'null'] }])) as Record<LotKey, TextSchema>;

/** The JSON-schema properties of a query's lot filters, in the filter panel's order: `ids` for a reference. */
export const lotFilterProperties = <I, T>(schemas: { ids: I; texts: T }): Record<LotFieldOf<FilterPart>, I | T> =>
  Object.fromEntries(LOT_FILTERS.map((fd) => [fd.field, fd.reference ? schemas.ids : schemas.texts])) as Record<LotFieldOf<FilterPart>, I | T>;
