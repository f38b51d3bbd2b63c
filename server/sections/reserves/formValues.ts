// The values of a reserve's form that its write stores as typed (prepareReserve in record.ts computes the rest): the
// buyer's name, phone and address, and every plain field of the resource it computes nothing from.
import { RESERVE_FIELDS } from '../../../domain/reserves/resource';
import { RESERVE_BUYER, type ReserveBuyerKey } from '../../../domain/reserves/buyerFields';
import type { Row } from '../../records/pipeline';

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** The form's plain fields the reserve computes nothing from (no reference, none of `written`): as typed, empty as
 * none, or as stored where the caller does not see the field. A field added to the resource is stored with no line
 * here. */
export function plainValues(
  valid: Row,
  current: Row | undefined,
  visible: (field: string) => boolean,
  written: readonly string[],
): Row {
  const plain = RESERVE_FIELDS.filter((f) => f.kind !== 'reference' && !written.includes(f.key));
  return Object.fromEntries(
    plain.map(({ key }) => [key, visible(key) ? (blank(valid[key]) ? null : valid[key]) : (current?.[key] ?? null)]),
  );
}

/** The reserve's buyer as typed (trimmed), or as stored where the caller does not see the field. */
export function buyerValues(valid: Row, current: Row | undefined, visible: (field: string) => boolean) {
  const value = (key: ReserveBuyerKey) =>
    visible(key)
      ? blank(valid[key])
        ? null
        : String(valid[key]).trim()
      : ((current?.[key] as string | null | undefined) ?? null);
  return Object.fromEntries(Object.values(RESERVE_BUYER).map((key) => [key, value(key)])) as Record<
    ReserveBuyerKey,
    string | null
  >;
}
