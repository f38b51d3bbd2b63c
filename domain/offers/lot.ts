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
 * - `defineLot(resource)`: all of the above for a resource's marks, untyped by its keys (a test's variant of the
 *   offers' resource); a part the orders do not name follows the parts they do.
 * The SQL that reads a lot (its columns and joins given the offers' alias) is server/priceList/lot.ts: domain imports
 * no server code.
 */
import type { FieldKind } from '../fields';
import type { ReferenceSpec, ResourceField } from '../resource';
import { offersResource } from './resource';

type Fields = typeof offersResource.spec.fields;
type MarkOf<P extends keyof Fields> = Fields[P] extends { lot: infer L } ? L : never;

/** The offer's fields a lot is made of. */
export type LotFieldKey = { [P in keyof Fields & string]: Fields[P] extends { lot: object } ? P : never }[keyof Fields &
  string];
// distributed over a union of fields (`P extends unknown`), each field's own
type PartOf<P extends LotFieldKey> = P extends unknown
  ? MarkOf<P> extends { part: infer X extends string }
    ? X
    : never
  : never;
type KeyOf<P extends LotFieldKey> = P extends unknown
  ? MarkOf<P> extends { as: infer A extends string }
    ? A
    : Fields[P] extends { reference: { as: infer R extends string } }
      ? R
      : P
  : never;

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

/** A lot field of any resource's (a test's variant of the offers' too), untyped by its keys. */
export type AnyLotField = {
  part: string;
  field: string;
  key: string;
  label: string;
  title: string;
  kind: FieldKind;
  reference?: ReferenceSpec;
};

// the orders by part name; a part none of them names follows, in the declaration's order
const PRICE_LIST_PARTS = [
  'product',
  'variety',
  'year',
  'origin',
  'packing',
  'unit',
] as const satisfies readonly LotPart[];
const FILTER_PARTS = ['product', 'variety', 'year', 'packing', 'origin'] as const satisfies readonly LotPart[];

type TextSchema = { type: 'string' } | { type: ['string', 'null'] };

/** The lot a resource's `lot` marks declare, and what is derived from it: the offers' below (its exports typed by
 * the offers' keys); a test declares a variant of the offers' resource and follows its lot through these. */
export function defineLot(resource: { all: readonly ResourceField[] }) {
  const fields: AnyLotField[] = resource.all
    .filter((fd) => fd.lot)
    .map((fd) => ({
      part: fd.lot!.part,
      field: fd.key,
      key: fd.lot!.as ?? fd.reference?.as ?? fd.key,
      label: fd.label,
      title: fd.lot!.title ?? fd.label,
      kind: fd.kind,
      ...(fd.reference && { reference: fd.reference }),
    }));
  const ordered = (named: readonly string[], keep: (fd: AnyLotField) => boolean) => [
    ...named.flatMap((part) => fields.filter((fd) => fd.part === part)),
    ...fields.filter((fd) => !named.includes(fd.part) && keep(fd)),
  ];
  const priceList = ordered(PRICE_LIST_PARTS, () => true);
  const filters = ordered(FILTER_PARTS, (fd) => fd.part !== 'unit');
  const titled = fields.filter((fd) => fd.part !== 'unit');
  const pick =
    (order: readonly AnyLotField[]) =>
    (row: object): Record<string, unknown> =>
      Object.fromEntries(order.map((fd) => [fd.key, (row as Record<string, unknown>)[fd.key]]));
  return {
    /** In the declaration's order, which is a quote's. */
    fields,
    /** A price list's line: what the lot is, then how it is packed. */
    priceList,
    /** The columns a table of lots draws under its product's heading (the unit goes beside the amount). */
    columns: priceList.filter((fd) => fd.part !== 'product' && fd.part !== 'unit'),
    /** What a price list or a quote filters lots by, in its filter panel's order (not the unit). */
    filters,
    /** The lot by what it is, its texts joined (not its unit). */
    title: (lot: Record<string, unknown>) =>
      titled
        .map((fd) => lot[fd.key])
        .filter(Boolean)
        .join(', '),
    /** A row's lot texts in a quote's order, and in a price list's. */
    pick: pick(fields),
    pickPriceList: pick(priceList),
    /** The JSON-schema properties of the lot's texts in an order: a string for the product, else a string or null. */
    properties: (order: readonly AnyLotField[] = fields): Record<string, TextSchema> =>
      Object.fromEntries(
        order.map((fd) => [fd.key, fd.part === 'product' ? { type: 'string' } : { type: ['string', 'null'] }]),
      ),
    /** The JSON-schema properties of a query's lot filters, in the filter panel's order: `ids` for a reference. */
    filterProperties: <I, T>(schemas: { ids: I; texts: T }): Record<string, I | T> =>
      Object.fromEntries(filters.map((fd) => [fd.field, fd.reference ? schemas.ids : schemas.texts])),
    /** A query's lot filters from values named by part: a list as it is, one value as a list of one, nothing or ''
     * none. */
    filtersOf: (
      byPart: Record<string, readonly (number | string)[] | number | string | undefined>,
    ): Record<string, unknown> =>
      Object.fromEntries(
        filters.map((fd) => {
          const v = byPart[fd.part];
          return [fd.field, v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]];
        }),
      ),
  };
}

