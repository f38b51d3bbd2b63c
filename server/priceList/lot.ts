// The SQL that reads an offer's lot (domain/offers/lot.ts): the lot's texts as a select list, the joins its
// references need and its filters' conditions, given the offers' alias. The price list's and the quote's queries
// read lots through these, so a field added to the lot is read, joined and filtered without a line here. Each takes
// the lot's fields it reads, the offers' by default.
import { sql, type SQL } from 'drizzle-orm';
import {
  LOT_FIELDS,
  LOT_FILTERS,
  PRICE_LIST_LOT,
  type AnyLotField as Field,
  type LotText,
} from '../../domain/offers/lot';
import { select } from '../db/rows';

/** The offer's column of a lot field under alias `a` ('o.harvest_year'). */
export const lotColumn = (a: string, fd: Pick<Field, 'field'>): SQL => sql.raw(`${a}.${fd.field}`);

/** The lot's texts as a selection's fields in an order (the price list's by default), each under its key: a
 * reference's name, a plain field as stored. Typed as the offers' lot answers them (the resource's LotText); a
 * test's variant of the lot reads them as SQL alone (`lotSelect`). */
export function lotFields(
  a: string,
  order: readonly Field[] = PRICE_LIST_LOT,
): { [K in keyof LotText]: SQL<LotText[K]> } {
  return Object.fromEntries(
    order.map((fd) => [
      fd.key,
      sql.raw(fd.reference ? `${fd.reference.alias}.${fd.reference.name ?? 'name'}` : `${a}.${fd.field}`),
    ]),
  ) as { [K in keyof LotText]: SQL<LotText[K]> };
}

/** The lot's texts as a select list in an order (the price list's by default). */
export const lotSelect = (a: string, order: readonly Field[] = PRICE_LIST_LOT): SQL =>
  sql`${select(lotFields(a, order))}`;

/** The joins the lot's references need: the product's (a lot always has one) inner, the others left. */
export function lotJoins(a: string, fields: readonly Field[] = LOT_FIELDS): SQL {
  return sql.raw(
    fields
      .filter((fd) => fd.reference)
      .map(
        ({ part, field, reference: ref }) =>
          `${part === 'product' ? 'JOIN' : 'LEFT JOIN'} ${ref!.list} ${ref!.alias} ON ${ref!.alias}.id = ${a}.${field}`,
      )
      .join('\n    '),
  );
}

/** `column IN (values)`, or null for no values. */
export const anyOf = (column: SQL, values: readonly (string | number)[] | undefined): SQL | null =>
  values?.length
    ? sql`${column} IN (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : null;

/** The conditions of a query's lot filters on the offer under `a`, in the filter panel's order (none for a filter
 * not given or empty). */
export function lotFilterConditions(a: string, q: object, filters: readonly Field[] = LOT_FILTERS): SQL[] {
  return filters.flatMap((fd) => {
    const condition = anyOf(lotColumn(a, fd), (q as Record<string, (string | number)[] | undefined>)[fd.field]);
    return condition ? [condition] : [];
  });
}
