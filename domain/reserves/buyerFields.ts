// The reserve's buyer (issue 37): the fields a reserve holds of whom it sells to, its name, phone and delivery
// address, each a field of the reserves resource (domain/reserves/resource.ts: label, kind, column, filter, history).
// Named here once as a group, so that what carries a buyer iterates the group instead of spelling its fields: a
// quote's buyer (its name is stored, listed, sorted and changed under the reserve's key), the quote → reserve copy,
// the quote's reserve form, the PDF's buyer line, the analytics' buyers chart, the buyer picker that fills them.
import type { BuyerFieldKey } from '../buyers/resource';
import type { ResourceField } from '../resource';
import { reservesResource, type ReserveFieldKey } from './resource';

/** The reserve's buyer fields by what each holds, in the order the reserve's form asks them. */
export const RESERVE_BUYER = { name: 'buyer_name', phone: 'buyer_phone', address: 'delivery_address' } as const satisfies Record<string, ReserveFieldKey>;

/** A field of the reserve's buyer. */
export type ReserveBuyerKey = (typeof RESERVE_BUYER)[keyof typeof RESERVE_BUYER];

/** The buyer as a reserve holds it: each of its fields' text. */
export type ReserveBuyer = Record<ReserveBuyerKey, string>;

/** The group's fields as the reserves resource declares them, in the form's order. */
export const RESERVE_BUYER_FIELDS: readonly ResourceField<ReserveBuyerKey>[] = Object.values(RESERVE_BUYER).map((key) => ({ ...reservesResource.field(key), key }));

/** The buyer card's field each is filled from when a buyer is picked (issue 37: still editable after): its name,
 * its phone, its delivery address (the buyer card's field of the same name). */
export const FILLED_FROM: Readonly<Record<ReserveBuyerKey, BuyerFieldKey>> = {
  [RESERVE_BUYER.name]: 'name', [RESERVE_BUYER.phone]: 'phone', [RESERVE_BUYER.address]: RESERVE_BUYER.address,
};

/** A field of the group by its key: its label, kind and the rest the reserves resource says of it. */
export const reserveBuyerField = (key: ReserveBuyerKey): ResourceField<ReserveBuyerKey> => RESERVE_BUYER_FIELDS.find((field) => field.key === key)!;
