// The reserve's buyer: the fields a reserve holds of whom it sells to, its name, phone and delivery
// address, each a field of the reserves resource (domain/reserves/resource.ts: label, kind, column, filter, history).
// Named once as a group (its keys in buyerKeys.ts), so that what carries a buyer iterates the group instead of
// spelling its fields: a quote's buyer (its name is stored, listed, sorted and changed under the reserve's key), the
// quote → reserve copy, the quote's reserve form, the PDF's buyer line, the analytics' buyers chart, the buyer
// picker that fills them.
import { BUYER_ADDRESS, type BuyerFieldKey } from '../buyers/resource';
import type { ResourceField } from '../resource';
import { reservesResource } from './resource';
import { RESERVE_BUYER, type ReserveBuyerKey } from './buyerKeys';

export { RESERVE_BUYER, type ReserveBuyer, type ReserveBuyerKey } from './buyerKeys';

/** The group's fields as the reserves resource declares them, in the form's order. */
export const RESERVE_BUYER_FIELDS: readonly ResourceField<ReserveBuyerKey>[] = Object.values(RESERVE_BUYER).map(
  (key) => ({ ...reservesResource.field(key), key }),
);

/** The buyer card's field each is filled from when a buyer is picked (still editable after): its name,
 * its phone, its delivery address. */
export const FILLED_FROM = {
  [RESERVE_BUYER.name]: 'name',
  [RESERVE_BUYER.phone]: 'phone',
  [RESERVE_BUYER.address]: BUYER_ADDRESS,
} as const satisfies Readonly<Record<ReserveBuyerKey, BuyerFieldKey>>;

/** A buyer card's field a reserve's buyer is filled from. */
export type BuyerFillKey = (typeof FILLED_FROM)[ReserveBuyerKey];

/** The buyer card's fields a reserve's buyer is filled from, in the reserve form's order. */
export const BUYER_FILL_KEYS: readonly BuyerFillKey[] = RESERVE_BUYER_FIELDS.map(({ key }) => FILLED_FROM[key]);

/** A field of the group by its key: its label, kind and the rest the reserves resource says of it. */
export const reserveBuyerField = (key: ReserveBuyerKey): ResourceField<ReserveBuyerKey> =>
  RESERVE_BUYER_FIELDS.find((field) => field.key === key)!;