const offersLot = defineLot(offersResource);

/** The lot's fields in the declaration's order, which is a quote's (product, variety, packing, year, origin, unit). */
export const LOT_FIELDS = offersLot.fields as readonly LotField[];

/** Each part by its name. */
export const LOT = Object.fromEntries(LOT_FIELDS.map((fd) => [fd.part, fd])) as {
  readonly [X in LotPart]: LotField<X>;
};

/** A price list's line: what the lot is, then how it is packed. */
export const PRICE_LIST_LOT = offersLot.priceList as readonly LotField[];

/** The parts a table of lots draws a column for under its product's heading (the unit goes beside the amount). */
export type LotColumnPart = Exclude<LotPart, 'product' | 'unit'>;
/** Those columns, in a price list's order. */
export const LOT_COLUMNS = offersLot.columns as readonly LotField<LotColumnPart>[];

type FilterPart = Exclude<LotPart, 'unit'>;
/** What a price list or a quote filters lots by, in its filter panel's order (not the unit). */
export const LOT_FILTERS = offersLot.filters as readonly LotField<FilterPart>[];

/** A query's lot filters by the offer's key: ids for a reference, texts otherwise. */
export type LotFilters = {
  [P in LotFieldOf<FilterPart>]?: Fields[P] extends { kind: 'reference' } ? number[] : string[];
};

/** A query's lot filters from values named by part: a list as it is, one value as a list of one, nothing or '' none. */
export const lotFiltersOf = offersLot.filtersOf as (byPart: {
  [X in FilterPart]?: readonly (number | string)[] | number | string;
}) => LotFilters;

/** A lot by what it is: product, variety, packing, year, origin (never its supplier or loading city). */
export const lotTitle = offersLot.title as (lot: Omit<LotText, KeyOfPart<'unit'>>) => string;

/** A row's lot texts in a quote's order. */
export const lotOf = (row: LotText) => offersLot.pick(row) as LotText;
/** A row's lot texts in a price list's order. */
export const priceListLotOf = (row: LotText) => offersLot.pickPriceList(row) as LotText;

/** The JSON-schema properties of the lot's texts in an order: a string for the product, else a string or null. */
export const lotProperties = offersLot.properties as (order?: readonly LotField[]) => Record<LotKey, TextSchema>;

/** The JSON-schema properties of a query's lot filters, in the filter panel's order: `ids` for a reference. */
export const lotFilterProperties = offersLot.filterProperties as <I, T>(schemas: {
  ids: I;
  texts: T;
}) => Record<LotFieldOf<FilterPart>, I | T>;
