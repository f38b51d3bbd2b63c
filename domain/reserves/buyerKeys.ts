// The reserve's buyer's keys (domain/reserves/buyerFields.ts has the fields with their labels): apart, and importing
// no resource, so that what needs only the keys (the analytics' rules, in the navigation's chunk) stays light.
import type { ReserveFieldKey } from './resource';

/** The reserve's buyer fields by what each holds, in the order the reserve's form asks them. */
export const RESERVE_BUYER = {
  name: 'buyer_name',
  phone: 'buyer_phone',
  address: 'delivery_address',
} as const satisfies Record<string, ReserveFieldKey>;

/** A field of the reserve's buyer. */
export type ReserveBuyerKey = (typeof RESERVE_BUYER)[keyof typeof RESERVE_BUYER];

/** The buyer as a reserve holds it: each of its fields' text. */
export type ReserveBuyer = Record<ReserveBuyerKey, string>;
